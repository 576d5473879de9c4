import type { Bracket } from "./bracket";
import { matchOfGame } from "./bracket";
import { PRIZE_SHARES } from "./prizes";

// What a tournament game's result means for a player, said on the game's result: a win moves
// them on (to the semi-final, the final) or makes them champion; a loss puts them out, at the
// place of that round, with the prize share that place takes (a forfeit takes none: ADR 066).

export type TournamentOutcome =
  | { kind: "advance"; next: "final" | "semifinal" | "round"; round: number }
  | { kind: "champion"; share: number }
  | { kind: "eliminated"; place: number; share: number };

export interface TournamentGameMeaning {
  /** The round of this game, from 1, and how many rounds the bracket has. */
  round: number;
  rounds: number;
  ifWon: TournamentOutcome;
  ifLost: TournamentOutcome;
}

/**
 * Both outcomes of the bracket match played by `gameId`, decided from its place in the bracket
 * alone (the game's own result says which one happened, before the tournament records it).
 * Null when the bracket has no match with that game.
 */
export function gameMeaning(bracket: Bracket, gameId: string, forfeit = false): TournamentGameMeaning | null {
  const match = matchOfGame(bracket, gameId);
  if (!match) return null;
  const rounds = bracket.rounds.length;
  const last = rounds - 1;
  const ifWon: TournamentOutcome =
    match.round === last
      ? { kind: "champion", share: PRIZE_SHARES[1] }
      : {
          kind: "advance",
          next: match.round + 1 === last ? "final" : match.round + 1 === last - 1 ? "semifinal" : "round",
          round: match.round + 2,
        };
  const place = bracket.size / 2 ** (match.round + 1) + 1;
  const ifLost: TournamentOutcome = { kind: "eliminated", place, share: forfeit ? 0 : (PRIZE_SHARES[place] ?? 0) };
  return { round: match.round + 1, rounds, ifWon, ifLost };
}
