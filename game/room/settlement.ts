import type { TeamId } from "../truco/index";

// What a finished game pays and scores (DESIGN.md §5), as pure functions:
// the room applies the result in one D1 batch.

/** Seat → team: partners sit opposite, so teams alternate in play order. */
export function teamOfSeat(seat: number): TeamId {
  return seat % 2 === 0 ? "team1" : "team2";
}

export const ELO_K = 32;
export const ELO_START = 1000;

/** Elo change for a team with average rating `own` against `other`; score 1 for a win, 0 for a loss. */
export function eloChange(own: number, other: number, score: 0 | 1, k = ELO_K): number {
  const expected = 1 / (1 + 10 ** ((other - own) / 400));
  return Math.round(k * (score - expected));
}

export interface SettlementSeat {
  userId: string | null;
  team: TeamId;
  entryPaid: number;
  rating: number;
}

export interface SeatOutcome {
  userId: string;
  team: TeamId;
  result: "win" | "loss";
  /** Coins credited now (the player's share of the pot; 0 for losers). */
  payout: number;
  /** Net effect of the game on the player's coins (payout − entry). */
  coinsChange: number;
  ratingChange: number;
}

/**
 * The pot (every entry paid) goes to the winning team's players in equal
 * shares; ranking points move by Elo on team averages, for ranked games only.
 * Computer players neither pay nor collect. A remainder that cannot be split
 * evenly goes to the winners in seat order, one coin each, so no coin is lost.
 */
export function settle(seats: SettlementSeat[], winner: TeamId, ranked: boolean): SeatOutcome[] {
  const humans = seats.filter((seat): seat is SettlementSeat & { userId: string } => seat.userId !== null);
  const pot = humans.reduce((sum, seat) => sum + seat.entryPaid, 0);
  const winners = humans.filter((seat) => seat.team === winner);
  const share = winners.length ? Math.floor(pot / winners.length) : 0;
  let remainder = winners.length ? pot - share * winners.length : 0;

  const average = (team: TeamId) => {
    const members = humans.filter((seat) => seat.team === team);
    return members.length ? members.reduce((sum, seat) => sum + seat.rating, 0) / members.length : ELO_START;
  };
  const loser: TeamId = winner === "team1" ? "team2" : "team1";
  const winnerGain = ranked ? eloChange(average(winner), average(loser), 1) : 0;
  const loserLoss = ranked ? eloChange(average(loser), average(winner), 0) : 0;

  return humans.map((seat) => {
    const won = seat.team === winner;
    let payout = won ? share : 0;
    if (won && remainder > 0) {
      payout += 1;
      remainder -= 1;
    }
    const ratingChange = won ? winnerGain : Math.max(loserLoss, -seat.rating);
    return {
      userId: seat.userId,
      team: seat.team,
      result: won ? "win" : "loss",
      payout,
      coinsChange: payout - seat.entryPaid,
      ratingChange,
    };
  });
}
