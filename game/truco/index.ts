/**
 * Truco rules engine and computer players: the public API (ADR 010). Pure TypeScript: no I/O,
 * no platform APIs, no clock, no Math.random. States, actions, views and events are plain JSON.
 *
 * # Driving a match (what the game room does)
 *
 *   let state = createMatch({ variant, players, seed });      // hand 1 is dealt
 *   // on each frame from player p:
 *   const r = applyAction(state, p, action);                  // { ok, state, events } | { ok: false, error, message }
 *   // persist r.state, broadcast r.events, send each socket viewFor(r.state, itsPlayer)
 *   // when state.phase === 'round_end' (hand over: last trick and result stay visible):
 *   const n = startNextHand(state);                           // deals the next hand, dealer + 1
 *   // when state.phase === 'game_over': state.winner / view.winnerTeam is the winning team.
 *   // turn timer: pendingPlayer(state) is whose decision it is; on expiry apply timeoutAction(state, p).
 *   // seat held by a bot: applyAction(state, p, chooseAction(viewFor(state, p), { level, seed, read })),
 *   // with read = noteHand(read, state, theHandsActions) after every hand.
 *
 * # Phases (`state.phase`, `view.gamePhase`)
 *
 * - `playing`: `currentPlayer` plays a card, or calls (truco ladder, envido, flor) or goes to the mazo.
 * - `waiting_truco_response`: a truco-ladder call is pending; `currentPlayer` is the responder
 *   (the next opponent after the caller). Answers: `respond_truco` accept|reject, a `call_truco`
 *   of the next rung (raise back), in Argentino/Gaúcho trick 1 also `call_envido`
 *   ("el envido está primero") and `go_to_mazo` (= reject).
 * - `waiting_mao_decision`: Brazilian mão de onze (mão de dez in Mineiro): the team on 11 (10)
 *   plays for the first rung (3, Mineiro 4) or runs (opponents +1, Mineiro +2). While it decides,
 *   its players see each other's cards in their views.
 * - `waiting_envido_response`, `waiting_flor_response`: an envido / contraflor is pending.
 * - `round_end`: the hand is over; `legalActions` is empty; call `startNextHand`.
 * - `game_over`: the match is over; `state.winner` holds the winning team.
 *
 * A flor must be declared (`call_flor`) at the holder's first decision of the hand: while it is
 * due it is the only legal action and `view.pendingDecision.kind` is `flor_declaration`.
 *
 * # Actions (`Action`; the `type`s match the live protocol)
 *
 * - `{ type: 'play_card', cardId, faceDown? }`: `faceDown: true` plays a covered card (tricks 2-3
 *   in Paulista, Mineiro and Gaúcho). In a BLIND mão de ferro nobody sees their own cards: the
 *   view shows them as `{ hidden: true, blindId: 'blind:<slot>' }` and they are played with
 *   `cardId: 'blind:0' | 'blind:1' | 'blind:2'` (the slot in the player's remaining hand); the
 *   card is turned face up as it is played (`card_played` carries it).
 * - `{ type: 'call_truco', call }`: the next rung only (`view.stake.nextCall`): Paulista and
 *   International truco/seis/nove/doze; Mineiro truco/seis/dez/doze; Argentino truco/retruco/
 *   vale_cuatro; Gaúcho truco/retruco/vale_quatro. By the responder while pending = raise back.
 * - `{ type: 'respond_truco', response: 'accept' | 'reject' }`
 * - `{ type: 'respond_mao', response: 'play' | 'run' }`: the mão de onze / mão de dez decision.
 * - `{ type: 'call_envido', call: 'envido' | 'real_envido' | 'falta_envido' }` (also raises).
 * - `{ type: 'respond_envido', response: 'accept' | 'reject' }`
 * - `{ type: 'call_flor', call: 'flor' | 'contraflor' | 'contraflor_al_resto' | 'achico' }`:
 *   declare a flor; the second team's first flor may answer the first with contraflor, contraflor
 *   al resto or "con flor me achico"; `contraflor_al_resto` also raises a pending contraflor.
 * - `{ type: 'respond_flor', response: 'accept' | 'reject' }`
 * - `{ type: 'go_to_mazo' }`: Argentino and Gaúcho: fold the hand (irse al mazo).
 *
 * # Events (`applyAction(...).events`, `startNextHand(...).events`; see `GameEvent`)
 *
 * hand_started, card_played {playerId, card (a covered card is {hidden:true}), faceDown, trick},
 * trick_ended {trick, winnerTeam, winnerPlayerId, tie, nextLeader}, truco_called {call, by, team,
 * stake, runValue, responder}, truco_responded {response, by, call, byRaise, passedTo},
 * mao_decided, envido_called, envido_responded, envido_resolved {winnerTeam, points, shown},
 * envido_cancelled, flor_declared, flor_responded, flor_resolved {winnerTeam, points, outcome,
 * shown}, went_to_mazo, hand_ended {winnerTeam, points, reason, team1Score, team2Score, seed},
 * match_ended {winnerTeam, team1Score, team2Score}.
 *
 * # Fairness (deal commitment)
 *
 * Hand k's seed is the first 128 bits of SHA-256(`${matchSeed}:${k}`) as 32 hex digits
 * (`handSeed(state)`), one-way: revealing it says nothing about the match seed or other hands.
 * The view carries `handCommitment` = SHA-256(hand seed) (`seedCommitment`) while the hand is
 * live, and `revealedSeed` once it is over (round_end, game_over; also in `hand_ended`).
 * `shuffledDeck(seed, variant, rules?)` rebuilds the deck (pass the rules for baralho limpo);
 * card k (k < 3n) went to seat (dealer + 1 + k) % n, and with a vira the next card is the vira.
 *
 * # House rules (`createMatch({ rules })`, truco-rules.md §7) supported
 *
 * targetPoints; deck 'sujo'|'limpo' (Brazilian: baralho limpo, Q J K A 2 3 with the vira cycle
 * Q J K A 2 3 → Q, plus 4♣ 7♥ 7♦ with fixed manilhas); raiseCap (no truco-ladder call when the
 * hand's value once accepted already wins the match for the caller's team); manilhaMode
 * 'nova'|'velha' (Brazilian); mineiroScoring 'platform'|'pagat'|'short'; responseRule
 * 'first_answer_binds'|'both_must_refuse'; tieLeader 'tied_trick_leader'|'first_tying_card'|
 * 'last_tying_card'|'mano'; allTiedHand 'void'|'mano_wins'|'dealer_wins'|'redeal'; coveredCards
 * 'off'|'rounds_2_3'|'one_per_team'|'not_after_tie'; mustPlayHighestAfterTie; maoDeOnze on/off;
 * maoDeFerro 'blind'|'open'; flor on/off (Argentino, Gaúcho) with florValues {flor, contest,
 * achico}; faltaEnvido 'classic'|'malas_buenas'|'match_from_malas'; foldFirstTrickNoEnvido
 * 'truco_value'|'two_points'; endImmediately. An unknown key or a bad value is refused
 * (`parseHouseRules` says why; `createMatch` throws with that message); a key that does not apply
 * to the variant has no effect. Default targets: 12; Argentino 30 (halves of 15, malas and
 * buenas); Gaúcho 24 in pairs and 18 one against one (two 'voltas' of 12 or 9; scores run on,
 * nothing resets; `view.rules.halfTarget`). Defaults per variant: docs/decisions/010-011. Not
 * supported: betTiming 'any time', trucoInSpecialHand penalties, the CTruco raise cap, peekOnTruco,
 * trucoBetsOnCurrentTrick, 3v3, match series (queda/chico), the Mineiro traditional deal, the joker.
 *
 * # Driving a whole match
 *
 *   const run = playMatch(state, (state, playerId, legal) => legal[0], { log: false });
 *   // run.state (game_over), run.stop, run.log [{ playerId, action, events }], run.hands, run.actions
 *   // A chooser returning null stops the run (a human's turn); `nextHand: false` stops in
 *   // round_end; `maxSteps` bounds it; `onStep` sees every step's before/after state and events.
 */

export type {
  Variant,
  Suit,
  Rank,
  Card,
  HiddenCard,
  BlindCard,
  TeamId,
  TrucoCall,
  EnvidoCall,
  FlorCall,
  Action,
  ActionType,
  GamePhase,
  HouseRules,
  ResolvedRules,
  PlayerInput,
  MatchState,
  GameEvent,
  ApplyResult,
  ErrorCode,
  HandEndReason,
} from "./types";
export type { PlayerView, ViewPlayer, ViewTrick, ViewPlay, DecisionKind } from "./view";
export type { CreateMatchInput, NextHandResult } from "./match";
export type { DealInput } from "./deal";
export type { Chooser, MatchStep, PlayMatchOptions, PlayMatchStop, PlayedMatch } from "./play-match";
export type { ParsedHouseRules } from "./house-rules";
export type { BotLevel, BotOptions } from "./bots/index";

/**
 * `compareCards(a, b, { variant, vira? })`: positive when `a` beats `b`, 0 for a tie, negative
 * otherwise (cards or card ids). Paulista/International need the vira for the manilhas.
 */
export { compareCards } from "./cards";
/**
 * `manilhaRank(vira, deck?)`: the manilha rank for a vira (next rank in 4 5 6 7 Q J K A 2 3 → 4;
 * with `deck` 'limpo' in Q J K A 2 3 → Q).
 */
export { manilhaRank } from "./cards";
/** `envidoPoints(cards, { variant })`: the envido count of a hand (Argentino, Gaúcho). */
export { envidoPoints } from "./cards";
/** The fixed manilhas of "manilha velha" (Mineiro's default), strongest first, as card ids. */
export { FIXED_MANILHA_IDS } from "./cards";

/**
 * `createMatch({ variant, players, seed, dealerIndex?, rules?, deal?, scores? })`: a new match
 * with hand 1 dealt (house rules are checked as `parseHouseRules` does). `players` in seat (play) order, teams alternating, 2 or 4 of them, each
 * `{ id, team, nickname? }`. `seed` derives every shuffle and (without `dealerIndex`) the first
 * dealer. `deal` fixes hand 1 for tests and puzzles; `scores` sets starting scores. Throws on an
 * invalid set-up (a programming error, not a move).
 */
export { createMatch } from "./match";
/** `legalActions(state, playerId)`: every action that player may take now ([] if none). */
export { legalActions } from "./legal-actions";
/**
 * `applyAction(state, playerId, action)`: `{ ok: true, state, events }` or
 * `{ ok: false, error, message }` (error: invalid_action | unknown_player | not_your_turn |
 * illegal_action | hand_over | match_over). Never throws; never mutates its input.
 */
export { applyAction } from "./apply";
/** `startNextHand(state)`: from `round_end`, deal the next hand (dealer rotates); fails otherwise. */
export { startNextHand } from "./match";
/** `pendingPlayer(state)`: whose decision the game waits for (null in round_end / game_over). */
export { pendingPlayer } from "./phase";
/**
 * `timeoutAction(state, playerId)`: what the server does when that player's turn timer expires
 * (DESIGN.md §5): play the lowest card ('blind:0' when blind); refuse a truco, envido or
 * contraflor; run from a mão de onze / dez; declare a due flor. Null if no decision is pending.
 */
export { timeoutAction } from "./timeout";
/**
 * `handStartedEvent(state)`: the `hand_started` event of the current hand (startNextHand returns
 * it; use this for hand 1 after createMatch).
 */
export { handStartedEvent } from "./match";
/** `handSeed(state)`: the current hand's seed, secret while the hand is live (commit/reveal). */
export { handSeed } from "./deal";
/** `seedCommitment(seed)`: hex SHA-256 of the seed string. */
export { seedCommitment } from "./deal";
/** `shuffledDeck(handSeed, variant, rules?)`: the hand's full deck order, to verify a finished deal. */
export { shuffledDeck } from "./deal";
/**
 * `viewFor(state, playerId | null)`: what that player (null: a spectator) may see. Another
 * player's card is exactly `{ hidden: true }`; no seed or deck order while the hand is live.
 */
export { viewFor } from "./view";
/**
 * `chooseAction(viewFor(state, playerId), { level: 'easy' | 'normal' | 'hard', seed, read? })`: a
 * computer player's legal choice, decided only from that view and the table read; null when that
 * player has no decision. Deterministic for a given view, read and seed. `noteHand(read, state,
 * actions)` folds a finished hand's public calls and answers into the read.
 */
export { chooseAction, emptyRead, noteHand, type TableRead } from "./bots/index";
/**
 * `playMatch(state, choose, { nextHand?, maxSteps?, log?, onStep? })`: apply `choose(state,
 * playerId, legal)` to every pending decision (and deal each next hand) until the match ends or
 * the chooser returns null; `{ state, stop, log, hands, actions, error }`. Never throws on a bad
 * choice: it stops with `stop: 'illegal_action'` and `error`.
 */
export { playMatch } from "./play-match";
/**
 * `parseHouseRules(input)`: `{ ok: true, rules }` or `{ ok: false, error }` naming every unknown
 * key or bad value (`HouseRulesSchema` is the zod schema behind it).
 */
export { parseHouseRules, HouseRulesSchema } from "./house-rules";
/** `defaultTarget(variant, players)`: 12; Argentino 30; Gaúcho 24 in pairs, 18 one against one. */
export { defaultTarget } from "./variants";
