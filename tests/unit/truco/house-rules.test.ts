// House rules (truco-rules.md §7): unknown keys and bad values are refused; baralho limpo; the
// raise cap; Gaúcho's halves (voltas).
import { describe, expect, it } from "vitest";
import {
  applyAction,
  compareCards,
  createMatch,
  legalActions,
  manilhaRank,
  parseHouseRules,
  pendingPlayer,
  playMatch,
  shuffledDeck,
  startNextHand,
  timeoutAction,
  viewFor,
  type MatchState,
  type Variant,
} from "../../../game/truco/index";
import { chooseAction } from "../../../game/truco/bots/index";
import { act, fixed, ofType, P2, P4, plays } from "./helpers";

describe("house rules are refused when unknown or bad, never dropped", () => {
  it("accepts none, an empty set, or every supported key", () => {
    expect(parseHouseRules(undefined)).toEqual({ ok: true, rules: {} });
    expect(parseHouseRules({})).toEqual({ ok: true, rules: {} });
    const all = {
      targetPoints: 15,
      deck: "limpo",
      raiseCap: true,
      manilhaMode: "velha",
      mineiroScoring: "pagat",
      responseRule: "both_must_refuse",
      tieLeader: "mano",
      allTiedHand: "redeal",
      coveredCards: "one_per_team",
      mustPlayHighestAfterTie: true,
      maoDeOnze: false,
      maoDeFerro: "open",
      flor: true,
      florValues: { flor: 3, contest: 4, achico: 3 },
      faltaEnvido: "malas_buenas",
      foldFirstTrickNoEnvido: "two_points",
      endImmediately: false,
    };
    expect(parseHouseRules(all)).toEqual({ ok: true, rules: all });
  });

  it("names an unknown key (also one §7 lists but the engine does not play)", () => {
    const r = parseHouseRules({ betTiming: "any_time", targetPoints: 12 });
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error).toMatch(/unknown house rule 'betTiming'/);
    expect(!r.ok && r.error).toMatch(/known: targetPoints, deck, raiseCap/);
    expect(parseHouseRules({ florValues: { flor: 3, bonus: 1 } })).toMatchObject({
      ok: false,
      error: expect.stringMatching(/'bonus' in 'florValues'/),
    });
  });

  it.each([
    [{ targetPoints: 0 }, "targetPoints"],
    [{ targetPoints: 12.5 }, "targetPoints"],
    [{ targetPoints: "24" }, "targetPoints"],
    [{ deck: "dirty" }, "deck"],
    [{ raiseCap: "yes" }, "raiseCap"],
    [{ flor: 1 }, "flor"],
    [{ florValues: { contest: -4 } }, "florValues.contest"],
    [{ tieLeader: "dealer" }, "tieLeader"],
  ])("refuses the bad value %j", (rules, key) => {
    const r = parseHouseRules(rules);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error).toContain(`house rule '${key}'`);
  });

  it("says what a bad value should have been", () => {
    const error = (rules: object) => {
      const r = parseHouseRules(rules);
      return r.ok ? "" : r.error;
    };
    expect(error({ targetPoints: 0 })).toContain("house rule 'targetPoints': must be at least 1");
    expect(error({ florValues: { flor: 1001 } })).toContain("house rule 'florValues.flor': must be at most 1000");
    expect(error({ targetPoints: "24" })).toContain("house rule 'targetPoints': must be a whole number from 1 to 1000");
    expect(error({ deck: "dirty" })).toContain("house rule 'deck': must be one of sujo, limpo");
    expect(error({ raiseCap: "yes" })).toContain("house rule 'raiseCap': must be true or false");
    expect(error({ florValues: 3 })).toContain("house rule 'florValues': must be an object");
  });

  it("refuses what is not an object", () => {
    for (const bad of [null, [], "limpo", 3]) expect(parseHouseRules(bad).ok).toBe(false);
  });

  it("createMatch throws with the same message; a key of another variant is accepted and has no effect", () => {
    const mk = (rules: object) => () => createMatch({ variant: "paulista", players: P2, seed: "s", rules: rules as never });
    expect(mk({ betTiming: "any_time" })).toThrow(/createMatch: unknown house rule 'betTiming'/);
    expect(mk({ targetPoints: -1 })).toThrow(/house rule 'targetPoints'/);
    expect(mk({ flor: true })().rules.flor).toBe(false);
    expect(createMatch({ variant: "gaucho", players: P2, seed: "s", rules: { deck: "limpo", maoDeOnze: true } }).rules).toMatchObject({
      deck: "sujo",
      maoDeOnze: false,
    });
  });
});

describe("baralho limpo (truco-rules.md §1, §2, §7)", () => {
  const limpo = (variant: Variant, players = P4, seed = "limpo") => createMatch({ variant, players, seed, rules: { deck: "limpo" } });

  it("deals Paulista and International from the 24 cards Q J K A 2 3 only", () => {
    for (const variant of ["paulista", "international"] as const) {
      for (let i = 0; i < 30; i++) {
        const s = limpo(variant, P4, `l${i}`);
        for (const c of [...s.hand.dealt.flat(), s.hand.vira!]) expect("QJKA23").toContain(c[0]);
        const deck = shuffledDeck(s.hand.seed, variant, s.rules).map((c) => c.id);
        expect(new Set(deck).size).toBe(24);
        expect(deck.slice(0, 12)).toEqual(expect.arrayContaining(s.hand.dealt.flat()));
        expect(deck[12]).toBe(s.hand.vira);
      }
    }
  });

  it("turns the manilha cycle into Q J K A 2 3 → Q: a vira 3 makes the Queens the manilhas", () => {
    expect(manilhaRank("3", "limpo")).toBe("Q");
    expect(manilhaRank("2", "limpo")).toBe("3");
    expect(manilhaRank("Q", "limpo")).toBe("J");
    expect(manilhaRank("3")).toBe("4");
    expect(() => manilhaRank("7", "limpo")).toThrow();
    expect(compareCards("Qd", "3c", { variant: "paulista", vira: "3h", deck: "limpo" })).toBeGreaterThan(0);
    expect(compareCards("Qc", "Qd", { variant: "paulista", vira: "3h", deck: "limpo" })).toBeGreaterThan(0);
    expect(compareCards("Qd", "3c", { variant: "paulista", vira: "3h" })).toBeLessThan(0);

    let s = fixed("paulista", { hands: { a: ["3c", "2c", "Ac"], b: ["Qd", "Jh", "Kh"] }, vira: "3h", rules: { deck: "limpo" } });
    expect(viewFor(s, "a").manilha).toBe("Q");
    s = plays(s, [
      ["a", "3c"],
      ["b", "Qd"],
    ]);
    expect(s.hand.tricks[0]).toMatchObject({ outcome: 1, winnerSeat: 1 });
  });

  it("keeps 4♣ 7♥ 7♦ with the fixed manilhas (Mineiro: 27 cards)", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 60; i++) for (const c of limpo("mineiro", P4, `m${i}`).hand.dealt.flat()) seen.add(c);
    const allowed = (c: string) => "QJKA23".includes(c[0]) || ["4c", "7h", "7d"].includes(c);
    expect([...seen].every(allowed)).toBe(true);
    expect(seen.has("4c") || seen.has("7h") || seen.has("7d")).toBe(true);
    expect(new Set(shuffledDeck("0123456789abcdef0123456789abcdef", "mineiro", { deck: "limpo" }).map((c) => c.id)).size).toBe(27);
  });

  it("refuses a fixed deal or vira outside the deck", () => {
    const mk = (hands: Record<string, string[]>, vira: string) => () =>
      createMatch({ variant: "paulista", players: P2, seed: "s", rules: { deck: "limpo" }, deal: { hands, vira } });
    expect(mk({ a: ["4c", "2c", "Ac"], b: ["Qd", "Jh", "Kh"] }, "3h")).toThrow(/not in this table's deck/);
    expect(mk({ a: ["3c", "2c", "Ac"], b: ["Qd", "Jh", "Kh"] }, "7h")).toThrow(/not in this table's deck/);
  });

  it("is a Brazilian option: the Spanish variants keep their 40 cards", () => {
    expect(createMatch({ variant: "argentino", players: P2, seed: "s", rules: { deck: "limpo" } }).rules.deck).toBe("sujo");
  });

  it("the computer players finish limpo matches with legal moves only", () => {
    for (const variant of ["paulista", "mineiro"] as const) {
      const run = playMatch(limpo(variant, P2, `bots-${variant}`), (s, p) => chooseAction(viewFor(s, p), { level: "normal", seed: p }), {
        log: false,
      });
      expect(run.stop).toBe("match_over");
    }
  });
});

describe("raise cap (truco-rules.md §7, pagat: no raise when accepting already wins)", () => {
  const H = { a: ["3c", "4c", "5c"], b: ["2h", "4h", "5h"] };

  it("pagat's example: at 7, after truco and seis, the truco team may not ask nove (6 already wins)", () => {
    const start = (raiseCap: boolean) => fixed("paulista", { hands: H, vira: "6d", scores: { team1: 7, team2: 5 }, rules: { raiseCap } });
    for (const cap of [false, true]) {
      let s = start(cap);
      s = act(s, "a", { type: "call_truco", call: "truco" }).state;
      s = act(s, "b", { type: "call_truco", call: "seis" }).state;
      expect(pendingPlayer(s)).toBe("a");
      const raise = legalActions(s, "a").some((x) => x.type === "call_truco");
      expect(raise).toBe(!cap);
      if (cap) {
        const r = applyAction(s, "a", { type: "call_truco", call: "nove" });
        expect(r).toMatchObject({ ok: false, error: "illegal_action", message: expect.stringMatching(/raise cap/) });
        expect(legalActions(s, "a")).toEqual([
          { type: "respond_truco", response: "accept" },
          { type: "respond_truco", response: "reject" },
        ]);
      }
    }
  });

  it("binds both teams and later raises too, not only raising back (Gaúcho at 22 of 24)", () => {
    const G = { a: ["4h", "5h", "6c"], b: ["4d", "5d", "6s"], c: ["4s", "5s", "Kc"], d: ["4c", "5c", "Kd"] };
    let s = fixed("gaucho", { hands: G, scores: { team1: 22, team2: 3 }, rules: { raiseCap: true, flor: false } });
    expect(s.rules.targetPoints).toBe(24);
    // team1 (a) may still call truco: the unbet hand (1) does not reach 24.
    expect(legalActions(s, "a")).toContainEqual({ type: "call_truco", call: "truco" });
    s = act(s, "a", { type: "play_card", cardId: "4h" }).state;
    s = act(s, "b", { type: "call_truco", call: "truco" }).state;
    // c answers for team1: accepting makes the hand worth 2, and 22 + 2 wins, so no retruco.
    expect(legalActions(s, "c").some((x) => x.type === "call_truco")).toBe(false);
    s = act(s, "c", { type: "respond_truco", response: "accept" }).state;
    s = act(s, "b", { type: "play_card", cardId: "4d" }).state;
    expect(pendingPlayer(s)).toBe("c");
    expect(legalActions(s, "c").some((x) => x.type === "call_truco")).toBe(false);
  });

  it("caps only the team whose win is already secured", () => {
    const G = { a: ["4h", "5h", "6c"], b: ["4d", "5d", "6s"], c: ["4s", "5s", "Kc"], d: ["4c", "5c", "Kd"] };
    let s = fixed("gaucho", { hands: G, scores: { team1: 22, team2: 3 }, rules: { raiseCap: true, flor: false } });
    s = act(s, "a", { type: "call_truco", call: "truco" }).state;
    // team2 (3 points) may raise back: 3 + 2 does not win.
    expect(legalActions(s, "b")).toContainEqual({ type: "call_truco", call: "retruco" });
    s = act(s, "b", { type: "call_truco", call: "retruco" }).state;
    // team1 may not ask vale quatro: accepting the retruco (3) already takes it from 22 to 24.
    expect(pendingPlayer(s)).toBe("c");
    expect(legalActions(s, "c").some((x) => x.type === "call_truco")).toBe(false);
  });

  it("is off by default", () => {
    const s = fixed("paulista", { hands: H, vira: "6d", scores: { team1: 10, team2: 0 } });
    expect(s.rules.raiseCap).toBe(false);
    expect(legalActions(s, "a")).toContainEqual({ type: "call_truco", call: "truco" });
  });
});

describe("Gaúcho in two voltas (truco-rules.md §3)", () => {
  /** Play the current hand out with the turn timer's choices. */
  const timeoutHand = (s: MatchState) => playMatch(s, (st, p) => timeoutAction(st, p), { nextHand: false, log: false }).state;

  it("the score runs on past the first volta: nothing resets and the match goes on to 24", () => {
    let s = createMatch({ variant: "gaucho", players: P4, seed: "volta", scores: { team1: 11, team2: 11 } });
    for (let i = 0; i < 6 && Math.max(...s.scores) < 13; i++) {
      s = timeoutHand(s);
      const r = startNextHand(s);
      if (!r.ok) throw new Error(r.message);
      expect(r.state.scores).toEqual(s.scores);
      s = r.state;
    }
    expect(Math.max(...s.scores)).toBeGreaterThanOrEqual(12);
    expect(s.phase).not.toBe("game_over");
    expect(s.hand.special).toBeNull();
  });

  it("with faltaEnvido 'malas_buenas' the falta counts to the end of the leader's volta, then to 24", () => {
    const G = { a: ["7s", "6s", "3c"], b: ["5h", "4h", "Kc"], c: ["4d", "5c", "Kd"], d: ["4c", "6h", "Ks"] };
    const falta = (scores: { team1: number; team2: number }, faltaEnvido: "classic" | "malas_buenas") => {
      let s = fixed("gaucho", { hands: G, scores, rules: { faltaEnvido, flor: false } });
      s = act(s, "a", { type: "call_envido", call: "falta_envido" }).state;
      const r = act(s, "b", { type: "respond_envido", response: "accept" });
      return ofType(r.events, "envido_resolved")[0].points;
    };
    expect(falta({ team1: 5, team2: 3 }, "malas_buenas")).toBe(7); // 12 - 5
    expect(falta({ team1: 5, team2: 3 }, "classic")).toBe(19); // 24 - 5
    expect(falta({ team1: 14, team2: 3 }, "malas_buenas")).toBe(10); // 24 - 14
  });
});
