CREATE TABLE `tournament_registrations` (
	`tournament_id` text NOT NULL,
	`user_id` text NOT NULL,
	`entry_paid` integer DEFAULT 0 NOT NULL,
	`place` integer,
	`prize` integer DEFAULT 0 NOT NULL,
	`registered_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	PRIMARY KEY(`tournament_id`, `user_id`),
	FOREIGN KEY (`tournament_id`) REFERENCES `tournaments`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `tournament_registrations_user_idx` ON `tournament_registrations` (`user_id`);--> statement-breakpoint
CREATE TABLE `tournaments` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`description` text,
	`tournament_type` text DEFAULT 'single_elimination' NOT NULL,
	`game_type` text NOT NULL,
	`truco_variant` text NOT NULL,
	`status` text DEFAULT 'registration' NOT NULL,
	`entry_cost` integer DEFAULT 0 NOT NULL,
	`guaranteed_prize` integer DEFAULT 0 NOT NULL,
	`max_participants` integer NOT NULL,
	`min_participants` integer DEFAULT 4 NOT NULL,
	`registration_opens_at` text,
	`start_time` text NOT NULL,
	`end_time` text,
	`series` text,
	`bracket` text,
	`end_reason` text,
	`created_by` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `tournaments_status_idx` ON `tournaments` (`status`,`start_time`);--> statement-breakpoint
ALTER TABLE `admin_actions` ADD `target_tournament_id` text;--> statement-breakpoint
ALTER TABLE `games` ADD `tournament_id` text;