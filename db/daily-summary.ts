import { and, count, countDistinct, eq, gte, lt, sql, sum } from "drizzle-orm";
import type { CalendarDate } from "../game/calendar";
import type { Database } from "./client";
import { coinTransactions, dailySummaries, gamePlayers, games, payments, users } from "./schema";

// The admin's daily statistics: one row per São Paulo day (DESIGN.md §5's calendar), written by the
// room Worker's daily scheduled job once the day is over. A rerun replaces the row.

/** The UTC instants a São Paulo calendar day runs between (Brazil keeps UTC−3 all year). */
export function dayBounds(day: CalendarDate): { from: string; to: string } {
  const from = new Date(`${day}T00:00:00.000-03:00`);
  const to = new Date(from.getTime() + 24 * 3_600_000);
  return { from: from.toISOString(), to: to.toISOString() };
}

export type DailySummary = typeof dailySummaries.$inferSelect;

/** Counts `day` and writes its row; answers the row. */
export async function summariseDay(db: Database, day: CalendarDate): Promise<DailySummary> {
  const { from, to } = dayBounds(day);
  const within = (column: Parameters<typeof gte>[0]) => and(gte(column, from), lt(column, to));
  const [newUsers, active, started, completed, purchased, revenue] = await db.batch([
    db.select({ n: count() }).from(users).where(within(users.created_at)),
    db
      .select({ n: countDistinct(gamePlayers.user_id) })
      .from(gamePlayers)
      .where(within(gamePlayers.joined_at)),
    db.select({ n: count() }).from(games).where(within(games.started_at)),
    db.select({ n: count() }).from(games).where(within(games.completed_at)),
    db
      .select({ n: sum(coinTransactions.amount) })
      .from(coinTransactions)
      .where(and(eq(coinTransactions.transaction_type, "purchase"), within(coinTransactions.created_at))),
    db
      .select({ n: sum(payments.amount_cents) })
      .from(payments)
      .where(and(eq(payments.status, "paid"), within(payments.completed_at))),
  ]);
  const row = {
    day,
    new_users: Number(newUsers[0]?.n ?? 0),
    active_players: Number(active[0]?.n ?? 0),
    games_started: Number(started[0]?.n ?? 0),
    games_completed: Number(completed[0]?.n ?? 0),
    coins_purchased: Number(purchased[0]?.n ?? 0),
    revenue_cents: Number(revenue[0]?.n ?? 0),
  };
  const [written] = await db
    .insert(dailySummaries)
    .values(row)
    .onConflictDoUpdate({ target: dailySummaries.day, set: { ...row, created_at: sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))` } })
    .returning();
  return written!;
}
