import type { Bracket } from "./bracket";
import { championOf, standings } from "./bracket";

// The prize split (ADR 066): of the pool (fees collected + guaranteed prize), 60% to the
// champion, 30% to the runner-up, 5% to each semi-finalist. A share with nobody to take it (a
// walkover final, a void semi-final) and the rounding remainder go to the champion, so the prizes
// always sum to the pool. A player who went out without playing (a forfeit, a void match) takes
// no prize: their share goes to the champion too. A pair splits its share evenly, the odd coin to its first member.
// Without a champion (every remaining player gone) nobody is paid: every fee is returned instead.

export const PRIZE_SHARES: Readonly<Record<number, number>> = { 1: 60, 2: 30, 3: 5 };

export function prizePool(feesCollected: number, guaranteed: number): number {
  return feesCollected + guaranteed;
}

/** Coins per user id; empty without a champion. Sums to `pool` exactly when there is one. */
export function prizeSplit(bracket: Bracket, pool: number): Map<string, number> {
  const champion = championOf(bracket);
  const prizes = new Map<string, number>();
  if (champion === null || pool <= 0) return prizes;
  const byEntrant = new Map<string, number>();
  let paid = 0;
  for (const line of standings(bracket)) {
    const share = line.place === null || line.absent ? 0 : (PRIZE_SHARES[line.place] ?? 0);
    const amount = Math.floor((pool * share) / 100);
    if (amount <= 0) continue;
    byEntrant.set(line.entrant, amount);
    paid += amount;
  }
  byEntrant.set(champion, (byEntrant.get(champion) ?? 0) + pool - paid);
  for (const [entrantId, amount] of byEntrant) {
    const members = bracket.entrants.find((e) => e.id === entrantId)!.members;
    const each = Math.floor(amount / members.length);
    members.forEach((member, i) => prizes.set(member, (prizes.get(member) ?? 0) + each + (i === 0 ? amount - each * members.length : 0)));
  }
  return prizes;
}
