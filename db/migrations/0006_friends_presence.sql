CREATE TABLE `friend_requests` (
	`id` text PRIMARY KEY NOT NULL,
	`sender_id` text NOT NULL,
	`receiver_id` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`responded_at` text,
	FOREIGN KEY (`sender_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`receiver_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "friend_requests_not_self" CHECK("friend_requests"."sender_id" <> "friend_requests"."receiver_id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX `friend_requests_pending_pair` ON `friend_requests` ((CASE WHEN "sender_id" < "receiver_id" THEN "sender_id" || ' ' || "receiver_id" ELSE "receiver_id" || ' ' || "sender_id" END)) WHERE "friend_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX `friend_requests_receiver_idx` ON `friend_requests` (`receiver_id`,`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `friend_requests_sender_idx` ON `friend_requests` (`sender_id`,`status`);--> statement-breakpoint
CREATE TABLE `friendships` (
	`user_a_id` text NOT NULL,
	`user_b_id` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	PRIMARY KEY(`user_a_id`, `user_b_id`),
	FOREIGN KEY (`user_a_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_b_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "friendships_ordered_pair" CHECK("friendships"."user_a_id" < "friendships"."user_b_id")
);
--> statement-breakpoint
CREATE INDEX `friendships_user_b_idx` ON `friendships` (`user_b_id`);--> statement-breakpoint
CREATE TABLE `presences` (
	`user_id` text PRIMARY KEY NOT NULL,
	`status` text DEFAULT 'offline' NOT NULL,
	`game_id` text,
	`changed_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `presences_status_idx` ON `presences` (`status`);--> statement-breakpoint
ALTER TABLE `users` ADD `appear_offline` integer DEFAULT false NOT NULL;