CREATE TABLE `matchmaking_queue` (
	`user_id` text PRIMARY KEY NOT NULL,
	`queue_key` text NOT NULL,
	`rating` integer NOT NULL,
	`joined_at` integer NOT NULL,
	`seen_at` integer NOT NULL,
	`game_id` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `matchmaking_queue_key_idx` ON `matchmaking_queue` (`queue_key`,`game_id`);--> statement-breakpoint
ALTER TABLE `games` ADD `is_public` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX `games_public_idx` ON `games` (`is_public`,`status`,`created_at`);