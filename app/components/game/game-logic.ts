// Pure helpers of the game screen: no React, no DOM, no rules. The engine's view says what is
// legal (`legalActions`); these functions only arrange it for the screen. Unit-tested in
// tests/unit/game-ui/.
import type { ChatMessageView, GameSummary, Participant, PlayerResult } from "../../../game/protocol/entities";
import type { GameStatePayload, RoomMessage, TurnTimer } from "../../../game/protocol/room";
import type { Action, Card, EnvidoCall, FlorCall, GameEvent, PlayerView, TeamId, TrucoCall, Variant } from "../../../game/truco/index";

// ---------------------------------------------------------------- cards

/** Argentino and Gaúcho are played with the Spanish deck (mapped onto the engine's French ids). */
export function isSpanishDeck(variant: Variant): boolean {
  return variant === "argentino" || variant === "gaucho";
}

const SPANISH_RANK: Record<Card["rank"], string> = {
  A: "1",
  "2": "2",
  "3": "3",
  "4": "4",
  "5": "5",
  "6": "6",
  "7": "7",
  Q: "10",
  J: "11",
  K: "12",
};

/** The index printed in a card's corner: 1-7, 10, 11, 12 on the Spanish deck; A, 2-7, Q, J, K on the French. */
export function rankIndex(rank: Card["rank"], spanish: boolean): string {
  return spanish ? SPANISH_RANK[rank] : rank;
}

export function isFaceUpCard(card: unknown): card is Card {
  return Boolean(card) && typeof card === "object" && !("hidden" in (card as object)) && "rank" in (card as object);
}

export function blindIdOf(card: unknown): string | null {
  if (card && typeof card === "object" && "blindId" in card && typeof (card as { blindId: unknown }).blindId === "string") {
    return (card as { blindId: string }).blindId;
  }
  return null;
}

// ---------------------------------------------------------------- seats

export type SeatPosition = "bottom" | "right" | "top" | "left";

/**
 * Where each player sits on screen. The viewer is at the bottom; play runs counter-clockwise
 * (truco-rules.md §0.2), so the next player in seat order sits to the viewer's right, the partner
 * (2v2) across the table, the previous player to the left.
 */
export function seatPositions(seats: readonly string[], me: string | null): Record<string, SeatPosition> {
  const n = seats.length;
  const mine = me === null ? -1 : seats.indexOf(me);
  const base = mine < 0 ? 0 : mine;
  const order: SeatPosition[] = n === 2 ? ["bottom", "top"] : ["bottom", "right", "top", "left"];
  const out: Record<string, SeatPosition> = {};
  for (let k = 0; k < n; k++) out[seats[(base + k) % n]] = order[k] ?? "top";
  return out;
}

/** One card's step in the deal animation (ms). */
export const DEAL_STEP_MS = 80;

/**
 * A seat's place in the deal: 0 for the player after the dealer (the mão), who gets the first card;
 * the dealer gets the last of each round.
 */
export function dealOrderOf(view: Pick<PlayerView, "seats" | "players">, playerId: string | null): number {
  const n = view.seats.length;
  const dealer = view.seats.findIndex((id) => view.players[id]?.isDealer);
  const seat = playerId === null ? -1 : view.seats.indexOf(playerId);
  if (dealer < 0 || seat < 0) return 0;
  return (seat - dealer - 1 + 2 * n) % n;
}

/** When a card lands in the deal animation: the cards go round the table one at a time. */
export function dealDelayMs(card: number, order: number, seats: number): number {
  return (card * seats + order) * DEAL_STEP_MS;
}

// ---------------------------------------------------------------- actions

export type Answer = "accept" | "reject";

export interface ActionGroups {
  /** Playable cards: id (or blind slot id) → whether face up and/or face down is legal. */
  plays: Record<string, { faceUp: boolean; faceDown: boolean }>;
  trucoCall: TrucoCall | null;
  trucoAnswers: Answer[];
  maoAnswers: ("play" | "run")[];
  envidoCalls: EnvidoCall[];
  envidoAnswers: Answer[];
  florCalls: FlorCall[];
  florAnswers: Answer[];
  mazo: boolean;
  any: boolean;
}

/** Sorts the engine's legal actions into the groups the action bar shows. */
export function groupActions(actions: readonly Action[]): ActionGroups {
  const g: ActionGroups = {
    plays: {},
    trucoCall: null,
    trucoAnswers: [],
    maoAnswers: [],
    envidoCalls: [],
    envidoAnswers: [],
    florCalls: [],
    florAnswers: [],
    mazo: false,
    any: actions.length > 0,
  };
  for (const a of actions) {
    switch (a.type) {
      case "play_card": {
        const entry = (g.plays[a.cardId] ??= { faceUp: false, faceDown: false });
        if (a.faceDown) entry.faceDown = true;
        else entry.faceUp = true;
        break;
      }
      case "call_truco":
        g.trucoCall = a.call;
        break;
      case "respond_truco":
        g.trucoAnswers.push(a.response);
        break;
      case "respond_mao":
        g.maoAnswers.push(a.response);
        break;
      case "call_envido":
        g.envidoCalls.push(a.call);
        break;
      case "respond_envido":
        g.envidoAnswers.push(a.response);
        break;
      case "call_flor":
        g.florCalls.push(a.call);
        break;
      case "respond_flor":
        g.florAnswers.push(a.response);
        break;
      case "go_to_mazo":
        g.mazo = true;
        break;
    }
  }
  return g;
}

// ---------------------------------------------------------------- live state

export interface LiveState {
  version: number;
  game: GameSummary | null;
  participants: Participant[];
  view: PlayerView | null;
  turn: TurnTimer | null;
  hands: NonNullable<GameStatePayload["hands"]>;
  results: PlayerResult[] | null;
  nextHandAt: number | null;
  endReason: string | null;
  /** "Jogar de novo": who accepted, and the new table once open; null until someone asks. */
  rematch: NonNullable<GameStatePayload["rematch"]> | null;
}

export const EMPTY_LIVE: LiveState = {
  version: 0,
  game: null,
  participants: [],
  view: null,
  turn: null,
  hands: [],
  results: null,
  nextHandAt: null,
  endReason: null,
  rematch: null,
};

export interface Reduced {
  state: LiveState;
  /** A game_state skipped versions: ask the room for a `sync`. */
  gap: boolean;
  /** The message was older than what is shown and was ignored. */
  stale: boolean;
}

/**
 * Applies one server message. A `game_state` older than the one shown is ignored (messages can
 * cross a reconnect); `fresh` marks the first state on a new socket, which is always taken.
 */
export function reduceLive(state: LiveState, message: RoomMessage, fresh = false): Reduced {
  switch (message.type) {
    case "game_state": {
      const p = message.payload;
      if (!fresh && p.version <= state.version && state.game !== null) return { state, gap: false, stale: true };
      const gap = !fresh && state.version > 0 && p.version > state.version + 1;
      return {
        state: {
          version: p.version,
          game: p.game,
          participants: p.participants,
          view: p.view,
          turn: p.turn,
          hands: p.hands ?? state.hands,
          results: p.results ?? state.results,
          nextHandAt: p.nextHandAt,
          endReason: state.endReason,
          rematch: p.rematch ?? null,
        },
        gap,
        stale: false,
      };
    }
    case "participants_updated":
      return { state: { ...state, participants: message.payload.participants }, gap: false, stale: false };
    case "game_session_updated":
      return { state: { ...state, game: message.payload.game }, gap: false, stale: false };
    case "player_connected":
    case "player_disconnected": {
      const connected = message.type === "player_connected";
      const participants = state.participants.map((p) => (p.user_id === message.payload.userId ? { ...p, connected } : p));
      return { state: { ...state, participants }, gap: false, stale: false };
    }
    case "game_ended": {
      const { winnerTeam, results, reason } = message.payload;
      const game = state.game
        ? { ...state.game, status: "completed" as const, winner_team: winnerTeam, end_reason: state.game.end_reason ?? reason }
        : null;
      return { state: { ...state, game, results, endReason: reason, turn: null }, gap: false, stale: false };
    }
    default:
      return { state, gap: false, stale: false };
  }
}

/** Where a game is in its life: a game never goes back to an earlier stage. */
const STAGE: Readonly<Record<GameSummary["status"], number>> = { waiting: 0, active: 1, completed: 2, cancelled: 2 };

/**
 * The REST poll's answer (spec §4: while the socket is down) applied to what is shown. The poll
 * only fills in while the room cannot say: its data may be older than the socket's (a read from a
 * replica, or an answer that arrived after the socket's newer state), so a game it shows at an
 * earlier stage than the one shown is not taken, nor are the participants read with it.
 */
export function withPolled(state: LiveState, polled: { game: GameSummary | null; participants: Participant[] | null }): LiveState {
  if (polled.game && state.game && STAGE[polled.game.status] < STAGE[state.game.status]) return state;
  if (!polled.game && !polled.participants) return state;
  return {
    ...state,
    game: polled.game ?? state.game,
    participants: polled.participants ?? state.participants,
  };
}

/** Deep equality of JSON-like data (plain objects, arrays, primitives), whatever the key order. */
export function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const other = b as unknown[];
    return a.length === other.length && a.every((item, i) => sameData(item, other[i]));
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left).filter((k) => left[k] !== undefined);
  if (keys.length !== Object.keys(right).filter((k) => right[k] !== undefined).length) return false;
  return keys.every((k) => sameData(left[k], right[k]));
}

/**
 * The next live state, keeping the current one's parts where the data did not change: the
 * same object when nothing changed, so React draws nothing. The socket's first full
 * state repeats the page's own view (same version), so drawing the whole table again would
 * cost a phone's busiest second; a later state that leaves the seats or the scores alone keeps them.
 */
export function keepUnchanged(current: LiveState, next: LiveState): LiveState {
  let changed = false;
  const merged = { ...next } as Record<keyof LiveState, unknown>;
  for (const key of Object.keys(next) as (keyof LiveState)[]) {
    if (sameData(current[key], next[key])) merged[key] = current[key];
    else changed = true;
  }
  return changed ? (merged as unknown as LiveState) : current;
}

/** Merges chat messages by id, oldest first (polling and the socket may both deliver one). */
export function mergeChat(list: readonly ChatMessageView[], incoming: readonly ChatMessageView[]): ChatMessageView[] {
  const known = new Set(list.map((m) => m.id));
  const fresh = incoming.filter((m) => !known.has(m.id));
  if (fresh.length === 0) return list as ChatMessageView[];
  const byId = new Map<number, ChatMessageView>();
  for (const m of [...list, ...fresh]) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

// ---------------------------------------------------------------- manilhas

/** Mineiro's fixed manilhas by name (game/truco/cards.ts FIXED_MANILHA_IDS: zap 4♣, copas 7♥, espadilha A♠, pica-fumo 7♦). */
export const FIXED_MANILHA_NAMES: Readonly<Record<string, "zap" | "copas" | "espadilha" | "picaFumo">> = {
  "4c": "zap",
  "7h": "copas",
  As: "espadilha",
  "7d": "picaFumo",
};

/**
 * Is this card a manilha in this hand (marked in the player's own hand)? With the vira
 * ('nova') the rank after it; in 'velha' (Mineiro) the four fixed cards, each with its name.
 */
export function manilhaOf(
  card: Card,
  view: Pick<PlayerView, "rules" | "manilha">,
): { name: (typeof FIXED_MANILHA_NAMES)[string] | null } | null {
  if (view.rules.manilhaMode === "velha") {
    const name = FIXED_MANILHA_NAMES[card.id];
    return name ? { name } : null;
  }
  if (view.rules.manilhaMode === "nova" && view.manilha !== null && card.rank === view.manilha) return { name: null };
  return null;
}

// ---------------------------------------------------------------- players, teams, timer

export function participantFor(participants: readonly Participant[], playerId: string): Participant | undefined {
  return participants.find((p) => (p.player_id ?? p.user_id) === playerId);
}

/** The name to show for an engine player id: the seat's nickname, else the view's. */
export function nicknameOf(view: PlayerView | null, participants: readonly Participant[], playerId: string): string {
  return participantFor(participants, playerId)?.nickname ?? view?.players[playerId]?.nickname ?? playerId;
}

export function otherTeam(team: TeamId): TeamId {
  return team === "team1" ? "team2" : "team1";
}

/** Spec §4: missing players = capacity minus joined. */
export function missingPlayers(capacity: number, participants: readonly Participant[]): number {
  return Math.max(0, capacity - participants.length);
}

/** Whole seconds left on a turn timer, with the server clock offset applied, within [0, seconds]. */
export function secondsLeft(timer: TurnTimer, now: number, serverOffset = 0): number {
  const left = Math.ceil((timer.deadline - (now + serverOffset)) / 1000);
  return Math.max(0, Math.min(timer.seconds, left));
}

/** Server clock minus local clock, from a ping sent at `sentAt` answered with `serverAt` at `receivedAt`. */
export function clockOffset(sentAt: number, receivedAt: number, serverAt: number): number {
  return serverAt - (sentAt + receivedAt) / 2;
}

// ---------------------------------------------------------------- callouts

export type CalloutText =
  | { key: "call"; call: TrucoCall | EnvidoCall | FlorCall }
  | { key: "accepted" | "rejected" | "envidoAccepted" | "envidoRejected" | "mazo" }
  | { key: "maoPlay" | "maoRun"; team: TeamId }
  | { key: "envidoWon" | "florWon"; team: TeamId; points: number }
  | { key: "envidoCancelled" }
  | { key: "points"; points: number };

export interface Callout {
  /** The player it comes from (shown by their seat), or null for the middle of the table. */
  at: string | null;
  text: CalloutText;
  tone: "call" | "answer" | "result";
}

/** What a game event says out loud at the table (the "Truco!" bubbles); null for quiet events. */
export function calloutsOf(event: GameEvent): Callout[] {
  switch (event.type) {
    case "truco_called":
      return [{ at: event.by, text: { key: "call", call: event.call }, tone: "call" }];
    case "truco_responded":
      if (event.byRaise) return [];
      return [{ at: event.by, text: { key: event.response === "accept" ? "accepted" : "rejected" }, tone: "answer" }];
    case "mao_decided":
      return [{ at: event.by, text: { key: event.response === "play" ? "maoPlay" : "maoRun", team: event.team }, tone: "answer" }];
    case "envido_called":
      return [{ at: event.by, text: { key: "call", call: event.call }, tone: "call" }];
    case "envido_responded":
      return [{ at: event.by, text: { key: event.response === "accept" ? "envidoAccepted" : "envidoRejected" }, tone: "answer" }];
    case "envido_resolved":
      return [
        ...event.shown.map((s): Callout => ({ at: s.playerId, text: { key: "points", points: s.points }, tone: "answer" })),
        { at: null, text: { key: "envidoWon", team: event.winnerTeam, points: event.points }, tone: "result" },
      ];
    case "envido_cancelled":
      return [{ at: null, text: { key: "envidoCancelled" }, tone: "result" }];
    case "flor_declared":
      return [{ at: event.by, text: { key: "call", call: event.call }, tone: "call" }];
    case "flor_responded":
      return [{ at: event.by, text: { key: event.response === "accept" ? "envidoAccepted" : "envidoRejected" }, tone: "answer" }];
    case "flor_resolved":
      return [{ at: null, text: { key: "florWon", team: event.winnerTeam, points: event.points }, tone: "result" }];
    case "went_to_mazo":
      return [{ at: event.by, text: { key: "mazo" }, tone: "answer" }];
    default:
      return [];
  }
}

/** A stable key for an event, so the same event arriving twice (game_event and truco_called) shows once. */
export function eventKey(event: GameEvent, handNumber: number): string {
  return `${handNumber}:${JSON.stringify(event)}`;
}

// ---------------------------------------------------------------- results

export function resultOf(results: readonly PlayerResult[] | null, userId: string): PlayerResult | null {
  return results?.find((r) => r.user_id === userId) ?? null;
}

/** A game against the computer or filled with computer players changes no coins and no points. */
export function isPractice(game: GameSummary | null, participants: readonly Participant[]): boolean {
  if (!game) return false;
  void participants;
  // A tournament game's seats cost nothing at the table (the fee was the registration), yet it counts.
  if (game.game_mode === "tournament") return false;
  return game.bot_level !== null || game.entry_cost === 0;
}

/**
 * A card's name that starts with what the card shows, so a voice user can say what they see
 * (label-content-name-mismatch): "7 de Copas" already does; a figure or an ace gets its index
 * first ("K, Rei de Paus", "A, Ás de Espadas").
 */
export function nameShowing(shown: string, name: string): string {
  return name.split(" ")[0].toLowerCase() === shown.toLowerCase() ? name : `${shown}, ${name}`;
}
