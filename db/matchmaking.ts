import { and, eq, inArray } from "drizzle-orm";
import type { Queue } from "../game/matchmaking/pairing";
import type { QueueRecords } from "../game/matchmaking/ports";
import { seatConflict } from "../game/room/one-seat";
import { ENTRY_COST } from "../game/protocol/constants";
import { batchOf, type Database } from "./client";
import { gameSummaryOf, heldSeatsOf, randomGameCode } from "./games";
import { isUniqueViolation } from "./ledger";
import { games, users, type Game } from "./schema";

// Quick match's D1 side (ADR 071): the games a Matchmaker makes. Who waits, and in which queue, is
// not in D1 (ADR 122): each Matchmaker keeps its list in its storage and each player's
// PlayerChannel their membership. The `matchmaking_queue` table is no longer written; it goes in
// a later release's contract step.

/** The game (waiting or active, with people, not a practice game) where the player holds a seat, if any. */
export async function openGameOf(db: Database, userId: string): Promise<string | null> {
  return seatConflict(await heldSeatsOf(db, userId), null)?.gameId ?? null;
}

/** Whether the game is still waiting or being played (a claim for it still leads somewhere). */
export async function gameIsOpen(db: Database, gameId: string): Promise<boolean> {
  const game = await db.select({ status: games.status }).from(games).where(eq(games.id, gameId)).get();
  return Boolean(game && (game.status === "waiting" || game.status === "active"));
}

/**
 * The game rows of one pass's matches, in one batch: ranked or casual at the mode's entry, never
 * listed, created by seat 0, under the ids the players were claimed for. A game code already taken
 * (rare) undoes the whole batch, which is tried again with new codes.
 */
export async function createGames(db: Database, queue: Queue, planned: { id: string; createdBy: string }[]): Promise<Game[]> {
  if (planned.length === 0) return [];
  for (let attempt = 0; attempt < 10; attempt++) {
    const statements = planned.map(({ id, createdBy }) =>
      db
        .insert(games)
        .values({
          id,
          game_code: randomGameCode(),
          game_type: queue.type,
          game_mode: queue.mode,
          truco_variant: queue.variant,
          entry_cost: ENTRY_COST[queue.mode],
          created_by: createdBy,
        })
        .returning(),
    );
    try {
      return ((await db.batch(batchOf(statements))) as Game[][]).map((rows) => rows[0]!);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }
  throw new Error("Could not find free game codes");
}

/** Matched games nobody sat at close (no room opened them), in one round trip. */
export async function closeGames(db: Database, gameIds: string[], at: string): Promise<void> {
  if (gameIds.length === 0) return;
  await db
    .update(games)
    .set({ status: "cancelled", end_reason: "match_fell_through", completed_at: at })
    .where(and(inArray(games.id, gameIds), eq(games.status, "waiting")));
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
      games_private: users.games_private,
      virtual_coins: users.virtual_coins,
      banned_at: users.banned_at,
    })
    .from(users)
    .where(inArray(users.id, userIds));
}

/** The Matchmaker's D1 port (game/matchmaking/ports.ts). */
export function queueRecords(db: Database): Omit<QueueRecords, "online"> {
  return {
    players: (userIds) => playersOf(db, userIds),
    async createGames(queue, planned) {
      return (await createGames(db, queue, planned)).map(gameSummaryOf);
    },
    closeGames: (gameIds, at) => closeGames(db, gameIds, at),
  };
}
