// Seat and team arithmetic (truco-rules.md §0.2): seats are numbered in play order, teams
// alternate, the mão is the dealer's next seat. Also the showdown order of envido and flor.
import type { MatchState, TeamId, TeamIdx } from "./types";

/** A tied trick's outcome. */
export const TIE = -1;

export const teamIdOf = (t: TeamIdx): TeamId => (t === 0 ? "team1" : "team2");
export const seatTeam = (s: MatchState, seat: number): TeamIdx => (s.players[seat].team === "team1" ? 0 : 1);
export const maoSeat = (s: MatchState): number => (s.dealer + 1) % s.players.length;
/** The player id seated at `seat`. */
export const pid = (s: MatchState, seat: number): string => s.players[seat].id;

/** The seat of a player id, or -1. */
export function seatOf(s: MatchState, playerId: string): number {
  const ps = s.players;
  for (let i = 0; i < ps.length; i++) if (ps[i].id === playerId) return i;
  return -1;
}

/** Seats in play order starting at the mão. */
export function seatsFromMao(s: MatchState): number[] {
  const n = s.players.length;
  const m = maoSeat(s);
  const out: number[] = [];
  for (let k = 0; k < n; k++) out.push((m + k) % n);
  return out;
}

/** The best seat by `points`, ties to the seat nearest the mão; and what was shown (§4.5). */
export function showdown(
  s: MatchState,
  seats: readonly number[],
  points: (seat: number) => number,
): { winner: number; shown: { seat: number; points: number }[] } {
  // From the mão in play order, each player shows only a count that beats the best so far;
  // equal counts lose to the earlier one (ties go to the mão).
  let best = -1;
  let bestPts = -1;
  const shown: { seat: number; points: number }[] = [];
  for (const seat of seatsFromMao(s)) {
    if (!seats.includes(seat)) continue;
    const p = points(seat);
    if (best < 0 || p > bestPts) {
      shown.push({ seat, points: p });
      best = seat;
      bestPts = p;
    }
  }
  return { winner: best, shown };
}
