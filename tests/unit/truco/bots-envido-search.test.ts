// The hard player's envido by sampled deals (envido-search.ts) and the evidence the sampler weighs
// deals by (worlds.ts): envido calls and answers, and cards played without a truco call.
import { describe, expect, it } from "vitest";
import { envidoOfIds } from "../../../game/truco/cards";
import { viewFor, type MatchState } from "../../../game/truco/index";
import { envidoBySamples, envidoWinnerIn } from "../../../game/truco/bots/envido-search";
import { matchWinProbWithEnvido } from "../../../game/truco/bots/estimate";
import {
  emptyRead,
  envidoAnswerRates,
  handEdge,
  HAND_EDGE_PRIOR,
  noteHand,
  powerOf,
  profileOf,
  STRONG,
  type TableRead,
} from "../../../game/truco/bots/read";
import { situationFromView } from "../../../game/truco/bots/situation";
import { envidoEvidenceOf, passLikelihood, sampleWorlds } from "../../../game/truco/bots/worlds";
import { sfc32 } from "../../../game/truco/random";
import { act, fixed, play } from "./helpers";

const A = ["7s", "As", "4c"]; // envido 28
const B = ["5c", "5h", "2d"]; // envido 5

/** Mean of a function of b's sampled dealt hand, seen from a. */
function meanOfB(s: MatchState, read: TableRead | null, f: (dealt: string[]) => number, count = 300): number {
  const view = viewFor(s, "a");
  const sit = situationFromView(view, read);
  const worlds = sampleWorlds(view, sit, read, sfc32(5, 6, 7, 8), count);
  return worlds.reduce((sum, w) => sum + f(w.dealt[1]), 0) / worlds.length;
}

describe("envido evidence in the sampled deals", () => {
  const envido = (d: string[]) => envidoOfIds(d);

  it("an envido call weighs the caller's envido up", () => {
    const s0 = fixed("argentino", { hands: { a: A, b: B }, dealer: 0 }); // b is mão
    const called = act(s0, "b", { type: "call_envido", call: "envido" }).state;
    const sit = situationFromView(viewFor(called, "a"));
    expect(envidoEvidenceOf(sit, null)).toEqual([expect.objectContaining({ seat: 1, calls: 1, answer: null })]);
    expect(meanOfB(called, null, envido)).toBeGreaterThan(meanOfB(s0, null, envido) + 3);
  });

  it("a refusal weighs the refuser's envido down, an acceptance up", () => {
    const s0 = fixed("argentino", { hands: { a: A, b: B }, dealer: 1 }); // a is mão
    const called = act(s0, "a", { type: "call_envido", call: "envido" }).state;
    const refused = act(called, "b", { type: "respond_envido", response: "reject" }).state;
    const sit = situationFromView(viewFor(refused, "a"));
    expect(envidoEvidenceOf(sit, null)).toEqual([expect.objectContaining({ seat: 1, calls: 0, answer: "refused" })]);
    const plain = meanOfB(s0, null, envido);
    expect(meanOfB(refused, null, envido)).toBeLessThan(plain - 2);
  });

  it("a seat that refuses most calls says less by refusing", () => {
    const s0 = fixed("argentino", { hands: { a: A, b: B }, dealer: 1 });
    const refused = act(act(s0, "a", { type: "call_envido", call: "envido" }).state, "b", {
      type: "respond_envido",
      response: "reject",
    }).state;
    const runner: TableRead = { seats: [emptyRead(2).seats[0], { ...emptyRead(2).seats[1], envFaced: 20, envRuns: 20 }] };
    expect(profileOf(runner, 1).envidoRunRate!).toBeGreaterThan(profileOf(null, 1).envidoRunRate!);
    expect(meanOfB(refused, runner, envido)).toBeGreaterThan(meanOfB(refused, null, envido) + 1);
  });

  it("the read counts envido answers", () => {
    const s0 = fixed("argentino", { hands: { a: A, b: B }, dealer: 1 });
    const called = act(s0, "a", { type: "call_envido", call: "envido" }).state;
    let s = act(called, "b", { type: "respond_envido", response: "reject" }).state;
    s = act(s, "a", { type: "go_to_mazo" }).state;
    const read = noteHand(null, s, [
      { playerId: "a", action: { type: "call_envido", call: "envido" } },
      { playerId: "b", action: { type: "respond_envido", response: "reject" } },
      { playerId: "a", action: { type: "go_to_mazo" } },
    ]);
    expect(read.seats[1]).toMatchObject({ envFaced: 1, envRuns: 1 });
    expect(read.seats[0]).toMatchObject({ envCalls: 1, envFaced: 0 });
  });
});

describe("a card played without a truco call", () => {
  const PA = ["4c", "5d", "6h"];
  const PB = ["Kc", "Qh", "Jd"];

  it("weighs the opponent's hand down, more for a seat that calls whenever it is strong", () => {
    const s0 = fixed("paulista", { hands: { a: PA, b: PB }, vira: "7d", dealer: 0 }); // b is mão
    const passed = play(s0, "b", "Jd");
    const power = powerOf(s0.rules, s0.hand.manilha);
    const plain = meanOfB(s0, null, power);
    const afterPass = meanOfB(passed, null, power);
    expect(afterPass).toBeLessThan(plain - 0.02);
    const eager: TableRead = { seats: [emptyRead(2).seats[0], { ...emptyRead(2).seats[1], strongChances: 20, strongCalls: 20 }] };
    const patient: TableRead = { seats: [emptyRead(2).seats[0], { ...emptyRead(2).seats[1], strongChances: 20, strongCalls: 0 }] };
    expect(meanOfB(passed, eager, power)).toBeLessThan(meanOfB(passed, patient, power) - 0.03);
    expect(passLikelihood(profileOf(eager, 1), 0.95)).toBeLessThan(passLikelihood(profileOf(patient, 1), 0.95));
  });

  it("says nothing once a truco was accepted", () => {
    const s0 = fixed("paulista", { hands: { a: PA, b: PB }, vira: "7d", dealer: 0 });
    let s = act(s0, "b", { type: "call_truco", call: "truco" }).state;
    s = act(s, "a", { type: "respond_truco", response: "accept" }).state;
    s = play(s, "b", "Jd");
    const sit = situationFromView(viewFor(s, "a"));
    expect(sit.stake).toBeGreaterThan(0);
    const view = viewFor(s, "a");
    // Only the call's evidence is left: the sampler keeps deals as when b had not played.
    expect(sampleWorlds(view, sit, null, sfc32(1, 1, 1, 1), 50).length).toBe(50);
  });

  it("the read learns how often a seat calls when strong", () => {
    // b is mão with a strong hand and plays a card without calling; a calls and b runs.
    const strongB = ["3c", "2h", "Ad"];
    const s0 = fixed("paulista", { hands: { a: PA, b: strongB }, vira: "7d", dealer: 0 });
    let s = play(s0, "b", "Ad");
    s = act(s, "a", { type: "call_truco", call: "truco" }).state;
    s = act(s, "b", { type: "respond_truco", response: "reject" }).state;
    const read = noteHand(null, s, [
      { playerId: "b", action: { type: "play_card", cardId: "Ad" } },
      { playerId: "a", action: { type: "call_truco", call: "truco" } },
      { playerId: "b", action: { type: "respond_truco", response: "reject" } },
    ]);
    const pct = powerOf(s0.rules, s0.hand.manilha)(strongB);
    expect(pct).toBeGreaterThan(STRONG);
    expect(read.seats[1]).toMatchObject({ strongChances: 1, strongCalls: 0 });
    expect(profileOf(read, 1).callEager!).toBeLessThan(profileOf(null, 1).callEager!);
  });
});

describe("envido by sampled deals", () => {
  it("the showdown's winner: the highest count, ties to the seat nearer the mão", () => {
    const s0 = fixed("argentino", { hands: { a: A, b: B }, dealer: 1 }); // a is mão
    const sit = situationFromView(viewFor(s0, "a"));
    expect(envidoWinnerIn(sit, [A, B])).toBe(0);
    expect(envidoWinnerIn(sit, [B, A])).toBe(1);
    expect(
      envidoWinnerIn(sit, [
        ["7s", "As", "4c"],
        ["7c", "Ac", "4d"],
      ]),
    ).toBe(0);
  });

  it("calls envido into a seat that refuses every call, even with a poor count", () => {
    const poor = ["5c", "6h", "Kd"]; // envido 6
    const s0 = fixed("argentino", { hands: { a: poor, b: A }, dealer: 1 }); // a is mão
    const view = viewFor(s0, "a");
    const runner: TableRead = { seats: [emptyRead(2).seats[0], { ...emptyRead(2).seats[1], envFaced: 30, envRuns: 30 }] };
    const taker: TableRead = { seats: [emptyRead(2).seats[0], { ...emptyRead(2).seats[1], envFaced: 30, envRuns: 0 }] };
    const call = envidoBySamples(view, situationFromView(view, runner), runner, sfc32(3, 3, 3, 3));
    expect(call?.type).toBe("call_envido");
    expect(envidoBySamples(view, situationFromView(view, taker), taker, sfc32(3, 3, 3, 3))).toBeNull();
  });

  it("answers a call by its count: accepts with 33, refuses with a poor count", () => {
    const top = ["7s", "6s", "Kd"]; // envido 33
    const poor = ["5c", "6h", "Kd"];
    for (const [mine, want] of [
      [top, ["accept", "call"]],
      [poor, ["reject"]],
    ] as const) {
      const s0 = fixed("argentino", { hands: { a: mine.slice(), b: ["4c", "4d", "2h"] }, dealer: 0 }); // b is mão
      const called = act(s0, "b", { type: "call_envido", call: "envido" }).state;
      const view = viewFor(called, "a");
      const a = envidoBySamples(view, situationFromView(view), null, sfc32(4, 4, 4, 4))!;
      const got = a.type === "respond_envido" ? a.response : a.type === "call_envido" ? "call" : a.type;
      expect(want as readonly string[]).toContain(got);
    }
  });

  it("the read counts envido raises and faltas, and a team's answers pool its seats and this hand's raises", () => {
    const s0 = fixed("argentino", { hands: { a: A, b: B }, dealer: 1 });
    let s = act(s0, "a", { type: "call_envido", call: "envido" }).state;
    s = act(s, "b", { type: "call_envido", call: "falta_envido" }).state;
    s = act(s, "a", { type: "respond_envido", response: "reject" }).state;
    s = act(s, "a", { type: "go_to_mazo" }).state;
    const read = noteHand(null, s, [
      { playerId: "a", action: { type: "call_envido", call: "envido" } },
      { playerId: "b", action: { type: "call_envido", call: "falta_envido" } },
      { playerId: "a", action: { type: "respond_envido", response: "reject" } },
      { playerId: "a", action: { type: "go_to_mazo" } },
    ]);
    expect(read.seats[1]).toMatchObject({ envFaced: 1, envRaises: 1, envFaltas: 1 });
    const none = { faced: 0, runs: 0, raises: 0, faltas: 0 };
    const prior = envidoAnswerRates(null, [1], none);
    const seen = envidoAnswerRates(read, [1], none);
    expect(seen.raiseRate).toBeGreaterThan(prior.raiseRate);
    expect(seen.faltaShare).toBeGreaterThan(prior.faltaShare);
    const more = envidoAnswerRates(read, [1], { faced: 1, runs: 0, raises: 1, faltas: 0 });
    expect(more.raiseRate).toBeGreaterThan(seen.raiseRate);
    expect(more.faltaShare).toBeLessThan(seen.faltaShare);
  });
});

describe("the hand edge the envido is priced with (ADR 164)", () => {
  const seatWith = (calls: number, callWins: number) => ({
    ...emptyRead(2).seats[1],
    envFaced: 10,
    envRaises: 10,
    envFaltas: 10,
    calls,
    callWins,
    callPower: calls * 0.8,
  });
  const honest: TableRead = { seats: [emptyRead(2).seats[0], seatWith(10, 7)] };
  const bluffer: TableRead = { seats: [emptyRead(2).seats[0], seatWith(10, 3)] };

  it("starts at the prior, rises as the opponents' calls prove less, never below even", () => {
    expect(handEdge(null, [1])).toBeCloseTo(HAND_EDGE_PRIOR, 6);
    expect(handEdge(bluffer, [1])).toBeGreaterThan(handEdge(honest, [1]) + 0.1);
    const proven: TableRead = { seats: [emptyRead(2).seats[0], seatWith(30, 30)] };
    expect(handEdge(proven, [1])).toBe(0.5);
  });

  it("a match at 0–0 is worth more than even with an edge, and the even table is unchanged", () => {
    const sit = situationFromView(viewFor(fixed("argentino", { hands: { a: A, b: B }, dealer: 1 }), "a"));
    expect(matchWinProbWithEnvido(sit, 0, 0)).toBeCloseTo(0.5, 6);
    expect(matchWinProbWithEnvido(sit, 0, 0, 0.53)).toBeGreaterThan(0.55);
    expect(matchWinProbWithEnvido(sit, 0, 7, 0.6)).toBeGreaterThan(matchWinProbWithEnvido(sit, 0, 7));
  });

  it("does not stake the match on a falta envido against a table that raises every envido and calls truco on anything", () => {
    // 28 of envido at 0–0 against a seat that answers every envido with a falta: against honest
    // truco calls the falta is worth it, against calls that prove little the match is worth more.
    const s0 = fixed("argentino", { hands: { a: A, b: B }, dealer: 1 }); // a is mão
    const view = viewFor(s0, "a");
    const move = (read: TableRead) => envidoBySamples(view, situationFromView(view, read), read, sfc32(3, 3, 3, 3));
    expect(move(honest)).toEqual({ type: "call_envido", call: "falta_envido" });
    expect(move(bluffer)).toBeNull();
  });
});
