// The hard player's sampling of hidden cards (worlds.ts) and the table read it weighs them by (read.ts).
import { describe, expect, it } from "vitest";
import { viewFor, type Action, type MatchState } from "../../../game/truco/index";
import {
  acceptLikelihood,
  afterWinBackRunRate,
  afterWinLift,
  afterWinProfile,
  callLikelihood,
  emptyRead,
  envidoCallFrom,
  noteHand,
  powerOf,
  profileOf,
  showdownOf,
  standingOf,
  type TableRead,
} from "../../../game/truco/bots/read";
import { envidoWinChance, envidoWinChanceAfterCalls } from "../../../game/truco/bots/estimate";
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

  it("a seat whose calls came with the better cards makes its call prove more", () => {
    const s0 = fixed("paulista", { hands: { a: A, b: B }, vira: VIRA, dealer: 0 }); // b is mão
    const called = act(s0, "b", { type: "call_truco", call: "truco" }).state;
    const seat = (callWins: number) => ({
      seats: [emptyRead(2).seats[0], { ...emptyRead(2).seats[1], hands: 30, calls: 20, callPower: 15, callWins }],
    });
    const strong = seat(20);
    const weak = seat(6);
    expect(profileOf(strong, 1).callWinRate).toBeGreaterThan(profileOf(null, 1).callWinRate);
    expect(profileOf(weak, 1).callWinRate).toBeLessThan(profileOf(null, 1).callWinRate);
    expect(meanOpponentPower(called, strong)).toBeGreaterThan(meanOpponentPower(called, weak) + 0.03);
  });

  it("learns from a finished hand whether the caller held the better cards", () => {
    // b calls; a runs; the deal is public.
    const s0 = fixed("paulista", { hands: { a: A, b: B }, vira: VIRA, dealer: 0 });
    const called = act(s0, "b", { type: "call_truco", call: "truco" }).state;
    const ran = act(called, "a", { type: "respond_truco", response: "reject" }).state;
    const read = noteHand(null, ran, [
      { playerId: "b", action: { type: "call_truco", call: "truco" } },
      { playerId: "a", action: { type: "respond_truco", response: "reject" } },
    ]);
    const table = powerOf(s0.rules, s0.hand.manilha);
    const bBetter = table(B) > table(A) ? 1 : 0;
    expect(read.seats[1].calls).toBe(1);
    // Played out with every card known, b's team wins when its hand is the better one here.
    expect(read.seats[1].callWins).toBeCloseTo(bBetter, 5);
  });
});

describe("the caller after a won first trick (ADR 159)", () => {
  // b is mão: it takes the first trick with a manilha (the vira 7 makes the queens manilhas), then calls truco and a runs.
  const s0 = fixed("paulista", { hands: { a: A, b: B }, vira: VIRA, dealer: 0 });
  const moves: { playerId: string; action: Action }[] = [
    { playerId: "b", action: { type: "play_card", cardId: "Qc" } },
    { playerId: "a", action: { type: "play_card", cardId: "5s" } },
    { playerId: "b", action: { type: "call_truco", call: "truco" } },
    { playerId: "a", action: { type: "respond_truco", response: "reject" } },
  ];
  let ended = s0;
  for (const m of moves) ended = act(ended, m.playerId, m.action).state;

  /** A read of seat b: `calls` after-win opening calls at this standing, out of `chances` hands at `all`. */
  const readOf = (calls: number, power: number, chances: number, all: number, weak = 0): TableRead => ({
    seats: [
      emptyRead(2).seats[0],
      {
        ...emptyRead(2).seats[1],
        hands: chances,
        calls,
        callPower: calls * power,
        faced: 20,
        runs: 10,
        afterWinCalls: calls,
        afterWinPower: calls * power,
        afterWinWeak: weak,
        afterWinWeakPower: weak * 0.3,
        afterWinWins: calls * 0.5,
        afterWinChances: chances,
        afterWinStanding: chances * all,
      },
    ],
  });

  it("counts the opening calls made after a won first trick, and every hand where that trick was won", () => {
    const read = noteHand(null, ended, moves);
    expect(read.seats[1]).toMatchObject({ calls: 1, afterWinCalls: 1, afterWinChances: 1 });
    expect(read.seats[1].afterWinPower).toBeGreaterThan(0.5);
    expect(read.seats[0]).toMatchObject({ afterWinCalls: 0, afterWinChances: 0 });
    // A call before the first trick is over is not one of them.
    const early = act(s0, "b", { type: "call_truco", call: "truco" }).state;
    const ran = act(early, "a", { type: "respond_truco", response: "reject" }).state;
    const r2 = noteHand(null, ran, [
      { playerId: "b", action: { type: "call_truco", call: "truco" } },
      { playerId: "a", action: { type: "respond_truco", response: "reject" } },
    ]);
    expect(r2.seats[1]).toMatchObject({ calls: 1, afterWinCalls: 0 });
  });

  it("a seat that calls there whatever it holds reads as a bluffer there, and runs from a raise back as from any call", () => {
    const blind = readOf(20, 0.7, 28, 0.7, 6);
    const honest = readOf(20, 0.92, 28, 0.7);
    const base = profileOf(blind, 1);
    expect(afterWinProfile(blind, 1).bluffRate).toBeGreaterThan(base.bluffRate);
    expect(afterWinProfile(blind, 1).callFrom).toBeLessThan(afterWinProfile(honest, 1).callFrom);
    expect(afterWinLift(blind, 1)).toBeLessThan(0.2);
    expect(afterWinLift(honest, 1)).toBeGreaterThan(0.6);
    // No after-win calls seen: the prior, 0.4 of the run rate, as the playouts always assumed.
    expect(afterWinLift(null, 1)).toBe(0.5);
    expect(afterWinBackRunRate(null, 1)).toBeCloseTo(0.4 * profileOf(null, 1).runRate, 6);
    expect(afterWinBackRunRate(blind, 1)).toBeGreaterThan(afterWinBackRunRate(honest, 1) + 0.1);
    expect(afterWinBackRunRate(honest, 1)).toBeCloseTo(0.4 * profileOf(honest, 1).runRate, 6);
    // More calls of the same kind move it further from the prior.
    expect(afterWinBackRunRate(readOf(60, 0.7, 84, 0.7, 18), 1)).toBeGreaterThan(afterWinBackRunRate(readOf(4, 0.7, 6, 0.7, 1), 1));
  });

  it("weighs the pending after-win call by that seat's after-win calls: a blind caller's hand is sampled weaker", () => {
    const called = act(act(s0, "b", { type: "play_card", cardId: "Qc" }).state, "a", { type: "play_card", cardId: "5s" }).state;
    const pending = act(called, "b", { type: "call_truco", call: "truco" }).state;
    const blind = readOf(20, 0.7, 28, 0.7, 6);
    const honest = readOf(20, 0.92, 28, 0.7);
    expect(meanOpponentPower(pending, honest)).toBeGreaterThan(meanOpponentPower(pending, blind) + 0.02);
  });
});

describe("standing and showdown", () => {
  const pct = (c: string) => ({ hi: 0.9, mid: 0.5, lo: 0.1 })[c as "hi" | "mid" | "lo"];

  it("a won first trick raises a seat's standing, a lost one lowers it", () => {
    const fresh = standingOf(pct, ["hi", "mid", "lo"], []);
    expect(standingOf(pct, ["mid", "lo"], [1])).toBeGreaterThan(fresh);
    expect(standingOf(pct, ["mid", "lo"], [0])).toBeLessThan(fresh);
    expect(standingOf(pct, ["lo"], [1, 1])).toBe(1);
    expect(standingOf(pct, ["hi"], [0, 0])).toBe(0);
  });

  it("plays the hand out with every card known", () => {
    // 1v1, seat 0 holds 10 and 9, seat 1 holds 8 and 1; seat 0 leads.
    expect(
      showdownOf(
        [0, 1],
        [
          [10, 9],
          [8, 1],
        ],
        [],
        0,
        [],
        0,
      ),
    ).toBe(1);
    expect(
      showdownOf(
        [0, 1],
        [
          [10, 9],
          [8, 1],
        ],
        [],
        0,
        [],
        1,
      ),
    ).toBe(0);
    // Seat 1 took the first trick and holds the best card left.
    expect(
      showdownOf(
        [0, 1],
        [
          [5, 4],
          [9, 1],
        ],
        [1],
        1,
        [],
        1,
      ),
    ).toBe(1);
  });
});

describe("envido odds after a call", () => {
  it("a call lowers the chance my envido wins, more from a seat that called only with high envido", () => {
    const s0 = fixed("argentino", { hands: { a: ["7s", "As", "4c"], b: ["5c", "5h", "2d"] }, dealer: 0 });
    const sit = situationFromView(viewFor(s0, "a"));
    const plain = envidoWinChance(sit);
    const afterCall = envidoWinChanceAfterCalls(sit, 1, envidoCallFrom(null, [1]));
    const high: TableRead = { seats: [emptyRead(2).seats[0], { ...emptyRead(2).seats[1], envCalls: 10, envPoints: 320 }] };
    const low: TableRead = { seats: [emptyRead(2).seats[0], { ...emptyRead(2).seats[1], envCalls: 10, envPoints: 230 }] };
    expect(afterCall).toBeLessThan(plain);
    expect(envidoCallFrom(high, [1])).toBeGreaterThan(envidoCallFrom(low, [1]));
    expect(envidoWinChanceAfterCalls(sit, 1, envidoCallFrom(high, [1]))).toBeLessThan(
      envidoWinChanceAfterCalls(sit, 1, envidoCallFrom(low, [1])),
    );
  });
});
