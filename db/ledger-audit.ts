import { eq, sql } from "drizzle-orm";
import type { Database } from "./client";
import { logLine } from "./observability";
import { ledgerAuditFindings, scheduledRuns } from "./schema";

// The ledger audit (DESIGN.md §4, invariant L1: users.virtual_coins == SUM(coin_transactions.amount)),
// run every hour by the room Worker's scheduled handler over the players whose ledger changed since
// its last run. A mismatch is logged as an error (an alert in Workers Logs and Sentry) and kept in
// ledger_audit_findings, which the admin's "Operações" tab lists until it is resolved.

export const LEDGER_AUDIT_JOB = "ledger_audit";
/** Where a first audit starts: the whole ledger. */
const BEGINNING = "1970-01-01T00:00:00.000Z";

export interface LedgerFinding {
  userId: string;
  balance: number;
  ledgerSum: number;
}

export interface LedgerAuditResult {
  since: string;
  checked: number;
  mismatches: LedgerFinding[];
}

/**
 * Audits the players whose ledger has rows written after the last run (up to `now`), records what
 * it found and moves the mark to `now`, in one batch. One statement reads them, through the
 * ledger's created_at and user indexes.
 */
export async function auditLedger(db: Database, now: Date): Promise<LedgerAuditResult> {
  const until = now.toISOString();
  const last = await db.select({ at: scheduledRuns.last_run_at }).from(scheduledRuns).where(eq(scheduledRuns.job, LEDGER_AUDIT_JOB)).get();
  const since = last?.at ?? BEGINNING;
  const rows = await db.all<{ user_id: string; balance: number; ledger_sum: number; mismatch: number }>(sql`
    SELECT s.user_id AS user_id, u.virtual_coins AS balance, s.total AS ledger_sum, u.virtual_coins <> s.total AS mismatch
    FROM (
      SELECT user_id, SUM(amount) AS total FROM coin_transactions
      WHERE user_id IN (SELECT DISTINCT user_id FROM coin_transactions WHERE created_at > ${since} AND created_at <= ${until})
      GROUP BY user_id
    ) AS s
    JOIN users AS u ON u.id = s.user_id
  `);
  const mismatches = rows
    .filter((row) => row.mismatch)
    .map((row) => ({ userId: row.user_id, balance: row.balance, ledgerSum: row.ledger_sum }));
  for (const found of mismatches) logLine("error", "ledger_mismatch", { ...found }, now);
  const detail = JSON.stringify({ since, checked: rows.length, mismatches: mismatches.length });
  const mark = db
    .insert(scheduledRuns)
    .values({ job: LEDGER_AUDIT_JOB, last_run_at: until, detail })
    .onConflictDoUpdate({ target: scheduledRuns.job, set: { last_run_at: until, detail } });
  if (mismatches.length) {
    const findings = db
      .insert(ledgerAuditFindings)
      .values(mismatches.map((found) => ({ user_id: found.userId, balance: found.balance, ledger_sum: found.ledgerSum, found_at: until })));
    await db.batch([findings, mark]);
  } else {
    await mark;
  }
  return { since, checked: rows.length, mismatches };
}
