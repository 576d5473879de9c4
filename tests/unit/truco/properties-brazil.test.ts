// Property tests (fast-check): 1,000 random full matches per variant and per mode.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { randomMatch } from "./property-runner";

describe.each(["paulista", "mineiro", "international"] as const)("%s: random full matches", (variant) => {
  it.each([2, 4] as const)(
    "%dp: cards conserved, only legal actions accepted, scores grow to the target, termination, no leak in views",
    (mode) => {
      let hands = 0;
      fc.assert(
        fc.property(fc.integer(), (seed) => {
          hands += randomMatch(variant, mode, seed).hands;
        }),
        { numRuns: 1000 },
      );
      expect(hands).toBeGreaterThan(1000);
    },
    120_000,
  );
});

describe.each(["paulista", "mineiro", "international"] as const)("%s: baralho limpo with the raise cap", (variant) => {
  it("the invariants hold with the 24 (27) card deck and capped raises", () => {
    fc.assert(
      fc.property(fc.integer(), fc.constantFrom(2 as const, 4 as const), (seed, mode) => {
        randomMatch(variant, mode, seed, { deck: "limpo", raiseCap: true });
      }),
      { numRuns: 200 },
    );
  }, 120_000);
});
