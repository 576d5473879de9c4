import { describe, expect, it } from "vitest";
import {
  applyAction,
  legalActions,
  pendingPlayer,
  timeoutAction,
  viewFor,
  type MatchState,
  type TrucoCall,
  type Variant,
} from "../../../game/truco/index";
import { act, fixed, ofType, play, plays } from "./helpers";

const H2 = { a: ["3c", "4c", "5c"], b: ["2h", "4h", "5h"] };
const H4 = { a: ["3c", "4c", "5c"], b: ["2h", "4h", "5h"], c: ["3h", "Kc", "Qc"], d: ["Ad", "Kh", "Qh"] };
const vira = (v: Variant) => (v === "paulista" || v === "international" ? "6d" : undefined);

const LADDERS: Record<Variant, { calls: TrucoCall[]; values: number[] }> = {
  paulista: { calls: ["truco", "seis", "nove", "doze"], values: [1, 3, 6, 9, 12] },
  international: { calls: ["truco", "seis", "nove", "doze"], values: [1, 3, 6, 9, 12] },
  mineiro: { calls: ["truco", "seis", "dez", "doze"], values: [2, 4, 6, 10, 12] },
  argentino: { calls: ["truco", "retruco", "vale_cuatro"], values: [1, 2, 3, 4] },
  gaucho: { calls: ["truco", "retruco", "vale_quatro"], values: [1, 2, 3, 4] },
};

describe("truco ladder (rules §0.5, §1, §2, §3, §4.4)", () => {
  for (const variant of Object.keys(LADDERS) as Variant[]) {
    const { calls, values } = LADDERS[variant];

    it(`${variant}: raises alternate between teams up to the top rung; running at rung i gives v(i-1)`, () => {
      for (let runAt = 1; runAt <= calls.length; runAt++) {
        let s = fixed(variant, { hands: H2, vira: vira(variant), rules: { flor: false } });
        let caller = "a";
        for (let i = 1; i <= runAt; i++) {
          const other = caller === "a" ? "b" : "a";
          const r = act(s, caller, { type: "call_truco", call: calls[i - 1] });
          const called = ofType(r.events, "truco_called")[0];
          expect(called).toMatchObject({ call: calls[i - 1], by: caller, stake: values[i], runValue: values[i - 1], responder: other });
          s = r.state;
          expect(s.phase).toBe("waiting_truco_response");
          expect(pendingPlayer(s)).toBe(other);
          expect(viewFor(s, other).trucoCall).toBe(calls[i - 1]);
          caller = other;
        }
        // `caller` now names the challenged player; it runs.
        const r = act(s, caller, { type: "respond_truco", response: "reject" });
        const ended = ofType(r.events, "hand_ended")[0];
        expect(ended.reason).toBe("truco_rejected");
        expect(ended.points).toBe(values[runAt - 1]);
        expect(ended.winnerTeam).toBe(caller === "a" ? "team2" : "team1");
      }
    });

    it(`${variant}: once the top rung is accepted no raise remains`, () => {
      let s = fixed(variant, { hands: H2, vira: vira(variant), rules: { flor: false } });
      let caller = "a";
      for (const call of calls) {
        s = act(s, caller, { type: "call_truco", call }).state;
        caller = caller === "a" ? "b" : "a";
      }
      expect(legalActions(s, caller).some((x) => x.type === "call_truco")).toBe(false);
      s = act(s, caller, { type: "respond_truco", response: "accept" }).state;
      expect(viewFor(s, "a").roundPoints).toBe(values[values.length - 1]);
      expect(viewFor(s, "a").stake.nextCall).toBeNull();
      for (const p of ["a", "b"]) expect(legalActions(s, p).some((x) => x.type === "call_truco")).toBe(false);
    });
  }

  it("only on one's turn, in phase playing, with no pending call; only the next rung", () => {
    const s = fixed("paulista", { hands: H2, vira: "6d" });
    expect(applyAction(s, "b", { type: "call_truco", call: "truco" })).toMatchObject({ ok: false, error: "not_your_turn" });
    expect(applyAction(s, "a", { type: "call_truco", call: "seis" })).toMatchObject({ ok: false, error: "illegal_action" });
    const t = act(s, "a", { type: "call_truco", call: "truco" }).state;
    expect(applyAction(t, "a", { type: "call_truco", call: "seis" })).toMatchObject({ ok: false, error: "not_your_turn" });
    expect(applyAction(t, "b", { type: "play_card", cardId: "2h" })).toMatchObject({ ok: false, error: "illegal_action" });
    expect(legalActions(t, "b")).toEqual([
      { type: "respond_truco", response: "accept" },
      { type: "respond_truco", response: "reject" },
      { type: "call_truco", call: "seis" },
    ]);
  });

  it("after an accept the caller plays on, the accepting team may raise later, the caller's team may not", () => {
    let s = fixed("paulista", { hands: H2, vira: "6d" });
    s = act(s, "a", { type: "call_truco", call: "truco" }).state;
    s = act(s, "b", { type: "respond_truco", response: "accept" }).state;
    expect(s.phase).toBe("playing");
    expect(pendingPlayer(s)).toBe("a");
    expect(viewFor(s, "a").roundPoints).toBe(3);
    expect(legalActions(s, "a").some((x) => x.type === "call_truco")).toBe(false);
    s = play(s, "a", "3c");
    expect(legalActions(s, "b")).toContainEqual({ type: "call_truco", call: "seis" });
    const v = viewFor(s, "b");
    expect(v.stake).toMatchObject({ value: 3, nextCall: "seis", nextValue: 6, lastRaiserTeam: "team1" });
  });

  it("raising back accepts the pending rung: running after seis gives the seis caller 3", () => {
    let s = fixed("paulista", { hands: H2, vira: "6d" });
    s = act(s, "a", { type: "call_truco", call: "truco" }).state;
    const r = act(s, "b", { type: "call_truco", call: "seis" });
    expect(ofType(r.events, "truco_responded")[0]).toMatchObject({ response: "accept", byRaise: true });
    expect(r.state.hand.stake).toBe(1);
    const end = act(r.state, "a", { type: "respond_truco", response: "reject" });
    expect(end.state.scores).toEqual([0, 3]);
  });

  it("an accepted hand pays its value to the winner of the tricks", () => {
    let s = fixed("paulista", { hands: H2, vira: "6d" });
    s = act(s, "a", { type: "call_truco", call: "truco" }).state;
    s = act(s, "b", { type: "respond_truco", response: "accept" }).state;
    s = plays(s, [
      ["a", "3c"],
      ["b", "4h"],
      ["a", "4c"],
      ["b", "2h"],
      ["b", "5h"],
      ["a", "5c"],
    ]);
    // 3c wins, 2h wins, 5 vs 5 tie → the first trick decides: team1.
    expect(s.scores).toEqual([3, 0]);
  });

  describe("2v2: the answer comes from the next opponent after the caller", () => {
    it("only that player may answer and is the current player", () => {
      let s = fixed("paulista", { hands: H4, vira: "6d" });
      s = play(s, "a", "3c");
      s = act(s, "b", { type: "call_truco", call: "truco" }).state; // b calls on its turn
      expect(pendingPlayer(s)).toBe("c");
      expect(viewFor(s, "a").currentPlayer).toBe("c");
      expect(viewFor(s, "a").pendingDecision).toEqual({ playerId: "c", kind: "truco_response" });
      for (const p of ["a", "b", "d"]) expect(legalActions(s, p)).toEqual([]);
      expect(applyAction(s, "a", { type: "respond_truco", response: "accept" })).toMatchObject({ ok: false, error: "not_your_turn" });
      s = act(s, "c", { type: "respond_truco", response: "accept" }).state; // first answer binds
      expect(pendingPlayer(s)).toBe("b"); // the caller still has to play its card
      expect(s.hand.stake).toBe(1);
    });

    it("both_must_refuse: a refusal passes the decision to the partner", () => {
      let s = fixed("paulista", { hands: H4, vira: "6d", rules: { responseRule: "both_must_refuse" } });
      s = act(s, "a", { type: "call_truco", call: "truco" }).state;
      const r = act(s, "b", { type: "respond_truco", response: "reject" });
      expect(ofType(r.events, "truco_responded")[0].passedTo).toBe("d");
      expect(pendingPlayer(r.state)).toBe("d");
      const end = act(r.state, "d", { type: "respond_truco", response: "reject" });
      expect(end.state.scores).toEqual([1, 0]);
      const acc = act(r.state, "d", { type: "respond_truco", response: "accept" });
      expect(acc.state.hand.stake).toBe(1);
    });
  });

  it("the turn timer declines a raise and plays the lowest card", () => {
    let s = fixed("paulista", { hands: H2, vira: "6d" });
    expect(timeoutAction(s, "a")).toEqual({ type: "play_card", cardId: "4c" });
    expect(timeoutAction(s, "b")).toBeNull();
    s = act(s, "a", { type: "call_truco", call: "truco" }).state;
    expect(timeoutAction(s, "b")).toEqual({ type: "respond_truco", response: "reject" });
  });
});

describe("mão de onze / mão de dez (rules §1, §2)", () => {
  const onze = (variant: Variant, rules = {}) =>
    fixed(variant, {
      hands: H4,
      vira: vira(variant),
      scores: variant === "mineiro" ? { team1: 10, team2: 4 } : { team1: 11, team2: 5 },
      rules,
    });

  it("the team on 11 sees its partner's cards while it decides; the others see nothing", () => {
    const s = onze("paulista");
    expect(s.phase).toBe("waiting_mao_decision");
    expect(pendingPlayer(s)).toBe("a");
    const va = viewFor(s, "a");
    expect(va.specialHand).toBe("mao_de_onze");
    expect(va.players.c.hand.map((c) => ("id" in c ? c.id : null))).toEqual(["3h", "Kc", "Qc"]);
    expect(viewFor(s, "c").players.a.hand.map((c) => ("id" in c ? c.id : null))).toEqual(["3c", "4c", "5c"]);
    for (const p of ["b", "d", null]) {
      const v = viewFor(s, p);
      for (const q of ["a", "c"]) expect(v.players[q].hand).toEqual([{ hidden: true }, { hidden: true }, { hidden: true }]);
    }
    expect(legalActions(s, "a")).toEqual([
      { type: "respond_mao", response: "play" },
      { type: "respond_mao", response: "run" },
    ]);
    expect(legalActions(s, "c")).toEqual([]);
    expect(timeoutAction(s, "a")).toEqual({ type: "respond_mao", response: "run" });
  });

  it("running gives the opponents 1 (Mineiro: 2) and no card is played", () => {
    const r = act(onze("paulista"), "a", { type: "respond_mao", response: "run" });
    expect(r.state.scores).toEqual([11, 6]);
    expect(r.state.phase).toBe("round_end");
    expect(ofType(r.events, "hand_ended")[0]).toMatchObject({ reason: "mao_run", points: 1, winnerTeam: "team2" });
    const m = act(onze("mineiro"), "a", { type: "respond_mao", response: "run" });
    expect(m.state.scores).toEqual([10, 6]);
    expect(viewFor(onze("mineiro"), "a").specialHand).toBe("mao_de_dez");
  });

  it("playing makes the hand worth 3 (Mineiro: 4) and nobody may call truco", () => {
    for (const [variant, worth] of [
      ["paulista", 3],
      ["mineiro", 4],
    ] as const) {
      let s = act(onze(variant), "a", { type: "respond_mao", response: "play" }).state;
      expect(s.phase).toBe("playing");
      expect(viewFor(s, "a").roundPoints).toBe(worth);
      expect(viewFor(s, "a").players.c.hand[0]).toEqual({ hidden: true });
      expect(legalActions(s, "a").some((x) => x.type === "call_truco")).toBe(false);
      expect(applyAction(s, "a", { type: "call_truco", call: "truco" })).toMatchObject({ ok: false, error: "illegal_action" });
      s = play(s, "a", "3c");
      expect(legalActions(s, "b").some((x) => x.type === "call_truco")).toBe(false);
      s = plays(s, [
        ["b", "2h"],
        ["c", "3h"],
        ["d", "Ad"],
      ]);
      // 3c and 3h (both team1) beat 2h and Ad: team1 wins trick 1.
      s = plays(s, [
        ["a", "4c"],
        ["b", "4h"],
        ["c", "Kc"],
        ["d", "Kh"],
      ]);
      // Tie on K; first trick decides for team1, which reaches the target.
      expect(s.phase).toBe("game_over");
      expect(s.scores[0]).toBe((variant === "mineiro" ? 10 : 11) + worth);
      expect(viewFor(s, null).winnerTeam).toBe("team1");
    }
  });

  it("is off with maoDeOnze: false", () => {
    expect(onze("paulista", { maoDeOnze: false }).phase).toBe("playing");
  });
});

describe("mão de ferro (both teams on 11)", () => {
  const ferro = (variant: Variant, rules = {}) =>
    fixed(variant, { hands: H2, vira: vira(variant), scores: { team1: 11, team2: 11 }, rules });

  it("is blind by default: no one sees their own cards; cards are played by slot", () => {
    let s = ferro("paulista");
    const v = viewFor(s, "a");
    expect(v.specialHand).toBe("mao_de_ferro");
    expect(v.blind).toBe(true);
    expect(v.players.a.hand).toEqual([
      { hidden: true, blindId: "blind:0" },
      { hidden: true, blindId: "blind:1" },
      { hidden: true, blindId: "blind:2" },
    ]);
    expect(v.players.b.hand).toEqual([{ hidden: true }, { hidden: true }, { hidden: true }]);
    expect(JSON.stringify(v)).not.toMatch(/"(3c|4c|5c)"/);
    expect(legalActions(s, "a")).toEqual([
      { type: "play_card", cardId: "blind:0" },
      { type: "play_card", cardId: "blind:1" },
      { type: "play_card", cardId: "blind:2" },
    ]);
    expect(applyAction(s, "a", { type: "play_card", cardId: "3c" })).toMatchObject({ ok: false, error: "illegal_action" });
    expect(timeoutAction(s, "a")).toEqual({ type: "play_card", cardId: "blind:0" });
    const r = act(s, "a", { type: "play_card", cardId: "blind:1" });
    expect(ofType(r.events, "card_played")[0].card).toMatchObject({ id: "4c" }); // turned over when played
    s = r.state;
    expect(viewFor(s, "a").players.a.hand).toHaveLength(2);
  });

  it("allows no truco and the winner takes the game", () => {
    let s = ferro("paulista");
    expect(legalActions(s, "a").some((x) => x.type === "call_truco")).toBe(false);
    s = plays(s, [
      ["a", "blind:0"],
      ["b", "blind:0"],
      ["a", "blind:0"],
      ["b", "blind:0"],
    ]);
    // a: 3c vs 2h → team1; 4c vs 4h → tie → team1 wins with the first trick.
    expect(s.phase).toBe("game_over");
    expect(s.scores).toEqual([12, 11]);
  });

  it("is open in International (and with maoDeFerro: open)", () => {
    for (const s of [ferro("international"), ferro("paulista", { maoDeFerro: "open" })]) {
      const v = viewFor(s, "a");
      expect(v.blind).toBe(false);
      expect(v.players.a.hand.map((c) => ("id" in c ? c.id : null))).toEqual(["3c", "4c", "5c"]);
      expect(legalActions(s, "a").some((x) => x.type === "call_truco")).toBe(false);
    }
  });
});

describe("Mineiro ladders as house rules", () => {
  it("pagat scoring plays 1-3-6-9-12 with a mão de onze", () => {
    const s: MatchState = fixed("mineiro", { hands: H2, scores: { team1: 11, team2: 3 }, rules: { mineiroScoring: "pagat" } });
    expect(viewFor(s, "a").specialHand).toBe("mao_de_onze");
    expect(s.rules.ladder.values).toEqual([1, 3, 6, 9, 12]);
  });
  it("short scoring is 2-4-6-8-12", () => {
    const s = fixed("mineiro", { hands: H2, rules: { mineiroScoring: "short" } });
    expect(s.rules.ladder.values).toEqual([2, 4, 6, 8, 12]);
    expect(s.rules.ladder.names).toEqual([null, "truco", "seis", "oito", "doze"]);
  });
});
