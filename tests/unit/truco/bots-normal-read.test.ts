// The normal player's read of its opponent in 1v1 (docs/decisions/160): raises back counted by the
// table read, a call's answer weighed by the caller's betting, its own calls by how the opponent answers.
import { describe, expect, it } from "vitest";
import { viewFor, type MatchState } from "../../../game/truco/index";
import { answerValues, callValues } from "../../../game/truco/bots/policy";
import { BACK_FLOOR, backRunPrior, emptyRead, noteHand, profileOf, type SeatRead, type TableRead } from "../../../game/truco/bots/read";
import { situationFromView } from "../../../game/truco/bots/situation";
import { chooseAction } from "../../../game/truco/bots/index";
import { sfc32 } from "../../../game/truco/random";
import { act, fixed } from "./helpers";

const A = ["3c", "Kd", "5s"];
const B = ["Qc", "Qh", "2d"];
const VIRA = "7d";

/** A read where seat 1 has this record (seat 0 empty). */
function readOf(seat1: Partial<SeatRead>): TableRead {
  return { seats: [emptyRead(2).seats[0], { ...emptyRead(2).seats[1], hands: 30, ...seat1 }] };
}

/** b (mão) calls truco at the start of the hand; a to answer. */
function bCalls(): MatchState {
  const s0 = fixed("paulista", { hands: { a: A, b: B }, vira: VIRA, dealer: 0 });
  return act(s0, "b", { type: "call_truco", call: "truco" }).state;
}

describe("raises back in the table read", () => {
  it("counts an answer to a raise over the seat's own call, and whether it ran", () => {
    const s0 = fixed("paulista", { hands: { a: A, b: B }, vira: VIRA, dealer: 1 }); // a is mão
    const called = act(s0, "a", { type: "call_truco", call: "truco" }).state;
    const raised = act(called, "b", { type: "call_truco", call: "seis" }).state;
    const ran = act(raised, "a", { type: "respond_truco", response: "reject" }).state;
    const read = noteHand(null, ran, [
      { playerId: "a", action: { type: "call_truco", call: "truco" } },
      { playerId: "b", action: { type: "call_truco", call: "seis" } },
      { playerId: "a", action: { type: "respond_truco", response: "reject" } },
    ]);
    expect(read.seats[0]).toMatchObject({ backFaced: 1, backRuns: 1, faced: 1, runs: 1 });
    // b answered a's first call by raising: an answer, but not to a raise back.
    expect(read.seats[1]).toMatchObject({ backFaced: 0, backRuns: 0, faced: 1, accepts: 1 });
  });

  it("a first call's answer is not a raise back", () => {
    const s0 = fixed("paulista", { hands: { a: A, b: B }, vira: VIRA, dealer: 1 });
    const called = act(s0, "a", { type: "call_truco", call: "truco" }).state;
    const ran = act(called, "b", { type: "respond_truco", response: "reject" }).state;
    const read = noteHand(null, ran, [
      { playerId: "a", action: { type: "call_truco", call: "truco" } },
      { playerId: "b", action: { type: "respond_truco", response: "reject" } },
    ]);
    expect(read.seats[1]).toMatchObject({ backFaced: 0, backRuns: 0, runs: 1 });
  });

  it("expects a seat that runs from most calls to run from raises back, and learns from the ones it answered", () => {
    // An unseen seat (the read's prior run rate) is expected to run from a raise back at the floor.
    expect(backRunPrior(0.35)).toBeCloseTo(BACK_FLOOR, 5);
    expect(backRunPrior(0.75)).toBeGreaterThan(0.5);
    expect(backRunPrior(1)).toBeLessThanOrEqual(0.8);
    const prior = profileOf(null, 1).backRunRate!;
    const runner = profileOf(readOf({ faced: 20, runs: 16 }), 1).backRunRate!;
    expect(runner).toBeGreaterThan(prior + 0.2);
    // A seat that runs from calls but has stood up to every raise back.
    const stands = profileOf(readOf({ faced: 20, runs: 16, backFaced: 8, backRuns: 0 }), 1).backRunRate!;
    expect(stands).toBeLessThan(runner - 0.3);
  });
});

describe("the normal player's answer to a call (1v1)", () => {
  it("believes a caller who never bluffs more than one who bluffs most calls", () => {
    const s = bCalls();
    const view = viewFor(s, "a");
    const honest = readOf({ calls: 20, callPower: 18, weakCalls: 0, weakPower: 0 });
    const bluffer = readOf({ calls: 20, callPower: 6, weakCalls: 16, weakPower: 3 });
    const win = (read: TableRead) => answerValues(situationFromView(view, read), sfc32(1, 2, 3, 4), 200).win;
    expect(win(honest)).toBeLessThan(win(bluffer) - 0.03);
  });

  it("prices a raise back by how often the caller runs from one", () => {
    const s = bCalls();
    const view = viewFor(s, "a");
    const folds = readOf({ faced: 20, runs: 16, backFaced: 10, backRuns: 9 });
    const stands = readOf({ faced: 20, runs: 16, backFaced: 10, backRuns: 0 });
    const vs = (read: TableRead) => answerValues(situationFromView(view, read), sfc32(1, 2, 3, 4), 200);
    const a = vs(folds);
    const b = vs(stands);
    expect(a.fold).toBeGreaterThan(0.7);
    expect(b.fold).toBeLessThan(0.2);
    expect(a.raise!).toBeGreaterThan(b.raise!);
    // Against the seat that runs from raises back, the normal level raises back rather than run.
    expect(a.raise!).toBeGreaterThan(Math.max(a.accept, a.run));
    expect(chooseAction(view, { level: "normal", seed: "x", read: folds })).toEqual({ type: "call_truco", call: "seis" });
  });

  it("values its own call more against a seat that runs from calls than against one that accepts them", () => {
    const s0 = fixed("paulista", { hands: { a: A, b: B }, vira: VIRA, dealer: 1 }); // a is mão, to act
    const view = viewFor(s0, "a");
    const runs = readOf({ faced: 20, runs: 19 });
    const accepts = readOf({ faced: 20, runs: 0, accepts: 20 });
    const at = (read: TableRead) => callValues(situationFromView(view, read), sfc32(5, 6, 7, 8), 200);
    const r = at(runs);
    const q = at(accepts);
    expect(r.keep).toBeCloseTo(q.keep, 5);
    expect(r.call - r.keep).toBeGreaterThan(q.call - q.keep + 0.02);
  });

  it("calls with a weak hand against a seat that runs from nearly every call, and not against one that accepts", () => {
    // b is mão, to act, with an ace, a jack and a five (trick chance between 0.1 and 0.3).
    const s0 = fixed("paulista", { hands: { a: A, b: ["Ac", "Jh", "5d"] }, vira: VIRA, dealer: 0 });
    const view = viewFor(s0, "b");
    const read = (seat0: Partial<SeatRead>): TableRead => ({
      seats: [{ ...emptyRead(2).seats[0], hands: 30, ...seat0 }, emptyRead(2).seats[1]],
    });
    const runs = read({ faced: 30, runs: 29 });
    const accepts = read({ faced: 30, runs: 0, accepts: 30 });
    const v = callValues(situationFromView(view, runs), sfc32(5, 6, 7, 8), 200);
    expect(v.win).toBeLessThan(0.3);
    expect(v.win).toBeGreaterThan(0.1);
    expect(chooseAction(view, { level: "normal", seed: "x", read: runs })).toEqual({ type: "call_truco", call: "truco" });
    expect(chooseAction(view, { level: "normal", seed: "x", read: accepts })?.type).not.toBe("call_truco");
  });

  it("raises back over an unseen caller's call only where a 0.3 run share pays, and learns the seats that stand", () => {
    const view = viewFor(bCalls(), "a");
    const unseen = answerValues(situationFromView(view, readOf({})), sfc32(1, 2, 3, 4), 200);
    expect(unseen.fold).toBeGreaterThanOrEqual(BACK_FLOOR - 0.05);
    const stood = answerValues(situationFromView(view, readOf({ backFaced: 6, backRuns: 0 })), sfc32(1, 2, 3, 4), 200);
    expect(stood.fold).toBeLessThan(0.15);
  });
});
