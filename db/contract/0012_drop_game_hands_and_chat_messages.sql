-- Contract step (docs/decisions/119-game-records-in-r2.md): a game's hands and chat live in its
-- record in R2. This drops the two tables that held them before. It waits here, out of
-- db/migrations/, until the release after the one that stopped writing them is fully deployed and
-- scripts/migrate-records-to-r2.mjs has copied their rows into records (docs/operations.md,
-- "Moving game records to R2"); then it moves to db/migrations/ under the next free number.
-- tests/workers/schema-compat.test.ts checks that nothing in this release still uses them.
DROP TABLE IF EXISTS `game_hands`;--> statement-breakpoint
DROP TABLE IF EXISTS `chat_messages`;
