// The targets, measured over 500 Paulista 1v1 matches with fixed seeds (seats alternate).
// `npm run bench:engine` prints the same rates for every variant and for 2v2.
import { describe, expect, it } from "vitest";
import { winRate } from "../../../game/truco/bots/arena";

describe("computer player strength (Paulista 1v1, 500 matches per pair)", () => {
  it("normal beats easy in at least 75% of matches", () => {
    const r = winRate("paulista", 2, "normal", "easy", 500, "bench");
    expect(r.wins / r.matches).toBeGreaterThanOrEqual(0.75);
  }, 120_000);

  it("hard beats normal in at least 55% of matches", () => {
    const r = winRate("paulista", 2, "hard", "normal", 500, "bench");
    expect(r.wins / r.matches).toBeGreaterThanOrEqual(0.55);
  }, 180_000);
});
