import type { AppLoadContext } from "@remix-run/cloudflare";
import type { User } from "../../db/schema";
import { liveCounts, openTables, type OpenTableRow } from "../../db/matchmaking";
import { CAPACITY } from "../../game/protocol/constants";
import { isPremium } from "./users.server";

// The home page's live parts: the open public tables and the counts of players online
// and games being played. The home page renders them with its HTML and then asks `/api/lobby`
// every few seconds; the landing page shows the counts from a short cache.

export interface OpenTable extends OpenTableRow {
  capacity: number;
}

export interface LiveCounts {
  online: number;
  playing: number;
}

export interface LobbyLive extends LiveCounts {
  open_tables: OpenTable[];
}

/** What a signed-in player sees: premium-only tables only for members; never their own table. */
export async function lobbyLiveFor(context: AppLoadContext, user: User): Promise<LobbyLive> {
  const [tables, counts] = await Promise.all([
    openTables(context.db, { member: isPremium(user), excludeUserId: user.id, limit: 12 }),
    liveCounts(context.db),
  ]);
  return { ...counts, open_tables: tables.map((table) => ({ ...table, capacity: CAPACITY[table.game_type] })) };
}

/** The counts a visitor sees, computed at most once per half minute per isolate (not per request). */
const VISITOR_COUNTS_TTL_MS = 30_000;
let visitorCounts: { at: number; counts: LiveCounts } | null = null;

export async function cachedLiveCounts(context: AppLoadContext): Promise<LiveCounts> {
  const now = Date.now();
  if (visitorCounts && now - visitorCounts.at < VISITOR_COUNTS_TTL_MS) return visitorCounts.counts;
  const counts = await liveCounts(context.db);
  visitorCounts = { at: now, counts };
  return counts;
}
