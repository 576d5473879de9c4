import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  allowedGap,
  balancedSeats,
  pairQueue,
  parseQueueKey,
  queueKey,
  RANKED_GAP,
  type QueueEntry,
  type QueueMode,
} from "../../../game/matchmaking/pairing";
import { teamOfSeat } from "../../../game/room/settlement";

// game/matchmaking/pairing.ts: closest ratings first, a gap that widens with waiting,
// balanced 2v2 teams, nobody in two matches.

const NOW = 1_000_000;

const entryArb = fc.record({
  userId: fc.string({ minLength: 1, maxLength: 4 }),
  rating: fc.integer({ min: 0, max: 3000 }),
  joinedAt: fc.integer({ min: NOW - 120_000, max: NOW + 1_000 }),
});
const queueArb = fc.array(entryArb, { maxLength: 40 });
const kindArb = fc.record({ type: fc.constantFrom("1v1" as const, "2v2" as const), mode: fc.constantFrom<QueueMode>("casual", "ranked") });

function entry(userId: string, rating: number, waitedMs = 0): QueueEntry {
  return { userId, rating, joinedAt: NOW - waitedMs };
}

describe("pairQueue", () => {
  it("never puts a player in two matches, nor invents one, and loses nobody", () => {
    fc.assert(
      fc.property(queueArb, kindArb, (entries, kind) => {
        const { matches, waiting } = pairQueue(entries, kind, NOW);
        const size = kind.type === "1v1" ? 2 : 4;
        const matched = matches.flatMap((match) => match.seats.map((seat) => seat.userId));
        const ids = new Set(entries.map((e) => e.userId));
        expect(new Set(matched).size).toBe(matched.length);
        for (const match of matches) expect(match.seats).toHaveLength(size);
        for (const id of matched) expect(ids.has(id)).toBe(true);
        expect(new Set([...matched, ...waiting.map((e) => e.userId)])).toEqual(ids);
        expect(matched.length + waiting.length).toBe(ids.size);
      }),
    );
  });

  it("ranked: every match is within the gap each of its players accepts", () => {
    fc.assert(
      fc.property(queueArb, fc.constantFrom("1v1" as const, "2v2" as const), (entries, type) => {
        for (const match of pairQueue(entries, { type, mode: "ranked" }, NOW).matches) {
          const ratings = match.seats.map((s) => s.rating);
          const spread = Math.max(...ratings) - Math.min(...ratings);
          for (const seat of match.seats) expect(spread).toBeLessThanOrEqual(allowedGap("ranked", NOW - seat.joinedAt));
        }
      }),
    );
  });

  it("ranked 1v1: the closest ratings are paired first", () => {
    const { matches } = pairQueue(
      [entry("a", 1000), entry("b", 1090), entry("c", 1100), entry("d", 1500)],
      { type: "1v1", mode: "ranked" },
      NOW,
    );
    expect(matches.map((m) => m.seats.map((s) => s.userId).sort())).toEqual([["b", "c"]]);
  });

  it("ranked: no two players left waiting could have been paired (the pairing is maximal among neighbours)", () => {
    fc.assert(
      fc.property(queueArb, (entries) => {
        const { waiting } = pairQueue(entries, { type: "1v1", mode: "ranked" }, NOW);
        const sorted = [...waiting].sort((a, b) => a.rating - b.rating);
        for (let i = 0; i + 1 < sorted.length; i++) {
          const [a, b] = [sorted[i]!, sorted[i + 1]!];
          const gap = b.rating - a.rating;
          expect(gap <= allowedGap("ranked", NOW - a.joinedAt) && gap <= allowedGap("ranked", NOW - b.joinedAt)).toBe(false);
        }
      }),
    );
  });

  it("the allowed gap widens with waiting time, up to its cap", () => {
    fc.assert(
      fc.property(fc.nat(300_000), fc.nat(300_000), (a, b) => {
        const [short, long] = a <= b ? [a, b] : [b, a];
        expect(allowedGap("ranked", short)).toBeLessThanOrEqual(allowedGap("ranked", long));
        expect(allowedGap("ranked", long)).toBeLessThanOrEqual(RANKED_GAP.maxGap);
      }),
    );
    // Two players 300 apart: not at first, yes once both have waited long enough.
    const kind = { type: "1v1" as const, mode: "ranked" as const };
    expect(pairQueue([entry("a", 1000), entry("b", 1300)], kind, NOW).matches).toHaveLength(0);
    expect(pairQueue([entry("a", 1000, 20_000), entry("b", 1300, 20_000)], kind, NOW).matches).toHaveLength(1);
    // A newcomer is not pulled far away because the other one has waited.
    expect(pairQueue([entry("a", 1000, 60_000), entry("b", 1300, 0)], kind, NOW).matches).toHaveLength(0);
  });

  it("casual pairs by arrival, whatever the ratings", () => {
    const { matches, waiting } = pairQueue(
      [entry("a", 0, 3), entry("b", 3000, 2), entry("c", 1000, 1)],
      { type: "1v1", mode: "casual" },
      NOW,
    );
    expect(matches.map((m) => m.seats.map((s) => s.userId))).toEqual([["a", "b"]]);
    expect(waiting.map((e) => e.userId)).toEqual(["c"]);
  });

  it("is deterministic: the same queue in any order pairs the same way", () => {
    fc.assert(
      fc.property(queueArb, kindArb, fc.nat(), (entries, kind, seed) => {
        const unique = [...new Map(entries.map((e) => [e.userId, e])).values()];
        const shuffled = [...unique].sort((a, b) => ((a.rating * 31 + seed) % 97) - ((b.rating * 31 + seed) % 97));
        const ids = (e: QueueEntry[]) => e.map((x) => x.userId);
        const one = pairQueue(unique, kind, NOW);
        const two = pairQueue(shuffled, kind, NOW);
        expect(one.matches.map((m) => ids(m.seats))).toEqual(two.matches.map((m) => ids(m.seats)));
      }),
    );
  });
});

describe("balancedSeats", () => {
  it("splits four players into the two teams whose rating sums differ least", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 3000 }), { minLength: 4, maxLength: 4 }), (ratings) => {
        const seats = balancedSeats(ratings.map((rating, i) => entry(`p${i}`, rating)));
        const sum = (team: "team1" | "team2") => seats.filter((_, i) => teamOfSeat(i) === team).reduce((s, e) => s + e.rating, 0);
        const diff = Math.abs(sum("team1") - sum("team2"));
        const [a, b, c, d] = ratings as [number, number, number, number];
        const best = Math.min(Math.abs(a + b - c - d), Math.abs(a + c - b - d), Math.abs(a + d - b - c));
        expect(diff).toBe(best);
        expect(new Set(seats.map((s) => s.userId)).size).toBe(4);
      }),
    );
  });
});

describe("queue keys", () => {
  it("round-trip, and refuse anything else", () => {
    expect(parseQueueKey(queueKey({ variant: "mineiro", type: "2v2", mode: "ranked" }))).toEqual({
      variant: "mineiro",
      type: "2v2",
      mode: "ranked",
    });
    expect(parseQueueKey("paulista:1v1:tournament")).toBeNull();
    expect(parseQueueKey("x")).toBeNull();
  });
});
