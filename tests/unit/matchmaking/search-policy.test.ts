import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { pairQueue, type QueueMode } from "../../../game/matchmaking/pairing";
import {
  BOTS_OFFER_MS,
  ESTIMATE_MAX_MS,
  ESTIMATE_MIN_MS,
  ESTIMATE_STEP_MS,
  estimateWaitMs,
  nextOfferAt,
  RANKED_BOTS_OFFER_MS,
  RANKED_WIDEN_OFFER_MS,
  RECENT_WAITS_KEPT,
  rememberWaits,
  searchOffers,
} from "../../../game/matchmaking/search-policy";

// game/matchmaking/search-policy.ts: what a lone player in a queue is offered and told.

const modeArb = fc.constantFrom<QueueMode>("casual", "ranked");

describe("searchOffers", () => {
  it("casual: the computer at 20 s, never a wider search", () => {
    expect(searchOffers("casual", BOTS_OFFER_MS - 1, false)).toEqual({ widen: false, bots: false });
    expect(searchOffers("casual", BOTS_OFFER_MS, false)).toEqual({ widen: false, bots: true });
  });

  it("ranked: nothing first, the wider search at 30 s, then the computer at 60 s", () => {
    expect(searchOffers("ranked", 0, false)).toEqual({ widen: false, bots: false });
    expect(searchOffers("ranked", BOTS_OFFER_MS, false)).toEqual({ widen: false, bots: false });
    expect(searchOffers("ranked", RANKED_WIDEN_OFFER_MS, false)).toEqual({ widen: true, bots: false });
    expect(searchOffers("ranked", RANKED_BOTS_OFFER_MS, false)).toEqual({ widen: true, bots: true });
    // Taken once, the wider search is not offered again.
    expect(searchOffers("ranked", RANKED_BOTS_OFFER_MS, true)).toEqual({ widen: false, bots: true });
  });

  it("an offer once made stays made as the wait grows", () => {
    fc.assert(
      fc.property(modeArb, fc.integer({ min: -1_000, max: 600_000 }), fc.nat(600_000), fc.boolean(), (mode, waited, more, widened) => {
        const before = searchOffers(mode, waited, widened);
        const after = searchOffers(mode, waited + more, widened);
        expect(!before.bots || after.bots).toBe(true);
        expect(!before.widen || after.widen).toBe(true);
      }),
    );
  });

  it("states the next offer's time, which is when an offer appears", () => {
    expect(nextOfferAt("ranked", 0, false)).toBe(RANKED_WIDEN_OFFER_MS);
    expect(nextOfferAt("ranked", 0, true)).toBe(RANKED_BOTS_OFFER_MS);
    expect(nextOfferAt("ranked", RANKED_WIDEN_OFFER_MS, false)).toBe(RANKED_BOTS_OFFER_MS);
    expect(nextOfferAt("ranked", RANKED_BOTS_OFFER_MS, false)).toBeNull();
    expect(nextOfferAt("casual", 0, false)).toBe(BOTS_OFFER_MS);
    fc.assert(
      fc.property(modeArb, fc.nat(120_000), fc.boolean(), (mode, waited, widened) => {
        const next = nextOfferAt(mode, waited, widened);
        if (next === null) return;
        const now = searchOffers(mode, waited, widened);
        const then = searchOffers(mode, next, widened);
        expect(next).toBeGreaterThan(waited);
        expect(then.widen !== now.widen || then.bots !== now.bots).toBe(true);
      }),
    );
  });
});

describe("estimateWaitMs", () => {
  it("with no match remembered: the time of the queue's computer offer", () => {
    expect(estimateWaitMs("ranked", [])).toBe(RANKED_BOTS_OFFER_MS);
    expect(estimateWaitMs("casual", [])).toBe(BOTS_OFFER_MS);
  });

  it("the median of recent waits, rounded up to a step, within bounds", () => {
    expect(estimateWaitMs("ranked", [12_000, 1_000, 40_000])).toBe(15_000);
    expect(estimateWaitMs("ranked", [0, 0])).toBe(ESTIMATE_MIN_MS);
    expect(estimateWaitMs("ranked", [3_600_000])).toBe(ESTIMATE_MAX_MS);
    fc.assert(
      fc.property(modeArb, fc.array(fc.nat(3_600_000), { minLength: 1, maxLength: 30 }), (mode, waits) => {
        const estimate = estimateWaitMs(mode, waits);
        expect(estimate % ESTIMATE_STEP_MS).toBe(0);
        expect(estimate).toBeGreaterThanOrEqual(ESTIMATE_MIN_MS);
        expect(estimate).toBeLessThanOrEqual(ESTIMATE_MAX_MS);
        const sorted = [...waits].sort((a, b) => a - b);
        expect(estimate).toBeGreaterThanOrEqual(Math.min(ESTIMATE_MAX_MS, sorted[Math.floor((sorted.length - 1) / 2)]!));
      }),
    );
  });

  it("keeps the newest waits only", () => {
    const waits = rememberWaits(
      Array.from({ length: RECENT_WAITS_KEPT }, () => 1_000),
      [50_000, Number.NaN, -1],
    );
    expect(waits).toHaveLength(RECENT_WAITS_KEPT);
    expect(waits.at(-1)).toBe(50_000);
  });
});

describe("the wider search in pairing", () => {
  const NOW = 1_000_000;
  it("a widened player accepts any gap, but the other still chooses theirs", () => {
    const far = { userId: "far", rating: 1800, joinedAt: NOW };
    const wide = { userId: "wide", rating: 1000, joinedAt: NOW - RANKED_WIDEN_OFFER_MS, widened: true };
    // 800 points apart: the newcomer at 1800 accepts 100, so no match.
    expect(pairQueue([far, wide], { type: "1v1", mode: "ranked" }, NOW).matches).toEqual([]);
    // Both widened: matched whatever the gap.
    expect(pairQueue([{ ...far, widened: true }, wide], { type: "1v1", mode: "ranked" }, NOW).matches).toHaveLength(1);
    // Without widening, the gap at most 600 keeps them apart however long they wait.
    const long = { ...wide, widened: false, joinedAt: NOW - 600_000 };
    expect(pairQueue([{ ...far, joinedAt: NOW - 600_000 }, long], { type: "1v1", mode: "ranked" }, NOW).matches).toEqual([]);
  });
});
