CREATE TABLE `chat_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`game_id` text NOT NULL,
	`user_id` text,
	`message` text NOT NULL,
	`message_type` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `chat_messages_game_idx` ON `chat_messages` (`game_id`,`id`);--> statement-breakpoint
CREATE TABLE `game_hands` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`game_id` text NOT NULL,
	`hand_number` integer NOT NULL,
	`seed_commitment` text NOT NULL,
	`seed` text,
	`actions` text,
	`winner_team` text,
	`points` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`ended_at` text,
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `game_hands_unique` ON `game_hands` (`game_id`,`hand_number`);--> statement-breakpoint
CREATE TABLE `game_players` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`game_id` text NOT NULL,
	`user_id` text,
	`seat` integer NOT NULL,
	`team` text NOT NULL,
	`nickname` text NOT NULL,
	`bot_level` text,
	`is_ready` integer DEFAULT false NOT NULL,
	`entry_paid` integer DEFAULT 0 NOT NULL,
	`result` text,
	`coins_change` integer DEFAULT 0 NOT NULL,
	`rating_change` integer DEFAULT 0 NOT NULL,
	`joined_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`left_at` text,
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `game_players_seat_unique` ON `game_players` (`game_id`,`seat`);--> statement-breakpoint
CREATE UNIQUE INDEX `game_players_user_unique` ON `game_players` (`game_id`,`user_id`) WHERE "game_players"."user_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `game_players_user_idx` ON `game_players` (`user_id`);--> statement-breakpoint
CREATE TABLE `games` (
	`id` text PRIMARY KEY NOT NULL,
	`game_code` text NOT NULL,
	`status` text DEFAULT 'waiting' NOT NULL,
	`game_type` text NOT NULL,
	`game_mode` text NOT NULL,
	`truco_variant` text NOT NULL,
	`entry_cost` integer NOT NULL,
	`bot_level` text,
	`created_by` text NOT NULL,
	`winner_team` text,
	`team1_score` integer DEFAULT 0 NOT NULL,
	`team2_score` integer DEFAULT 0 NOT NULL,
	`end_reason` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`started_at` text,
	`completed_at` text,
	`settled_at` text,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `games_open_code_unique` ON `games` (`game_code`) WHERE "games"."status" IN ('waiting', 'active');--> statement-breakpoint
CREATE INDEX `games_status_idx` ON `games` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `games_completed_idx` ON `games` (`completed_at`);--> statement-breakpoint
CREATE TABLE `payments` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`pack_id` integer,
	`plan_type` text,
	`amount_cents` integer NOT NULL,
	`currency` text DEFAULT 'usd' NOT NULL,
	`coins` integer DEFAULT 0 NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`stripe_session_id` text NOT NULL,
	`stripe_subscription_id` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`completed_at` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payments_session_unique` ON `payments` (`stripe_session_id`);--> statement-breakpoint
CREATE INDEX `payments_user_idx` ON `payments` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `refund_requests` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`game_id` text NOT NULL,
	`reason` text NOT NULL,
	`status` text NOT NULL,
	`refund_amount` integer DEFAULT 0 NOT NULL,
	`decision` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `refund_requests_user_idx` ON `refund_requests` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `stripe_events` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`created` integer NOT NULL,
	`processed_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `subscriptions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`plan_type` text NOT NULL,
	`status` text NOT NULL,
	`current_period_end` text,
	`cancel_at_period_end` integer DEFAULT false NOT NULL,
	`last_event_at` integer DEFAULT 0 NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `subscriptions_user_idx` ON `subscriptions` (`user_id`);