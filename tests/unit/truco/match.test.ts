import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  applyAction,
  createMatch,
  handSeed,
  legalActions,
  pendingPlayer,
  seedCommitment,
  shuffledDeck,
  startNextHand,
  timeoutAction,
  viewFor,
  type Action,
  type MatchState,
  type Variant,
} from "../../../game/truco/index";
import { act, fixed, ofType, P2, P4 } from "./helpers";

const sha = (s: string) => createHash("sha256").update(s).digest("hex");

/** Play the current hand out with the turn timer's choices (lowest card, refuse everything). */
function timeoutHand(s: MatchState): MatchState {
  while (s.phase !== "round_end" && s.phase !== "game_over") {
    const p = pendingPlayer(s)!;
    s = act(s, p, timeoutAction(s, p)!).state;
  }
  return s;
}

describe("match targets (DESIGN.md §5, truco-rules.md §3, ADR 011)", () => {
  const target = (variant: Variant, rules = {}, players = P2) => createMatch({ variant, players, seed: "t", rules }).rules.targetPoints;
  it("12 in Paulista, Mineiro and International, 30 in Argentino, Gaúcho 18 one against one and 24 in pairs; overridable", () => {
    for (const players of [P2, P4]) {
      expect(target("paulista", {}, players)).toBe(12);
      expect(target("mineiro", {}, players)).toBe(12);
      expect(target("international", {}, players)).toBe(12);
      expect(target("argentino", {}, players)).toBe(30);
    }
    expect(target("gaucho", {}, P2)).toBe(18);
    expect(target("gaucho", {}, P4)).toBe(24);
    expect(target("gaucho", { targetPoints: 12 }, P4)).toBe(12);
    expect(target("argentino", { targetPoints: 15 })).toBe(15);
  });

  it("the Spanish variants play in two halves (Gaúcho voltas of 9 or 12, Argentino malas of 15); the Brazilian ones in one", () => {
    const half = (variant: Variant, players = P2, rules = {}) => createMatch({ variant, players, seed: "t", rules }).rules.halfTarget;
    expect(half("gaucho", P2)).toBe(9);
    expect(half("gaucho", P4)).toBe(12);
    expect(half("argentino")).toBe(15);
    expect(half("gaucho", P4, { targetPoints: 12 })).toBe(6);
    expect(half("paulista")).toBeNull();
    expect(viewFor(createMatch({ variant: "gaucho", players: P4, seed: "t" }), "a")).toMatchObject({
      targetScore: 24,
      rules: { targetPoints: 24, halfTarget: 12 },
    });
  });

  it("overshoot wins: 10 + 3 = 13 ends a game to 12", () => {
    let s = fixed("paulista", { hands: { a: ["3c", "2c", "Ac"], b: ["4h", "5h", "6h"] }, vira: "7d", scores: { team1: 10, team2: 4 } });
    s = act(s, "a", { type: "call_truco", call: "truco" }).state;
    s = act(s, "b", { type: "respond_truco", response: "accept" }).state;
    s = act(s, "a", { type: "play_card", cardId: "3c" }).state;
    s = act(s, "b", { type: "play_card", cardId: "4h" }).state;
    s = act(s, "a", { type: "play_card", cardId: "2c" }).state;
    const r = act(s, "b", { type: "play_card", cardId: "5h" });
    expect(r.state.phase).toBe("game_over");
    expect(r.state.scores).toEqual([13, 4]);
    expect(ofType(r.events, "match_ended")[0]).toEqual({ type: "match_ended", winnerTeam: "team1", team1Score: 13, team2Score: 4 });
    expect(viewFor(r.state, "b")).toMatchObject({ gamePhase: "game_over", winnerTeam: "team1", legalActions: [] });
    expect(startNextHand(r.state)).toMatchObject({ ok: false, error: "match_over" });
    expect(applyAction(r.state, "a", { type: "play_card", cardId: "Ac" })).toMatchObject({ ok: false, error: "match_over" });
  });
});

describe("hand end, next hand and dealer rotation (rules §0.2)", () => {
  it("waits in round_end until startNextHand; the deal passes to dealer + 1 and the mão leads", () => {
    let s = createMatch({ variant: "paulista", players: P4, seed: "rot", dealerIndex: 2 });
    expect(viewFor(s, null)).toMatchObject({ dealer: "c", mao: "d", currentPlayer: "d", handNumber: 1, currentRound: 1 });
    expect(startNextHand(s)).toMatchObject({ ok: false, error: "illegal_action" });
    const seen: string[] = [];
    for (let i = 0; i < 5 && s.phase !== "game_over"; i++) {
      s = timeoutHand(s);
      if (s.phase === "game_over") break;
      expect(s.phase).toBe("round_end");
      for (const p of ["a", "b", "c", "d"]) expect(legalActions(s, p)).toEqual([]);
      expect(pendingPlayer(s)).toBeNull();
      expect(timeoutAction(s, "a")).toBeNull();
      expect(applyAction(s, "a", { type: "play_card", cardId: "4c" })).toMatchObject({ ok: false, error: "hand_over" });
      const before = s.actionCount;
      const r = startNextHand(s);
      if (!r.ok) throw new Error(r.message);
      expect(r.state.actionCount).toBe(before + 1);
      const started = ofType(r.events, "hand_started")[0];
      s = r.state;
      seen.push(started.dealer);
      expect(started.mao).toBe(P4[(P4.findIndex((p) => p.id === started.dealer) + 1) % 4].id);
      expect(viewFor(s, null).currentPlayer).toBe(started.mao);
    }
    expect(seen.slice(0, 4)).toEqual(["d", "a", "b", "c"].slice(0, seen.length));
  });

  it("a match driven by startNextHand always ends, at or past the target", () => {
    for (const variant of ["paulista", "mineiro", "gaucho", "argentino", "international"] as Variant[]) {
      let s = createMatch({ variant, players: P2, seed: `end-${variant}` });
      let hands = 0;
      while (s.phase !== "game_over") {
        s = timeoutHand(s);
        if (s.phase === "round_end") {
          const r = startNextHand(s);
          if (!r.ok) throw new Error(r.message);
          s = r.state;
        }
        expect(++hands).toBeLessThan(500);
      }
      expect(Math.max(...s.scores)).toBeGreaterThanOrEqual(s.rules.targetPoints);
    }
  });

  it("the first dealer comes from the seed when not given", () => {
    const dealers = new Set<number>();
    for (let i = 0; i < 40; i++) dealers.add(createMatch({ variant: "paulista", players: P4, seed: `d${i}` }).dealer);
    expect(dealers.size).toBe(4);
  });
});

describe("fairness commitment", () => {
  it("each hand seed is the first 128 bits of SHA-256(`${matchSeed}:${hand}`), committed by its SHA-256", () => {
    let s = createMatch({ variant: "paulista", players: P4, seed: "match-secret", dealerIndex: 0 });
    const seeds = new Set<string>();
    for (let hand = 1; hand <= 3; hand++) {
      const seed = handSeed(s);
      expect(seed).toBe(sha(`match-secret:${hand}`).slice(0, 32));
      expect(seedCommitment(seed)).toBe(sha(seed));
      seeds.add(seed);
      const live = viewFor(s, "a");
      expect(live.handCommitment).toBe(sha(seed));
      expect(live.revealedSeed).toBeNull();
      const json = JSON.stringify(live);
      expect(json).not.toContain(seed);
      expect(json).not.toContain("match-secret");
      // The deal follows the committed seed: card k goes to seat (mão + k) % n, then the vira.
      const deck = shuffledDeck(seed, "paulista").map((c) => c.id);
      expect(new Set(deck).size).toBe(40);
      const mao = (s.dealer + 1) % 4;
      for (let k = 0; k < 12; k++) expect(s.hand.dealt[(mao + k) % 4][Math.floor(k / 4)]).toBe(deck[k]);
      expect(s.hand.vira).toBe(deck[12]);
      s = timeoutHand(s);
      const ended = viewFor(s, "b");
      expect(ended.revealedSeed).toBe(seed);
      const r = startNextHand(s);
      if (!r.ok) break;
      s = r.state;
    }
    expect(seeds.size).toBe(3);
  });

  it("a fixed first deal is marked as such", () => {
    const s = fixed("paulista", { hands: { a: ["3c", "2c", "Ac"], b: ["4h", "5h", "6h"] }, vira: "7d" });
    expect(viewFor(s, "a").fixedDeal).toBe(true);
    expect(viewFor(createMatch({ variant: "paulista", players: P2, seed: "x" }), "a").fixedDeal).toBe(false);
  });
});

describe("the view (spec §3 names)", () => {
  it("keys players by id with nickname and hand; other hands are exactly { hidden: true }", () => {
    const s = createMatch({
      variant: "paulista",
      players: [
        { id: "u1", team: "team1", nickname: "Ana" },
        { id: "u2", team: "team2", nickname: "Bia" },
      ],
      seed: "view",
      dealerIndex: 1,
    });
    const v = viewFor(s, "u1");
    expect(v.players.u1.nickname).toBe("Ana");
    expect(v.players.u2.nickname).toBe("Bia");
    expect(v.players.u1.hand).toHaveLength(3);
    for (const c of v.players.u1.hand)
      expect(c).toMatchObject({ id: expect.any(String), suit: expect.any(String), rank: expect.any(String) });
    expect(v.players.u2.hand).toEqual([{ hidden: true }, { hidden: true }, { hidden: true }]);
    expect(v).toMatchObject({
      currentPlayer: "u1",
      currentRound: 1,
      gamePhase: "playing",
      trucoCall: null,
      team1Score: 0,
      team2Score: 0,
      roundPoints: 1,
      roundCards: [],
      targetScore: 12,
      me: "u1",
      myTeam: "team1",
      stake: { nextCall: "truco", nextValue: 3, pending: null },
    });
    expect(v.vira).toMatchObject({ id: s.hand.vira });
    expect(v.manilha).toBe(s.hand.manilha);
    expect(v.legalActions).toEqual(legalActions(s, "u1"));
    const spectator = viewFor(s, null);
    expect(spectator.legalActions).toEqual([]);
    expect(spectator.players.u1.hand).toEqual([{ hidden: true }, { hidden: true }, { hidden: true }]);
  });
});

describe("robustness", () => {
  const s = fixed("paulista", { hands: { a: ["3c", "2c", "Ac"], b: ["4h", "5h", "6h"] }, vira: "7d" });
  const bad: unknown[] = [
    null,
    undefined,
    42,
    "play_card",
    [],
    {},
    { type: "nope" },
    { type: "play_card" },
    { type: "play_card", cardId: 42 },
    { type: "play_card", cardId: "4h" },
    { type: "play_card", cardId: "Zz" },
    { type: "call_truco" },
    { type: "call_truco", call: "doze" },
    { type: "respond_truco", response: "maybe" },
    { type: "call_envido", call: "envido" },
    { type: "go_to_mazo" },
    Object.create({ type: "play_card", cardId: "3c" }),
  ];
  it("never throws on a bad action and never mutates its input", () => {
    const before = JSON.stringify(s);
    for (const a of bad) {
      const r = applyAction(s, "a", a as Action);
      expect(r.ok, JSON.stringify(a)).toBe(false);
    }
    expect(applyAction(s, "zz", { type: "play_card", cardId: "3c" })).toMatchObject({ ok: false, error: "unknown_player" });
    expect(applyAction(s, null as unknown as string, { type: "play_card", cardId: "3c" })).toMatchObject({ ok: false });
    const good = applyAction(s, "a", { type: "play_card", cardId: "3c" });
    expect(good.ok).toBe(true);
    expect(JSON.stringify(s)).toBe(before);
  });

  it("states are plain JSON and survive a round trip", () => {
    const copy = JSON.parse(JSON.stringify(s)) as MatchState;
    expect(copy).toEqual(s);
    const r = applyAction(copy, "a", { type: "play_card", cardId: "3c" });
    expect(r.ok && r.state.actionCount).toBe(1);
  });

  it("createMatch refuses invalid set-ups", () => {
    const mk = (over: object) => () => createMatch({ variant: "paulista", players: P2, seed: "s", ...over } as never);
    expect(mk({ variant: "poker" })).toThrow();
    expect(mk({ seed: "" })).toThrow();
    expect(mk({ players: [P2[0]] })).toThrow();
    expect(mk({ players: [P4[0], P4[2], P4[1], P4[3]] })).toThrow(/alternate/);
    expect(mk({ players: [P2[0], { id: "a", team: "team2" }] })).toThrow(/duplicate/);
    expect(mk({ dealerIndex: 5 })).toThrow();
    expect(mk({ scores: { team1: 12, team2: 0 } })).toThrow();
    expect(mk({ deal: { hands: { a: ["3c", "3c", "2c"], b: ["4h", "5h", "6h"] } } })).toThrow(/twice/);
    expect(mk({ deal: { hands: { a: ["3c", "2c"], b: ["4h", "5h", "6h"] } } })).toThrow();
  });
});
