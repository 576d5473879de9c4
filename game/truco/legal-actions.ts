// What a seat may do now: the legal action list (applyAction accepts exactly its members)
// and, for a refused action, a message saying why.
import { ALL_CARD_IDS, frozenRecord } from "./cards";
import { envidoOpenAllowed, envidoRaises } from "./envido";
import { florOptions } from "./flor";
import { decisionSeat } from "./phase";
import { seatOf, seatTeam, TIE } from "./seats";
import { cardStrength, currentTrick } from "./tricks";
import { trucoRaiseLevel } from "./truco-calls";
import type { Action, EnvidoCall, FlorCall, MatchState, TrucoCall } from "./types";

// Legal actions are shared, frozen constants: listing them allocates only the array.
type PlayCard = Extract<Action, { type: "play_card" }>;
const frozen = <T extends Action>(a: T): T => Object.freeze(a) as T;
const table = frozenRecord;

/** Face-up plays by card id (also the fast path of applyAction). */
export const PLAY_UP: Readonly<Record<string, PlayCard>> = table(ALL_CARD_IDS, (id) => frozen<PlayCard>({ type: "play_card", cardId: id }));
const PLAY_DOWN: Readonly<Record<string, PlayCard>> = table(ALL_CARD_IDS, (id) =>
  frozen<PlayCard>({ type: "play_card", cardId: id, faceDown: true }),
);
const PLAY_BLIND: readonly PlayCard[] = Object.freeze([0, 1, 2].map((i) => frozen<PlayCard>({ type: "play_card", cardId: `blind:${i}` })));
const A = Object.freeze({
  maoPlay: frozen({ type: "respond_mao", response: "play" }),
  maoRun: frozen({ type: "respond_mao", response: "run" }),
  florAccept: frozen({ type: "respond_flor", response: "accept" }),
  florReject: frozen({ type: "respond_flor", response: "reject" }),
  envidoAccept: frozen({ type: "respond_envido", response: "accept" }),
  envidoReject: frozen({ type: "respond_envido", response: "reject" }),
  trucoAccept: frozen({ type: "respond_truco", response: "accept" }),
  trucoReject: frozen({ type: "respond_truco", response: "reject" }),
  mazo: frozen({ type: "go_to_mazo" }),
} as const);
const TRUCO_CALLS: readonly TrucoCall[] = ["truco", "seis", "nove", "doze", "oito", "dez", "retruco", "vale_cuatro", "vale_quatro"];
const CALL_TRUCO = table(TRUCO_CALLS, (call) => frozen<Action>({ type: "call_truco", call }));
const ENVIDO_CALLS: readonly EnvidoCall[] = ["envido", "real_envido", "falta_envido"];
const CALL_ENVIDO = table(ENVIDO_CALLS, (call) => frozen<Action>({ type: "call_envido", call }));
const FLOR_CALLS: readonly FlorCall[] = ["flor", "contraflor", "contraflor_al_resto", "achico"];
const CALL_FLOR = table(FLOR_CALLS, (call) => frozen<Action>({ type: "call_flor", call }));

/** May this seat play a covered card now (coveredCards house rule)? */
function coveredAllowed(s: MatchState, seat: number): boolean {
  const h = s.hand;
  const mode = s.rules.coveredCards;
  if (mode === "off" || h.blind || h.tricks.length === 1) return false;
  if (mode === "not_after_tie" && h.tricks[h.tricks.length - 2].outcome === TIE) return false;
  if (mode === "one_per_team") {
    const team = seatTeam(s, seat);
    for (const p of currentTrick(h).plays) if (p.down && seatTeam(s, p.seat) === team) return false;
  }
  return true;
}

/** mustPlayHighestAfterTie: the trick before this one was tied. */
export function mustPlayHighest(s: MatchState): boolean {
  const h = s.hand;
  return s.rules.mustPlayHighestAfterTie && h.tricks.length > 1 && h.tricks[h.tricks.length - 2].outcome === TIE;
}

function cardPlays(s: MatchState, seat: number, out: Action[]): void {
  const h = s.hand;
  const held = h.held[seat];
  if (h.blind) {
    for (let i = 0; i < held.length; i++) out.push(PLAY_BLIND[i]);
    return;
  }
  if (mustPlayHighest(s)) {
    let best = -1;
    for (const c of held) best = Math.max(best, cardStrength(s, c));
    for (const c of held) if (cardStrength(s, c) === best) out.push(PLAY_UP[c]);
    return;
  }
  const covered = coveredAllowed(s, seat);
  for (const c of held) {
    out.push(PLAY_UP[c]);
    if (covered) out.push(PLAY_DOWN[c]);
  }
}

/**
 * What the seat may call beside answering a truco or playing a card: the next truco of the ladder,
 * opening the envido (while it still may), and going to the mazo.
 */
function ownCalls(s: MatchState, seat: number, out: Action[]): void {
  const lvl = trucoRaiseLevel(s, seat);
  if (lvl > 0) out.push(CALL_TRUCO[s.rules.ladder.names[lvl]!]);
  if (envidoOpenAllowed(s, seat)) {
    out.push(CALL_ENVIDO.envido, CALL_ENVIDO.real_envido, CALL_ENVIDO.falta_envido);
  }
  if (s.rules.mazo) out.push(A.mazo);
}

/** Every action the seat may take now (empty when it is not this seat's decision). */
export function legalForSeat(s: MatchState, seat: number): Action[] {
  if (seat < 0 || seat !== decisionSeat(s)) return [];
  const h = s.hand;
  const out: Action[] = [];
  const flor = florOptions(s, seat);
  if (flor.length > 0) {
    for (const call of flor) out.push(CALL_FLOR[call]);
    return out;
  }
  switch (s.phase) {
    case "waiting_mao_decision":
      out.push(A.maoPlay, A.maoRun);
      break;
    case "waiting_flor_response": {
      out.push(A.florAccept, A.florReject);
      const c = h.flor!.contest!;
      if (c.calls[c.calls.length - 1] === "contraflor") out.push(CALL_FLOR.contraflor_al_resto);
      break;
    }
    case "waiting_envido_response":
      out.push(A.envidoAccept, A.envidoReject);
      for (const call of envidoRaises(h.envido!.calls)) out.push(CALL_ENVIDO[call]);
      break;
    case "waiting_truco_response":
      out.push(A.trucoAccept, A.trucoReject);
      ownCalls(s, seat, out);
      break;
    case "playing":
      cardPlays(s, seat, out);
      ownCalls(s, seat, out);
      break;
    default:
      break;
  }
  return out;
}

/** Every action that player may take now ([] if none). */
export function legalActions(state: MatchState, playerId: string): Action[] {
  return legalForSeat(state, seatOf(state, playerId));
}

/** Whether two actions are the same move (a missing `faceDown` is face up). */
export function sameAction(a: Action, b: Action): boolean {
  if (a.type !== b.type) return false;
  switch (a.type) {
    case "play_card": {
      const bb = b as typeof a;
      return a.cardId === bb.cardId && !!a.faceDown === !!bb.faceDown;
    }
    case "call_truco":
    case "call_envido":
    case "call_flor":
      return a.call === (b as typeof a).call;
    case "respond_truco":
    case "respond_mao":
    case "respond_envido":
    case "respond_flor":
      return a.response === (b as typeof a).response;
    default:
      return true;
  }
}

/** Why `a` is not legal for this seat now (the seat is the one whose decision is pending). */
export function diagnose(s: MatchState, seat: number, a: Action): string {
  const h = s.hand;
  if (florOptions(s, seat).length > 0) return "you hold a flor: declare it (call_flor) before anything else";
  switch (a.type) {
    case "play_card":
      if (s.phase !== "playing") return `no card may be played while ${s.phase}`;
      if (h.blind) return "mão de ferro is blind: play one of your face-down cards by its slot ('blind:0', 'blind:1', ...)";
      if (!h.held[seat].includes(a.cardId)) return `card ${String(a.cardId)} is not in your hand`;
      if (a.faceDown) return "a covered card is not allowed now";
      return "after a tied trick you must play your highest card";
    case "call_truco": {
      if (h.special) return "no truco in a mão de onze / mão de dez / mão de ferro";
      if (s.phase !== "playing" && s.phase !== "waiting_truco_response") return `no truco call while ${s.phase}`;
      const current = h.truco ? h.truco.level : h.stake;
      const lvl = current + 1;
      if (lvl >= s.rules.ladder.values.length) return "the ladder is already at its top";
      const team = seatTeam(s, seat);
      if (h.lastRaiser === team) return "your team made the last request; only the other team may raise";
      if (trucoRaiseLevel(s, seat) < 0) {
        return `raise cap: ${s.rules.ladder.values[current]} points already win the match for your team, so no raise is allowed`;
      }
      return `the next call is '${s.rules.ladder.names[lvl]}'`;
    }
    case "respond_truco":
      return "no truco call is waiting for your answer";
    case "respond_mao":
      return "no mão de onze / mão de dez decision is waiting for you";
    case "call_envido":
      if (!s.rules.envido) return "this variant has no envido";
      return "envido is not available now (only in the first trick, before an accepted truco or a flor, once per hand)";
    case "respond_envido":
      return "no envido call is waiting for your answer";
    case "call_flor":
      if (!s.rules.flor) return "flor is not played at this table";
      return "you have no flor to declare now, or that flor call is not available";
    case "respond_flor":
      return "no contraflor is waiting for your answer";
    case "go_to_mazo":
      return s.rules.mazo ? "you may go to the mazo only on your turn" : "this variant has no mazo";
    default:
      return "unknown action";
  }
}
