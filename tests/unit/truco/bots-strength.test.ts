// Strength floors with fixed seeds (seats and the first deal alternate), set well below what the
// bench measures so that they fail only on a real loss of strength. `npm run bench:engine` prints
// every pairing, variant and table size with intervals.
import { describe, expect, it } from "vitest";
import { winRate } from "../../../game/truco/bots/arena";

describe("computer player strength (Paulista 1v1)", () => {
  it("normal beats easy in at least 75% of 500 matches", () => {
    const r = winRate("paulista", 2, "normal", "easy", 500, "bench");
    expect(r.wins / r.matches).toBeGreaterThanOrEqual(0.75);
  }, 120_000);

  it("hard beats normal in at least 62% of 150 matches", () => {
    const r = winRate("paulista", 2, "hard", "normal", 150, "bench");
    expect(r.wins / r.matches).toBeGreaterThanOrEqual(0.62);
  }, 180_000);

  it("hard exploits a table that always runs: at least 75% of 60 matches", () => {
    const r = winRate("paulista", 2, "hard", "always_run", 60, "bench");
    expect(r.wins / r.matches).toBeGreaterThanOrEqual(0.75);
  }, 120_000);
});

describe("computer player strength against a tight table (Paulista 1v1)", () => {
  it("hard reads a seat that calls only with strong hands: at least 60% of 80 matches", () => {
    const r = winRate("paulista", 2, "hard", "tight", 80, "bench");
    expect(r.wins / r.matches).toBeGreaterThanOrEqual(0.6);
  }, 120_000);
});

describe("computer player strength (Paulista 2v2)", () => {
  it("hard beats normal in at least 56% of 120 matches", () => {
    const r = winRate("paulista", 4, "hard", "normal", 120, "bench");
    expect(r.wins / r.matches).toBeGreaterThanOrEqual(0.56);
  }, 240_000);
});
