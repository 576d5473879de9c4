// The daily reward rules of DESIGN.md §5, shared by the banner and the server:
// one claim per calendar day in São Paulo; a streak of consecutive days; 100
// coins on day 1, 20 more each day, 220 from day 7 on; premium doubles it.

import { calendarDate, previousDate, PRODUCT_TIME_ZONE } from "../../game/calendar";

export { previousDate };
export const DAILY_REWARD_TIME_ZONE = PRODUCT_TIME_ZONE;
export const DAILY_REWARD_BASE = 100;
export const DAILY_REWARD_STEP = 20;
export const DAILY_REWARD_MAX_DAY = 7;

/** The calendar date (YYYY-MM-DD) of an instant in São Paulo (game/calendar.ts, which the leaderboard's weeks share). */
export function rewardDate(now: Date): string {
  return calendarDate(now);
}

export function rewardClaimedOn(lastClaim: string | null, today: string): boolean {
  return lastClaim === today;
}

/** The streak day a claim today would be: the next one after yesterday's claim, else day 1. */
export function nextStreakDay(lastClaim: string | null, streak: number, today: string): number {
  return lastClaim === previousDate(today) ? Math.max(streak, 0) + 1 : 1;
}

export function dailyRewardFor(streakDay: number, premium: boolean): number {
  const day = Math.min(Math.max(streakDay, 1), DAILY_REWARD_MAX_DAY);
  const coins = DAILY_REWARD_BASE + DAILY_REWARD_STEP * (day - 1);
  return premium ? coins * 2 : coins;
}
