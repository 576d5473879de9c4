CREATE TABLE `leaderboard_scores` (
	`board` text NOT NULL,
	`user_id` text NOT NULL,
	`points` integer NOT NULL,
	`games` integer DEFAULT 0 NOT NULL,
	`wins` integer DEFAULT 0 NOT NULL,
	`nickname` text NOT NULL,
	`avatar_url` text,
	`user_created_at` text NOT NULL,
	`hidden` integer DEFAULT false NOT NULL,
	`day` text NOT NULL,
	`day_points` integer DEFAULT 0 NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	PRIMARY KEY(`board`, `user_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `leaderboard_scores_rank` ON `leaderboard_scores` (`board`,`hidden`,"points" DESC,"wins" DESC,`user_created_at`,`user_id`);--> statement-breakpoint
CREATE INDEX `leaderboard_scores_user_idx` ON `leaderboard_scores` (`user_id`);--> statement-breakpoint
-- The rows mirror what a board line shows of its player (ADR 040), whoever changes it: a new
-- nickname (the profile), a new picture (sign-in), a ban (admin), which hides the player from
-- every board at once and shows them again when lifted.
CREATE TRIGGER `leaderboard_scores_mirror_user` AFTER UPDATE OF `nickname`, `avatar_url`, `banned_at` ON `users`
WHEN OLD.`nickname` IS NOT NEW.`nickname`
  OR OLD.`avatar_url` IS NOT NEW.`avatar_url`
  OR (OLD.`banned_at` IS NULL) IS NOT (NEW.`banned_at` IS NULL)
BEGIN
  UPDATE `leaderboard_scores`
  SET `nickname` = NEW.`nickname`, `avatar_url` = NEW.`avatar_url`, `hidden` = (NEW.`banned_at` IS NOT NULL)
  WHERE `user_id` = NEW.`id`;
END;
--> statement-breakpoint
-- The boards of the ranked games settled before this migration, as the settlement batch would
-- have written them (db/leaderboard.ts). São Paulo has kept UTC-3 all year since 2019, so a fixed
-- offset gives its calendar for every game of this product; a week starts on Monday.
WITH `results` AS (
  SELECT gp.`user_id`, gp.`rating_change` AS `change`, (gp.`result` = 'win') AS `win`, date(g.`completed_at`, '-3 hours') AS `day`
  FROM `game_players` gp JOIN `games` g ON g.`id` = gp.`game_id`
  WHERE g.`game_mode` = 'ranked' AND g.`bot_level` IS NULL AND g.`settled_at` IS NOT NULL AND g.`completed_at` IS NOT NULL
    AND gp.`user_id` IS NOT NULL AND gp.`result` IS NOT NULL
), `keyed` AS (
  SELECT 'all' AS `board`, `user_id`, `change`, `win`, `day` FROM `results`
  UNION ALL SELECT 'month:' || substr(`day`, 1, 7), `user_id`, `change`, `win`, `day` FROM `results`
  UNION ALL SELECT 'week:' || date(`day`, '-6 days', 'weekday 1'), `user_id`, `change`, `win`, `day` FROM `results`
), `boards` AS (
  SELECT `board`, `user_id`, SUM(`change`) AS `gained`, COUNT(*) AS `games`, SUM(`win`) AS `wins`, MAX(`day`) AS `last_day`
  FROM `keyed` GROUP BY `board`, `user_id`
)
INSERT INTO `leaderboard_scores` (`board`, `user_id`, `points`, `games`, `wins`, `nickname`, `avatar_url`, `user_created_at`, `hidden`, `day`, `day_points`)
SELECT b.`board`, b.`user_id`, CASE WHEN b.`board` = 'all' THEN u.`ranking_points` ELSE b.`gained` END, b.`games`, b.`wins`,
  u.`nickname`, u.`avatar_url`, u.`created_at`, (u.`banned_at` IS NOT NULL), b.`last_day`,
  (SELECT SUM(k.`change`) FROM `keyed` k WHERE k.`board` = b.`board` AND k.`user_id` = b.`user_id` AND k.`day` = b.`last_day`)
FROM `boards` b JOIN `users` u ON u.`id` = b.`user_id`;
