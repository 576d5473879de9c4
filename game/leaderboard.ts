import { calendarDate, monthOf, weekStart, type CalendarDate } from "./calendar";

// The leaderboard's rules (spec §2, §9; DESIGN.md §5), pure: which boards a ranked result counts
// on, how a board orders its players, and the figures a row shows. D1 keeps one score row per
// player and board (db/leaderboard.ts); these functions name the boards and read the rows.

/** The periods of GET /api/leaderboard?period= (spec §7, §9). */
export const LEADERBOARD_PERIODS = ["all", "monthly", "weekly"] as const;
export type LeaderboardPeriod = (typeof LEADERBOARD_PERIODS)[number];

export function isLeaderboardPeriod(value: unknown): value is LeaderboardPeriod {
  return typeof value === "string" && (LEADERBOARD_PERIODS as readonly string[]).includes(value);
}

/** The first page of a board, and the longest page a reader may ask for. */
export const LEADERBOARD_PAGE = 100;

/** The podium shows when a board has at least this many players (spec §9). */
export const PODIUM_MIN_ENTRIES = 3;

/**
 * A board's key: `all`, `month:YYYY-MM` or `week:YYYY-MM-DD` (the Monday that starts it), in
 * São Paulo's calendar. Months and weeks are calendar ones: a week starts on Monday at 00:00.
 */
export type BoardKey = "all" | `month:${string}` | `week:${string}`;

export function boardKey(period: LeaderboardPeriod, at: Date): BoardKey {
  return boardKeyOn(period, calendarDate(at));
}

export function boardKeyOn(period: LeaderboardPeriod, date: CalendarDate): BoardKey {
  switch (period) {
    case "all":
      return "all";
    case "monthly":
      return `month:${monthOf(date)}`;
    case "weekly":
      return `week:${weekStart(date)}`;
  }
}

/** Every board a ranked result settled at `at` counts on, and the day it counts as (for the change since yesterday). */
export function boardsAt(at: Date): { day: CalendarDate; keys: BoardKey[] } {
  const day = calendarDate(at);
  return { day, keys: LEADERBOARD_PERIODS.map((period) => boardKeyOn(period, day)) };
}

/** Win rate (spec §9): wins ÷ games × 100, 0 with no games; to one decimal (the list rounds it further). */
export function winRate(wins: number, games: number): number {
  return games > 0 ? Math.round((wins / games) * 1000) / 10 : 0;
}

/** What a score row keeps about its day: the São Paulo date of its last change and the net change on that date. */
export interface DayChange {
  day: CalendarDate;
  dayPoints: number;
}

/** The change since yesterday: the net change of points today, 0 when the row has not moved today. */
export function changeSinceYesterday(row: DayChange, today: CalendarDate): number {
  return row.day === today ? row.dayPoints : 0;
}

/** What orders a board: points, then more wins, then the earlier account, then the id (so two rows never tie). */
export interface RankKey {
  points: number;
  wins: number;
  /** The account's created_at (ISO-8601). */
  since: string;
  userId: string;
}

/** Negative when `a` ranks above `b` (DESIGN.md §5 tie-breaks). */
export function compareRank(a: RankKey, b: RankKey): number {
  if (a.points !== b.points) return b.points - a.points;
  if (a.wins !== b.wins) return b.wins - a.wins;
  if (a.since !== b.since) return a.since < b.since ? -1 : 1;
  return a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0;
}

/** Own rank is exact down to this place; beyond it a player is told their percentile instead. */
export const RANK_EXACT_LIMIT = 10_000;

/**
 * The lines of a rank block as measured (db/leaderboard.ts): blocks 0 … 99 cover the exact ranks,
 * and block 100 (RANK_BEYOND_BLOCK) every line below them.
 */
export const RANK_BLOCK_LINES = 100;
export const RANK_BEYOND_BLOCK = RANK_EXACT_LIMIT / RANK_BLOCK_LINES;
/** At most this many lines read by one statement of own rank's count within a block. */
export const RANK_COUNT_PAGE = 99;

/** The share of a board's lines at or above `place`, as a whole percent rounded up (the last line is 100). */
export function percentileAt(place: number, size: number): number {
  return Math.min(100, Math.max(1, Math.ceil((place * 100) / Math.max(1, size))));
}

/** Where a percentile closes on a board: its last line, at place floor(size × p / 100), as last measured. */
export interface PercentileCut extends RankKey {
  place: number;
  percentile: number;
}

/**
 * A player's percentile from the board's cuts: the first cut they rank at or above, so "top p%"
 * holds for the board as measured; below every cut (a line added since), the last percentile.
 * Null with no cuts (a board not measured yet).
 */
export function percentileFromCuts(cuts: readonly PercentileCut[], key: RankKey): PercentileCut | null {
  if (cuts.length === 0) return null;
  const ordered = [...cuts].sort((a, b) => a.place - b.place);
  return ordered.find((cut) => compareRank(key, cut) <= 0) ?? ordered[ordered.length - 1]!;
}
