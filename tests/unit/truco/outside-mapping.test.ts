// The pure mapping of the outside-bots bench (scripts/outside-bots/mapping.ts): a seat's view →
// the intel a CTruco bot receives, and its answers → legal engine actions. No Java here.
import { describe, expect, it } from "vitest";
import { viewFor } from "../../../game/truco/index";
import { firstQuestion, fromCtruco, intelFor, mapReply, OUTSIDE_RULES, toCtruco } from "../../../scripts/outside-bots/mapping";
import { act, fixed, play } from "./helpers";

// b deals, so a is the mão and leads. Vira 7d: the manilhas are the queens.
const start = (scores?: { team1: number; team2: number }) =>
  fixed("paulista", { hands: { a: ["3c", "Kd", "5s"], b: ["Qc", "Qh", "2d"] }, vira: "7d", dealer: 1, rules: OUTSIDE_RULES, scores });

describe("outside bots: card symbols", () => {
  it("our ids and CTruco's symbols convert both ways", () => {
    expect(toCtruco({ id: "Qc", rank: "Q", suit: "clubs" })).toBe("QC");
    expect(toCtruco({ hidden: true })).toBe("XX");
    expect(fromCtruco("7H")).toBe("7h");
    expect(fromCtruco("XX")).toBeNull();
  });
});

describe("outside bots: the intel of a seat's view", () => {
  it("the opponent's lead, the open cards with the vira first, the scores and the hand's value", () => {
    const s = play(start(), "a", "3c");
    const v = viewFor(s, "b");
    expect(intelFor(v)).toEqual({
      cards: ["QC", "QH", "2D"],
      open: ["7D", "3C"],
      vira: "7D",
      opp: "3C",
      rounds: [],
      score: 0,
      oppScore: 0,
      handPoints: 1,
    });
    expect(firstQuestion(v)).toBe("decideIfRaises");
    expect(intelFor(viewFor(s, "a")).opp).toBeNull(); // its own lead is not an opponent's card
  });

  it("trick results from the seat's side, and a covered card as 'XX'", () => {
    let s = play(play(start(), "a", "3c"), "b", "Qc"); // the zap takes trick 1; b leads trick 2
    s = play(s, "b", "Qh", true);
    const a = intelFor(viewFor(s, "a"));
    expect(a.rounds).toEqual(["LOST"]);
    expect(a.open).toEqual(["7D", "3C", "QC", "XX"]);
    expect(a.opp).toBe("XX");
    expect(intelFor(viewFor(s, "b")).rounds).toEqual(["WON"]);
  });

  it("a mão de onze is asked as CTruco asks it: hand points 1 until decided", () => {
    const s = start({ team1: 11, team2: 4 });
    const v = viewFor(s, "a");
    expect(firstQuestion(v)).toBe("getMaoDeOnzeResponse");
    expect(intelFor(v)).toMatchObject({ handPoints: 1, score: 11, oppScore: 4 });
    expect(mapReply(v, "getMaoDeOnzeResponse", { ok: true, bool: false })).toEqual({
      action: { type: "respond_mao", response: "run" },
      next: null,
      fallback: null,
    });
    const played = act(s, "a", { type: "respond_mao", response: "play" }).state;
    expect(intelFor(viewFor(played, "a")).handPoints).toBe(3);
  });
});

describe("outside bots: answers to legal actions", () => {
  it("a raise answer of 1 raises back; beyond the ladder it accepts, as CTruco counts it", () => {
    const s = act(start(), "a", { type: "call_truco", call: "truco" }).state;
    const v = viewFor(s, "b");
    expect(firstQuestion(v)).toBe("getRaiseResponse");
    expect(intelFor(v).handPoints).toBe(1);
    expect(mapReply(v, "getRaiseResponse", { ok: true, int: 1 }).action).toEqual({ type: "call_truco", call: "seis" });
    expect(mapReply(v, "getRaiseResponse", { ok: true, int: -1 }).action).toEqual({ type: "respond_truco", response: "reject" });
    // 9-9 with the raise cap: truco (3) already wins for either side, so no seis.
    const capped = act(start({ team1: 9, team2: 9 }), "a", { type: "call_truco", call: "truco" }).state;
    const m = mapReply(viewFor(capped, "b"), "getRaiseResponse", { ok: true, int: 1 });
    expect(m).toEqual({ action: { type: "respond_truco", response: "accept" }, next: null, fallback: null });
  });

  it("declining to raise asks for a card next; a card maps to its play, face down when discarded", () => {
    const s = play(start(), "a", "3c");
    const v = viewFor(s, "b");
    expect(mapReply(v, "decideIfRaises", { ok: true, bool: false })).toEqual({ action: null, next: "chooseCard", fallback: null });
    expect(mapReply(v, "decideIfRaises", { ok: true, bool: true }).action).toEqual({ type: "call_truco", call: "truco" });
    expect(mapReply(v, "chooseCard", { ok: true, card: "2D", discard: false }).action).toEqual({ type: "play_card", cardId: "2d" });
    const t2 = play(play(start(), "a", "3c"), "b", "Qc");
    expect(mapReply(viewFor(t2, "b"), "chooseCard", { ok: true, card: "2D", discard: true }).action).toEqual({
      type: "play_card",
      cardId: "2d",
      faceDown: true,
    });
  });

  it("an answer that cannot be used is a counted fallback with a legal stand-in", () => {
    const v = viewFor(play(start(), "a", "3c"), "b");
    const discardFirst = mapReply(v, "chooseCard", { ok: true, card: "2D", discard: true });
    expect(discardFirst.fallback).toBe("discard not allowed now");
    expect(discardFirst.action).toEqual({ type: "play_card", cardId: "2d" });
    const notHeld = mapReply(v, "chooseCard", { ok: true, card: "4C", discard: false });
    expect(notHeld.fallback).toMatch(/not in hand/);
    expect(v.legalActions).toContainEqual(notHeld.action);
    const crashed = mapReply(v, "chooseCard", { ok: false, error: "NullPointerException" });
    expect(crashed.fallback).toMatch(/error/);
    expect(v.legalActions).toContainEqual(crashed.action);
  });
});
