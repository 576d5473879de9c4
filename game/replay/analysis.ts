import type { GameRecord } from "../protocol/record";
import { viewFor, type Action } from "../truco/index";
import { sameMove, secondOpinion } from "../truco/bots/second-opinion";
import type { ReplayHand } from "./timeline";

// The computer's second opinion over a whole replay (docs/decisions/128-the-computers-second-opinion.md):
// for every decision (a move whose player had a choice), the hard player's choice and the
// estimated match-winning chances; and the key moments, where the estimate moved most. Pure and
// synchronous per decision, so the page runs it in a Web Worker and reports progress between decisions.

export interface DecisionOpinion {
  /** Index into the replay's hands and the move (1-based, as a position's `move`). */
  hand: number;
  move: number;
  playerId: string;
  choice: Action;
  /** The mover's team's estimated chances after the move played and after the choice (0..1). */
  played: number;
  chosen: number;
  /** Team 1's estimate after the move played: the line the key moments are read from. */
  team1: number;
  /** Same action as played. */
  agrees: boolean;
}

export interface Analysis {
  opinions: DecisionOpinion[];
  /** The decisions where team 1's estimate moved most from the decision before (indexes into `opinions`), most first. */
  keyMoments: number[];
}

/** Every decision of the replay, in order. */
export function decisionsOf(hands: readonly ReplayHand[]): { hand: number; move: number }[] {
  const out: { hand: number; move: number }[] = [];
  hands.forEach((h, hand) =>
    h.moves.forEach((m, i) => {
      if (viewFor(m.before, m.playerId).legalActions.length > 1) out.push({ hand, move: i + 1 });
    }),
  );
  return out;
}

export function sameAction(a: Action, b: Action): boolean {
  return sameMove(a, b);
}

/** The opinion at one decision, or null when the seat had nothing to weigh. */
export function opinionAt(record: GameRecord, hands: readonly ReplayHand[], at: { hand: number; move: number }): DecisionOpinion | null {
  const h = hands[at.hand];
  const m = h?.moves[at.move - 1];
  if (!m) return null;
  const view = viewFor(m.before, m.playerId);
  const opinion = secondOpinion(view, m.action, h.read, `${record.game.id}:${h.hand}:${at.move}`);
  if (!opinion) return null;
  const team1 = view.myTeam === "team1" ? opinion.played : 1 - opinion.played;
  return { ...at, playerId: m.playerId, ...opinion, team1, agrees: sameAction(opinion.choice, m.action) };
}

/** The most telling decisions: the largest moves of team 1's estimate between consecutive decisions. */
export function keyMoments(opinions: readonly DecisionOpinion[], count = 5): number[] {
  const swings = opinions.map((o, i) => ({ i, swing: Math.abs(o.team1 - (i > 0 ? opinions[i - 1].team1 : 0.5)) }));
  return swings
    .sort((a, b) => b.swing - a.swing || a.i - b.i)
    .slice(0, count)
    .map((s) => s.i);
}
