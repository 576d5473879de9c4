import { and, asc, desc, eq, gt, gte, lt, lte, notInArray, sql, type SQL } from "drizzle-orm";
import { calendarDate } from "../game/calendar";
import {
  boardsAt,
  RANK_BEYOND_BLOCK,
  RANK_BLOCK_LINES,
  RANK_COUNT_PAGE,
  RANK_EXACT_LIMIT,
  type BoardKey,
  type PercentileCut,
} from "../game/leaderboard";
import type { Database } from "./client";
import { leaderboardBlocks as blocks, leaderboardCuts as cuts, leaderboardScores as scores, users } from "./schema";

// The leaderboard's statements, shared by the room Worker (the settlement batch), the
// app (the boards), the seed and the bench. One score row per player and board (db/schema.ts):
// a ranked result adds to the player's `all`, month and week rows in the very batch that settles
// the game, so a board is never recomputed from the games; a page of a board reads one row per
// line through the rank index, and a player's rank counts the rows above theirs, down to the
// 10,000th line at most: beyond it the board's percentile cuts (measured by the scheduled job)
// answer their percentile.

/** One player's line of a settled ranked game (game/room/settlement.ts's SeatOutcome carries it). */
export interface RankedResult {
  userId: string;
  result: "win" | "loss";
  ratingChange: number;
}

/**
 * The score rows of one ranked result settled at `at`: an upsert of the player's row on every
 * board the result counts on (game/leaderboard.ts's boardsAt). Month and week rows add the
 * rating change to the points gained; the `all` row takes the player's ranking points from
 * users, so it must run AFTER the statement that updates them, in the same batch. The row's day
 * change adds up within a São Paulo day and starts again on the next. `onlyIf`: a condition the
 * rows are written under (db/game-results.ts).
 */
export function rankedResultStatements(db: Database, result: RankedResult, at: Date, onlyIf?: SQL) {
  const { day, keys } = boardsAt(at);
  const change = result.ratingChange;
  const win = result.result === "win" ? 1 : 0;
  return keys.map((key) => {
    const current = key === "all";
    const row = db
      .select({
        // Every column but the computed rank_key, in table order (the insert lists them so).
        board: sql<string>`${key}`.as("board"),
        user_id: users.id,
        points: (current ? sql<number>`${users.ranking_points}` : sql<number>`${change}`).as("points"),
        games: sql<number>`1`.as("games"),
        wins: sql<number>`${win}`.as("wins"),
        nickname: users.nickname,
        avatar_url: users.avatar_url,
        user_created_at: sql<string>`${users.created_at}`.as("user_created_at"),
        hidden: sql<boolean>`${users.banned_at} IS NOT NULL`.as("hidden"),
        day: sql<string>`${day}`.as("day"),
        day_points: sql<number>`${change}`.as("day_points"),
        updated_at: sql<string>`${at.toISOString()}`.as("updated_at"),
      })
      .from(users)
      .where(onlyIf ? and(eq(users.id, result.userId), onlyIf) : eq(users.id, result.userId));
    return (
      db
        .insert(scores)
        // As SQL: drizzle's own check of an INSERT ... SELECT counts the computed column too.
        .select(row.getSQL())
        .onConflictDoUpdate({
          target: [scores.board, scores.user_id],
          set: {
            points: current ? sql`excluded.points` : sql`${scores.points} + excluded.points`,
            games: sql`${scores.games} + 1`,
            wins: sql`${scores.wins} + excluded.wins`,
            // Every right-hand side reads the row as it was: the day's sum restarts on a new day. A
            // result dated before the row's day (a settlement retried across midnight) leaves the
            // day's change alone: the row keeps its latest day, whatever the order results come in.
            day_points: sql`CASE WHEN excluded.day = ${scores.day} THEN ${scores.day_points} + excluded.day_points WHEN excluded.day > ${scores.day} THEN excluded.day_points ELSE ${scores.day_points} END`,
            day: sql`MAX(${scores.day}, excluded.day)`,
            updated_at: sql`excluded.updated_at`,
          },
        })
    );
  });
}

/**
 * A manual change of a player's ranking points (the admin's adjust_ranking): the new points on
 * users, and the player's `all` row taking them from there, with the difference counted in the
 * day's change (the Geral board moves, and its ▲/▼ says so). Month and week boards rank points
 * gained in ranked games, so an adjustment leaves them as they are. A player with no
 * ranked game has no row and stays off the boards. Run both in one batch, with the admin's record.
 */
export function rankingAdjustmentStatements(db: Database, adjustment: { userId: string; points: number; at: Date }) {
  if (!Number.isSafeInteger(adjustment.points) || adjustment.points < 0) throw new Error(`Invalid ranking points ${adjustment.points}`);
  const today = calendarDate(adjustment.at);
  const pointsNow = db.select({ points: users.ranking_points }).from(users).where(eq(users.id, adjustment.userId));
  return [
    db.update(users).set({ ranking_points: adjustment.points }).where(eq(users.id, adjustment.userId)),
    db
      .update(scores)
      .set({
        points: sql`(${pointsNow})`,
        // The right-hand sides read the row as it was: its old points give the difference.
        day_points: sql`(CASE WHEN ${scores.day} = ${today} THEN ${scores.day_points} ELSE 0 END) + (${pointsNow}) - ${scores.points}`,
        day: today,
        updated_at: adjustment.at.toISOString(),
      })
      .where(and(eq(scores.board, "all"), eq(scores.user_id, adjustment.userId))),
  ] as const;
}

/** What a board line reads from its row. */
const LINE = {
  user_id: scores.user_id,
  nickname: scores.nickname,
  avatar_url: scores.avatar_url,
  points: scores.points,
  games: scores.games,
  wins: scores.wins,
  user_created_at: scores.user_created_at,
  day: scores.day,
  day_points: scores.day_points,
  rank_key: scores.rank_key,
};

/** A board line as read (topOfBoard's rows). */
export type BoardRow = Awaited<ReturnType<typeof topOfBoard>>[number];

/** The board's order (DESIGN.md §5), exactly the rank index's. */
const ORDER = [desc(scores.points), desc(scores.wins), asc(scores.user_created_at), asc(scores.user_id)];

/** The first `limit` lines of a board, banned players left out: `limit` rows read through the rank index. */
export function topOfBoard(db: Database, board: BoardKey, limit: number) {
  return db
    .select(LINE)
    .from(scores)
    .where(and(eq(scores.board, board), eq(scores.hidden, false)))
    .orderBy(...ORDER)
    .limit(limit);
}

/** A player's line on a board (one row by the primary key), banned or not: the caller decides. */
export function rowOnBoard(db: Database, board: BoardKey, userId: string) {
  return db
    .select({ ...LINE, hidden: scores.hidden })
    .from(scores)
    .where(and(eq(scores.board, board), eq(scores.user_id, userId)));
}

/**
 * How many listed lines rank above `row` on a board, read from its rank blocks (db/schema.ts's
 * leaderboard_blocks): the lines of the blocks before the player's (at most 99 rows by the primary
 * key) and the lines of their own block above them (counted through the rank key's index, pages of
 * at most RANK_COUNT_PAGE lines). Exact whenever it answers: the triggers keep each block's count
 * true to the lines it holds now, whatever moved since the blocks were measured. Null when the
 * line lies beyond the exact ranks as measured (the block below line 10,000). A board not
 * measured yet has no blocks: its lines are counted from the top, page by page, up to the limit.
 */
export async function linesAbove(db: Database, board: BoardKey, rankKey: string): Promise<number | null> {
  const [own, first] = await db.batch([
    db
      .select({ block: blocks.block, rankKey: blocks.rank_key })
      .from(blocks)
      .where(and(eq(blocks.board, board), lte(blocks.rank_key, rankKey)))
      .orderBy(desc(blocks.rank_key))
      .limit(1),
    db
      .select({ block: blocks.block })
      .from(blocks)
      .where(and(eq(blocks.board, board), eq(blocks.block, 0))),
  ]);
  const block = own[0] ?? (first[0] ? { block: 0, rankKey: null } : null);
  if (!block) return countBetween(db, board, null, rankKey, RANK_EXACT_LIMIT);
  if (block.block >= RANK_BEYOND_BLOCK) return null;
  const [{ before }] =
    block.block === 0
      ? [{ before: 0 }]
      : await db
          .select({ before: sql<number>`coalesce(sum(${blocks.lines}), 0)` })
          .from(blocks)
          .where(and(eq(blocks.board, board), lt(blocks.block, block.block)));
  // Block 0 also holds the lines above its first key (lines that climbed past it since).
  const from = block.block === 0 ? null : block.rankKey;
  return before + (await countBetween(db, board, from, rankKey, Math.max(0, RANK_EXACT_LIMIT - before)));
}

/** Listed lines with `from` ≤ rank key < `to` (from the top without `from`), up to `cap`, in pages. */
async function countBetween(db: Database, board: BoardKey, from: string | null, to: string, cap: number): Promise<number> {
  let counted = 0;
  let cursor = from === null ? null : { key: from, inclusive: true };
  while (counted < cap) {
    const lower = cursor === null ? undefined : cursor.inclusive ? gte(scores.rank_key, cursor.key) : gt(scores.rank_key, cursor.key);
    const page = await db
      .select({ key: scores.rank_key })
      .from(scores)
      .where(and(eq(scores.board, board), eq(scores.hidden, false), lower, lt(scores.rank_key, to)))
      .orderBy(asc(scores.rank_key))
      .limit(RANK_COUNT_PAGE);
    counted += page.length;
    if (page.length < RANK_COUNT_PAGE) break;
    cursor = { key: page[page.length - 1]!.key!, inclusive: false };
  }
  return Math.min(counted, cap);
}

/**
 * Measures a board's rank blocks (the scheduled job's, with its cuts): the old ones deleted, then
 * one row per RANK_BLOCK_LINES lines down to line RANK_EXACT_LIMIT and one for every line below,
 * each with its first line's rank key and its count. Run both in one batch: the triggers keep the
 * counts from then on.
 */
export function measureBlocksStatements(db: Database, board: BoardKey) {
  return [
    db.delete(blocks).where(eq(blocks.board, board)),
    // Every column, in table order (drizzle's INSERT ... SELECT rule); the sizes as integers, so
    // the division is SQLite's integer one (a bound number may arrive as a real).
    db.insert(blocks).select(sql`
      SELECT ${board}, block, MIN(rank_key), COUNT(*) FROM (
        SELECT rank_key, MIN((place - 1) / ${sql.raw(String(RANK_BLOCK_LINES))}, ${sql.raw(String(RANK_BEYOND_BLOCK))}) AS block FROM (
          SELECT rank_key, ROW_NUMBER() OVER (ORDER BY rank_key) AS place
          FROM ${scores} WHERE board = ${board} AND hidden = 0
        )
      )
      GROUP BY block
    `),
  ] as const;
}

/** A board's percentile cuts as last measured (at most 101 rows by the primary key). */
export function cutsOfBoard(db: Database, board: BoardKey) {
  return db
    .select({
      place: cuts.place,
      percentile: cuts.percentile,
      points: cuts.points,
      wins: cuts.wins,
      since: cuts.user_created_at,
      userId: cuts.user_id,
      size: cuts.size,
    })
    .from(cuts)
    .where(eq(cuts.board, board))
    .orderBy(asc(cuts.place));
}

export type BoardCut = PercentileCut & { size: number };

/**
 * Measures a board's percentile cuts (the scheduled job's, never a player's path: it reads the
 * whole board once, through the rank index): its old cuts deleted, then for each percentile p the
 * last line within the top p% (place floor(size × p / 100)) and the line at RANK_EXACT_LIMIT, each
 * with its own percentile. Run both in one batch.
 */
export function measureCutsStatements(db: Database, board: BoardKey, at: Date) {
  return [
    db.delete(cuts).where(eq(cuts.board, board)),
    // Every column, in table order (drizzle's INSERT ... SELECT rule).
    db.insert(cuts).select(sql`
      WITH ranked AS (
        SELECT points, wins, user_created_at, user_id,
               ROW_NUMBER() OVER (ORDER BY points DESC, wins DESC, user_created_at, user_id) AS place,
               COUNT(*) OVER () AS size
        FROM ${scores} WHERE board = ${board} AND hidden = 0
      ),
      p(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM p WHERE n < 100)
      SELECT ${board}, place, (place * 100 + size - 1) / size, points, wins, user_created_at, user_id, size, ${at.toISOString()}
      FROM ranked
      WHERE place = ${RANK_EXACT_LIMIT} OR place IN (SELECT (size * n) / 100 FROM p)
    `),
  ] as const;
}

/**
 * The scheduled job: measures the cuts and rank blocks of the boards current at `now` (Geral, this
 * month, this week) and drops those of past periods, whose boards no player reads any more.
 */
export async function measureCurrentCuts(db: Database, now: Date): Promise<Record<string, number>> {
  const { keys } = boardsAt(now);
  const sizes: Record<string, number> = {};
  await db.batch([db.delete(cuts).where(notInArray(cuts.board, keys)), db.delete(blocks).where(notInArray(blocks.board, keys))]);
  for (const board of keys) {
    await db.batch([...measureCutsStatements(db, board, now), ...measureBlocksStatements(db, board)]);
    const [last] = await db.select({ size: cuts.size }).from(cuts).where(eq(cuts.board, board)).limit(1);
    sizes[board] = last?.size ?? 0;
  }
  return sizes;
}
