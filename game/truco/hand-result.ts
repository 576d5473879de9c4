// Who wins a hand and how it ends (truco-rules.md §0.4, §4.8): the best-of-three table with ties,
// the all-tied variants, then envido and flor before the hand's points, then the match end.
import type { Draft } from "./draft";
import { resolveFlorIfNeeded } from "./flor";
import { creditHand, finishMatch, pushHandEnded } from "./scoring";
import { maoSeat, seatTeam, TIE } from "./seats";
import type { HandEndReason, MatchState, TeamIdx } from "./types";

export interface HandOutcome {
  /** The winning team, null for a void hand. */
  team: TeamIdx | null;
  /** allTiedHand 'redeal': the same dealer deals again. */
  redeal: boolean;
  allTied: boolean;
}

/** §0.4: the hand's winner so far, or `undefined` to keep playing. */
export function handOutcome(d: MatchState): HandOutcome | undefined {
  const r = d.hand.tricks.map((t) => t.outcome);
  if (r.length < 2) return undefined;
  const [r1, r2, r3] = r;
  if (r.length === 2) {
    if (r1 === TIE && r2 !== TIE) return { team: r2 as TeamIdx, redeal: false, allTied: false };
    if (r1 !== TIE && (r2 === TIE || r2 === r1)) return { team: r1 as TeamIdx, redeal: false, allTied: false };
    return undefined;
  }
  if (r3 !== TIE) return { team: r3 as TeamIdx, redeal: false, allTied: false };
  if (r1 !== TIE) return { team: r1 as TeamIdx, redeal: false, allTied: false };
  switch (d.rules.allTiedHand) {
    case "mano_wins":
      return { team: seatTeam(d, maoSeat(d)), redeal: false, allTied: true };
    case "dealer_wins":
      return { team: seatTeam(d, d.dealer), redeal: false, allTied: true };
    case "redeal":
      return { team: null, redeal: true, allTied: true };
    default:
      return { team: null, redeal: false, allTied: true };
  }
}

/** End the hand: `team` (null: nobody) scores `points` for `reason`; then round_end or game_over. */
export function endHand(w: Draft, team: TeamIdx | null, points: number, reason: HandEndReason, redeal = false): void {
  const d = w.s;
  const h = d.hand;
  h.truco = null;
  resolveFlorIfNeeded(w); // envido and flor points come first (truco-rules.md §4.8)
  if (d.phase === "game_over") return;
  if (team !== null && points > 0) creditHand(w, team, points);
  h.result = { winnerTeam: team, points: team === null ? 0 : points, reason, redeal };
  pushHandEnded(w);
  if (d.firstToTarget !== null) finishMatch(w, d.firstToTarget);
  else d.phase = "round_end";
}
