import {
  applyAction,
  createMatch,
  type Action,
  type GameEvent,
  type HouseRules,
  type MatchState,
  type Variant,
} from "../../../game/truco/index";

export const P2 = [
  { id: "a", team: "team1" as const },
  { id: "b", team: "team2" as const },
];
export const P4 = [
  { id: "a", team: "team1" as const },
  { id: "b", team: "team2" as const },
  { id: "c", team: "team1" as const },
  { id: "d", team: "team2" as const },
];

export interface FixedMatch {
  hands: Record<string, string[]>;
  vira?: string;
  /** Default: the last seat deals, so seat 0 ('a') is the mão and leads. */
  dealer?: number;
  rules?: HouseRules;
  scores?: { team1: number; team2: number };
  seed?: string;
}

/** A match whose first hand is fixed; 1v1 or 2v2 from the number of hands given. */
export function fixed(variant: Variant, m: FixedMatch): MatchState {
  const players = Object.keys(m.hands).length === 4 ? P4 : P2;
  return createMatch({
    variant,
    players,
    seed: m.seed ?? "fixed-test",
    dealerIndex: m.dealer ?? players.length - 1,
    rules: m.rules,
    scores: m.scores,
    deal: { hands: m.hands, vira: m.vira },
  });
}

/** Apply an action that must be accepted. */
export function act(s: MatchState, playerId: string, action: Action): { state: MatchState; events: GameEvent[] } {
  const r = applyAction(s, playerId, action);
  if (!r.ok) throw new Error(`${playerId} ${JSON.stringify(action)} rejected: ${r.error}: ${r.message}`);
  return { state: r.state, events: r.events };
}

export function play(s: MatchState, playerId: string, cardId: string, faceDown?: boolean): MatchState {
  return act(s, playerId, faceDown ? { type: "play_card", cardId, faceDown } : { type: "play_card", cardId }).state;
}

/** Play a sequence of [player, card] pairs. */
export function plays(s: MatchState, seq: [string, string][]): MatchState {
  for (const [p, c] of seq) s = play(s, p, c);
  return s;
}

export function events(s: MatchState, playerId: string, action: Action): GameEvent[] {
  return act(s, playerId, action).events;
}

export function ofType<T extends GameEvent["type"]>(evs: GameEvent[], type: T): Extract<GameEvent, { type: T }>[] {
  return evs.filter((e) => e.type === type) as Extract<GameEvent, { type: T }>[];
}
