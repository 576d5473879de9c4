import { and, eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { users, type User } from "../../db/schema";
import { dailyRewardFor, nextStreakDay, rewardDate } from "~/utils/daily-reward";
import type { Database } from "../../db/client";
import { isUniqueViolation, movementStatements } from "../../db/ledger";
import { refusal, type Outcome } from "./http.server";
import { serverT } from "./i18n.server";
import { isPremium } from "./users.server";

export type DailyRewardOutcome = { status: "claimed"; coins_awarded: number; streak_day: number } | { status: "already_claimed" };

export function dailyRewardKey(userId: string, date: string): string {
  return `daily:${userId}:${date}`;
}

/**
 * Pays today's reward (DESIGN.md §5) once. The ledger row, keyed by the São
 * Paulo calendar date, and the user's last claim date and streak are one
 * batch: a second claim of the same day, even a concurrent one, hits the
 * UNIQUE key and the whole batch is rolled back. `now` is the clock, so tests
 * can claim on any day.
 */
export async function claimDailyReward(db: Database, user: User, now: Date = new Date()): Promise<DailyRewardOutcome> {
  const today = rewardDate(now);
  if (user.last_daily_reward_at === today) return { status: "already_claimed" };
  const streakDay = nextStreakDay(user.last_daily_reward_at, user.daily_streak, today);
  const premium = isPremium(user, now);
  const coins = dailyRewardFor(streakDay, premium);
  const statements = [
    ...movementStatements(db, {
      userId: user.id,
      amount: coins,
      type: "daily_reward",
      description: premium ? `Recompensa diária (dia ${streakDay}, Premium em dobro)` : `Recompensa diária (dia ${streakDay})`,
      key: dailyRewardKey(user.id, today),
    }),
    db
      .update(users)
      .set({ last_daily_reward_at: today, daily_streak: streakDay })
      // Never move the claim date backwards (a clock that jumped back).
      .where(and(eq(users.id, user.id), sql`COALESCE(${users.last_daily_reward_at}, '') < ${today}`)),
  ];
  try {
    await db.batch(statements as unknown as [BatchItem<"sqlite">]);
  } catch (error) {
    if (isUniqueViolation(error)) return { status: "already_claimed" };
    throw error;
  }
  return { status: "claimed", coins_awarded: coins, streak_day: streakDay };
}

/** Today's reward as `POST /api/users/daily-reward` and the banner's form both answer it. */
export async function claimDailyRewardFor(
  db: Database,
  request: Request,
  user: User,
): Promise<Outcome<{ coins_awarded: number; streak_day: number }>> {
  const outcome = await claimDailyReward(db, user);
  if (outcome.status === "already_claimed") {
    const t = await serverT(request);
    return refusal(409, t("payments:dailyAlreadyClaimed"));
  }
  return { ok: true, data: { coins_awarded: outcome.coins_awarded, streak_day: outcome.streak_day } };
}
