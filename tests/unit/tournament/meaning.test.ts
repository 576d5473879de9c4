import { describe, expect, it } from "vitest";
import { assignGame, drawBracket, gameMeaning, readyMatches, recordResult, type Bracket } from "../../../game/tournament/index";

function seeded(seed: number) {
  let x = seed;
  return () => {
    x = (x * 1103515245 + 12345) % 2 ** 31;
    return x / 2 ** 31;
  };
}

/** A bracket of `n` single players with a game assigned to each ready match. */
function bracketOf(n: number): Bracket {
  let bracket = drawBracket(
    Array.from({ length: n }, (_, i) => ({ id: `p${i}`, members: [`p${i}`] })),
    seeded(7),
  );
  for (const match of readyMatches(bracket)) bracket = assignGame(bracket, match.id, `g-${match.id}`);
  return bracket;
}

describe("what a tournament game's result means", () => {
  it("in a four-player bracket: a semi-final win leads to the final, a loss is third place with its 5%", () => {
    const bracket = bracketOf(4);
    const semi = bracket.rounds[0][0];
    expect(gameMeaning(bracket, semi.gameId!)).toEqual({
      round: 1,
      rounds: 2,
      ifWon: { kind: "advance", next: "final", round: 2 },
      ifLost: { kind: "eliminated", place: 3, share: 5 },
    });
    expect(gameMeaning(bracket, semi.gameId!, true)?.ifLost).toEqual({ kind: "eliminated", place: 3, share: 0 });
  });

  it("the final: champion with 60%, runner-up with 30%", () => {
    let bracket = bracketOf(4);
    for (const match of bracket.rounds[0]) bracket = recordResult(bracket, match.id, match.entrants[0], "played");
    const final = readyMatches(bracket)[0];
    bracket = assignGame(bracket, final.id, "g-final");
    expect(gameMeaning(bracket, "g-final")).toEqual({
      round: 2,
      rounds: 2,
      ifWon: { kind: "champion", share: 60 },
      ifLost: { kind: "eliminated", place: 2, share: 30 },
    });
  });

  it("an eight-player first round leads to the semi-final, a loss is fifth place with no prize; an unknown game is null", () => {
    const bracket = bracketOf(8);
    const first = bracket.rounds[0][0];
    expect(gameMeaning(bracket, first.gameId!)).toMatchObject({
      ifWon: { kind: "advance", next: "semifinal", round: 2 },
      ifLost: { kind: "eliminated", place: 5, share: 0 },
    });
    expect(gameMeaning(bracket, "nope")).toBeNull();
  });
});
