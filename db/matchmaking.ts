import { and, count, eq, inArray, isNull, lt, sql } from "drizzle-orm";
import type { Queue } from "../game/matchmaking/pairing";
import type { QueueRecords } from "../game/matchmaking/ports";
import { seatConflict } from "../game/room/one-seat";
import { ENTRY_COST } from "../game/protocol/constants";
import { batchOf, type Database } from "./client";
import { gameSummaryOf, heldSeatsOf, randomGameCode } from "./games";
import { isUniqueViolation } from "./ledger";
import { games, matchmakingQueue, users, type Game, type QueueRow } from "./schema";

// Quick match's D1 side (ADR 071), shared by the app (entering, leaving, the waiting
// page) and the Matchmaker Durable Object (claiming players, creating the game). The queue row's
// key is the player: one queue at a time. Claims are single conditional statements, so two
// matchmakers (or a matchmaker and a cancel) can never both win one player.

/** The game (waiting or active, with people, not a practice game) where the player holds a seat, if any. */
export async function openGameOf(db: Database, userId: string): Promise<string | null> {
  return seatConflict(await heldSeatsOf(db, userId), null)?.gameId ?? null;
}

export async function queueRowOf(db: Database, userId: string): Promise<QueueRow | null> {
  return (await db.select().from(matchmakingQueue).where(eq(matchmakingQueue.user_id, userId)).get()) ?? null;
}

/**
 * Puts the player in a queue (or moves them from another one). A row already claimed for a game
 * is left alone unless that game is over: the player then goes there instead (answers its id).
 */
export async function enterQueue(
  db: Database,
  entry: { userId: string; queueKey: string; rating: number; now: number },
): Promise<{ queued: true } | { queued: false; gameId: string }> {
  const existing = await queueRowOf(db, entry.userId);
  if (existing?.game_id) {
    const game = await db.select({ status: games.status }).from(games).where(eq(games.id, existing.game_id)).get();
    if (game && (game.status === "waiting" || game.status === "active")) return { queued: false, gameId: existing.game_id };
    await db
      .delete(matchmakingQueue)
      .where(and(eq(matchmakingQueue.user_id, entry.userId), eq(matchmakingQueue.game_id, existing.game_id)));
  }
  const row = {
    user_id: entry.userId,
    queue_key: entry.queueKey,
    rating: entry.rating,
    joined_at: entry.now,
    seen_at: entry.now,
    game_id: null,
  };
  const written = await db
    .insert(matchmakingQueue)
    .values(row)
    .onConflictDoUpdate({
      target: matchmakingQueue.user_id,
      // Pressing the same button again keeps the place; another queue starts the wait anew.
      set: {
        queue_key: entry.queueKey,
        rating: entry.rating,
        seen_at: entry.now,
        joined_at: sql`CASE WHEN ${matchmakingQueue.queue_key} = ${entry.queueKey} THEN ${matchmakingQueue.joined_at} ELSE ${entry.now} END`,
      },
      setWhere: isNull(matchmakingQueue.game_id),
    })
    .returning({ user_id: matchmakingQueue.user_id });
  if (written.length > 0) return { queued: true };
  // A matchmaker claimed the player in between: that game is where they go.
  const claimed = await queueRowOf(db, entry.userId);
  return claimed?.game_id ? { queued: false, gameId: claimed.game_id } : { queued: true };
}

/** Leaves the queue if still waiting; answers the game a matchmaker already claimed the player for, if so. */
export async function leaveQueue(db: Database, userId: string): Promise<{ left: boolean; gameId: string | null }> {
  const gone = await db
    .delete(matchmakingQueue)
    .where(and(eq(matchmakingQueue.user_id, userId), isNull(matchmakingQueue.game_id)))
    .returning({ user_id: matchmakingQueue.user_id });
  if (gone.length > 0) return { left: true, gameId: null };
  const row = await queueRowOf(db, userId);
  return { left: false, gameId: row?.game_id ?? null };
}

/** The waiting page called: the player is still there. */
export async function touchQueue(db: Database, userId: string, now: number): Promise<void> {
  await db.update(matchmakingQueue).set({ seen_at: now }).where(eq(matchmakingQueue.user_id, userId));
}

/** The player reached the game they were matched into: their row is done. */
export async function forgetMatch(db: Database, userId: string, gameId: string): Promise<void> {
  await db.delete(matchmakingQueue).where(and(eq(matchmakingQueue.user_id, userId), eq(matchmakingQueue.game_id, gameId)));
}

export async function waitingIn(db: Database, queueKey: string): Promise<QueueRow[]> {
  return db
    .select()
    .from(matchmakingQueue)
    .where(and(eq(matchmakingQueue.queue_key, queueKey), isNull(matchmakingQueue.game_id)));
}

export async function waitingCount(db: Database, queueKey: string): Promise<number> {
  const row = await db
    .select({ n: count() })
    .from(matchmakingQueue)
    .where(and(eq(matchmakingQueue.queue_key, queueKey), isNull(matchmakingQueue.game_id)))
    .get();
  return row?.n ?? 0;
}

/**
 * Claims players still waiting in this queue for a game, in one statement that answers whom it
 * got. A claim that gets fewer than all of them is released (`releaseStatement`).
 */
function claimStatement(db: Database, queueKey: string, userIds: string[], gameId: string) {
  return db
    .update(matchmakingQueue)
    .set({ game_id: gameId })
    .where(and(inArray(matchmakingQueue.user_id, userIds), eq(matchmakingQueue.queue_key, queueKey), isNull(matchmakingQueue.game_id)))
    .returning({ user_id: matchmakingQueue.user_id });
}

/** Puts claimed players back in the queue (their match fell through), keeping their place. */
function releaseStatement(db: Database, userIds: string[], gameId: string) {
  return db
    .update(matchmakingQueue)
    .set({ game_id: null })
    .where(and(inArray(matchmakingQueue.user_id, userIds), eq(matchmakingQueue.game_id, gameId)));
}

/** A matched game nobody sat at closes (there is no room for it). */
function fellThroughStatement(db: Database, gameId: string, at: string) {
  return db
    .update(games)
    .set({ status: "cancelled", end_reason: "match_fell_through", completed_at: at })
    .where(and(eq(games.id, gameId), eq(games.status, "waiting")));
}

/**
 * Matches that fell through, in one round trip: each one's claimed players go back to waiting
 * (keeping their place) and, when `close`, its game row closes.
 */
export async function fallThrough(
  db: Database,
  failed: { gameId: string; claimed: string[]; close: boolean }[],
  at: string,
): Promise<void> {
  const statements = failed.flatMap(({ gameId, claimed, close }) => [
    ...(claimed.length > 0 ? [releaseStatement(db, claimed, gameId)] : []),
    ...(close ? [fellThroughStatement(db, gameId, at)] : []),
  ]);
  if (statements.length > 0) await db.batch(batchOf(statements));
}

/** Removes waiting players from the queue (closed tabs, players who can no longer pay). */
export async function dropWaiting(db: Database, userIds: string[]): Promise<void> {
  if (userIds.length === 0) return;
  await db.delete(matchmakingQueue).where(and(inArray(matchmakingQueue.user_id, userIds), isNull(matchmakingQueue.game_id)));
}

/** Waiting rows not seen since `before`. */
export async function staleWaiting(db: Database, queueKey: string, before: number): Promise<QueueRow[]> {
  return db
    .select()
    .from(matchmakingQueue)
    .where(and(eq(matchmakingQueue.queue_key, queueKey), isNull(matchmakingQueue.game_id), lt(matchmakingQueue.seen_at, before)));
}

/**
 * The game rows of one pass's matches and the claims of their players, in one round trip (one
 * transaction): per match, its game (ranked or casual at the mode's entry, never listed, created
 * by seat 0) and whom the claim got. A match whose claim got fewer than all its players is the
 * caller's to undo (`fallThrough`). A game code already taken (rare) undoes the whole batch, which
 * is tried again with new codes.
 */
export async function createAndClaim(
  db: Database,
  queue: Queue,
  queueKey: string,
  matches: string[][],
): Promise<{ game: Game; claimed: string[] }[]> {
  if (matches.length === 0) return [];
  for (let attempt = 0; attempt < 10; attempt++) {
    const rows = matches.map((ids) => ({
      id: crypto.randomUUID(),
      game_code: randomGameCode(),
      game_type: queue.type,
      game_mode: queue.mode,
      truco_variant: queue.variant,
      entry_cost: ENTRY_COST[queue.mode],
      created_by: ids[0]!,
    }));
    const statements = matches.flatMap((ids, i) => [
      db.insert(games).values(rows[i]!).returning(),
      claimStatement(db, queueKey, ids, rows[i]!.id),
    ]);
    try {
      const results = (await db.batch(batchOf(statements))) as unknown[][];
      return matches.map((_, i) => ({
        game: (results[2 * i] as Game[])[0]!,
        claimed: (results[2 * i + 1] as { user_id: string }[]).map((row) => row.user_id),
      }));
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }
  throw new Error("Could not find free game codes");
}

/** What the matchmaker needs of each matched player to seat them. */
export async function playersOf(db: Database, userIds: string[]) {
  if (userIds.length === 0) return [];
  return db
    .select({
      id: users.id,
      nickname: users.nickname,
      avatar_url: users.avatar_url,
      premium_until: users.premium_until,
      ranking_points: users.ranking_points,
      virtual_coins: users.virtual_coins,
      banned_at: users.banned_at,
    })
    .from(users)
    .where(inArray(users.id, userIds));
}

/** The Matchmaker's D1 port (game/matchmaking/ports.ts). */
export function queueRecords(db: Database): Omit<QueueRecords, "online"> {
  return {
    async staleWaiting(queueKey, before) {
      return (await staleWaiting(db, queueKey, before)).map((row) => row.user_id);
    },
    dropWaiting: (userIds) => dropWaiting(db, userIds),
    async waiting(queueKey) {
      return (await waitingIn(db, queueKey)).map((row) => ({ userId: row.user_id, rating: row.rating, joinedAt: row.joined_at }));
    },
    players: (userIds) => playersOf(db, userIds),
    async createAndClaim(queue, queueKey, matches) {
      return (await createAndClaim(db, queue, queueKey, matches)).map(({ game, claimed }) => ({ game: gameSummaryOf(game), claimed }));
    },
    fallThrough: (failed, at) => fallThrough(db, failed, at),
  };
}
