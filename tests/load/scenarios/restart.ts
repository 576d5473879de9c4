import { sql } from "drizzle-orm";
import { queryLocal, statementDb as db } from "../../../db/local-d1";
import { coinTransactions, users } from "../../../db/schema";
import { budget } from "../lib/report";
import type { Scenario } from "../lib/scenario";
import { MoveStats } from "../lib/stats";
import { Table } from "../lib/table";
import { errorMessage, log, pool } from "../lib/util";

// Restart: 20 games are played part-way, the server is killed in the middle of them and
// started again on the same database; every game must come back where it was (the version each
// socket last saw, the same hand and score) once its players reconnect, and play on; no coin is
// created or lost (the sum of all balances equals the sum of the ledger, before and after).

const GAMES = 20;
const MOVES_BEFORE = 12;
const MOVES_AFTER = 12;

function coinTotals(stateDir: string) {
  const query = db
    .select({
      balances: sql<number>`(SELECT COALESCE(SUM(${users.virtual_coins}), 0) FROM ${users})`.as("balances"),
      ledger: sql<number>`(SELECT COALESCE(SUM(${coinTransactions.amount}), 0) FROM ${coinTransactions})`.as("ledger"),
    })
    .from(users)
    .limit(1);
  const [row] = queryLocal<{ balances: number; ledger: number }>(stateDir, query);
  return row ?? { balances: 0, ledger: 0 };
}

/** What must survive the restart: the room's version (one more per published change) and its status. */
function fingerprint(table: Table) {
  const state = table.state;
  return state ? { version: state.version, status: state.game.status } : null;
}

export const restart: Scenario = {
  id: "restart",
  players: () => ({ signIn: 0, bulk: GAMES * 4 }),

  async run({ server, app, options }, players) {
    const failures: string[] = [];
    const stats = new MoveStats();
    const tables = Array.from({ length: GAMES }, (_, i) => new Table(app, players.slice(i * 4, i * 4 + 4), stats, 100 + i));
    log(`scenario restart: ${GAMES} games, ${MOVES_BEFORE} moves each, kill and restart the server, ${MOVES_AFTER} more moves each`);
    let resumed = 0;
    let moved = 0;
    let before = { balances: 0, ledger: 0 };
    let after = { balances: 0, ledger: 0 };
    try {
      await pool(tables, options.concurrency, async (table) => {
        await table.open();
        for (let i = 0; i < MOVES_BEFORE; i += 1) if ((await table.move()) === "completed") break;
      });
      const seen = tables.map(fingerprint);
      // The sockets are let go first (a dead server drops them anyway; this keeps the tables from
      // counting the drop as an error), then the process group is killed mid-game.
      for (const table of tables) table.close();
      log("  killing the server in the middle of the games");
      await server.stop();
      before = coinTotals(server.config.stateDir);
      await server.start();
      await pool(tables, options.concurrency, async (table, i) => {
        try {
          await table.connect();
        } catch (error) {
          failures.push(`scenario restart: game ${table.gameId} did not come back: ${errorMessage(error)}`);
          return;
        }
        // Reconnecting may publish presence (a higher version); a lower one would be a lost move.
        const was = seen[i];
        const now = fingerprint(table);
        if (was && now && now.status === was.status && now.version >= was.version) resumed += 1;
        else failures.push(`scenario restart: game ${table.gameId} came back changed (${JSON.stringify(was)} → ${JSON.stringify(now)})`);
        for (let m = 0; m < MOVES_AFTER; m += 1) {
          if ((await table.move()) === "completed") break;
          moved += 1;
        }
      });
      for (const table of tables) table.close();
      await server.stop();
      after = coinTotals(server.config.stateDir);
      await server.start();
    } catch (error) {
      failures.push(`scenario restart: ${errorMessage(error)}`);
    } finally {
      for (const table of tables) table.close();
    }
    if (stats.errors.length) failures.push(`scenario restart: ${stats.errors.length} errors (${stats.errors[0].detail})`);
    const coinsOk = before.balances === before.ledger && after.balances === after.ledger;
    return {
      lines: [
        "",
        `Restart: ${GAMES} games killed mid-play and resumed: ${resumed}/${GAMES} came back exactly where they were, ${moved} moves played after`,
        `  coins: balances ${before.balances} = ledger ${before.ledger} at the kill; balances ${after.balances} = ledger ${after.ledger} after`,
      ],
      budgets: [
        budget("games resumed where they were after a restart", `${GAMES}/${GAMES}`, `${resumed}/${GAMES}`, resumed === GAMES),
        budget("sum of balances = sum of ledger, before and after", "equal", coinsOk ? "equal" : "DIFFERENT", coinsOk),
      ],
      failures,
    };
  },
};
