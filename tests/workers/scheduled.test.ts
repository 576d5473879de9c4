import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import worker from "../../workers/game-room/src/index";
import { CRONS } from "../../workers/game-room/src/scheduled";
import { RETENTION_RULES } from "../../db/retention";
import { createPlayer, expectLedgerInvariant } from "./helpers";

// The Cron Triggers' handler (workers/game-room/src/index.ts) run at a given clock, as the platform
// runs it: each job against the real migrations.

afterEach(expectLedgerInvariant);
beforeEach(async () => {
  await env.DB.prepare("DELETE FROM scheduled_runs").run();
});

async function trigger(cron: string, at: Date) {
  const ctx = createExecutionContext();
  await worker.scheduled!({ cron, scheduledTime: at.getTime(), noRetry: () => {} } as ScheduledController, env, ctx);
  await waitOnExecutionContext(ctx);
}

const rows = async <T>(query: string, ...binds: unknown[]) =>
  (
    await env.DB.prepare(query)
      .bind(...binds)
      .all<T>()
  ).results;

describe("the hourly ledger audit", () => {
  it("reports a planted mismatch as an error and keeps it for the admins, then moves on", async () => {
    const { user } = await createPlayer("Auditada");
    const honest = await createPlayer("Honesta");
    await env.DB.prepare("UPDATE users SET virtual_coins = virtual_coins + 7 WHERE id = ?").bind(user.id).run();
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const clock = new Date(Date.now() + 60_000);
    try {
      await trigger(CRONS.hourly, clock);
      const lines = errors.mock.calls.map(([line]) => JSON.parse(String(line)));
      expect(lines).toContainEqual(
        expect.objectContaining({ level: "error", event: "ledger_mismatch", userId: user.id, balance: 1007, ledgerSum: 1000 }),
      );
      expect(lines.some((line) => line.userId === honest.user.id)).toBe(false);
    } finally {
      errors.mockRestore();
      await env.DB.prepare("UPDATE users SET virtual_coins = virtual_coins - 7 WHERE id = ?").bind(user.id).run();
    }
    const findings = await rows<Record<string, unknown>>(
      "SELECT user_id, balance, ledger_sum, found_at, resolved_at FROM ledger_audit_findings WHERE user_id = ?",
      user.id,
    );
    expect(findings).toEqual([{ user_id: user.id, balance: 1007, ledger_sum: 1000, found_at: clock.toISOString(), resolved_at: null }]);
    const [mark] = await rows<{ last_run_at: string; detail: string }>(
      "SELECT last_run_at, detail FROM scheduled_runs WHERE job = 'ledger_audit'",
    );
    expect(mark!.last_run_at).toBe(clock.toISOString());

    // The next run looks only at ledger rows written since: nobody new, nothing checked.
    await trigger(CRONS.hourly, new Date(clock.getTime() + 3_600_000));
    const [next] = await rows<{ detail: string }>("SELECT detail FROM scheduled_runs WHERE job = 'ledger_audit'");
    expect(JSON.parse(next!.detail)).toEqual({ since: clock.toISOString(), checked: 0, mismatches: 0 });
  });
});

describe("the daily jobs", () => {
  // 00:10 in São Paulo on 2027-03-10: retention at that clock, and the summary of 2027-03-09.
  const clock = new Date("2027-03-10T03:10:00.000Z");

  it("retention deletes what each rule says has expired, and nothing else", async () => {
    const { user } = await createPlayer("Retida");
    const other = await createPlayer("Mantida");
    const minutes = (n: number) => new Date(clock.getTime() + n * 60_000).toISOString();
    await env.DB.batch([
      env.DB.prepare("INSERT INTO sessions (id, user_id, expires_at) VALUES ('s-expired', ?, ?), ('s-live', ?, ?)").bind(
        user.id,
        minutes(-1),
        user.id,
        minutes(60),
      ),
      env.DB.prepare("INSERT INTO seat_claims (user_id, claim, expires_at) VALUES (?, 'g-old', ?), (?, 'g-new', ?)").bind(
        user.id,
        minutes(-5),
        other.user.id,
        minutes(5),
      ),
      env.DB.prepare(
        "INSERT INTO matchmaking_queue (user_id, queue_key, rating, joined_at, seen_at, game_id) VALUES (?, 'paulista:1v1:casual', 1000, ?, ?, 'g1'), (?, 'paulista:1v1:casual', 1000, ?, ?, NULL)",
      ).bind(
        user.id,
        clock.getTime() - 2 * 3_600_000,
        clock.getTime() - 2 * 3_600_000,
        other.user.id,
        clock.getTime() - 60_000,
        clock.getTime() - 60_000,
      ),
      env.DB.prepare(
        `INSERT INTO leaderboard_scores (board, user_id, points, nickname, user_created_at, day) VALUES
           ('week:2026-03-02', ?1, 10, 'x', '2026-01-01', '2026-03-02'),
           ('month:2026-02', ?1, 10, 'x', '2026-01-01', '2026-02-10'),
           ('week:2026-03-16', ?1, 10, 'x', '2026-01-01', '2026-03-16'),
           ('month:2026-03', ?1, 10, 'x', '2026-01-01', '2026-03-20'),
           ('all', ?1, 1000, 'x', '2026-01-01', '2026-03-20')`,
      ).bind(user.id),
    ]);
    await trigger(CRONS.daily, clock);
    expect(await rows("SELECT id FROM sessions WHERE id IN ('s-expired', 's-live')")).toEqual([{ id: "s-live" }]);
    expect(await rows("SELECT claim FROM seat_claims WHERE claim IN ('g-old', 'g-new')")).toEqual([{ claim: "g-new" }]);
    expect(await rows("SELECT user_id FROM matchmaking_queue WHERE user_id IN (?, ?)", user.id, other.user.id)).toEqual([
      { user_id: other.user.id },
    ]);
    // A year before 2027-03-10 is 2026-03-10 (a Tuesday): its week began 2026-03-09, its month is 2026-03.
    expect(
      (await rows<{ board: string }>("SELECT board FROM leaderboard_scores WHERE user_id = ? ORDER BY board", user.id)).map((r) => r.board),
    ).toEqual(["all", "month:2026-03", "week:2026-03-16"]);
    await env.DB.prepare("DELETE FROM matchmaking_queue WHERE user_id = ?").bind(other.user.id).run();
    await env.DB.prepare("DELETE FROM seat_claims WHERE user_id = ?").bind(other.user.id).run();
  });

  it("every retention rule states its rule", () => {
    expect(RETENTION_RULES.map((rule) => rule.name)).toEqual(
      expect.arrayContaining(["expired_sessions", "finished_queue_rows", "stale_seat_leases", "old_period_leaderboards"]),
    );
    for (const rule of RETENTION_RULES) expect(rule.rule.length).toBeGreaterThan(20);
  });

  it("writes yesterday's summary row, and a rerun replaces it", async () => {
    const { user } = await createPlayer("Resumo");
    const inDay = "2027-03-09T15:00:00.000Z";
    const nextDay = "2027-03-10T04:00:00.000Z";
    await env.DB.prepare(
      `INSERT INTO games (id, game_code, status, game_type, game_mode, truco_variant, entry_cost, created_by, started_at, completed_at) VALUES
         ('sum-1', 'SUMAA1', 'completed', '1v1', 'casual', 'paulista', 50, ?1, ?2, ?2),
         ('sum-2', 'SUMAA2', 'completed', '1v1', 'casual', 'paulista', 50, ?1, ?2, ?3),
         ('sum-3', 'SUMAA3', 'completed', '1v1', 'casual', 'paulista', 50, ?1, ?3, ?3)`,
    )
      .bind(user.id, inDay, nextDay)
      .run();
    await trigger(CRONS.daily, clock);
    const [summary] = await rows<Record<string, unknown>>("SELECT * FROM daily_summaries WHERE day = '2027-03-09'");
    expect(summary).toMatchObject({ day: "2027-03-09", games_started: 2, games_completed: 1, revenue_cents: 0 });
    await env.DB.prepare("UPDATE games SET completed_at = ?1 WHERE id = 'sum-2'").bind(inDay).run();
    await trigger(CRONS.daily, clock);
    const again = await rows<Record<string, unknown>>("SELECT games_completed FROM daily_summaries WHERE day = '2027-03-09'");
    expect(again).toEqual([{ games_completed: 2 }]);
  });

  it("an unknown cron runs nothing and says so", async () => {
    const warnings = vi.spyOn(console, "warn").mockImplementation(() => {});
    await trigger("0 0 1 1 *", clock);
    expect(JSON.parse(String(warnings.mock.calls[0]![0]))).toMatchObject({ event: "scheduled_unknown_cron", cron: "0 0 1 1 *" });
    warnings.mockRestore();
  });
});
