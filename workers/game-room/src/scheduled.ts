import { calendarDate, previousDate } from "../../../game/calendar";
import { createDb } from "../../../db/client";
import { summariseDay } from "../../../db/daily-summary";
import { auditLedger } from "../../../db/ledger-audit";
import { measureCurrentCuts } from "../../../db/leaderboard";
import { logLine } from "../../../db/observability";
import { runRetention } from "../../../db/retention";
import type { RoomEnv } from "./env";

// The Cron Triggers' jobs (wrangler.toml [triggers]; Pages has none, so this Worker runs them for
// the whole product). Each job's clock is the trigger's scheduled time, so a test runs them at any
// instant it likes.

/** The two schedules, as wrangler.toml lists them (tests/unit/ops/scheduled-config.test.ts keeps them equal). */
export const CRONS = {
  /** Every hour: the ledger audit and the leaderboards' percentile cuts. */
  hourly: "7 * * * *",
  /** Every day at 03:10 UTC (00:10 in São Paulo): retention and yesterday's summary. */
  daily: "10 3 * * *",
} as const;

export type JobName = "ledger_audit" | "leaderboard_cuts" | "retention" | "daily_summary";

/** The jobs a cron expression runs. */
export function jobsOf(cron: string): JobName[] {
  if (cron === CRONS.hourly) return ["ledger_audit", "leaderboard_cuts"];
  if (cron === CRONS.daily) return ["retention", "daily_summary"];
  return [];
}

/** Runs one job at `now`; answers what it did. */
export async function runJob(job: JobName, env: Pick<RoomEnv, "DB">, now: Date): Promise<Record<string, unknown>> {
  const db = createDb(env.DB);
  switch (job) {
    case "ledger_audit": {
      const audit = await auditLedger(db, now);
      return { since: audit.since, checked: audit.checked, mismatches: audit.mismatches.length };
    }
    case "leaderboard_cuts":
      return measureCurrentCuts(db, now);
    case "retention":
      return runRetention(db, now);
    case "daily_summary": {
      const summary = await summariseDay(db, previousDate(calendarDate(now)));
      return { ...summary };
    }
  }
}

/** The scheduled handler's work: each job of the cron, one log line each; a failing job is logged and the next still runs. */
export async function runScheduled(cron: string, env: Pick<RoomEnv, "DB">, now: Date): Promise<Record<string, unknown>> {
  const jobs = jobsOf(cron);
  if (!jobs.length) logLine("warn", "scheduled_unknown_cron", { cron }, now);
  const results: Record<string, unknown> = {};
  for (const job of jobs) {
    try {
      results[job] = await runJob(job, env, now);
      logLine("info", "scheduled_job", { job, cron, result: JSON.stringify(results[job]) }, now);
    } catch (error) {
      results[job] = { failed: String(error) };
      logLine("error", "scheduled_job_failed", { job, cron, error: String(error) }, now);
    }
  }
  return results;
}
