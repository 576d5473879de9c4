import { env } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import { claimDailyReward } from "~/services/daily-reward.server";
import { dailyRewardFor, rewardDate } from "~/utils/daily-reward";
import { call, createPlayer, expectLedgerInvariant, testContext, userRow } from "./helpers";
import { countRows } from "./payment-helpers";

afterEach(expectLedgerInvariant);

/** Noon in São Paulo on a given day of March 2026 (UTC−3). */
const spNoon = (day: number) => new Date(Date.UTC(2026, 2, day, 15, 0, 0));

async function claimAt(userId: string, now: Date) {
  const { db } = testContext();
  const user = (await userRow(userId))!;
  return claimDailyReward(db, user, now);
}

describe("POST /api/users/daily-reward", () => {
  it("pays 100 coins on day 1, records today's São Paulo date, and refuses a second claim", async () => {
    const { user, cookie } = await createPlayer("Diario");
    const response = await call("/api/users/daily-reward", { method: "POST", cookie });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ coins_awarded: 100, streak_day: 1 });
    const row = await userRow(user.id);
    expect(row?.virtual_coins).toBe(1100);
    expect(row?.last_daily_reward_at).toBe(rewardDate(new Date()));
    expect(row?.daily_streak).toBe(1);

    const again = await call("/api/users/daily-reward", { method: "POST", cookie });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ error: "Você já coletou a recompensa de hoje" });
    expect((await userRow(user.id))?.virtual_coins).toBe(1100);

    const me = await (await call("/api/users/me", { cookie })).json<{ last_daily_reward_at: string }>();
    expect(me.last_daily_reward_at).toBe(rewardDate(new Date()));
  });

  it("pays once when ten claims arrive at the same time", async () => {
    const { user, cookie } = await createPlayer("Apressado");
    const responses = await Promise.all(Array.from({ length: 10 }, () => call("/api/users/daily-reward", { method: "POST", cookie })));
    expect(responses.filter((r) => r.status === 200)).toHaveLength(1);
    expect(responses.filter((r) => r.status === 409)).toHaveLength(9);
    expect((await userRow(user.id))?.virtual_coins).toBe(1100);
    expect(
      await countRows("SELECT COUNT(*) AS n FROM coin_transactions WHERE user_id = ? AND transaction_type = 'daily_reward'", user.id),
    ).toBe(1);
  });

  it("answers 401 signed out and 403 from another origin, paying nothing", async () => {
    expect((await call("/api/users/daily-reward", { method: "POST" })).status).toBe(401);
    const { user, cookie } = await createPlayer("Origem");
    expect((await call("/api/users/daily-reward", { method: "POST", cookie, origin: "https://evil.example" })).status).toBe(403);
    expect((await userRow(user.id))?.virtual_coins).toBe(1000);
  });
});

describe("the streak (injected clock)", () => {
  it("grows by 20 a day on consecutive days and stays at 220 from day 7", async () => {
    const { user } = await createPlayer("Sequencia");
    const paid: Array<[number, number]> = [];
    for (let day = 1; day <= 9; day++) {
      const outcome = await claimAt(user.id, spNoon(day));
      if (outcome.status !== "claimed") throw new Error(`day ${day} not claimed`);
      paid.push([outcome.streak_day, outcome.coins_awarded]);
    }
    expect(paid).toEqual([
      [1, 100],
      [2, 120],
      [3, 140],
      [4, 160],
      [5, 180],
      [6, 200],
      [7, 220],
      [8, 220],
      [9, 220],
    ]);
    expect((await userRow(user.id))?.virtual_coins).toBe(1000 + 100 + 120 + 140 + 160 + 180 + 200 + 220 * 3);
    const keys = await env.DB.prepare(
      "SELECT idempotency_key FROM coin_transactions WHERE user_id = ? AND transaction_type = 'daily_reward' ORDER BY id",
    )
      .bind(user.id)
      .all<{ idempotency_key: string }>();
    expect(keys.results[0].idempotency_key).toBe(`daily:${user.id}:2026-03-01`);
  });

  it("restarts at day 1 after a missed day", async () => {
    const { user } = await createPlayer("Faltou");
    expect(await claimAt(user.id, spNoon(1))).toMatchObject({ streak_day: 1 });
    expect(await claimAt(user.id, spNoon(2))).toMatchObject({ streak_day: 2, coins_awarded: 120 });
    expect(await claimAt(user.id, spNoon(4))).toMatchObject({ streak_day: 1, coins_awarded: 100 });
    expect(await claimAt(user.id, spNoon(5))).toMatchObject({ streak_day: 2, coins_awarded: 120 });
    expect((await userRow(user.id))?.daily_streak).toBe(2);
  });

  it("counts days in São Paulo: 23:30 and 00:30 local are two days; 00:30 and 20:00 are one", async () => {
    const { user } = await createPlayer("Fuso");
    // 2026-03-10 02:30 UTC is 23:30 on the 9th in São Paulo.
    expect(await claimAt(user.id, new Date("2026-03-10T02:30:00Z"))).toMatchObject({ status: "claimed", streak_day: 1 });
    expect((await userRow(user.id))?.last_daily_reward_at).toBe("2026-03-09");
    // 03:30 UTC is 00:30 on the 10th there: a new day, the streak goes on.
    expect(await claimAt(user.id, new Date("2026-03-10T03:30:00Z"))).toMatchObject({ status: "claimed", streak_day: 2 });
    // 23:00 UTC on the 10th is still the 10th there (20:00).
    expect(await claimAt(user.id, new Date("2026-03-10T23:00:00Z"))).toEqual({ status: "already_claimed" });
  });

  it("doubles the reward for premium players", async () => {
    const { user } = await createPlayer("Premium");
    await env.DB.prepare("UPDATE users SET premium_until = ? WHERE id = ?").bind("2999-01-01T00:00:00.000Z", user.id).run();
    expect(await claimAt(user.id, spNoon(1))).toMatchObject({ streak_day: 1, coins_awarded: 200 });
    for (let day = 2; day <= 6; day++) await claimAt(user.id, spNoon(day));
    expect(await claimAt(user.id, spNoon(7))).toMatchObject({ streak_day: 7, coins_awarded: 440 });
    // An expired premium is not premium.
    await env.DB.prepare("UPDATE users SET premium_until = ? WHERE id = ?").bind("2000-01-01T00:00:00.000Z", user.id).run();
    expect(await claimAt(user.id, spNoon(8))).toMatchObject({ streak_day: 8, coins_awarded: 220 });
  });

  it("the formula: 100 + 20 per day up to day 7, doubled for premium", () => {
    expect([1, 2, 6, 7, 8, 30].map((day) => dailyRewardFor(day, false))).toEqual([100, 120, 200, 220, 220, 220]);
    expect(dailyRewardFor(3, true)).toBe(280);
  });
});
