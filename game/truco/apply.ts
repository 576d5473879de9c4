// applyAction: validate an action against the legal list and apply it to a draft.
// Never throws, never mutates its input.
import { Draft } from "./draft";
import { callEnvido, respondEnvido } from "./envido";
import { callFlor, florOptions, respondFlor } from "./flor";
import { diagnose, legalForSeat, mustPlayHighest, PLAY_UP, sameAction } from "./legal-actions";
import { decisionSeat, settledPhase } from "./phase";
import { pid, seatOf } from "./seats";
import { playCard } from "./tricks";
import { callTruco, goToMazo, respondMao, respondTruco } from "./truco-calls";
import type { Action, ApplyResult, ErrorCode, MatchState } from "./types";

const ACTION_TYPES: ReadonlySet<string> = new Set([
  "play_card",
  "call_truco",
  "respond_truco",
  "respond_mao",
  "call_envido",
  "respond_envido",
  "call_flor",
  "respond_flor",
  "go_to_mazo",
]);

function fail(error: ErrorCode, message: string): ApplyResult {
  return { ok: false, error, message };
}

export function applyAction(state: MatchState, playerId: string, action: Action): ApplyResult {
  try {
    if (
      !action ||
      typeof action !== "object" ||
      Array.isArray(action) ||
      !Object.prototype.hasOwnProperty.call(action, "type") ||
      !ACTION_TYPES.has((action as Action).type)
    ) {
      return fail("invalid_action", "an action is an object with a known type");
    }
    const seat = typeof playerId === "string" ? seatOf(state, playerId) : -1;
    if (seat < 0) return fail("unknown_player", "that player is not seated in this match");
    if (state.phase === "game_over") return fail("match_over", "the match is over");
    if (state.phase === "round_end") return fail("hand_over", "the hand is over; the next hand has not been dealt");
    if (seat !== decisionSeat(state)) return fail("not_your_turn", `waiting for ${pid(state, decisionSeat(state))}`);
    let chosen: Action | undefined;
    if (isPlainCardPlay(state, seat, action)) {
      // Fast path for the commonest move; exactly what the legal list holds in this situation.
      if (state.hand.held[seat].includes(action.cardId)) chosen = PLAY_UP[action.cardId];
    } else {
      for (const a of legalForSeat(state, seat)) {
        if (sameAction(a, action)) {
          chosen = a;
          break;
        }
      }
    }
    if (!chosen) return fail("illegal_action", diagnose(state, seat, action));
    return applyLegal(state, seat, chosen);
  } catch (err) {
    return fail("invalid_action", `rejected: ${err instanceof Error ? err.message : String(err)}`);
  }
}

/**
 * Apply an action that is legal for `seat` now by construction: one of the objects
 * `legalForSeat(state, seat)` returned for this very state (playMatch's path, which need not
 * rebuild the legal list to check it). Anything else must go through applyAction.
 */
export function applyLegal(state: MatchState, seat: number, action: Action): ApplyResult {
  try {
    const w = new Draft(state);
    perform(w, seat, action);
    w.s.actionCount = state.actionCount + 1;
    return { ok: true, state: w.s, events: w.ev };
  } catch (err) {
    return fail("invalid_action", `rejected: ${err instanceof Error ? err.message : String(err)}`);
  }
}

/** A face-up card play in phase `playing`, when every held card may be played face up. */
function isPlainCardPlay(s: MatchState, seat: number, a: Action): a is Extract<Action, { type: "play_card" }> {
  return (
    a.type === "play_card" &&
    !a.faceDown &&
    typeof a.cardId === "string" &&
    s.phase === "playing" &&
    !s.hand.blind &&
    !mustPlayHighest(s) &&
    florOptions(s, seat).length === 0
  );
}

function perform(w: Draft, seat: number, a: Action): void {
  switch (a.type) {
    case "play_card":
      playCard(w, seat, a.cardId, !!a.faceDown);
      break;
    case "call_truco":
      callTruco(w, seat);
      break;
    case "respond_truco":
      respondTruco(w, seat, a.response);
      break;
    case "respond_mao":
      respondMao(w, seat, a.response);
      break;
    case "call_envido":
      callEnvido(w, seat, a.call);
      break;
    case "respond_envido":
      respondEnvido(w, seat, a.response);
      break;
    case "call_flor":
      callFlor(w, seat, a.call);
      break;
    case "respond_flor":
      respondFlor(w, seat, a.response);
      break;
    case "go_to_mazo":
      goToMazo(w, seat);
      break;
  }
  const d = w.s;
  if (d.phase !== "round_end" && d.phase !== "game_over") d.phase = settledPhase(d.hand);
}
