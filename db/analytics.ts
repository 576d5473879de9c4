import { sql } from "drizzle-orm";
import type { Database } from "./client";
import { analyticsHourly } from "./schema";

// Game and money events: in production one Analytics Engine data point each (the
// ANALYTICS binding), which the admin's "Operações" tab reads back per hour through the SQL API;
// in development and tests a count per hour and event in D1 (analytics_hourly), which the same tab
// reads, so it shows local data. Writing a data point is fire-and-forget and costs no round trip.

export const ANALYTICS_EVENTS = [
  "game_started",
  "move",
  "game_settled",
  "settlement_retried",
  "socket_closed_for_abuse",
  "coins_purchased",
  "error",
] as const;
export type AnalyticsEvent = (typeof ANALYTICS_EVENTS)[number];

/** The events the "Operações" tab charts, per hour. */
export const CHARTED_EVENTS = ["game_started", "move", "error", "game_settled"] as const satisfies readonly AnalyticsEvent[];

/** What a Worker's env offers for events: the dataset in production, D1 elsewhere. */
export interface AnalyticsBindings {
  APP_ENV?: unknown;
  ANALYTICS?: AnalyticsEngineDataset;
}

export interface EventDetail {
  /** A game's variant or a payment's kind: the one label charts may split by. */
  label?: string;
  /** Coins moved, where the event moves some. */
  amount?: number;
  /** How many of the event this point stands for (moves are counted a hand at a time); 1 by default. */
  count?: number;
}

/** The hour an instant falls in, as analytics_hourly keys it. */
export function hourOf(at: Date): string {
  const hour = new Date(at);
  hour.setUTCMinutes(0, 0, 0);
  return hour.toISOString();
}

/**
 * Records one event. Data point layout (the SQL API reads it so): blob1 the event, blob2 the
 * label; double1 the count (1, or a hand's moves), double2 the amount; index1 the event (the sampling key).
 * Locally the promise is the D1 write; hand it to waitUntil where the caller cannot wait.
 */
export function recordEvent(
  env: AnalyticsBindings,
  db: Database,
  event: AnalyticsEvent,
  detail: EventDetail = {},
  now: Date = new Date(),
): Promise<void> {
  if (env.APP_ENV === "production" && env.ANALYTICS) {
    env.ANALYTICS.writeDataPoint({
      blobs: [event, detail.label ?? ""],
      doubles: [detail.count ?? 1, detail.amount ?? 0],
      indexes: [event],
    });
    return Promise.resolve();
  }
  return db
    .insert(analyticsHourly)
    .values({ hour: hourOf(now), event, count: detail.count ?? 1 })
    .onConflictDoUpdate({
      target: [analyticsHourly.hour, analyticsHourly.event],
      set: { count: sql`${analyticsHourly.count} + ${detail.count ?? 1}` },
    })
    .then(() => undefined);
}

/** The SQL API's query for the last `hours` hours of charted events in `dataset` (a name from the config, never user input). */
export function hourlyEventsQuery(dataset: string, hours: number): string {
  if (!/^[A-Za-z0-9_]+$/.test(dataset)) throw new Error(`Bad dataset name ${dataset}`);
  const events = CHARTED_EVENTS.map((event) => `'${event}'`).join(", ");
  return (
    `SELECT toStartOfHour(timestamp) AS hour, blob1 AS event, SUM(_sample_interval * double1) AS count ` +
    `FROM ${dataset} WHERE timestamp > NOW() - INTERVAL '${Math.trunc(hours)}' HOUR AND blob1 IN (${events}) ` +
    `GROUP BY hour, event ORDER BY hour FORMAT JSON`
  );
}
