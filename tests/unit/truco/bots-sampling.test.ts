// The hard player's sampling of hidden cards (worlds.ts) and the table read it weighs them by (read.ts).
import { describe, expect, it } from "vitest";
import { viewFor, type MatchState } from "../../../game/truco/index";
import { acceptLikelihood, callLikelihood, emptyRead, noteHand, powerOf, profileOf, type TableRead } from "../../../game/truco/bots/read";
import { situationFromView } from "../../../game/truco/bots/situation";
import { sampleWorlds } from "../../../game/truco/bots/worlds";
import { sfc32 } from "../../../game/truco/random";
import { act, fixed } from "./helpers";

const A = ["3c", "Kd", "5s"];
const B = ["Qc", "Qh", "2d"];
const VIRA = "7d";

/** Mean power of b's sampled hands, seen from a, with this read. */
function meanOpponentPower(s: MatchState, read: TableRead | null, count = 400): number {
  const view = viewFor(s, "a");
  const sit = situationFromView(view, read);
  const worlds = sampleWorlds(view, sit, read, sfc32(1, 2, 3, 4), count);
  const power = powerOf(s.rules, s.hand.manilha);
  return worlds.reduce((sum, w) => sum + power(w.dealt[1]), 0) / worlds.length;
}

describe("sampled deals", () => {
  it("never hold a card the seat has seen: its own, the vira, the cards on the table", () => {
    let s = fixed("paulista", { hands: { a: A, b: B }, vira: VIRA, dealer: 1 });
    s = act(s, "a", { type: "play_card", cardId: "5s" }).state;
    s = act(s, "b", { type: "play_card", cardId: "2d" }).state;
    const view = viewFor(s, "a");
    const seen = new Set(["3c", "Kd", "5s", "2d", VIRA]);
    const sit = situationFromView(view);
    for (const w of sampleWorlds(view, sit, null, sfc32(9, 9, 9, 9), 200)) {
      expect(w.held[0]).toEqual(["3c", "Kd"]);
      expect(w.dealt[1][0]).toBe("2d");
      for (const c of w.held[1]) expect(seen.has(c)).toBe(false);
      expect(new Set(w.dealt.flat()).size).toBe(6);
    }
  });

  it("weigh the caller's hand up after a call, more against a caller who never bluffs", () => {
    const s0 = fixed("paulista", { hands: { a: A, b: B }, vira: VIRA, dealer: 0 }); // b is mão
    const called = act(s0, "b", { type: "call_truco", call: "truco" }).state;
    const plain = meanOpponentPower(s0, null);
    const afterCall = meanOpponentPower(called, null);
    expect(plain).toBeGreaterThan(0.4);
    expect(plain).toBeLessThan(0.6);
    expect(afterCall).toBeGreaterThan(plain + 0.05);

    // A read where b's calls were all bluffs: its call says less.
    const bluffer = {
      seats: [emptyRead(2).seats[0], { hands: 30, calls: 20, callPower: 5, weakCalls: 18, faced: 0, accepts: 0, runs: 0 }],
    };
    const honest = { seats: [emptyRead(2).seats[0], { hands: 30, calls: 20, callPower: 18, weakCalls: 0, faced: 0, accepts: 0, runs: 0 }] };
    expect(meanOpponentPower(called, honest)).toBeGreaterThan(meanOpponentPower(called, bluffer) + 0.05);
    expect(callLikelihood(profileOf(honest, 1), 0.2)).toBeLessThan(callLikelihood(profileOf(bluffer, 1), 0.2));
  });

  it("learn from a refusal: a seat that ran is expected to run more, and its acceptance then means a stronger hand", () => {
    // a calls, b runs; the hand is over and its deal public.
    const s0 = fixed("paulista", { hands: { a: A, b: B }, vira: VIRA, dealer: 1 }); // a is mão
    const called = act(s0, "a", { type: "call_truco", call: "truco" }).state;
    const ran = act(called, "b", { type: "respond_truco", response: "reject" }).state;
    let read: TableRead | null = null;
    for (let i = 0; i < 6; i++) {
      read = noteHand(read, ran, [
        { playerId: "a", action: { type: "call_truco", call: "truco" } },
        { playerId: "b", action: { type: "respond_truco", response: "reject" } },
      ]);
    }
    expect(read!.seats[1]).toMatchObject({ hands: 6, faced: 6, runs: 6, accepts: 0 });
    expect(read!.seats[0]).toMatchObject({ calls: 6 });
    expect(profileOf(read, 1).runRate).toBeGreaterThan(profileOf(null, 1).runRate);
    expect(acceptLikelihood(profileOf(read, 1), 0.5)).toBeLessThan(acceptLikelihood(profileOf(null, 1), 0.5));

    // Next hand: b accepts a's truco. Against the seat that runs, that acceptance weighs b's hand up more.
    const accepted = act(called, "b", { type: "respond_truco", response: "accept" }).state;
    expect(meanOpponentPower(accepted, read)).toBeGreaterThan(meanOpponentPower(accepted, null) + 0.03);
  });

  it("a hand still being played teaches nothing", () => {
    const s0 = fixed("paulista", { hands: { a: A, b: B }, vira: VIRA, dealer: 1 });
    const read = noteHand(null, s0, [{ playerId: "a", action: { type: "call_truco", call: "truco" } }]);
    expect(read).toEqual(emptyRead(2));
  });
});
