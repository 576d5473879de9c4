-- Index entries every finished game leaves in D1 (ADR 129). A player's seats and a seat by game and
-- player are served by one unique index led by user_id, made before the two it replaces go, so the
-- one-seat-per-player rule holds throughout; the open tables are listed by the Lobby object, so no
-- query reads games by is_public any more.
CREATE UNIQUE INDEX `game_players_user_game_unique` ON `game_players` (`user_id`,`game_id`) WHERE "game_players"."user_id" IS NOT NULL;--> statement-breakpoint
DROP INDEX `game_players_user_unique`;--> statement-breakpoint
DROP INDEX `game_players_user_idx`;--> statement-breakpoint
DROP INDEX `games_public_idx`;
