import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { cutsOfBoard, linesAbove, rowOnBoard, topOfBoard, type BoardRow } from "../../db/leaderboard";
import { playerLines, type PlayerLine } from "../../db/players";
import { users } from "../../db/schema";
import { calendarDate } from "../../game/calendar";
import {
  boardKey,
  changeSinceYesterday,
  LEADERBOARD_PAGE,
  percentileFromCuts,
  RANK_EXACT_LIMIT,
  winRate,
  type BoardKey,
  type LeaderboardPeriod,
  type RankKey,
} from "../../game/leaderboard";

// The leaderboard of spec §2/§3/§7: a board is read from the score rows that
// the settlement of every ranked game keeps (db/leaderboard.ts), never recomputed from games.

/**
 * A line of a board (spec §3 "Leaderboard response"). `user` holds the player as this board
 * counts them: on Geral `ranking_points` is their ranking points; on Mensal and Semanal, the points
 * gained in that month or week. `games_played` and `winRate` count the board's ranked games.
 * Beyond the spec: `wins`, and `change`, the points moved today (São Paulo), i.e. since yesterday;
 * and, on the viewer's own line only when it lies beyond the exact ranks (RANK_EXACT_LIMIT),
 * `percentile`: the top p% of the board they are in (null before the board's first measurement),
 * with `rank` then the last place of that percentile (a bound, not their exact place).
 */
export interface LeaderboardEntry {
  rank: number;
  percentile?: number | null;
  winRate: number;
  wins: number;
  change: number;
  user: {
    id: string;
    nickname: string;
    avatar_url: string | null;
    ranking_points: number;
    games_played: number;
  };
}

export interface Leaderboard {
  period: LeaderboardPeriod;
  leaderboard: LeaderboardEntry[];
  /** The viewer's own line; null when they have no ranked game in the period. */
  userRank: LeaderboardEntry | null;
}

function entryOf(row: BoardRow, rank: number, today: string): LeaderboardEntry {
  return {
    rank,
    winRate: winRate(row.wins, row.games),
    wins: row.wins,
    change: changeSinceYesterday({ day: row.day, dayPoints: row.day_points }, today),
    user: {
      id: row.user_id,
      nickname: row.nickname,
      avatar_url: row.avatar_url,
      ranking_points: row.points,
      games_played: row.games,
    },
  };
}

/** A player's place on a board: exact within the first RANK_EXACT_LIMIT lines, else their percentile. */
export interface Place {
  rank: number;
  /** Present only when `rank` is not exact (see LeaderboardEntry). */
  percentile?: number | null;
}

const keyOf = (row: BoardRow): RankKey => ({ points: row.points, wins: row.wins, since: row.user_created_at, userId: row.user_id });

/**
 * A listed row's place on a board, in the board's own order: from the page when it is on it; else
 * the lines above it from the board's rank blocks (linesAbove: every statement reads at most 100
 * rows), exact within the first RANK_EXACT_LIMIT lines; beyond them, the board's cuts give the
 * percentile.
 */
export async function placeOnBoard(db: Database, board: BoardKey, row: BoardRow, page: readonly BoardRow[] = []): Promise<Place> {
  const at = page.findIndex((line) => line.user_id === row.user_id);
  if (at >= 0) return { rank: at + 1 };
  const above = await linesAbove(db, board, row.rank_key!);
  if (above !== null && above < RANK_EXACT_LIMIT) return { rank: above + 1 };
  const cut = percentileFromCuts(await cutsOfBoard(db, board), keyOf(row));
  return { rank: Math.max(RANK_EXACT_LIMIT + 1, cut?.place ?? 0), percentile: cut?.percentile ?? null };
}

function entryWithPlace(row: BoardRow, place: Place, today: string): LeaderboardEntry {
  const entry = entryOf(row, place.rank, today);
  return place.percentile === undefined ? entry : { ...entry, percentile: place.percentile };
}

/**
 * A board's first `limit` lines and the viewer's own, at `now` (which picks the month and week,
 * and what counts as today). Two reads in one round trip (the page and the viewer's row), and a
 * count only for a viewer outside the page.
 */
export async function leaderboardOf(
  db: Database,
  period: LeaderboardPeriod,
  viewerId: string,
  now = new Date(),
  limit = LEADERBOARD_PAGE,
): Promise<Leaderboard> {
  const board = boardKey(period, now);
  const today = calendarDate(now);
  const [page, [own]] = await db.batch([topOfBoard(db, board, limit), rowOnBoard(db, board, viewerId)]);
  const leaderboard = page.map((row, i) => entryOf(row, i + 1, today));
  const userRank = own && !own.hidden ? entryWithPlace(own, await placeOnBoard(db, board, own, page), today) : null;
  return { period, leaderboard, userRank };
}

/** A player's public card (beyond the spec): what anyone may see, nothing private (no coins, no e-mail). */
export interface PlayerCard extends PlayerLine {
  winRate: number;
  /** Their place on the Geral board; null when they have no ranked game. */
  rank: number | null;
  /** Present only when `rank` is not exact: their percentile on Geral (see LeaderboardEntry). */
  percentile?: number | null;
}

/** The card of a player; null for an unknown or banned one (a ban hides a player everywhere). */
export async function playerCardOf(db: Database, userId: string): Promise<PlayerCard | null> {
  const [[user], [row]] = await db.batch([
    playerLines(db, { banned_at: users.banned_at }).where(eq(users.id, userId)),
    rowOnBoard(db, "all", userId),
  ]);
  if (!user || user.banned_at) return null;
  const place = row && !row.hidden ? await placeOnBoard(db, "all", row) : null;
  return {
    id: user.id,
    nickname: user.nickname,
    avatar_url: user.avatar_url,
    ranking_points: user.ranking_points,
    games_played: user.games_played,
    games_won: user.games_won,
    winRate: winRate(user.games_won, user.games_played),
    rank: place?.rank ?? null,
    ...(place && place.percentile !== undefined ? { percentile: place.percentile } : {}),
  };
}
