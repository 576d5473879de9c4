ALTER TABLE `users` ADD `games_private` integer DEFAULT false NOT NULL;
