// What the server does when a player's turn timer expires (DESIGN.md §5, ADR 013).
import { florOptions } from "./flor";
import { legalForSeat, mustPlayHighest } from "./legal-actions";
import { decisionSeat } from "./phase";
import { seatOf } from "./seats";
import { cardStrength } from "./tricks";
import type { Action, MatchState } from "./types";

/** Lowest card by strength (first in hand order among equals). */
function lowestCard(s: MatchState, seat: number): string {
  const held = s.hand.held[seat];
  let best = held[0];
  let bestSt = cardStrength(s, best);
  for (let i = 1; i < held.length; i++) {
    const st = cardStrength(s, held[i]);
    if (st < bestSt) {
      best = held[i];
      bestSt = st;
    }
  }
  return best;
}

/** What the server does when `playerId`'s turn timer expires, or null when no decision of theirs is pending. */
export function timeoutAction(state: MatchState, playerId: string): Action | null {
  const seat = seatOf(state, playerId);
  if (seat < 0 || seat !== decisionSeat(state)) return null;
  const flor = florOptions(state, seat);
  if (flor.length > 0) return { type: "call_flor", call: "flor" };
  switch (state.phase) {
    case "playing":
      if (state.hand.blind) return { type: "play_card", cardId: "blind:0" };
      if (mustPlayHighest(state)) return legalForSeat(state, seat)[0];
      return { type: "play_card", cardId: lowestCard(state, seat) };
    case "waiting_truco_response":
      return { type: "respond_truco", response: "reject" };
    case "waiting_mao_decision":
      return { type: "respond_mao", response: "run" };
    case "waiting_envido_response":
      return { type: "respond_envido", response: "reject" };
    case "waiting_flor_response":
      return { type: "respond_flor", response: "reject" };
    default:
      return null;
  }
}
