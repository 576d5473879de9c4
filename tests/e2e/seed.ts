import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { E2E_STATE_DIR } from "./state";

// Seeds rows the product has no screen for (a game cancelled by a fault)
// straight into the e2e server's local D1 database, with the same tool
// `npm start` seeds with: `wrangler d1 execute --local` on its state dir.
// No test-only route exists in the app for this.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function execute(sql: string) {
  const result = spawnSync(
    path.join(root, "node_modules", ".bin", "wrangler"),
    ["d1", "execute", "DB", "--local", "--persist-to", path.resolve(root, E2E_STATE_DIR), "-c", "wrangler.toml", "--command", sql],
    { cwd: root, encoding: "utf8", env: { ...process.env, CI: "1" } },
  );
  if (result.status !== 0) throw new Error(`wrangler d1 execute failed: ${result.stderr || result.stdout}`);
}

/**
 * A game the player paid an entry for and that was then cancelled by a fault
 * (so no automatic return): the games and game_players rows, and the entry
 * written as the ledger writes it (guarded insert keyed
 * game:{id}:entry:{user}, then the balance recomputed from the ledger).
 */
export function seedCancelledGame(userId: string, { entry = 100, code = "FALHA1" } = {}): string {
  if (!UUID.test(userId)) throw new Error(`not a user id: ${userId}`);
  if (!/^[A-Z0-9]{6}$/.test(code) || !Number.isInteger(entry) || entry <= 0) throw new Error("bad game");
  const gameId = crypto.randomUUID();
  const now = new Date().toISOString();
  execute(`
    INSERT INTO games (id, game_code, status, game_type, game_mode, truco_variant, entry_cost, created_by, created_at, started_at, completed_at, end_reason)
      VALUES ('${gameId}', '${code}', 'cancelled', '1v1', 'ranked', 'paulista', ${entry}, '${userId}', '${now}', '${now}', '${now}', 'fault');
    INSERT INTO game_players (game_id, user_id, seat, team, nickname, entry_paid)
      VALUES ('${gameId}', '${userId}', 0, 'team1', 'Jogador', ${entry});
    INSERT INTO coin_transactions (user_id, amount, transaction_type, description, ref, idempotency_key)
      SELECT id, -${entry}, 'game_entry', 'Entrada na sala ${code}', 'game:${gameId}', 'game:${gameId}:entry:${userId}'
      FROM users WHERE id = '${userId}' AND virtual_coins >= ${entry};
    UPDATE users SET virtual_coins = (SELECT COALESCE(SUM(amount), 0) FROM coin_transactions WHERE user_id = '${userId}')
      WHERE id = '${userId}';
  `);
  return gameId;
}

/** A premium membership until far in the future, as the subscription webhooks would leave it. */
export function seedPremium(userId: string) {
  if (!UUID.test(userId)) throw new Error(`not a user id: ${userId}`);
  execute(`UPDATE users SET premium_until = '2999-01-01T00:00:00.000Z' WHERE id = '${userId}';`);
}
