import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { rngFromString } from "../../../game/truco/random";
import {
  championOf,
  drawBracket,
  formTeams,
  isFinished,
  pendingGames,
  prizeSplit,
  readyMatches,
  recordResult,
  assignGame,
  standings,
  type Bracket,
  type Entrant,
} from "../../../game/tournament/index";

// The tournament bracket as pure code: the draw, byes, advancement, forfeits, standings and the
// prize split, over any number of players and any sequence of results.

/** A seeded random in [0, 1), from the game's own seeded generator. */
function seeded(seed: number): () => number {
  const rng = rngFromString(`bracket-${seed}`);
  return () => rng.next();
}

const singles = (n: number): Entrant[] => Array.from({ length: n }, (_, i) => ({ id: `p${i}`, members: [`p${i}`] }));

/** Plays a bracket to the end: each ready match gets a game, then a result picked by `choose`. */
function playOut(start: Bracket, choose: (step: number) => number): { bracket: Bracket; steps: number } {
  let bracket = start;
  let steps = 0;
  let game = 0;
  while (!isFinished(bracket) && steps < 1000) {
    for (const match of readyMatches(bracket)) bracket = assignGame(bracket, match.id, `g${game++}`);
    const [match] = pendingGames(bracket);
    if (!match) throw new Error("stuck: nothing to play and not finished");
    const pick = choose(steps++) % 5;
    // 0-1: a side wins by playing; 2-3: a side wins by forfeit; 4: nobody shows (void).
    if (pick === 4) bracket = recordResult(bracket, match.id, null, "void");
    else bracket = recordResult(bracket, match.id, match.entrants[pick % 2], pick < 2 ? "played" : "forfeit");
  }
  return { bracket, steps };
}

describe("the bracket", () => {
  it("for any player count and results: every player plays at most one game per round, at most one champion, prizes sum to the pool", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 40 }),
        fc.integer(),
        fc.array(fc.nat(), { minLength: 1, maxLength: 100 }),
        fc.nat({ max: 100_000 }),
        (n, seed, picks, pool) => {
          const drawn = drawBracket(singles(n), seeded(seed));
          // The draw: every entrant exactly once in the first round, no match of two byes.
          const first = drawn.rounds[0].flatMap((m) => m.entrants).filter((e) => e !== null);
          expect(new Set(first).size).toBe(n);
          expect(first).toHaveLength(n);
          const { bracket } = playOut(drawn, (step) => picks[step % picks.length] + step);
          for (const round of bracket.rounds) {
            const seen = round.flatMap((m) => m.entrants).filter((e) => e !== null);
            expect(new Set(seen).size).toBe(seen.length);
          }
          expect(isFinished(bracket)).toBe(true);
          const champion = championOf(bracket);
          const places = standings(bracket);
          expect(places.filter((s) => s.place === 1).length).toBe(champion === null ? 0 : 1);
          const prizes = prizeSplit(bracket, pool);
          const total = [...prizes.values()].reduce((sum, v) => sum + v, 0);
          expect(total).toBe(champion === null || pool === 0 ? 0 : pool);
          for (const amount of prizes.values()) expect(amount).toBeGreaterThanOrEqual(0);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("with played results only, there is always exactly one champion and every other player has a place", () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 33 }), fc.integer(), fc.array(fc.boolean(), { minLength: 1 }), (n, seed, sides) => {
        let bracket = drawBracket(singles(n), seeded(seed));
        let step = 0;
        while (!isFinished(bracket)) {
          const [match] = readyMatches(bracket);
          bracket = assignGame(bracket, match.id, `g${step}`);
          bracket = recordResult(bracket, match.id, match.entrants[sides[step % sides.length] ? 0 : 1], "played");
          step++;
        }
        expect(championOf(bracket)).not.toBeNull();
        expect(step).toBe(n - 1);
        expect(standings(bracket).every((s) => s.place !== null)).toBe(true);
      }),
    );
  });

  it("gives byes for a count that is not a power of two, one per match, and a late result changes nothing", () => {
    const bracket = drawBracket(singles(5), seeded(1));
    expect(bracket.size).toBe(8);
    expect(bracket.rounds[0].filter((m) => m.result === "bye")).toHaveLength(3);
    const [match] = readyMatches(bracket);
    const played = recordResult(assignGame(bracket, match.id, "g"), match.id, match.entrants[0], "played");
    expect(recordResult(played, match.id, match.entrants[1], "played")).toBe(played);
  });

  it("splits 60/30/5/5 among four, the remainder to the champion, pairs sharing theirs", () => {
    let bracket = drawBracket(singles(4), seeded(7));
    for (let i = 0; i < 3; i++) {
      const [m] = readyMatches(bracket);
      bracket = recordResult(assignGame(bracket, m.id, `g${i}`), m.id, m.entrants[0], "played");
    }
    const prizes = prizeSplit(bracket, 401);
    const champion = championOf(bracket)!;
    expect(prizes.get(champion)).toBe(401 - 120 - 20 - 20);
    expect([...prizes.values()].sort((a, b) => a - b)).toEqual([20, 20, 120, 241]);

    const { teams, left } = formTeams(["a", "b", "c", "d", "e"], seeded(3));
    expect(teams).toHaveLength(2);
    expect(left).toHaveLength(1);
    let pairs = drawBracket(teams, seeded(2));
    const [final] = readyMatches(pairs);
    pairs = recordResult(assignGame(pairs, final.id, "g"), final.id, final.entrants[0], "played");
    const split = prizeSplit(pairs, 101);
    expect([...split.values()].reduce((s, v) => s + v, 0)).toBe(101);
  });
});
