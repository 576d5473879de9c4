import { describe, expect, it } from "vitest";
import { applyAction, chooseAction, createMatch, legalActions, viewFor, type MatchState, type Variant } from "../../../game/truco/index";
import { botMatch } from "../../../game/truco/bots/arena";
import { act, fixed } from "./helpers";

const LEVELS = ["easy", "normal", "hard"] as const;
const VARIANTS: Variant[] = ["paulista", "mineiro", "gaucho", "argentino", "international"];

describe("computer players decide from their own view only", () => {
  // Same cards for 'a', same vira; b holds different cards: a's view is identical in both.
  const pairs: { variant: Variant; a: string[]; b1: string[]; b2: string[]; vira?: string }[] = [
    { variant: "paulista", a: ["3c", "Kd", "5s"], b1: ["Qc", "Qh", "2d"], b2: ["4h", "5h", "6d"], vira: "7d" },
    { variant: "argentino", a: ["7s", "6s", "Kc"], b1: ["As", "Ac", "3h"], b2: ["4h", "5d", "Qd"] },
    { variant: "gaucho", a: ["7d", "4c", "Jh"], b1: ["As", "3s", "2h"], b2: ["4d", "5c", "6h"] },
  ];
  for (const { variant, a, b1, b2, vira } of pairs) {
    it(`${variant}: the choice does not change when only the opponent's hidden cards change`, () => {
      const states = (bHand: string[]) => {
        const s0 = fixed(variant, { hands: { a, b: bHand }, vira, seed: "same-seed", dealer: 0 }); // b is mão
        // b opens with a truco call so that a must answer; then a plays.
        const called = act(s0, "b", { type: "call_truco", call: "truco" }).state;
        return [called, act(called, "a", { type: "respond_truco", response: "accept" }).state];
      };
      const one = states(b1);
      const two = states(b2);
      for (let i = 0; i < one.length; i++) {
        const [s1, s2] = [one[i], two[i]];
        expect(viewFor(s1, "a")).toEqual(viewFor(s2, "a"));
        for (const level of LEVELS) {
          for (const seed of ["x", "y", "z"]) {
            expect(chooseAction(viewFor(s1, "a"), { level, seed }), `${level} ${seed}`).toEqual(
              chooseAction(viewFor(s2, "a"), { level, seed }),
            );
          }
        }
      }
    });
  }
});

describe("computer players", () => {
  it("return null when they have no decision to make", () => {
    const s = createMatch({
      variant: "paulista",
      players: [
        { id: "a", team: "team1" },
        { id: "b", team: "team2" },
      ],
      seed: "n",
      dealerIndex: 1,
    });
    for (const level of LEVELS) expect(chooseAction(viewFor(s, "b"), { level, seed: "s" })).toBeNull();
  });

  it("are deterministic for a given state and seed", () => {
    const s = createMatch({
      variant: "argentino",
      players: [
        { id: "a", team: "team1" },
        { id: "b", team: "team2" },
      ],
      seed: "det",
      dealerIndex: 1,
    });
    for (const level of LEVELS) {
      expect(chooseAction(viewFor(s, "a"), { level, seed: "k" })).toEqual(chooseAction(viewFor(s, "a"), { level, seed: "k" }));
    }
  });

  it("choose a legal action at every decision of whole matches, every variant and mode", () => {
    for (const variant of VARIANTS) {
      for (const mode of [2, 4] as const) {
        const r1 = botMatch(variant, mode, "hard", "easy", `legal-${variant}-${mode}`);
        const r2 = botMatch(variant, mode, "normal", "hard", `legal2-${variant}-${mode}`);
        expect(r1.hands + r2.hands).toBeGreaterThan(2);
      }
    }
  }, 120_000);

  it("handle special decisions: mão de onze, blind mão de ferro, envido, flor", () => {
    const cases: MatchState[] = [
      fixed("paulista", {
        hands: { a: ["3c", "2c", "Ac"], b: ["4h", "5h", "6h"], c: ["Kc", "Jc", "Qc"], d: ["4d", "5d", "6d"] },
        vira: "7d",
        scores: { team1: 11, team2: 3 },
      }),
      fixed("paulista", { hands: { a: ["3c", "2c", "Ac"], b: ["4h", "5h", "6h"] }, vira: "7d", scores: { team1: 11, team2: 11 } }),
      act(fixed("argentino", { hands: { a: ["7s", "6s", "Kc"], b: ["4h", "5d", "Qd"] } }), "a", { type: "call_envido", call: "envido" })
        .state,
      fixed("gaucho", { hands: { a: ["4h", "5h", "6h"], b: ["3c", "2c", "Kc"] } }),
    ];
    for (const s of cases) {
      const p = viewFor(s, null).currentPlayer!;
      for (const level of LEVELS) {
        const a = chooseAction(viewFor(s, p), { level, seed: "sp" });
        expect(legalActions(s, p)).toContainEqual(a);
        expect(applyAction(s, p, a!).ok).toBe(true);
      }
    }
  });
});
