// playMatch: drive a match with a chooser until it ends (or until the caller says stop). One
// loop for the bot arena, the engine benchmark, the property tests and scripted test rooms.
import { applyAction, applyLegal } from "./apply";
import { legalForSeat } from "./legal-actions";
import { startNextHand } from "./match";
import { decisionSeat } from "./phase";
import { pid } from "./seats";
import type { Action, ErrorCode, GameEvent, MatchState } from "./types";

/**
 * Picks the action of the player whose decision is pending, from its legal actions (never
 * empty; do not modify the list). Return null to stop here (e.g. a human's turn in a scripted
 * room). One of the listed objects is applied as it is; any other action goes through
 * applyAction's checks.
 */
export type Chooser = (state: MatchState, playerId: string, legal: readonly Action[]) => Action | null;

/** One step of a run: an action applied, or (`playerId` and `action` null) the next hand dealt. */
export interface MatchStep {
  /** The state before the step. */
  before: MatchState;
  playerId: string | null;
  action: Action | null;
  events: GameEvent[];
  /** The state after the step. */
  state: MatchState;
}

export interface PlayMatchOptions {
  /** Deal the next hand when one ends (default true); false stops in `round_end`. */
  nextHand?: boolean;
  /** Stop after this many steps (actions and deals); default: no limit. */
  maxSteps?: number;
  /** Keep the log of steps in the result (default true; a benchmark turns it off). */
  log?: boolean;
  /** Called after every step (assertions, broadcasting, recording). */
  onStep?: (step: MatchStep) => void;
}

/**
 * Why the run stopped: the match is over; the hand is over (`nextHand: false`); the chooser
 * returned null; the step limit; or the chooser picked an action the engine refused.
 */
export type PlayMatchStop = "match_over" | "hand_over" | "no_choice" | "max_steps" | "illegal_action";

export interface PlayedMatch {
  state: MatchState;
  stop: PlayMatchStop;
  /** Every step in order (empty with `log: false`). */
  log: { playerId: string | null; action: Action | null; events: GameEvent[] }[];
  /** Hands played in the run, counting the one in progress at the start. */
  hands: number;
  /** Actions applied (deals not counted). */
  actions: number;
  /** With stop 'illegal_action': what the chooser picked and why it was refused. */
  error: { playerId: string; action: Action; code: ErrorCode; message: string } | null;
}

/** Play from `state` with `choose` deciding every pending decision. Pure: no clock, no randomness of its own. */
export function playMatch(state: MatchState, choose: Chooser, options: PlayMatchOptions = {}): PlayedMatch {
  const nextHand = options.nextHand ?? true;
  const maxSteps = options.maxSteps ?? Infinity;
  const keepLog = options.log ?? true;
  const onStep = options.onStep;
  const log: PlayedMatch["log"] = [];
  let s = state;
  let hands = 1;
  let actions = 0;
  let steps = 0;
  const done = (stop: PlayMatchStop, error: PlayedMatch["error"] = null): PlayedMatch => ({ state: s, stop, log, hands, actions, error });
  for (;;) {
    if (s.phase === "game_over") return done("match_over");
    if (steps >= maxSteps) return done("max_steps");
    if (s.phase === "round_end") {
      if (!nextHand) return done("hand_over");
      const r = startNextHand(s);
      if (!r.ok) throw new Error(`playMatch: ${r.message}`); // cannot happen from round_end
      if (keepLog) log.push({ playerId: null, action: null, events: r.events });
      onStep?.({ before: s, playerId: null, action: null, events: r.events, state: r.state });
      s = r.state;
      hands++;
      steps++;
      continue;
    }
    const seat = decisionSeat(s);
    const playerId = pid(s, seat);
    const legal = legalForSeat(s, seat);
    const action = choose(s, playerId, legal);
    if (action === null) return done("no_choice");
    // An object of this legal list is legal by construction; anything else is validated.
    const r = legal.includes(action) ? applyLegal(s, seat, action) : applyAction(s, playerId, action);
    if (!r.ok) return done("illegal_action", { playerId, action, code: r.error, message: r.message });
    if (keepLog) log.push({ playerId, action, events: r.events });
    onStep?.({ before: s, playerId, action, events: r.events, state: r.state });
    s = r.state;
    actions++;
    steps++;
  }
}
