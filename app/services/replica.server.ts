import type { AppLoadContext } from "@remix-run/cloudflare";

// The reads that tolerate a moment's lag (ADR 120): the leaderboard, a player's card, the friends
// list and the game history. Each is read through D1's Sessions API (db/read-replicas.ts), so a
// read replica near the player may answer, never behind what this browser has written. Money,
// seats, the session and anything a decision is made on read the primary through `context.db`.

/** The load context whose `db` reads through the browser's replica session: for lag-tolerant reads only, never a write. */
export function replicaContext(context: AppLoadContext): AppLoadContext {
  return { ...context, db: context.reads.replica };
}
