import { and, isNotNull, like, lt, or } from "drizzle-orm";
import { calendarDate, monthOf, weekStart } from "../game/calendar";
import type { Database } from "./client";
import { analyticsHourly, leaderboardScores, matchmakingQueue, seatClaims, sessions } from "./schema";

// The retention job (DESIGN.md §4: every table has a stated retention, enforced by a Cron
// Trigger): a list of small statements, each with its rule, run once a day by the room Worker's
// scheduled handler. A table that moves out of D1 takes its rule with it; a new table adds one.
// Every statement deletes by an indexed bound and is safe to run twice.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export interface RetentionRule {
  name: string;
  /** The rule, as the runbook states it. */
  rule: string;
  /** The statement for the clock `now`; it answers the rows it removed. */
  run(db: Database, now: Date): Promise<number>;
}

const changes = (result: { meta: { changes?: number } }) => result.meta.changes ?? 0;

export const RETENTION_RULES: readonly RetentionRule[] = [
  {
    name: "expired_sessions",
    rule: "A session is deleted once it has expired (its cookie no longer signs anyone in).",
    run: async (db, now) => changes(await db.delete(sessions).where(lt(sessions.expires_at, now.toISOString()))),
  },
  {
    name: "finished_queue_rows",
    // No row is written any more (queue membership is the players' channels' and the Matchmakers'):
    // this clears what the previous release left, until the table is dropped.
    rule:
      "A quick-match row left by the previous release is deleted an hour after a matchmaker claimed it for a game, " +
      "and a day after its waiting page last called.",
    run: async (db, now) =>
      changes(
        await db
          .delete(matchmakingQueue)
          .where(
            or(
              and(isNotNull(matchmakingQueue.game_id), lt(matchmakingQueue.joined_at, now.getTime() - HOUR)),
              lt(matchmakingQueue.seen_at, now.getTime() - DAY),
            ),
          ),
      ),
  },
  {
    name: "stale_seat_leases",
    // The lease is the player's channel's now: this clears what the previous release left, until the table is dropped.
    rule: "A seat lease left by the previous release (seat_claims) is deleted once it has lapsed.",
    run: async (db, now) => changes(await db.delete(seatClaims).where(lt(seatClaims.expires_at, now.toISOString()))),
  },
  {
    name: "old_period_leaderboards",
    rule: "Weekly and monthly leaderboard rows are deleted a year after their period began; the overall board is kept.",
    run: async (db, now) => {
      const yearAgo = calendarDate(new Date(now.getTime() - 365 * DAY));
      // Board keys sort by their period within each kind (`week:YYYY-MM-DD`, `month:YYYY-MM`).
      return changes(
        await db
          .delete(leaderboardScores)
          .where(
            or(
              and(like(leaderboardScores.board, "week:%"), lt(leaderboardScores.board, `week:${weekStart(yearAgo)}`)),
              and(like(leaderboardScores.board, "month:%"), lt(leaderboardScores.board, `month:${monthOf(yearAgo)}`)),
            ),
          ),
      );
    },
  },
  {
    name: "local_analytics_counts",
    rule: "Local event counts (analytics_hourly, development only) are deleted after 90 days.",
    run: async (db, now) =>
      changes(await db.delete(analyticsHourly).where(lt(analyticsHourly.hour, new Date(now.getTime() - 90 * DAY).toISOString()))),
  },
];

/** Runs every rule at `now`; one failing rule does not stop the others. Answers what each removed, or its error. */
export async function runRetention(db: Database, now: Date): Promise<Record<string, number | string>> {
  const done: Record<string, number | string> = {};
  for (const rule of RETENTION_RULES) {
    try {
      done[rule.name] = await rule.run(db, now);
    } catch (error) {
      done[rule.name] = `failed: ${error instanceof Error ? error.message : String(error)}`;
    }
  }
  return done;
}

/** The rules as text, for the runbook and the admin. */
export const RETENTION_TEXT = RETENTION_RULES.map((rule) => `${rule.name}: ${rule.rule}`);
