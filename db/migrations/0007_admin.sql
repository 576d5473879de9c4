CREATE TABLE `admin_actions` (
	`id` text PRIMARY KEY NOT NULL,
	`admin_id` text NOT NULL,
	`action_type` text NOT NULL,
	`target_user_id` text,
	`target_game_id` text,
	`reason` text DEFAULT '' NOT NULL,
	`value` integer,
	`previous_value` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`admin_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`target_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `admin_actions_created_idx` ON `admin_actions` (`created_at`);--> statement-breakpoint
CREATE INDEX `admin_actions_target_idx` ON `admin_actions` (`target_user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `banned_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`revoked_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `banned_sessions_user_idx` ON `banned_sessions` (`user_id`);--> statement-breakpoint
ALTER TABLE `users` ADD `ban_reason` text;--> statement-breakpoint
-- The audit log is append-only, like the ledger: an action is undone by another action.
CREATE TRIGGER `admin_actions_no_update` BEFORE UPDATE ON `admin_actions`
BEGIN
  SELECT RAISE(ABORT, 'admin_actions is append-only');
END;
--> statement-breakpoint
CREATE TRIGGER `admin_actions_no_delete` BEFORE DELETE ON `admin_actions`
BEGIN
  SELECT RAISE(ABORT, 'admin_actions is append-only');
END;
