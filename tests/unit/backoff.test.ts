import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { reconnectDelay } from "../../app/utils/backoff";

describe("reconnectDelay", () => {
  it("waits at most 1 s first, doubling each attempt up to 30 s", () => {
    expect(reconnectDelay(0, () => 0.999)).toBeLessThan(1_000);
    expect(reconnectDelay(1, () => 0.999)).toBeLessThan(2_000);
    expect(reconnectDelay(1, () => 0.999)).toBeGreaterThanOrEqual(1_000);
    expect(reconnectDelay(20, () => 0.999)).toBeLessThan(30_000);
    expect(reconnectDelay(20, () => 0.999)).toBeGreaterThanOrEqual(29_000);
  });

  it("spreads the whole range (full jitter): any delay from 0 up to the attempt's ceiling", () => {
    fc.assert(
      fc.property(fc.nat(40), fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), (attempt, r) => {
        const delay = reconnectDelay(attempt, () => r);
        expect(delay).toBeGreaterThanOrEqual(0);
        expect(delay).toBeLessThan(Math.min(30_000, 1_000 * 2 ** attempt));
      }),
    );
  });
});
