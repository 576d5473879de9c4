// The hard player in pairs: what its own team's bets say about its partner's cards, and the cards
// it does not spend on a trick its partner already holds.
import { describe, expect, it } from "vitest";
import { viewFor, type MatchState } from "../../../game/truco/index";
import { envidoWinChance, envidoWinChanceAfterCalls, teamEnvidoWinChance } from "../../../game/truco/bots/estimate";
import { candidateActions, partnerTakes } from "../../../game/truco/bots/hard";
import { powerOf } from "../../../game/truco/bots/read";
import { situationFromView } from "../../../game/truco/bots/situation";
import { evidenceOf, sampleWorlds } from "../../../game/truco/bots/worlds";
import { sfc32 } from "../../../game/truco/random";
import { act, fixed, play } from "./helpers";

const VIRA = "7d"; // manilhas: the queens
const WEAK = ["4c", "5d", "6h"];
const STRONG = ["Qc", "Qh", "3s"];
const B = ["4h", "5s", "6c"];
const C = ["Kc", "Js", "2h"];
const D = ["4s", "5c", "6d"];

/** Mean dealt power of `seat`'s sampled hands, seen from a. */
function meanPower(s: MatchState, seat: number, count = 400): number {
  const view = viewFor(s, "a");
  const sit = situationFromView(view);
  const worlds = sampleWorlds(view, sit, null, sfc32(5, 6, 7, 8), count);
  const power = powerOf(s.rules, s.hand.manilha);
  return worlds.reduce((sum, w) => sum + power(w.dealt[seat]), 0) / worlds.length;
}

/** a leads a low card, b follows, c calls truco and d accepts: a call of a's team. */
function partnerCalled(a: string[]): { before: MatchState; after: MatchState } {
  let s = fixed("paulista", { hands: { a, b: B, c: C, d: D }, vira: VIRA });
  s = play(s, "a", a[0]);
  s = play(s, "b", "4h");
  const before = s;
  s = act(s, "c", { type: "call_truco", call: "truco" }).state;
  s = act(s, "d", { type: "respond_truco", response: "accept" }).state;
  return { before, after: s };
}

describe("the hard player's partner, as its team's bets show it", () => {
  it("a call of my team that my own cards do not explain weighs my partner's hand up", () => {
    const { before, after } = partnerCalled(WEAK);
    expect(evidenceOf(situationFromView(viewFor(after, "a")), null).team).toMatchObject({ partner: 2, calls: 1 });
    expect(meanPower(after, 2)).toBeGreaterThan(meanPower(before, 2) + 0.05);
  });

  it("the same call says less of my partner when my own cards explain it", () => {
    const weak = partnerCalled(WEAK).after;
    const strong = partnerCalled(STRONG).after;
    expect(meanPower(weak, 2)).toBeGreaterThan(meanPower(strong, 2) + 0.03);
  });

  it("a partner who refused a call (both must refuse) is taken as weak", () => {
    let s = fixed("paulista", { hands: { a: WEAK, b: B, c: C, d: D }, vira: VIRA, rules: { responseRule: "both_must_refuse" } });
    s = play(s, "a", "4c");
    s = act(s, "b", { type: "call_truco", call: "truco" }).state;
    const asked = s;
    s = act(s, "c", { type: "respond_truco", response: "reject" }).state;
    expect(viewFor(s, "a").stake.pending?.responder).toBe("a");
    expect(evidenceOf(situationFromView(viewFor(s, "a")), null).team?.partnerRefused).toBe(true);
    expect(meanPower(s, 2)).toBeLessThan(meanPower(asked, 2) - 0.05);
  });

  it("one against one there is no team evidence", () => {
    const s = fixed("paulista", { hands: { a: WEAK, b: B }, vira: VIRA });
    expect(evidenceOf(situationFromView(viewFor(s, "a")), null).team).toBeNull();
  });
});

describe("an opponent's call in pairs", () => {
  it("awaiting my team's answer, weighs up the hand of the opponent who made it, not its partner's", () => {
    let s = fixed("paulista", { hands: { a: WEAK, b: B, c: C, d: D }, vira: VIRA });
    s = play(s, "a", "4c");
    const before = s;
    s = act(s, "b", { type: "call_truco", call: "truco" }).state;
    expect(evidenceOf(situationFromView(viewFor(s, "a")), null)).toMatchObject({ calls: 1, caller: 1 });
    const caller = meanPower(s, 1) - meanPower(before, 1);
    const other = meanPower(s, 3) - meanPower(before, 3);
    expect(caller).toBeGreaterThan(0.05);
    expect(caller).toBeGreaterThan(other + 0.05);
  });

  it("once answered, names no caller: the call is weighed by the better of the two hands", () => {
    let s = fixed("paulista", { hands: { a: WEAK, b: B, c: C, d: D }, vira: VIRA });
    s = play(s, "a", "4c");
    s = act(s, "b", { type: "call_truco", call: "truco" }).state;
    s = act(s, "c", { type: "respond_truco", response: "accept" }).state;
    expect(evidenceOf(situationFromView(viewFor(s, "a")), null)).toMatchObject({ calls: 1, caller: null });
  });

  it("one against one names no caller", () => {
    const s0 = fixed("paulista", { hands: { a: WEAK, b: B }, vira: VIRA, dealer: 0 });
    const s = act(s0, "b", { type: "call_truco", call: "truco" }).state;
    expect(evidenceOf(situationFromView(viewFor(s, "a")), null)).toMatchObject({ calls: 1, caller: null });
  });
});

describe("a trick the partner holds", () => {
  // Dealer a: b leads and a plays last. Dealer b: c leads and a plays third, before b.
  const start = (c: string[], dealer: number) => fixed("paulista", { hands: { a: ["2c", "3d", "Kh"], b: B, c, d: D }, vira: VIRA, dealer });

  it("as last to play, only the lowest card is searched", () => {
    let s = start(C, 0);
    s = play(s, "b", "4h");
    s = play(s, "c", "2h");
    s = play(s, "d", "4s");
    const sit = situationFromView(viewFor(s, "a"));
    expect(partnerTakes(sit)).toBe(true);
    const cards = candidateActions(sit).filter((x) => x.type === "play_card");
    expect(cards).toEqual([{ type: "play_card", cardId: "Kh" }]);
  });

  it("with an opponent still to play, only when the partner's card beats every unseen card", () => {
    let s = start(["Qc", "Js", "2h"], 1); // the queen of clubs is this hand's top manilha
    s = play(s, "c", "Qc");
    s = play(s, "d", "4s");
    expect(partnerTakes(situationFromView(viewFor(s, "a")))).toBe(true);
    expect(candidateActions(situationFromView(viewFor(s, "a"))).filter((x) => x.type === "play_card")).toHaveLength(1);

    let t = start(C, 1);
    t = play(t, "c", "2h");
    t = play(t, "d", "4s");
    expect(partnerTakes(situationFromView(viewFor(t, "a")))).toBe(false);
  });

  it("never when an opponent holds the trick", () => {
    let s = start(["4d", "Js", "2h"], 0);
    s = play(s, "b", "4h");
    s = play(s, "c", "4d");
    s = play(s, "d", "6d");
    const sit = situationFromView(viewFor(s, "a"));
    expect(partnerTakes(sit)).toBe(false);
    expect(candidateActions(sit).filter((x) => x.type === "play_card").length).toBeGreaterThan(1);
  });
});

describe("envido odds as a team", () => {
  const hands = { a: ["7s", "As", "4c"], b: ["5c", "5h", "2d"], c: ["3h", "6d", "Kc"], d: ["4h", "Jd", "2s"] };

  it("one against one, they are my own envido's odds", () => {
    const sit = situationFromView(viewFor(fixed("argentino", { hands: { a: hands.a, b: hands.b }, dealer: 0 }), "a"));
    expect(teamEnvidoWinChance(sit, 0, 0)).toBeCloseTo(envidoWinChance(sit), 9);
    expect(teamEnvidoWinChance(sit, 1, 27)).toBeCloseTo(envidoWinChanceAfterCalls(sit, 1, 27), 9);
  });

  it("in pairs my partner's envido raises my team's chance, and an opponent's call lowers it", () => {
    const sit = situationFromView(viewFor(fixed("gaucho", { hands, dealer: 3 }), "a"));
    const alone = envidoWinChance(sit);
    const team = teamEnvidoWinChance(sit, 0, 0);
    expect(team).toBeGreaterThan(alone + 0.01);
    expect(team).toBeLessThan(1);
    expect(teamEnvidoWinChance(sit, 1, 27)).toBeLessThan(team - 0.1);
  });
});
