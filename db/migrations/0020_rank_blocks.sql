CREATE TABLE `leaderboard_blocks` (
	`board` text NOT NULL,
	`block` integer NOT NULL,
	`rank_key` text NOT NULL,
	`lines` integer NOT NULL,
	PRIMARY KEY(`board`, `block`)
);
--> statement-breakpoint
CREATE INDEX `leaderboard_blocks_key` ON `leaderboard_blocks` (`board`,`rank_key`);--> statement-breakpoint
ALTER TABLE `leaderboard_scores` ADD `rank_key` text GENERATED ALWAYS AS (printf('%010d', 1000000000 - points) || printf('%010d', 1000000000 - wins) || user_created_at || char(1) || user_id) VIRTUAL;--> statement-breakpoint
CREATE INDEX `leaderboard_scores_rank_key` ON `leaderboard_scores` (`board`,`hidden`,`rank_key`);--> statement-breakpoint
-- Each listed line counts in one block of its board: the last block whose first key is at or
-- before its own, or block 0 when it ranks above them all. A line that is added, moves, is hidden
-- or shown again, or goes, moves its block's count in the statement that changed it. A board
-- the scheduled job has not measured yet has no blocks, and nothing is counted for it.
CREATE TRIGGER `leaderboard_blocks_on_insert` AFTER INSERT ON `leaderboard_scores`
WHEN NEW.`hidden` = 0
BEGIN
  UPDATE `leaderboard_blocks` SET `lines` = `lines` + 1
  WHERE `board` = NEW.`board` AND `block` = COALESCE((SELECT `block` FROM `leaderboard_blocks` WHERE `board` = NEW.`board` AND `rank_key` <= NEW.`rank_key` ORDER BY `rank_key` DESC LIMIT 1), 0);
END;
--> statement-breakpoint
CREATE TRIGGER `leaderboard_blocks_on_update` AFTER UPDATE OF `points`, `wins`, `hidden` ON `leaderboard_scores`
WHEN OLD.`points` IS NOT NEW.`points` OR OLD.`wins` IS NOT NEW.`wins` OR OLD.`hidden` IS NOT NEW.`hidden`
BEGIN
  UPDATE `leaderboard_blocks` SET `lines` = `lines` - 1
  WHERE OLD.`hidden` = 0 AND `board` = OLD.`board` AND `block` = COALESCE((SELECT `block` FROM `leaderboard_blocks` WHERE `board` = OLD.`board` AND `rank_key` <= OLD.`rank_key` ORDER BY `rank_key` DESC LIMIT 1), 0);
  UPDATE `leaderboard_blocks` SET `lines` = `lines` + 1
  WHERE NEW.`hidden` = 0 AND `board` = NEW.`board` AND `block` = COALESCE((SELECT `block` FROM `leaderboard_blocks` WHERE `board` = NEW.`board` AND `rank_key` <= NEW.`rank_key` ORDER BY `rank_key` DESC LIMIT 1), 0);
END;
--> statement-breakpoint
CREATE TRIGGER `leaderboard_blocks_on_delete` AFTER DELETE ON `leaderboard_scores`
WHEN OLD.`hidden` = 0
BEGIN
  UPDATE `leaderboard_blocks` SET `lines` = `lines` - 1
  WHERE `board` = OLD.`board` AND `block` = COALESCE((SELECT `block` FROM `leaderboard_blocks` WHERE `board` = OLD.`board` AND `rank_key` <= OLD.`rank_key` ORDER BY `rank_key` DESC LIMIT 1), 0);
END;
