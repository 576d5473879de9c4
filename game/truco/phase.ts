// Which decision the game waits for (exactly one pending decision at a time).
import { pid } from "./seats";
import type { GamePhase, HandState, MatchState } from "./types";

/** The phase of a live hand, from what is pending: flor contest > envido > truco > mão decision > playing. */
export function settledPhase(h: HandState): GamePhase {
  if (h.flor && h.flor.contest && h.flor.contest.responder !== null) return "waiting_flor_response";
  if (h.envido && h.envido.status === "pending") return "waiting_envido_response";
  if (h.truco) return "waiting_truco_response";
  if (h.maoDecider !== null) return "waiting_mao_decision";
  return "playing";
}

/** Seat whose decision the game waits for, or -1 (round_end, game_over). */
export function decisionSeat(s: MatchState): number {
  const h = s.hand;
  switch (s.phase) {
    case "playing":
      return h.turn;
    case "waiting_truco_response":
      return h.truco ? h.truco.responder : -1;
    case "waiting_mao_decision":
      return h.maoDecider ?? -1;
    case "waiting_envido_response":
      return h.envido?.responder ?? -1;
    case "waiting_flor_response":
      return h.flor?.contest?.responder ?? -1;
    default:
      return -1;
  }
}

/** The player whose decision the game waits for (null in round_end / game_over). */
export function pendingPlayer(state: MatchState): string | null {
  const seat = decisionSeat(state);
  return seat < 0 ? null : pid(state, seat);
}
