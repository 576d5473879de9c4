-- Index entries every finished game leaves in D1 (ADR 129); each replacement is made before what it
-- replaces goes, so every rule and every plan holds throughout. A player's seats and a seat by game
-- and player are served by one unique index led by user_id; a player's ledger by an index on
-- user_id alone, whose entries are in id order, as the transactions list pages (no sort over the
-- whole ledger); the open tables are listed by the Lobby object, so no query reads games by
-- is_public any more.
CREATE UNIQUE INDEX `game_players_user_game_unique` ON `game_players` (`user_id`,`game_id`) WHERE "game_players"."user_id" IS NOT NULL;--> statement-breakpoint
DROP INDEX `game_players_user_unique`;--> statement-breakpoint
DROP INDEX `game_players_user_idx`;--> statement-breakpoint
CREATE INDEX `coin_transactions_user_id_idx` ON `coin_transactions` (`user_id`);--> statement-breakpoint
DROP INDEX `coin_transactions_user_idx`;--> statement-breakpoint
DROP INDEX `games_public_idx`;
