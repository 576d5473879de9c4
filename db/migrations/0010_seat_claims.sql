CREATE TABLE `seat_claims` (
	`user_id` text PRIMARY KEY NOT NULL,
	`claim` text NOT NULL,
	`expires_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
