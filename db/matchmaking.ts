import { and, count, desc, eq, inArray, isNull, ne, notInArray, sql } from "drizzle-orm";
import type { Queue } from "../game/matchmaking/pairing";
import type { QueueRecords } from "../game/matchmaking/ports";
import { seatConflict } from "../game/room/one-seat";
import { CAPACITY, ENTRY_COST } from "../game/protocol/constants";
import { batchOf, type Database } from "./client";
import { gameSummaryOf, heldSeatsOf, randomGameCode } from "./games";
import { isUniqueViolation } from "./ledger";
import { gamePlayers, games, presences, users, type Game } from "./schema";

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
      virtual_coins: users.virtual_coins,
      banned_at: users.banned_at,
    })
    .from(users)
    .where(inArray(users.id, userIds));
}

/** The Matchmaker's D1 port (game/matchmaking/ports.ts). */
export function queueRecords(db: Database): QueueRecords {
  return {
    players: (userIds) => playersOf(db, userIds),
    async createGames(queue, planned) {
      return (await createGames(db, queue, planned)).map(gameSummaryOf);
    },
    closeGames: (gameIds, at) => closeGames(db, gameIds, at),
  };
}

// ---------------------------------------------------------------- open tables and live counts

export interface OpenTableRow {
  id: string;
  game_type: Game["game_type"];
  game_mode: Game["game_mode"];
  truco_variant: Game["truco_variant"];
  entry_cost: number;
  premium_only: boolean;
  seats_taken: number;
  creator_nickname: string;
  creator_rating: number;
}

/** Public waiting tables with a free seat, newest first; premium-only ones only for members. */
export async function openTables(
  db: Database,
  options: { member: boolean; excludeUserId?: string; limit?: number },
): Promise<OpenTableRow[]> {
  const taken = sql<number>`(SELECT count(*) FROM ${gamePlayers} WHERE ${gamePlayers.game_id} = ${games.id} AND ${gamePlayers.left_at} IS NULL)`;
  const rows = await db
    .select({
      id: games.id,
      game_type: games.game_type,
      game_mode: games.game_mode,
      truco_variant: games.truco_variant,
      entry_cost: games.entry_cost,
      premium_only: games.premium_only,
      seats_taken: taken,
      creator_nickname: users.nickname,
      creator_rating: users.ranking_points,
    })
    .from(games)
    .innerJoin(users, eq(users.id, games.created_by))
    .where(
      and(
        eq(games.is_public, true),
        eq(games.status, "waiting"),
        isNull(games.bot_level),
        options.member ? undefined : eq(games.premium_only, false),
        options.excludeUserId ? ne(games.created_by, options.excludeUserId) : undefined,
      ),
    )
    .orderBy(desc(games.created_at))
    .limit((options.limit ?? 20) * 2);
  return rows.filter((row) => row.seats_taken > 0 && row.seats_taken < CAPACITY[row.game_type]).slice(0, options.limit ?? 20);
}

/** Players online (channel or game socket) and games being played, for the home and landing pages. */
export async function liveCounts(db: Database): Promise<{ online: number; playing: number }> {
  const [online, playing] = await db.batch([
    db
      .select({ n: count() })
      .from(presences)
      .where(notInArray(presences.status, ["offline"])),
    db.select({ n: count() }).from(games).where(eq(games.status, "active")),
  ]);
  return { online: online[0]?.n ?? 0, playing: playing[0]?.n ?? 0 };
}
