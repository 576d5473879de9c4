// What can be bought (spec §3), shared by the purchase modal and the server.
// The server is the authority: it refuses a checkout whose amount is not the
// price below. Prices are in US cents (spec §9: price × 100). No zod here, so
// pages that show the catalogue do not pull the validation library.

export interface CoinPack {
  id: number;
  coins: number;
  bonus: number;
  priceCents: number;
}

export const COIN_PACKS: readonly CoinPack[] = [
  { id: 1, coins: 1000, bonus: 0, priceCents: 499 },
  { id: 2, coins: 2500, bonus: 500, priceCents: 999 },
  { id: 3, coins: 5500, bonus: 1500, priceCents: 1999 },
  { id: 4, coins: 12000, bonus: 4000, priceCents: 3999 },
  { id: 5, coins: 25000, bonus: 10000, priceCents: 7999 },
] as const;

export const PLAN_TYPES = ["monthly", "yearly"] as const;
export type PlanType = (typeof PLAN_TYPES)[number];

export interface PremiumPlan {
  type: PlanType;
  priceCents: number;
  interval: "month" | "year";
}

export const PREMIUM_PLANS: readonly PremiumPlan[] = [
  { type: "monthly", priceCents: 999, interval: "month" },
  { type: "yearly", priceCents: 9999, interval: "year" },
] as const;

/** What premium gives (DESIGN.md §5); there are no ads to remove. */
export const PREMIUM_FEATURES = ["exclusiveTables", "avatarFrames", "prioritySupport", "doubleDailyReward"] as const;

export const CURRENCY = "usd";

export function findPack(id: number): CoinPack | undefined {
  return COIN_PACKS.find((pack) => pack.id === id);
}

export function findPlan(type: string): PremiumPlan | undefined {
  return PREMIUM_PLANS.find((plan) => plan.type === type);
}

/** Coins credited for a pack: its coins plus its bonus. */
export function packTotal(pack: CoinPack): number {
  return pack.coins + pack.bonus;
}

/** The yearly plan against twelve monthly payments, rounded: 17%. */
export function yearlySavingPercent(): number {
  const monthly = findPlan("monthly")!.priceCents;
  const yearly = findPlan("yearly")!.priceCents;
  return Math.round((1 - yearly / (monthly * 12)) * 100);
}

export function formatPrice(cents: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: "currency", currency: CURRENCY.toUpperCase() }).format(cents / 100);
}
