import { describe, expect, it } from "vitest";
import { legalActions, viewFor, type MatchState, type Variant } from "../../../game/truco/index";
import { fixed, ofType, act, play, plays } from "./helpers";

type R = "A" | "B" | "T";

/** The hand result rule of truco-rules.md §0.4, written as the text says it. */
function expected(r: R[], allTied: "void" | "mano"): { winner: R | "void"; tricks: number } {
  const [r1, r2, r3] = r;
  if (r1 === "T" && r2 !== "T") return { winner: r2, tricks: 2 };
  if (r1 !== "T" && r2 === "T") return { winner: r1, tricks: 2 };
  if (r1 === r2 && r1 !== "T") return { winner: r1, tricks: 2 };
  if (r3 !== "T") return { winner: r3, tricks: 3 };
  if (r1 !== "T") return { winner: r1, tricks: 3 };
  return { winner: allTied === "void" ? "void" : "A", tricks: 3 }; // 'a' is the mão
}

// Per trick: [winning rank, losing rank, tying rank]. No card is special in either deck with vira 6d.
const RANKS: [string, string, string][] = [
  ["3", "4", "K"],
  ["2", "5", "J"],
  ["Q", "6", "Q"],
];

function dealFor(r: R[]): { a: string[]; b: string[] } {
  const a: string[] = [];
  const b: string[] = [];
  r.forEach((o, i) => {
    const [w, l, t] = RANKS[i];
    const [mine, theirs] = o === "A" ? [w, l] : o === "B" ? [l, w] : [t, t];
    a.push(mine + "c");
    b.push(theirs + "h");
  });
  return { a, b };
}

function playOut(variant: Variant, r: R[]) {
  const d = dealFor(r);
  let s: MatchState = fixed(variant, { hands: { a: d.a, b: d.b }, vira: variant === "paulista" ? "6d" : undefined });
  let leader = "a";
  let trick = 0;
  const allEvents = [];
  while (s.phase === "playing") {
    const other = leader === "a" ? "b" : "a";
    const r1 = act(s, leader, { type: "play_card", cardId: (leader === "a" ? d.a : d.b)[trick] });
    const r2 = act(r1.state, other, { type: "play_card", cardId: (other === "a" ? d.a : d.b)[trick] });
    allEvents.push(...r1.events, ...r2.events);
    s = r2.state;
    const ended = ofType(r2.events, "trick_ended")[0];
    if (ended.nextLeader) leader = ended.nextLeader;
    trick++;
  }
  return { s, trick, hand: ofType(allEvents, "hand_ended")[0] };
}

const ALL: R[][] = [];
for (const a of "ABT") for (const b of "ABT") for (const c of "ABT") ALL.push([a, b, c] as R[]);

describe("hand result with ties (rules §0.4, all 27 trick sequences)", () => {
  for (const variant of ["paulista", "argentino"] as const) {
    for (const r of ALL) {
      const exp = expected(r, variant === "paulista" ? "void" : "mano");
      const label = r.slice(0, exp.tricks).join("");
      it(`${variant}: ${label} → ${exp.winner}`, () => {
        const { s, trick, hand } = playOut(variant, r);
        expect(trick).toBe(exp.tricks);
        expect(s.phase).toBe("round_end");
        const winner = exp.winner === "void" ? null : exp.winner === "A" ? "team1" : "team2";
        expect(hand.winnerTeam).toBe(winner);
        expect(hand.points).toBe(winner ? 1 : 0);
        expect(hand.reason).toBe(exp.winner === "void" ? "all_tied" : "tricks");
        expect(viewFor(s, "a").lastHand?.winnerTeam ?? null).toBe(winner);
      });
    }
  }

  it("gaúcho gives three pardas to the mão by default, void as a house rule", () => {
    const d = dealFor(["T", "T", "T"]);
    // 'a' holds three clubs: play without flor here.
    let s = fixed("gaucho", { hands: { a: d.a, b: d.b }, rules: { flor: false } });
    s = plays(s, [
      ["a", d.a[0]],
      ["b", d.b[0]],
      ["a", d.a[1]],
      ["b", d.b[1]],
      ["a", d.a[2]],
      ["b", d.b[2]],
    ]);
    expect(s.scores).toEqual([1, 0]);
    let v = fixed("gaucho", { hands: { a: d.a, b: d.b }, rules: { allTiedHand: "void", flor: false } });
    v = plays(v, [
      ["a", d.a[0]],
      ["b", d.b[0]],
      ["a", d.a[1]],
      ["b", d.b[1]],
      ["a", d.a[2]],
      ["b", d.b[2]],
    ]);
    expect(v.scores).toEqual([0, 0]);
    expect(v.hand.result?.reason).toBe("all_tied");
  });

  it("all-tied house rules: dealer wins; redeal keeps the dealer", () => {
    const d = dealFor(["T", "T", "T"]);
    const seq: [string, string][] = [
      ["a", d.a[0]],
      ["b", d.b[0]],
      ["a", d.a[1]],
      ["b", d.b[1]],
      ["a", d.a[2]],
      ["b", d.b[2]],
    ];
    const dw = plays(fixed("paulista", { hands: { a: d.a, b: d.b }, vira: "6d", rules: { allTiedHand: "dealer_wins" } }), seq);
    expect(dw.scores).toEqual([0, 1]); // 'b' dealt
    const rd = plays(fixed("paulista", { hands: { a: d.a, b: d.b }, vira: "6d", rules: { allTiedHand: "redeal" } }), seq);
    expect(rd.scores).toEqual([0, 0]);
    expect(rd.hand.result?.redeal).toBe(true);
  });
});

describe("tricks in 2v2", () => {
  // vira 6d → manilha 7. Seats a(team1) b(team2) c(team1) d(team2); d deals, a leads.
  const hands = { a: ["3c", "4c", "5c"], b: ["2h", "4h", "5h"], c: ["3h", "Kc", "Qc"], d: ["Ad", "Kh", "Qh"] };

  it("partners tying for the highest card win the trick; the first of them leads next", () => {
    let s = fixed("paulista", { hands, vira: "6d" });
    s = plays(s, [
      ["a", "3c"],
      ["b", "2h"],
      ["c", "3h"],
      ["d", "Ad"],
    ]);
    const t = viewFor(s, null).tricks[0];
    expect(t.winnerTeam).toBe("team1");
    expect(t.winnerPlayerId).toBe("a");
    expect(s.hand.turn).toBe(0);
  });

  it("a tie across teams: the leader of the tied trick leads again (default)", () => {
    const h = { a: ["3c", "4c", "5c"], b: ["3h", "4h", "5h"], c: ["2c", "Kc", "Qc"], d: ["Ad", "Kh", "Qh"] };
    let s = fixed("paulista", { hands: h, vira: "6d" });
    s = plays(s, [
      ["a", "3c"],
      ["b", "3h"],
      ["c", "2c"],
      ["d", "Ad"],
    ]);
    expect(viewFor(s, null).trickResults).toEqual(["tie"]);
    expect(viewFor(s, null).currentPlayer).toBe("a");
  });

  it("tieLeader house rules: first / last tying card, mano", () => {
    const h = { a: ["4c", "5d", "5c"], b: ["3h", "4h", "5h"], c: ["3c", "Kc", "Qc"], d: ["Ad", "Kh", "Qh"] };
    const seq: [string, string][] = [
      ["a", "4c"],
      ["b", "3h"],
      ["c", "3c"],
      ["d", "Ad"],
    ];
    expect(plays(fixed("paulista", { hands: h, vira: "6d", rules: { tieLeader: "first_tying_card" } }), seq).hand.turn).toBe(1);
    expect(plays(fixed("paulista", { hands: h, vira: "6d", rules: { tieLeader: "last_tying_card" } }), seq).hand.turn).toBe(2);
    expect(
      plays(fixed("paulista", { hands: h, vira: "6d", dealer: 1, rules: { tieLeader: "mano" } }), [
        ["c", "3c"],
        ["d", "Ad"],
        ["a", "4c"],
        ["b", "3h"],
      ]).hand.turn,
    ).toBe(2);
  });

  it("plays in seat order; a card out of turn is refused", () => {
    const s = fixed("paulista", { hands, vira: "6d" });
    expect(legalActions(s, "b")).toEqual([]);
    expect(() => play(s, "b", "2h")).toThrow(/not_your_turn/);
    expect(() => play(s, "a", "2h")).toThrow(/illegal_action/);
  });
});

describe("covered cards (encoberta)", () => {
  const hands = { a: ["3c", "4c", "5c"], b: ["2h", "4h", "5h"] };
  it("are not allowed in the first trick, allowed later, and have strength 0", () => {
    let s = fixed("paulista", { hands, vira: "6d" });
    expect(legalActions(s, "a").some((x) => x.type === "play_card" && x.faceDown)).toBe(false);
    expect(() => play(s, "a", "3c", true)).toThrow(/illegal_action/);
    s = plays(s, [
      ["a", "3c"],
      ["b", "4h"],
    ]);
    expect(legalActions(s, "a").some((x) => x.type === "play_card" && x.faceDown)).toBe(true);
    s = play(s, "a", "5c", true);
    // Others see a covered card as { hidden: true }; its owner sees it.
    expect(viewFor(s, "b").roundCards[0]).toEqual({ card: { hidden: true }, playerId: "a", faceDown: true });
    expect(viewFor(s, "a").roundCards[0].card).toMatchObject({ id: "5c" });
    s = play(s, "b", "5h");
    expect(viewFor(s, null).trickResults).toEqual(["team1", "team2"]);
  });

  it("are off in International and Argentino", () => {
    for (const variant of ["international", "argentino"] as const) {
      let s = fixed(variant, { hands, vira: variant === "international" ? "6d" : undefined });
      s = plays(s, [
        ["a", "3c"],
        ["b", "4h"],
      ]);
      expect(legalActions(s, "a").some((x) => x.type === "play_card" && x.faceDown)).toBe(false);
    }
  });

  it("mustPlayHighestAfterTie forces the highest card after a tied trick", () => {
    let s = fixed("paulista", {
      hands: { a: ["3c", "4c", "2c"], b: ["3h", "4h", "5h"] },
      vira: "6d",
      rules: { mustPlayHighestAfterTie: true },
    });
    s = plays(s, [
      ["a", "3c"],
      ["b", "3h"],
    ]);
    expect(legalActions(s, "a").filter((x) => x.type === "play_card")).toEqual([{ type: "play_card", cardId: "2c" }]);
  });
});
