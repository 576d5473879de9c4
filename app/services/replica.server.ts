import type { AppLoadContext } from "@remix-run/cloudflare";

// The reads that tolerate a moment's lag (ADR 120, ADR 129): the leaderboard, a player's card, the
// friends list, the game history, and a page's own reads when a GET renders it (the session
// lookup, the banners, the game page, practice stats). Each is read through D1's Sessions API
// (db/read-replicas.ts), so a read replica near the player may answer, never behind what this
// browser has written. Actions, socket upgrades, money decisions and anything a decision is made
// on read the primary through `context.db`.

/** The load context whose `db` reads through the browser's replica session: for lag-tolerant reads only, never a write. */
export function replicaContext(context: AppLoadContext): AppLoadContext {
  return { ...context, db: context.reads.replica };
}

/**
 * Whether this request's reads may go to a replica: a GET or HEAD that renders a page or answers
 * data, but not a WebSocket upgrade (a socket lets its holder act, so it is granted on the
 * primary's word) and not an action (which decides and writes, and reads after its own writes).
 */
export function readsMayLag(request: Request): boolean {
  return (request.method === "GET" || request.method === "HEAD") && request.headers.get("Upgrade")?.toLowerCase() !== "websocket";
}

/** The load context a page's lag-tolerant reads use: the replica's for a GET that renders, else the context itself. */
export function pageContext(request: Request, context: AppLoadContext): AppLoadContext {
  return readsMayLag(request) ? replicaContext(context) : context;
}

/**
 * A read from the replica that falls back to the primary when the replica's answer is not enough
 * (`enough` false: typically a row a Durable Object has just written outside this browser's
 * requests, which the replica may not have yet). Only a miss costs the primary a read.
 */
export async function replicaThenPrimary<T>(
  request: Request,
  context: AppLoadContext,
  read: (context: AppLoadContext) => Promise<T>,
  enough: (answer: T) => boolean,
): Promise<T> {
  if (!readsMayLag(request)) return read(context);
  const answer = await read(replicaContext(context));
  return enough(answer) ? answer : read(context);
}
