import { eq } from "drizzle-orm";
import { entryKey, gameRef, movementStatements } from "../../db/ledger";
import { executeLocal, statementDb as db } from "../../db/local-d1";
import { gamePlayers, games, users } from "../../db/schema";
import { E2E_STATE_DIR } from "./state";

// Seeds rows the product has no screen for (a game cancelled by a fault)
// straight into the e2e server's local D1 database, the way `npm start` seeds
// its demo data (db/local-d1.ts: drizzle statements, the ledger's movements,
// one `wrangler d1 execute --local` batch, in a file of its own so that two
// workers seeding at once never share one). No test-only route exists in the
// app for this.

/**
 * A game the player paid an entry for and that was then cancelled by a fault
 * (so no automatic return): the games and game_players rows, and the entry
 * through the ledger (keyed game:{id}:entry:{user}, as the room writes it).
 */
export function seedCancelledGame(userId: string, { entry = 100, code = "FALHA1" } = {}): string {
  const gameId = crypto.randomUUID();
  const now = new Date().toISOString();
  executeLocal(E2E_STATE_DIR, `e2e-cancelled-game-${gameId}`, [
    db.insert(games).values({
      id: gameId,
      game_code: code,
      status: "cancelled",
      game_type: "1v1",
      game_mode: "ranked",
      truco_variant: "paulista",
      entry_cost: entry,
      created_by: userId,
      created_at: now,
      started_at: now,
      completed_at: now,
      end_reason: "fault",
    }),
    db.insert(gamePlayers).values({ game_id: gameId, user_id: userId, seat: 0, team: "team1", nickname: "Jogador", entry_paid: entry }),
    ...movementStatements(db, {
      userId,
      amount: -entry,
      type: "game_entry",
      description: `Entrada na sala ${code}`,
      ref: gameRef(gameId),
      key: entryKey(gameId, userId),
    }),
  ]);
  return gameId;
}

/** A premium membership until far in the future, as the subscription webhooks would leave it. */
export function seedPremium(userId: string) {
  executeLocal(E2E_STATE_DIR, `e2e-premium-${userId}`, [
    db.update(users).set({ premium_until: "2999-01-01T00:00:00.000Z" }).where(eq(users.id, userId)),
  ]);
}
