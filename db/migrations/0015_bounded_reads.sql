CREATE TABLE `leaderboard_cuts` (
	`board` text NOT NULL,
	`place` integer NOT NULL,
	`percentile` integer NOT NULL,
	`points` integer NOT NULL,
	`wins` integer NOT NULL,
	`user_created_at` text NOT NULL,
	`user_id` text NOT NULL,
	`size` integer NOT NULL,
	`measured_at` text NOT NULL,
	PRIMARY KEY(`board`, `place`)
);
--> statement-breakpoint
CREATE TABLE `practice_stats` (
	`user_id` text PRIMARY KEY NOT NULL,
	`games` integer DEFAULT 0 NOT NULL,
	`wins` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `game_players` ADD `held` integer DEFAULT true NOT NULL;--> statement-breakpoint
CREATE INDEX `game_players_held_idx` ON `game_players` (`user_id`) WHERE "game_players"."held" = 1;--> statement-breakpoint
-- A seat is held while its game is waiting or active, whatever writes the game's status.
UPDATE `game_players` SET `held` = COALESCE((SELECT `status` IN ('waiting', 'active') FROM `games` WHERE `games`.`id` = `game_players`.`game_id`), 0);
--> statement-breakpoint
CREATE TRIGGER `game_players_held_on_seat` AFTER INSERT ON `game_players`
BEGIN
  UPDATE `game_players` SET `held` = COALESCE((SELECT `status` IN ('waiting', 'active') FROM `games` WHERE `id` = NEW.`game_id`), 0)
  WHERE `id` = NEW.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `game_players_held_on_status` AFTER UPDATE OF `status` ON `games`
WHEN (OLD.`status` IN ('waiting', 'active')) <> (NEW.`status` IN ('waiting', 'active'))
BEGIN
  UPDATE `game_players` SET `held` = (NEW.`status` IN ('waiting', 'active')) WHERE `game_id` = NEW.`id`;
END;
--> statement-breakpoint
-- The practice counts so far, from the finished practice games (what the home read before).
INSERT INTO `practice_stats` (`user_id`, `games`, `wins`)
SELECT gp.`user_id`, COUNT(*), SUM(gp.`result` = 'win')
FROM `game_players` AS gp JOIN `games` AS g ON g.`id` = gp.`game_id`
WHERE gp.`user_id` IS NOT NULL AND g.`status` = 'completed' AND g.`bot_level` IS NOT NULL AND gp.`result` IS NOT NULL
GROUP BY gp.`user_id`;
--> statement-breakpoint
-- The balance moves with each ledger row, in the statement that inserts it (invariant L1 by
-- construction): a row not inserted (a replayed key, an unaffordable debit) moves nothing, and the
-- users CHECK aborts a movement that would take the balance below zero.
CREATE TRIGGER `coin_transactions_move_balance` AFTER INSERT ON `coin_transactions`
BEGIN
  UPDATE `users` SET `virtual_coins` = `virtual_coins` + NEW.`amount` WHERE `id` = NEW.`user_id`;
END;
