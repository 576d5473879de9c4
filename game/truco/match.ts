// A match from start to end: createMatch (hand 1 dealt), startNextHand (the deal rotates), and
// the hand_started event.
import { cardJson } from "./cards";
import { newHand, validateDeal, type DealInput } from "./deal";
import { settledPhase } from "./phase";
import { maoSeat, pid } from "./seats";
import { sha256Hex } from "./sha256";
import type { ErrorCode, GameEvent, HandState, HouseRules, MatchState, PlayerInput, Variant } from "./types";
import { isVariant, resolveRules, specialHandThreshold } from "./variants";

export interface CreateMatchInput {
  variant: Variant;
  players: readonly PlayerInput[];
  seed: string;
  dealerIndex?: number;
  /** House rules (truco-rules.md §7); an unknown key or a bad value makes createMatch throw. */
  rules?: HouseRules;
  deal?: DealInput;
  /** Starting scores (tests, puzzles, a resumed series); default 0-0. Must be below the target. */
  scores?: { team1: number; team2: number };
}

/**
 * A new match, first hand dealt. Throws (a programming error of the caller, not a game move)
 * when the variant, players, seed, house rules or fixed deal are invalid.
 */
export function createMatch(input: CreateMatchInput): MatchState {
  const { variant, players, seed } = input;
  if (!isVariant(variant)) throw new Error(`createMatch: unknown variant ${String(variant)}`);
  if (typeof seed !== "string" || seed.length === 0) throw new Error("createMatch: seed must be a non-empty string");
  if (!Array.isArray(players) || (players.length !== 2 && players.length !== 4)) {
    throw new Error("createMatch: 2 (1v1) or 4 (2v2) players");
  }
  const ids = new Set<string>();
  for (let i = 0; i < players.length; i++) {
    const p = players[i];
    if (!p || typeof p.id !== "string" || p.id === "") throw new Error("createMatch: every player needs an id");
    if (ids.has(p.id)) throw new Error(`createMatch: duplicate player id ${p.id}`);
    ids.add(p.id);
    if (p.team !== "team1" && p.team !== "team2") throw new Error(`createMatch: bad team for ${p.id}`);
    if (p.nickname !== undefined && typeof p.nickname !== "string") throw new Error("createMatch: nickname must be a string");
    const next = players[(i + 1) % players.length];
    if (next && next.team === p.team) {
      throw new Error("createMatch: players are in seat (play) order and teams must alternate");
    }
  }
  const n = players.length;
  let dealer: number;
  if (input.dealerIndex !== undefined) {
    if (!Number.isInteger(input.dealerIndex) || input.dealerIndex < 0 || input.dealerIndex >= n) {
      throw new Error("createMatch: dealerIndex out of range");
    }
    dealer = input.dealerIndex;
  } else {
    // The first dealer is chosen at random (truco-rules.md §0.2), derived from the seed.
    dealer = parseInt(sha256Hex(`${seed}:dealer`).slice(0, 8), 16) % n;
  }
  let rules: MatchState["rules"];
  try {
    rules = resolveRules(variant, input.rules, n);
  } catch (err) {
    throw new Error(`createMatch: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (input.deal) validateDeal(input.deal, players, rules);
  const start: [number, number] = [input.scores?.team1 ?? 0, input.scores?.team2 ?? 0];
  for (const v of start) {
    if (!Number.isInteger(v) || v < 0 || v >= rules.targetPoints) {
      throw new Error("createMatch: starting scores must be integers from 0 to below the target");
    }
  }

  const state: MatchState = {
    schema: 1,
    variant,
    rules,
    seed,
    players: players.map((p) => ({ id: p.id, team: p.team, nickname: p.nickname ?? null })),
    scores: start,
    handNumber: 1,
    dealer,
    actionCount: 0,
    phase: "playing",
    winner: null,
    firstToTarget: null,
    hand: undefined as unknown as HandState,
  };
  state.hand = newHand(state, 1, dealer, input.deal);
  state.phase = settledPhase(state.hand);
  return state;
}

export type NextHandResult = { ok: true; state: MatchState; events: GameEvent[] } | { ok: false; error: ErrorCode; message: string };

/** From `round_end`, deal the next hand (dealer + 1, or the same dealer after an all-tied 'redeal'). */
export function startNextHand(state: MatchState): NextHandResult {
  try {
    if (state.phase === "game_over") return { ok: false, error: "match_over", message: "the match is over" };
    if (state.phase !== "round_end") {
      return { ok: false, error: "illegal_action", message: "the current hand is still being played" };
    }
    const n = state.players.length;
    const dealer = state.hand.result?.redeal ? state.dealer : (state.dealer + 1) % n;
    const next: MatchState = {
      ...state,
      scores: [state.scores[0], state.scores[1]],
      handNumber: state.handNumber + 1,
      dealer,
      actionCount: state.actionCount + 1,
    };
    next.hand = newHand(next, next.handNumber, dealer);
    next.phase = settledPhase(next.hand);
    return { ok: true, state: next, events: [handStartedEvent(next)] };
  } catch (err) {
    return { ok: false, error: "invalid_action", message: err instanceof Error ? err.message : String(err) };
  }
}

/** The `hand_started` event of the current hand (startNextHand returns it; use this for hand 1). */
export function handStartedEvent(s: MatchState): GameEvent {
  const h = s.hand;
  const mineiroTen = specialHandThreshold(s.rules) === 10;
  return {
    type: "hand_started",
    handNumber: s.handNumber,
    dealer: pid(s, s.dealer),
    mao: pid(s, maoSeat(s)),
    commitment: h.commitment,
    vira: h.vira ? cardJson(h.vira) : null,
    specialHand: h.special === "ferro" ? "mao_de_ferro" : h.special === "onze" ? (mineiroTen ? "mao_de_dez" : "mao_de_onze") : null,
  };
}
