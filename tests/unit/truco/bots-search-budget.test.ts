// The hard player's bounded search: deals resampled by the bets' likelihood from a fixed number of
// drawn deals (worlds.ts), the race between candidates (hard.ts), and the standing of a seat as it
// saw the trick it bet in (read.ts).
import { describe, expect, it } from "vitest";
import { viewFor } from "../../../game/truco/index";
import { race } from "../../../game/truco/bots/hard";
import { emptyRead, noteHand, standingIn, standingOf, trickNow, type TableRead } from "../../../game/truco/bots/read";
import { situationFromView } from "../../../game/truco/bots/situation";
import { resample, sampleWorlds, type World } from "../../../game/truco/bots/worlds";
import { sfc32 } from "../../../game/truco/random";
import { act, fixed } from "./helpers";

const world = (tag: string): World => ({ dealt: [[tag]], held: [[tag]] });

describe("resampling drawn deals by their weight", () => {
  it("chooses each deal in proportion to its weight, never one of weight 0, repeats in a row", () => {
    const drawn = [world("a"), world("b"), world("c")];
    const out = resample(drawn, [1, 3, 0], 4, 400, sfc32(1, 2, 3, 4));
    expect(out).toHaveLength(400);
    const count = (w: World) => out.filter((x) => x === w).length;
    expect(count(drawn[0])).toBe(100);
    expect(count(drawn[1])).toBe(300);
    expect(count(drawn[2])).toBe(0);
    // Systematic resampling keeps the drawn order: every repeat of a deal follows it directly.
    for (let i = 1; i < out.length; i++) if (out[i] !== out[i - 1]) expect(out.indexOf(out[i])).toBe(i);
  });

  it("returns as many deals as asked for when the bets make nearly every deal unlikely", () => {
    // b called and raised, and its read says it never bluffs and always held the better cards.
    const A = ["3c", "Kd", "5s"];
    const B = ["4c", "5h", "6d"];
    let s = fixed("paulista", { hands: { a: A, b: B }, vira: "7d", dealer: 0 });
    s = act(s, "b", { type: "call_truco", call: "truco" }).state;
    s = act(s, "a", { type: "call_truco", call: "seis" }).state;
    s = act(s, "b", { type: "call_truco", call: "nove" }).state;
    const never: TableRead = {
      seats: [emptyRead(2).seats[0], { ...emptyRead(2).seats[1], hands: 200, calls: 200, callPower: 196, weakCalls: 0, callWins: 200 }],
    };
    const view = viewFor(s, "a");
    const sit = situationFromView(view, never);
    const worlds = sampleWorlds(view, sit, never, sfc32(5, 6, 7, 8), 120);
    expect(worlds).toHaveLength(120);
    const seen = new Set([...A, "7d"]);
    for (const w of worlds) for (const c of w.held[1]) expect(seen.has(c)).toBe(false);
  });
});

describe("the race between candidates", () => {
  const vals = (xs: number[]) => Float64Array.from(xs);

  it("drops a candidate clearly behind on the same deals and stops when one is left", () => {
    const k = 40;
    const good = vals(Array.from({ length: k }, (_, j) => 0.6 + (j % 5) * 0.05));
    const bad = vals(Array.from({ length: k }, (_, j) => 0.5 + (j % 5) * 0.05));
    const alive = [true, true];
    const totals = [good.reduce((a, b) => a + b), bad.reduce((a, b) => a + b)];
    expect(race([good, bad], alive, totals, k)).toBe(true);
    expect(alive).toEqual([true, false]);
  });

  it("stops when the candidates cannot differ by the indifference margin, keeps going when they might", () => {
    const k = 40;
    const same = vals(Array.from({ length: k }, (_, j) => (j % 2 ? 0.7 : 0.3)));
    const alive = [true, true];
    const total = same.reduce((a, b) => a + b);
    expect(race([same, same], alive, [total, total], k)).toBe(true);
    expect(alive).toEqual([true, true]);

    // Noisy differences of both signs: neither is clearly ahead, and they may still differ.
    const a = vals(Array.from({ length: k }, (_, j) => (j % 3 === 0 ? 1 : 0)));
    const b = vals(Array.from({ length: k }, (_, j) => (j % 3 === 1 ? 1 : 0)));
    const both = [true, true];
    expect(race([a, b], both, [a.reduce((x, y) => x + y), b.reduce((x, y) => x + y)], k)).toBe(false);
    expect(both).toEqual([true, true]);
  });
});

describe("standing as the seat saw the trick", () => {
  const pct = (c: string) => ({ hi: 0.9, mid: 0.5, lo: 0.1 })[c as "hi" | "mid" | "lo"];

  it("a seat playing last that can take the card on the table stands higher than its cards alone", () => {
    const alone = standingOf(pct, ["mid", "lo"], []);
    const facingLow = standingIn(pct, ["mid", "lo"], [], { played: null, last: { best: 0.3, holder: 0 } });
    const facingHigh = standingIn(pct, ["mid", "lo"], [], { played: null, last: { best: 0.95, holder: 0 } });
    expect(facingLow).toBeGreaterThan(alone);
    expect(facingHigh).toBeLessThan(alone);
    // Its partner holds the trick: it keeps its best card for the next one.
    expect(standingIn(pct, ["mid", "lo"], [], { played: null, last: { best: 0.95, holder: 1 } })).toBeGreaterThan(facingLow);
  });

  it("reads the trick from the plays before the seat", () => {
    expect(trickNow(1, 2, [0, 1], [{ seat: 0, pct: 0.4 }])).toEqual({ played: null, last: { best: 0.4, holder: 0 } });
    expect(trickNow(0, 2, [0, 1], [{ seat: 0, pct: 0.4 }])).toEqual({ played: 0.4, last: null });
    expect(trickNow(1, 4, [0, 1, 0, 1], [{ seat: 0, pct: 0.4 }])).toEqual({ played: null, last: null });
    // Partner's card and a covered one: the partner holds the trick.
    expect(
      trickNow(
        3,
        4,
        [0, 1, 0, 1],
        [
          { seat: 0, pct: 0.4 },
          { seat: 1, pct: 0.8 },
          { seat: 2, pct: -1 },
        ],
      ),
    ).toEqual({
      played: null,
      last: { best: 0.8, holder: 1 },
    });
  });

  it("the read learns a call made after seeing a beatable card as a strong one", () => {
    // a leads its lowest card; b, holding a manilha pair that takes it, calls; a runs.
    const A = ["4c", "5h", "6d"];
    const B = ["2c", "2h", "Kd"]; // the vira (an ace) makes the twos manilhas
    let s = fixed("paulista", { hands: { a: A, b: B }, vira: "As", dealer: 1 });
    s = act(s, "a", { type: "play_card", cardId: "4c" }).state;
    s = act(s, "b", { type: "call_truco", call: "truco" }).state;
    s = act(s, "a", { type: "respond_truco", response: "reject" }).state;
    const read = noteHand(null, s, [
      { playerId: "a", action: { type: "play_card", cardId: "4c" } },
      { playerId: "b", action: { type: "call_truco", call: "truco" } },
      { playerId: "a", action: { type: "respond_truco", response: "reject" } },
    ]);
    expect(read.seats[1].calls).toBe(1);
    expect(read.seats[1].callPower).toBeGreaterThan(0.9);
  });
});
