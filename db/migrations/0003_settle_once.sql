-- A game is settled once (DESIGN.md §5, issue 4): the settlement batch starts
-- by setting games.settled_at, and this trigger aborts that batch, with all
-- its payouts and stats, if the game was already settled.
CREATE TRIGGER `games_settle_once` BEFORE UPDATE OF `settled_at` ON `games`
WHEN OLD.`settled_at` IS NOT NULL
BEGIN
  SELECT RAISE(ABORT, 'game already settled');
END;
