import { describe, expect, it } from "vitest";
import {
  applyAction,
  legalActions,
  pendingPlayer,
  timeoutAction,
  viewFor,
  type EnvidoCall,
  type MatchState,
} from "../../../game/truco/index";
import { act, fixed, ofType, play, plays } from "./helpers";

// a (mão): envido 33; b: envido 29.
const AR = { a: ["7s", "6s", "3c"], b: ["5h", "4h", "Kc"] };

describe("envido (rules §4.5)", () => {
  const start = (scores = { team1: 5, team2: 8 }, rules = {}) => fixed("argentino", { hands: AR, scores, rules });

  // [calls in order (a, b, a, b...), accepted value, refused value]; falta = 30 - 8 = 22 here.
  const TABLE: [EnvidoCall[], number, number][] = [
    [["envido"], 2, 1],
    [["real_envido"], 3, 1],
    [["falta_envido"], 22, 1],
    [["envido", "envido"], 4, 2],
    [["envido", "real_envido"], 5, 2],
    [["envido", "falta_envido"], 22, 2],
    [["real_envido", "falta_envido"], 22, 3],
    [["envido", "envido", "real_envido"], 7, 4],
    [["envido", "envido", "falta_envido"], 22, 4],
    [["envido", "real_envido", "falta_envido"], 22, 5],
    [["envido", "envido", "real_envido", "falta_envido"], 22, 7],
  ];

  for (const [calls, accepted, refused] of TABLE) {
    it(`${calls.join(", ")}: quiero → ${accepted} to the best tanto, no quiero → ${refused} to the last caller`, () => {
      let s = start();
      let who = "a";
      for (const call of calls) {
        s = act(s, who, { type: "call_envido", call }).state;
        expect(s.phase).toBe("waiting_envido_response");
        who = who === "a" ? "b" : "a";
      }
      const lastCaller = who === "a" ? "team2" : "team1";
      const acc = act(s, who, { type: "respond_envido", response: "accept" });
      expect(ofType(acc.events, "envido_resolved")[0]).toMatchObject({ accepted: true, winnerTeam: "team1", points: accepted });
      expect(acc.state.scores).toEqual([5 + accepted, 8]);
      const rej = act(s, who, { type: "respond_envido", response: "reject" });
      expect(ofType(rej.events, "envido_resolved")[0]).toMatchObject({ accepted: false, winnerTeam: lastCaller, points: refused });
    });
  }

  it("the raise ladder: envido twice at most, then real envido, then falta envido ends it", () => {
    let s = start();
    s = act(s, "a", { type: "call_envido", call: "envido" }).state;
    expect(
      legalActions(s, "b")
        .filter((x) => x.type === "call_envido")
        .map((x) => (x as { call: string }).call),
    ).toEqual(["envido", "real_envido", "falta_envido"]);
    s = act(s, "b", { type: "call_envido", call: "envido" }).state;
    expect(
      legalActions(s, "a")
        .filter((x) => x.type === "call_envido")
        .map((x) => (x as { call: string }).call),
    ).toEqual(["real_envido", "falta_envido"]);
    s = act(s, "a", { type: "call_envido", call: "falta_envido" }).state;
    expect(legalActions(s, "b").filter((x) => x.type === "call_envido")).toEqual([]);
  });

  it("shows the winning count after quiero; the hand goes on", () => {
    let s = start();
    s = act(s, "a", { type: "call_envido", call: "envido" }).state;
    const r = act(s, "b", { type: "respond_envido", response: "accept" });
    expect(ofType(r.events, "envido_resolved")[0].shown).toEqual([{ playerId: "a", points: 33 }]);
    expect(r.state.phase).toBe("playing");
    expect(pendingPlayer(r.state)).toBe("a");
    expect(viewFor(r.state, "b").envido).toMatchObject({ status: "accepted", winnerTeam: "team1", points: 2 });
    // Once played, never again in this hand.
    expect(legalActions(r.state, "a").some((x) => x.type === "call_envido")).toBe(false);
  });

  it("ties go to the mano (2v2: the tied player nearest the mano)", () => {
    const hands = { a: ["7h", "Qh", "4s"], b: ["7c", "Kc", "5d"], c: ["2s", "3d", "Jh"], d: ["6d", "4h", "5s"] };
    let s = fixed("argentino", { hands });
    s = act(s, "a", { type: "call_envido", call: "envido" }).state;
    expect(pendingPlayer(s)).toBe("b");
    const r = act(s, "b", { type: "respond_envido", response: "accept" });
    const res = ofType(r.events, "envido_resolved")[0];
    expect(res.winnerTeam).toBe("team1");
    expect(res.shown).toEqual([{ playerId: "a", points: 27 }]);
    // Same hands with b as mano: b wins the tie.
    let t = fixed("argentino", { hands, dealer: 0 });
    t = act(t, "b", { type: "call_envido", call: "envido" }).state;
    expect(ofType(act(t, "c", { type: "respond_envido", response: "accept" }).events, "envido_resolved")[0].winnerTeam).toBe("team2");
  });

  it("only in the first trick", () => {
    let s = start();
    s = plays(s, [
      ["a", "3c"],
      ["b", "Kc"],
    ]);
    expect(legalActions(s, "a").some((x) => x.type === "call_envido")).toBe(false);
    expect(applyAction(s, "a", { type: "call_envido", call: "envido" })).toMatchObject({ ok: false, error: "illegal_action" });
  });

  it("a team may open while one of its players has not played in trick 1 (2v2, pie)", () => {
    const hands = { a: ["7h", "Qh", "4s"], b: ["7c", "Kc", "5d"], c: ["2s", "3d", "Jh"], d: ["6d", "4h", "5s"] };
    let s = fixed("argentino", { hands });
    s = plays(s, [
      ["a", "4s"],
      ["b", "5d"],
      ["c", "Jh"],
    ]);
    expect(legalActions(s, "d")).toContainEqual({ type: "call_envido", call: "envido" });
  });

  it("not after a truco has been accepted", () => {
    let s = start();
    s = act(s, "a", { type: "call_truco", call: "truco" }).state;
    s = act(s, "b", { type: "respond_truco", response: "accept" }).state;
    expect(legalActions(s, "a").some((x) => x.type === "call_envido")).toBe(false);
  });

  it('"el envido está primero": a truco pending in trick 1 may be answered with envido, then answered', () => {
    let s = start();
    s = act(s, "a", { type: "call_truco", call: "truco" }).state;
    expect(legalActions(s, "b")).toContainEqual({ type: "call_envido", call: "envido" });
    s = act(s, "b", { type: "call_envido", call: "envido" }).state;
    expect(s.phase).toBe("waiting_envido_response");
    expect(pendingPlayer(s)).toBe("a");
    s = act(s, "a", { type: "respond_envido", response: "accept" }).state;
    expect(s.scores).toEqual([7, 8]);
    expect(s.phase).toBe("waiting_truco_response");
    expect(pendingPlayer(s)).toBe("b");
    expect(legalActions(s, "b").some((x) => x.type === "call_envido")).toBe(false);
  });

  it("falta envido: the leader's remainder (classic) or to the buenas (malas_buenas)", () => {
    let s = start({ team1: 5, team2: 8 }, { faltaEnvido: "malas_buenas" });
    s = act(s, "a", { type: "call_envido", call: "falta_envido" }).state;
    expect(act(s, "b", { type: "respond_envido", response: "accept" }).state.scores).toEqual([12, 8]); // 15 - 8
  });

  it("envido points reaching the target end the match at once (default), or after the hand", () => {
    let s = start({ team1: 28, team2: 3 });
    s = act(s, "a", { type: "call_envido", call: "envido" }).state;
    const r = act(s, "b", { type: "respond_envido", response: "accept" });
    expect(r.state.phase).toBe("game_over");
    expect(r.state.winner).toBe("team1");
    expect(ofType(r.events, "hand_ended")[0].reason).toBe("match_over");
    expect(ofType(r.events, "match_ended")[0].winnerTeam).toBe("team1");

    let t = start({ team1: 28, team2: 3 }, { endImmediately: false });
    t = act(t, "a", { type: "call_envido", call: "envido" }).state;
    t = act(t, "b", { type: "respond_envido", response: "accept" }).state;
    expect(t.phase).toBe("playing");
    t = plays(t, [
      ["a", "3c"],
      ["b", "Kc"],
      ["a", "7s"],
      ["b", "5h"],
    ]);
    expect(t.phase).toBe("game_over");
    expect(t.winner).toBe("team1");
  });

  it("the timer refuses an envido", () => {
    const s = act(start(), "a", { type: "call_envido", call: "envido" }).state;
    expect(timeoutAction(s, "b")).toEqual({ type: "respond_envido", response: "reject" });
  });
});

describe("irse al mazo (rules §4.7)", () => {
  it("gives the opponents the current truco value", () => {
    const s = fixed("argentino", { hands: AR });
    const r = act(s, "a", { type: "go_to_mazo" });
    expect(r.state.scores).toEqual([0, 1]);
    expect(ofType(r.events, "hand_ended")[0]).toMatchObject({ reason: "mazo", winnerTeam: "team2", points: 1 });
    let t = act(s, "a", { type: "call_truco", call: "truco" }).state;
    t = act(t, "b", { type: "respond_truco", response: "accept" }).state;
    expect(act(t, "a", { type: "go_to_mazo" }).state.scores).toEqual([0, 2]);
  });

  it("while a truco is pending counts as no quiero", () => {
    const t = act(fixed("argentino", { hands: AR }), "a", { type: "call_truco", call: "truco" }).state;
    expect(act(t, "b", { type: "go_to_mazo" }).state.scores).toEqual([1, 0]);
  });

  it("foldFirstTrickNoEnvido: two_points", () => {
    const s = fixed("argentino", { hands: AR, rules: { foldFirstTrickNoEnvido: "two_points" } });
    expect(act(s, "a", { type: "go_to_mazo" }).state.scores).toEqual([0, 2]);
  });

  it("does not exist in the Brazilian variants", () => {
    const s = fixed("paulista", { hands: AR, vira: "4d" });
    expect(legalActions(s, "a").some((x) => x.type === "go_to_mazo")).toBe(false);
  });
});

describe("flor (rules §4.6; on by default in Gaúcho, a house rule in Argentino)", () => {
  const FLOR_A = ["4h", "5h", "6h"]; // flor 35
  const FLOR_B = ["3c", "2c", "Kc"]; // flor 25
  const PLAIN_B = ["3d", "2s", "Ks"];

  it("is mandatory: a flor must be declared before anything else", () => {
    const s = fixed("gaucho", { hands: { a: FLOR_A, b: PLAIN_B } });
    expect(legalActions(s, "a")).toEqual([{ type: "call_flor", call: "flor" }]);
    expect(viewFor(s, "a").pendingDecision).toEqual({ playerId: "a", kind: "flor_declaration" });
    expect(timeoutAction(s, "a")).toEqual({ type: "call_flor", call: "flor" });
    expect(applyAction(s, "a", { type: "play_card", cardId: "4h" })).toMatchObject({
      ok: false,
      error: "illegal_action",
      message: expect.stringMatching(/flor/),
    });
  });

  it("an uncontested flor scores 3 when the first trick is complete", () => {
    let s = fixed("gaucho", { hands: { a: FLOR_A, b: PLAIN_B } });
    s = act(s, "a", { type: "call_flor", call: "flor" }).state;
    expect(legalActions(s, "a").some((x) => x.type === "call_envido")).toBe(false); // flor cancels envido
    s = play(s, "a", "4h");
    const r = act(s, "b", { type: "play_card", cardId: "Ks" });
    expect(ofType(r.events, "flor_resolved")[0]).toMatchObject({ winnerTeam: "team1", points: 3, outcome: "uncontested" });
    expect(r.state.scores).toEqual([3, 0]);
  });

  it("flor against flor: plain flor (6 to the best), achico (4), contraflor (6 / 4), al resto", () => {
    const base = () => {
      let s = fixed("gaucho", { hands: { a: FLOR_A, b: FLOR_B } });
      s = act(s, "a", { type: "call_flor", call: "flor" }).state;
      return play(s, "a", "4h");
    };
    expect(legalActions(base(), "b")).toEqual([
      { type: "call_flor", call: "flor" },
      { type: "call_flor", call: "contraflor" },
      { type: "call_flor", call: "contraflor_al_resto" },
      { type: "call_flor", call: "achico" },
    ]);
    // plain flor: contest settled with the first trick.
    let p = act(base(), "b", { type: "call_flor", call: "flor" }).state;
    const pr = act(p, "b", { type: "play_card", cardId: "Kc" });
    expect(ofType(pr.events, "flor_resolved")[0]).toMatchObject({
      winnerTeam: "team1",
      points: 6,
      outcome: "contest",
      shown: [{ playerId: "a", points: 35 }],
    });
    p = pr.state;
    expect(p.scores).toEqual([6, 0]);
    // con flor me achico
    expect(act(base(), "b", { type: "call_flor", call: "achico" }).state.scores).toEqual([4, 0]);
    // contraflor
    const c = act(base(), "b", { type: "call_flor", call: "contraflor" }).state;
    expect(c.phase).toBe("waiting_flor_response");
    expect(pendingPlayer(c)).toBe("a");
    expect(legalActions(c, "a")).toEqual([
      { type: "respond_flor", response: "accept" },
      { type: "respond_flor", response: "reject" },
      { type: "call_flor", call: "contraflor_al_resto" },
    ]);
    expect(timeoutAction(c, "a")).toEqual({ type: "respond_flor", response: "reject" });
    expect(act(c, "a", { type: "respond_flor", response: "accept" }).state.scores).toEqual([6, 0]);
    expect(act(c, "a", { type: "respond_flor", response: "reject" }).state.scores).toEqual([0, 4]);
    // al resto: the leader's remainder (18 - 0: Gaúcho one against one plays to 18) + 3 per flor ends the match.
    const ar = act(c, "a", { type: "call_flor", call: "contraflor_al_resto" }).state;
    expect(pendingPlayer(ar)).toBe("b");
    const arr = act(ar, "b", { type: "respond_flor", response: "accept" });
    expect(arr.state.phase).toBe("game_over");
    expect(arr.state.scores).toEqual([24, 0]);
    expect(act(ar, "b", { type: "respond_flor", response: "reject" }).state.scores).toEqual([6, 0]);
  });

  it("flor cancels the envido: an envido call declares every flor and is void", () => {
    let s: MatchState = fixed("gaucho", { hands: { a: PLAIN_B, b: FLOR_A } });
    const r = act(s, "a", { type: "call_envido", call: "envido" });
    expect(r.events.map((e) => e.type)).toEqual(["envido_called", "flor_declared", "envido_cancelled"]);
    s = r.state;
    expect(s.phase).toBe("playing");
    expect(pendingPlayer(s)).toBe("a");
    s = play(s, "a", "3d");
    expect(legalActions(s, "b").some((x) => x.type === "call_flor")).toBe(false); // already declared
    s = play(s, "b", "4h");
    expect(s.scores).toEqual([0, 3]);
  });

  it("a flor whose holder never had a decision still counts when the hand ends", () => {
    // b holds a flor but a goes to the mazo before b ever acts.
    let s = fixed("gaucho", { hands: { a: PLAIN_B, b: FLOR_A } });
    s = act(s, "a", { type: "go_to_mazo" }).state;
    expect(s.scores).toEqual([0, 4]); // flor 3 first, then the hand's 1
  });

  it("is off by default in Argentino, on with rules.flor", () => {
    const off = fixed("argentino", { hands: { a: FLOR_A, b: PLAIN_B } });
    expect(legalActions(off, "a")).toContainEqual({ type: "call_envido", call: "envido" });
    expect(viewFor(off, "a").myEnvido).toBe(31);
    const on = fixed("argentino", { hands: { a: FLOR_A, b: PLAIN_B }, rules: { flor: true } });
    expect(legalActions(on, "a")).toEqual([{ type: "call_flor", call: "flor" }]);
    expect(viewFor(on, "a").myFlor).toBe(true);
  });
});
