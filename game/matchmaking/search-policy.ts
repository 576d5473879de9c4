import type { QueueMode } from "./pairing";

// What a player alone in a quick-match queue is told and offered while they wait, as pure
// functions of the time waited, their choices and the queue's recent matches. The matchmaker
// (matchmaker-host.ts) pushes the result on the player's channel when it changes; the waiting page
// (app/routes/match.tsx) shows it, and ticks the same functions between pushes.
//
// Casual: the computer is offered at 20 s. Ranked: the rating band already widens by itself (see
// `allowedGap`); at 30 s the player is offered a wider search (any rating difference they accept),
// and at 60 s a game against the computer, which is practice: it is a casual game with no entry
// and no ranking points, and the player keeps their place in the ranked queue.

/** A casual player alone this long is offered a game against the computer (keeping their place). */
export const BOTS_OFFER_MS = 20_000;
/** A ranked player waiting this long is offered a wider search (any rating difference on their side). */
export const RANKED_WIDEN_OFFER_MS = 30_000;
/** A ranked player waiting this long is offered a practice game against the computer (keeping their place). */
export const RANKED_BOTS_OFFER_MS = 60_000;

/** The waits a queue remembers to estimate the next one (the most recent matches' players). */
export const RECENT_WAITS_KEPT = 20;
/** Estimates are rounded up to this step: a number that does not flicker as matches come. */
export const ESTIMATE_STEP_MS = 5_000;
export const ESTIMATE_MIN_MS = 5_000;
export const ESTIMATE_MAX_MS = 10 * 60_000;

/** What the page offers now. */
export interface SearchOffers {
  /** Ranked only: the button that widens the search to any rating difference. */
  widen: boolean;
  /** A game against the computer while keeping the place (practice: no entry, no ranking points). */
  bots: boolean;
}

/** The offers for a player who has waited `waitedMs` (`widened`: they already took the wider search). */
export function searchOffers(mode: QueueMode, waitedMs: number, widened: boolean): SearchOffers {
  const waited = Math.max(0, waitedMs);
  if (mode === "casual") return { widen: false, bots: waited >= BOTS_OFFER_MS };
  return { widen: !widened && waited >= RANKED_WIDEN_OFFER_MS, bots: waited >= RANKED_BOTS_OFFER_MS };
}

/** When the next offer comes (ms of waiting), or null when every offer is made: the page states it. */
export function nextOfferAt(mode: QueueMode, waitedMs: number, widened: boolean): number | null {
  const marks = mode === "casual" ? [BOTS_OFFER_MS] : [...(widened ? [] : [RANKED_WIDEN_OFFER_MS]), RANKED_BOTS_OFFER_MS];
  return marks.find((mark) => mark > Math.max(0, waitedMs)) ?? null;
}

/**
 * The typical wait in this queue: the median of its recent matches' waits, rounded up to
 * ESTIMATE_STEP_MS and kept within [ESTIMATE_MIN_MS, ESTIMATE_MAX_MS]. With no match remembered
 * the estimate is the time of the queue's last offer (the computer): the longest a player is
 * left without a game to play.
 */
export function estimateWaitMs(mode: QueueMode, recentWaits: readonly number[]): number {
  const waits = recentWaits.filter((wait) => Number.isFinite(wait) && wait >= 0).sort((a, b) => a - b);
  if (waits.length === 0) return mode === "casual" ? BOTS_OFFER_MS : RANKED_BOTS_OFFER_MS;
  const mid = Math.floor(waits.length / 2);
  const median = waits.length % 2 === 1 ? waits[mid]! : (waits[mid - 1]! + waits[mid]!) / 2;
  const rounded = Math.ceil(median / ESTIMATE_STEP_MS) * ESTIMATE_STEP_MS;
  return Math.min(ESTIMATE_MAX_MS, Math.max(ESTIMATE_MIN_MS, rounded));
}

/** Keeps the newest RECENT_WAITS_KEPT waits, adding `added` (oldest first). */
export function rememberWaits(recent: readonly number[], added: readonly number[]): number[] {
  return [...recent, ...added.filter((wait) => Number.isFinite(wait) && wait >= 0)].slice(-RECENT_WAITS_KEPT);
}
