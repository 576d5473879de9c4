// The hard bot rebuilds a full state from its view plus sampled hidden cards. With the real
// hidden cards, the rebuilt state must be the real one (everything the rules read).
import { describe, expect, it } from "vitest";
import { createMatch, playMatch, viewFor, type MatchState, type Variant } from "../../../game/truco/index";
import { stateFromView } from "../../../game/truco/bots/worlds";
import { sfc32 } from "../../../game/truco/random";
import { P2, P4 } from "./helpers";

function comparable(s: MatchState) {
  const { seed: _s, hand, players, firstToTarget: _f, ...rest } = s;
  const { seed: _hs, fixedDeal: _fd, result: _r, dealt, ...h } = hand;
  return {
    ...rest,
    players: players.map((p) => ({ id: p.id, team: p.team })),
    hand: { ...h, dealt: dealt.map((d) => [...d].sort()) },
  };
}

/** The simulation's convention: each seat's dealt cards are its plays in order, then its held cards. */
function dealtInPlayOrder(s: MatchState): string[][] {
  return s.players.map((_, seat) => [
    ...s.hand.tricks.flatMap((t) => t.plays.filter((p) => p.seat === seat).map((p) => p.card)),
    ...s.hand.held[seat],
  ]);
}

describe("stateFromView (hard bot simulations)", () => {
  for (const variant of ["paulista", "mineiro", "gaucho", "argentino", "international"] as Variant[]) {
    it(`${variant}: view + the real hidden cards rebuild the real state`, () => {
      const rng = sfc32(3, 1, 4, variant.length);
      let checked = 0;
      for (let m = 0; m < 30; m++) {
        const players = m % 2 ? P4 : P2;
        const start = createMatch({
          variant,
          players,
          seed: `sim-${m}`,
          rules: { flor: true, responseRule: m % 3 ? "first_answer_binds" : "both_must_refuse" },
        });
        const run = playMatch(
          start,
          (s, p, legal) => {
            const rebuilt = stateFromView(viewFor(s, p), dealtInPlayOrder(s), s.hand.held);
            expect(comparable(rebuilt)).toEqual(comparable(s));
            checked++;
            return legal[rng.int(legal.length)];
          },
          { log: false },
        );
        expect(run.stop).toBe("match_over");
      }
      expect(checked).toBeGreaterThan(100);
    });
  }
});
