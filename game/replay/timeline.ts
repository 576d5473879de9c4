import type { GameRecord, RecordHand } from "../protocol/record";
import { applyAction, emptyRead, noteHand, type Action, type GameEvent, type MatchState, type TableRead } from "../truco/index";
import { startOfHand } from "./hand";

// A finished game as a replay steps through it: each recorded hand rebuilt from its seed and its
// actions replayed through the engine, keeping the state after every move. A position is a hand
// and a move within it: move 0 is the deal, move k the table after the k-th action.

export interface ReplayMove {
  playerId: string;
  action: Action;
  /** The table before and after the move. */
  before: MatchState;
  after: MatchState;
  events: GameEvent[];
  /** The card a play put on the table (a blind play names only a place in the hand), else null. */
  card: string | null;
}

/** The card `seat` put on the table between two states, or null. */
function cardPlayed(before: MatchState, after: MatchState, seat: number): string | null {
  const had = new Set(before.hand.tricks.flatMap((t) => t.plays.filter((p) => p.seat === seat).map((p) => p.card)));
  for (const t of after.hand.tricks) for (const p of t.plays) if (p.seat === seat && !had.has(p.card)) return p.card;
  return null;
}

export interface ReplayHand {
  hand: number;
  /** The table as dealt; null when the hand cannot be rebuilt (its seed or dealer is not in the record). */
  start: MatchState | null;
  moves: ReplayMove[];
  /** What the computer players had read of the table before this hand (public facts only). */
  read: TableRead;
  /** Why the hand could not be rebuilt, or at which move it stopped. */
  error: string | null;
  record: RecordHand;
}

export interface Position {
  /** Index into the replay's hands (0-based). */
  hand: number;
  /** 0: the deal; k: after the k-th move of the hand. */
  move: number;
}

/** One hand rebuilt from its seed and its actions replayed; `final` is the table after its last move. */
function replayHand(record: GameRecord, hand: RecordHand): Pick<ReplayHand, "start" | "moves" | "error"> & { final: MatchState | null } {
  const start = startOfHand(record, hand);
  if (!start.ok) return { start: null, moves: [], error: start.error, final: null };
  const moves: ReplayMove[] = [];
  let state = start.state;
  let error: string | null = null;
  for (const [i, { playerId, action }] of hand.actions.entries()) {
    const result = applyAction(state, playerId, action);
    if (!result.ok) {
      error = `action ${i + 1} (${action.type} by ${playerId}) is refused: ${result.message}`;
      break;
    }
    const seat = state.players.findIndex((p) => p.id === playerId);
    const card = action.type === "play_card" ? cardPlayed(state, result.state, seat) : null;
    moves.push({ playerId, action, before: state, after: result.state, events: result.events, card });
    state = result.state;
  }
  return { start: start.state, moves, error, final: state };
}

/** The read after a hand: the one before it, plus what the hand showed (a hand not rebuilt shows nothing). */
function readAfter(record: GameRecord, hand: RecordHand, before: TableRead, final: MatchState | null): TableRead {
  return final ? noteHand(before, final, hand.actions) : before;
}

/** Every hand of the record, rebuilt and replayed. */
export function buildTimeline(record: GameRecord): ReplayHand[] {
  let read: TableRead = emptyRead(record.seats.length);
  return record.hands.map((hand) => {
    const { final, ...replayed } = replayHand(record, hand);
    const before = read;
    read = readAfter(record, hand, before, final);
    return { hand: hand.hand, ...replayed, read: before, record: hand };
  });
}

/**
 * The same hands as `buildTimeline`, each rebuilt and replayed when one of its fields is first
 * read: a page that shows one hand at a time replays only the hands it shows (the read before a
 * hand replays the hands before it).
 */
export function lazyTimeline(record: GameRecord): ReplayHand[] {
  const replayed: ReturnType<typeof replayHand>[] = [];
  const reads: TableRead[] = [emptyRead(record.seats.length)];
  const replayOf = (i: number) => (replayed[i] ??= replayHand(record, record.hands[i]));
  const readBefore = (i: number): TableRead => {
    for (let k = reads.length; k <= i; k++) reads[k] = readAfter(record, record.hands[k - 1], reads[k - 1], replayOf(k - 1).final);
    return reads[i];
  };
  return record.hands.map((hand, i) => {
    const lazy = { hand: hand.hand, record: hand } as ReplayHand;
    Object.defineProperties(lazy, {
      start: { enumerable: true, get: () => replayOf(i).start },
      moves: { enumerable: true, get: () => replayOf(i).moves },
      error: { enumerable: true, get: () => replayOf(i).error },
      read: { enumerable: true, get: () => readBefore(i) },
    });
    return lazy;
  });
}

/** The table at a position (null when that hand could not be rebuilt). */
export function stateAt(hands: readonly ReplayHand[], at: Position): MatchState | null {
  const h = hands[at.hand];
  if (!h || !h.start) return null;
  return at.move === 0 ? h.start : (h.moves[at.move - 1]?.after ?? h.start);
}

/** The position clamped to the replay (a shared link may name a hand or move that is not there). */
export function clampPosition(hands: readonly ReplayHand[], at: Position): Position {
  if (hands.length === 0) return { hand: 0, move: 0 };
  const hand = Math.min(Math.max(0, Math.trunc(at.hand) || 0), hands.length - 1);
  const move = Math.min(Math.max(0, Math.trunc(at.move) || 0), hands[hand].moves.length);
  return { hand, move };
}

/** One step forward or back, across hands. */
export function stepFrom(hands: readonly ReplayHand[], at: Position, delta: 1 | -1): Position {
  const h = hands[at.hand];
  if (!h) return at;
  if (delta === 1) {
    if (at.move < h.moves.length) return { hand: at.hand, move: at.move + 1 };
    return at.hand + 1 < hands.length ? { hand: at.hand + 1, move: 0 } : at;
  }
  if (at.move > 0) return { hand: at.hand, move: at.move - 1 };
  return at.hand > 0 ? { hand: at.hand - 1, move: hands[at.hand - 1].moves.length } : at;
}

/** The scores after a hand: as recorded, else as replayed. */
export function scoresAfter(h: ReplayHand): [number, number] | null {
  if (h.record.result?.scores) return h.record.result.scores;
  const last = h.moves.at(-1)?.after;
  return last ? [last.scores[0], last.scores[1]] : null;
}
