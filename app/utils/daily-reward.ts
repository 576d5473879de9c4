// The daily reward rules of DESIGN.md §5, shared by the banner and the server:
// one claim per calendar day in São Paulo; a streak of consecutive days; 100
// coins on day 1, 20 more each day, 220 from day 7 on; premium doubles it.

export const DAILY_REWARD_TIME_ZONE = "America/Sao_Paulo";
export const DAILY_REWARD_BASE = 100;
export const DAILY_REWARD_STEP = 20;
export const DAILY_REWARD_MAX_DAY = 7;

/** The calendar date (YYYY-MM-DD) of an instant in São Paulo. */
export function rewardDate(now: Date): string {
  // en-CA formats as YYYY-MM-DD.
  return new Intl.DateTimeFormat("en-CA", {
    timeZone: DAILY_REWARD_TIME_ZONE,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(now);
}

/** The calendar date before a YYYY-MM-DD date. */
export function previousDate(date: string): string {
  const [year, month, day] = date.split("-").map(Number);
  return new Date(Date.UTC(year, month - 1, day - 1)).toISOString().slice(0, 10);
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
