CREATE TABLE `analytics_hourly` (
	`hour` text NOT NULL,
	`event` text NOT NULL,
	`count` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`hour`, `event`)
);
--> statement-breakpoint
CREATE TABLE `daily_summaries` (
	`day` text PRIMARY KEY NOT NULL,
	`new_users` integer NOT NULL,
	`active_players` integer NOT NULL,
	`games_started` integer NOT NULL,
	`games_completed` integer NOT NULL,
	`coins_purchased` integer NOT NULL,
	`revenue_cents` integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `ledger_audit_findings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`balance` integer NOT NULL,
	`ledger_sum` integer NOT NULL,
	`found_at` text NOT NULL,
	`resolved_at` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `ledger_audit_findings_open_idx` ON `ledger_audit_findings` (`resolved_at`,`found_at`);--> statement-breakpoint
CREATE TABLE `scheduled_runs` (
	`job` text PRIMARY KEY NOT NULL,
	`last_run_at` text NOT NULL,
	`detail` text DEFAULT '{}' NOT NULL
);
--> statement-breakpoint
CREATE INDEX `coin_transactions_created_idx` ON `coin_transactions` (`created_at`);