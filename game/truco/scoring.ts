// Points: what a hand is worth, the falta envido, crediting points and ending the match
// (truco-rules.md §0.6, §4.5, §4.8).
import type { Draft } from "./draft";
import { teamIdOf } from "./seats";
import type { MatchState, TeamIdx } from "./types";

/** Value of the hand at the accepted stake (a decided mão de onze/dez is worth the first rung). */
export function handValue(s: MatchState): number {
  const h = s.hand;
  const v = s.rules.ladder.values;
  return h.special === "onze" ? v[1] : v[h.stake];
}

/**
 * The falta envido (and contraflor al resto) value, A7: classic = what the leader still needs;
 * malas/buenas = while the leader is in the first half (Gaúcho's first volta, Argentino's malas)
 * what it needs to finish that half.
 */
export function faltaValue(s: MatchState, winner: TeamIdx | null): number {
  const target = s.rules.targetPoints;
  const leader = Math.max(s.scores[0], s.scores[1]);
  const half = s.rules.halfTarget ?? Math.ceil(target / 2);
  switch (s.rules.faltaEnvido) {
    case "malas_buenas":
      return leader < half ? half - leader : target - leader;
    case "match_from_malas":
      return leader < half && winner !== null ? target - s.scores[winner] : target - leader;
    default:
      return target - leader;
  }
}

/** Credit points mid-hand (envido, flor). Ends the match at once when the rules say so. */
export function addPoints(w: Draft, team: TeamIdx, pts: number): void {
  const d = w.s;
  d.scores[team] += pts;
  if (d.firstToTarget === null && d.scores[team] >= d.rules.targetPoints) d.firstToTarget = team;
  if (d.firstToTarget !== null && d.rules.endImmediately && d.phase !== "game_over") {
    d.hand.result = { winnerTeam: null, points: 0, reason: "match_over", redeal: false };
    d.hand.truco = null;
    pushHandEnded(w);
    finishMatch(w, d.firstToTarget);
  }
}

/** Credit the hand's own points (after any envido and flor). */
export function creditHand(w: Draft, team: TeamIdx, points: number): void {
  const d = w.s;
  d.scores[team] += points;
  if (d.firstToTarget === null && d.scores[team] >= d.rules.targetPoints) d.firstToTarget = team;
}

export function pushHandEnded(w: Draft): void {
  const d = w.s;
  const r = d.hand.result!;
  w.ev.push({
    type: "hand_ended",
    handNumber: d.handNumber,
    winnerTeam: r.winnerTeam === null ? null : teamIdOf(r.winnerTeam),
    points: r.points,
    reason: r.reason,
    team1Score: d.scores[0],
    team2Score: d.scores[1],
    seed: d.hand.seed,
  });
}

export function finishMatch(w: Draft, team: TeamIdx): void {
  const d = w.s;
  d.phase = "game_over";
  d.winner = teamIdOf(team);
  w.ev.push({ type: "match_ended", winnerTeam: d.winner, team1Score: d.scores[0], team2Score: d.scores[1] });
}
