// Property tests (fast-check): 1,000 random full matches per variant and per mode, plus random house rules.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sfc32 } from "../../../game/truco/random";
import { randomMatch, randomRules } from "./property-runner";

describe.each(["gaucho", "argentino"] as const)("%s: random full matches", (variant) => {
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

describe("random house rules", () => {
  it.each(["paulista", "mineiro", "gaucho", "argentino", "international"] as const)(
    "%s: the invariants hold under every supported table option",
    (variant) => {
      fc.assert(
        fc.property(fc.integer(), fc.constantFrom(2 as const, 4 as const), (seed, mode) => {
          randomMatch(variant, mode, seed, randomRules(sfc32(seed, 7, 11, 13)));
        }),
        { numRuns: 200 },
      );
    },
    120_000,
  );
});
