import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, desc, eq, gte, isNotNull, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { CHARTED_EVENTS, hourlyEventsQuery, hourOf } from "../../db/analytics";
import { analyticsHourly, dailySummaries, games, ledgerAuditFindings, scheduledRuns, users } from "../../db/schema";

// The admin's "Operações" tab: games started, moves, errors and settlements per hour
// over the last day, the ledger audit's open findings, the scheduled jobs' last runs and the daily
// summaries. In production the hourly figures come from the Analytics Engine SQL API; elsewhere
// from local data: the games table for games started and settled, and the local event counts
// (analytics_hourly) for moves and errors.

export const OPERATIONS_HOURS = 24;
export type ChartedEvent = (typeof CHARTED_EVENTS)[number];
export type HourRow = { hour: string } & Record<ChartedEvent, number>;

const SqlApiAnswerSchema = z.object({
  data: z.array(z.object({ hour: z.string(), event: z.string(), count: z.coerce.number() })),
});

/** The last `hours` hours, oldest first, every event at 0. */
function emptyHours(now: Date, hours: number): HourRow[] {
  const last = new Date(hourOf(now)).getTime();
  return Array.from({ length: hours }, (_, i) => {
    const hour = new Date(last - (hours - 1 - i) * 3_600_000).toISOString();
    return { hour, game_started: 0, move: 0, error: 0, game_settled: 0 };
  });
}

function fill(rows: HourRow[], counts: { hour: string; event: string; count: number }[]) {
  const byHour = new Map(rows.map((row) => [row.hour, row]));
  for (const { hour, event, count } of counts) {
    const row = byHour.get(hourOf(new Date(hour.includes("T") ? hour : `${hour.replace(" ", "T")}Z`)));
    if (row && (CHARTED_EVENTS as readonly string[]).includes(event)) row[event as ChartedEvent] += count;
  }
  return rows;
}

async function fromAnalyticsEngine(context: AppLoadContext, since: Date) {
  const { ANALYTICS_ACCOUNT_ID: account, ANALYTICS_API_TOKEN: token, ANALYTICS_DATASET: dataset } = context.env;
  if (!account || !token || !dataset) throw new Error("ANALYTICS_ACCOUNT_ID, ANALYTICS_API_TOKEN and ANALYTICS_DATASET are not all set");
  const hours = Math.ceil((Date.now() - since.getTime()) / 3_600_000);
  const response = await fetch(`https://api.cloudflare.com/client/v4/accounts/${account}/analytics_engine/sql`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}` },
    body: hourlyEventsQuery(dataset, hours),
  });
  if (!response.ok) throw new Error(`the Analytics Engine SQL API answered ${response.status}`);
  return SqlApiAnswerSchema.parse(await response.json()).data;
}

async function fromLocalData(context: AppLoadContext, since: Date) {
  const { db } = context;
  const from = since.toISOString();
  const perHour = (column: typeof games.started_at | typeof games.settled_at) => sql<string>`strftime('%Y-%m-%dT%H:00:00.000Z', ${column})`;
  const [started, settled, counted] = await db.batch([
    db
      .select({ hour: perHour(games.started_at), count: sql<number>`count(*)` })
      .from(games)
      .where(and(isNotNull(games.started_at), gte(games.started_at, from)))
      .groupBy(perHour(games.started_at)),
    db
      .select({ hour: perHour(games.settled_at), count: sql<number>`count(*)` })
      .from(games)
      .where(and(isNotNull(games.settled_at), gte(games.settled_at, from)))
      .groupBy(perHour(games.settled_at)),
    db
      .select({ hour: analyticsHourly.hour, event: analyticsHourly.event, count: analyticsHourly.count })
      .from(analyticsHourly)
      .where(gte(analyticsHourly.hour, from)),
  ]);
  return [
    ...started.map((row) => ({ ...row, event: "game_started" })),
    ...settled.map((row) => ({ ...row, event: "game_settled" })),
    // The games table already answers for these two.
    ...counted.filter((row) => row.event !== "game_started" && row.event !== "game_settled"),
  ];
}

export async function operationsData(context: AppLoadContext, now = new Date()) {
  const { db } = context;
  const hours = emptyHours(now, OPERATIONS_HOURS);
  const since = new Date(hours[0]!.hour);
  const production = context.env.APP_ENV === "production";
  let sourceError: string | null = null;
  try {
    fill(hours, production ? await fromAnalyticsEngine(context, since) : await fromLocalData(context, since));
  } catch (error) {
    sourceError = error instanceof Error ? error.message : String(error);
  }
  const [findings, runs, summaries] = await db.batch([
    db
      .select({
        id: ledgerAuditFindings.id,
        user_id: ledgerAuditFindings.user_id,
        nickname: users.nickname,
        balance: ledgerAuditFindings.balance,
        ledger_sum: ledgerAuditFindings.ledger_sum,
        found_at: ledgerAuditFindings.found_at,
      })
      .from(ledgerAuditFindings)
      .leftJoin(users, eq(users.id, ledgerAuditFindings.user_id))
      .where(isNull(ledgerAuditFindings.resolved_at))
      .orderBy(desc(ledgerAuditFindings.found_at))
      .limit(50),
    db.select().from(scheduledRuns).orderBy(scheduledRuns.job),
    db.select().from(dailySummaries).orderBy(desc(dailySummaries.day)).limit(14),
  ]);
  return { source: production ? ("analytics-engine" as const) : ("local" as const), sourceError, hours, findings, runs, summaries };
}
