import { GameRecordSchema, RECORD_VERSION, type GameRecord, type RecordHand } from "../protocol/record";
import type { ChatMessageView } from "../protocol/entities";
import { startOfHand } from "../replay/hand";
import { applyAction, seedCommitment, type GameEvent, type TeamId } from "../truco/index";
import type { RecordEffect, Room, RoomEffect } from "./state";
import { matchRules } from "./start";
import { playerIdOf } from "./views";

// The game's record while it is played and when it ends (docs/decisions/119-game-records-in-r2.md).
// Each hand and each chat message is a small entry in the room's own storage, written as it
// happens (a move never rewrites a growing value); when the game ends, the entries and the room
// make one record, written once to R2.

/** Storage keys beside the room's two parts: one entry per hand dealt, one per hand ended, one per message. */
export const HAND_PREFIX = "hand:";
export const CHAT_PREFIX = "chat:";

export function handKey(hand: number, part: "deal" | "end"): string {
  return `${HAND_PREFIX}${String(hand).padStart(4, "0")}:${part}`;
}

export function chatKey(id: number): string {
  return `${CHAT_PREFIX}${String(id).padStart(6, "0")}`;
}

/** A hand's entry when dealt. */
export interface StoredDeal {
  hand: number;
  commitment: string;
  dealer: string;
  scoresBefore: [number, number];
  startedAt: string;
  /** Absent in entries stored before the deal was kept. */
  deal?: { dealt: Record<string, string[]>; vira: string | null };
}

/** A hand's entry when it ended: the `hand_ended` effect as it came, and when. */
export type StoredHandEnd = Omit<Extract<RecordEffect, { type: "hand_ended" }>, "type"> & { endedAt: string };

export function isRecordEffect(effect: RoomEffect): effect is RecordEffect {
  return effect.type === "hand_started" || effect.type === "hand_ended";
}

/** The storage entries of a transition's hand effects (empty when it has none). */
export function recordEntries(effects: readonly RoomEffect[], now: number): Record<string, StoredDeal | StoredHandEnd> {
  const at = new Date(now).toISOString();
  const entries: Record<string, StoredDeal | StoredHandEnd> = {};
  for (const effect of effects) {
    if (effect.type === "hand_started") {
      const { hand, commitment, dealer, scores, deal } = effect;
      entries[handKey(hand, "deal")] = { hand, commitment, dealer, scoresBefore: scores, startedAt: at, deal };
    } else if (effect.type === "hand_ended") {
      const { type: _type, ...ended } = effect;
      entries[handKey(effect.hand, "end")] = { ...ended, endedAt: at };
    }
  }
  return entries;
}

/** The game is over (settled or cancelled) and its record is not in R2 yet. */
export function recordDue(room: Room): boolean {
  return (room.game.status === "completed" || room.game.status === "cancelled") && !room.recorded;
}

/**
 * The whole record of an ended game, from the room and its stored entries (`handKey` and
 * `chatKey` values, in any order). Every hand the room dealt is in it: a hand whose entries are
 * missing (dealt before entries were kept) still has the room's own proof of it, and the hand the
 * game ended during is revealed (the game is over, so its seed protects nothing).
 */
export function buildRecord(room: Room, entries: ReadonlyMap<string, unknown>, chat: readonly ChatMessageView[], now: number): GameRecord {
  const deals = new Map<number, StoredDeal>();
  const ends = new Map<number, StoredHandEnd>();
  for (const [key, value] of entries) {
    if (!key.startsWith(HAND_PREFIX)) continue;
    if (key.endsWith(":deal")) deals.set((value as StoredDeal).hand, value as StoredDeal);
    else if (key.endsWith(":end")) ends.set((value as StoredHandEnd).hand, value as StoredHandEnd);
  }
  const numbers = [...new Set([...room.hands.map((h) => h.hand), ...deals.keys(), ...ends.keys()])].sort((a, b) => a - b);
  const live = room.match && room.match.handNumber === numbers.at(-1) && !ends.has(room.match.handNumber) ? room.match : null;
  const hands: RecordHand[] = numbers.map((hand) => {
    const deal = deals.get(hand);
    const end = ends.get(hand);
    const proof = room.hands.find((h) => h.hand === hand);
    const unfinished = live && live.handNumber === hand ? live : null;
    return {
      hand,
      commitment: deal?.commitment ?? proof?.commitment ?? "",
      seed: end?.seed ?? proof?.seed ?? unfinished?.hand.seed ?? null,
      dealer: deal?.dealer ?? null,
      scoresBefore: deal?.scoresBefore ?? null,
      ...(deal?.deal ? { deal: deal.deal } : {}),
      actions: end?.actions ?? (unfinished ? room.handActions : []),
      result: end ? { winnerTeam: end.winnerTeam, points: end.points, scores: end.scores } : null,
      startedAt: deal?.startedAt ?? null,
      endedAt: end?.endedAt ?? null,
    };
  });
  const endedAt = room.game.completed_at ?? new Date(now).toISOString();
  return GameRecordSchema.parse({
    version: RECORD_VERSION,
    game: room.game,
    seats: room.seats.map((s) => ({
      seat: s.seat,
      team: s.team,
      userId: s.userId,
      playerId: playerIdOf(s),
      nickname: s.nickname,
      botLevel: s.botLevel,
      entryPaid: s.entryPaid,
    })),
    rules: matchRules(room) ?? null,
    results: room.results ?? [],
    endReason: room.game.end_reason ?? room.ending?.reason ?? "match_over",
    endedAt,
    hands,
    chat: [...chat].sort((a, b) => a.id - b.id),
  });
}

export type HandCheck =
  { ok: true; result: { winnerTeam: TeamId | null; points: number; scores: [number, number] } | null } | { ok: false; error: string };

/**
 * Rebuilds a hand from its record alone: the deck from its seed (the engine's own shuffle and deal), the
 * dealer and the scores before it, then every action in order through the engine. The seed must
 * hash to the commitment, every action must be legal, and the hand must end as recorded.
 */
export function replayHand(record: GameRecord, hand: RecordHand): HandCheck {
  if (!hand.seed || hand.dealer === null || hand.scoresBefore === null)
    return { ok: false, error: "the hand lacks its seed, dealer or scores" };
  if (seedCommitment(hand.seed) !== hand.commitment) return { ok: false, error: "the seed does not match the commitment" };
  const start = startOfHand(record, hand);
  if (!start.ok) return start;
  let state = start.state;
  type HandEnded = Extract<GameEvent, { type: "hand_ended" }>;
  let ended: HandEnded | null = null;
  for (const [i, { playerId, action }] of hand.actions.entries()) {
    if (ended) return { ok: false, error: `action ${i + 1} comes after the hand ended` };
    const result = applyAction(state, playerId, action);
    if (!result.ok) return { ok: false, error: `action ${i + 1} (${action.type} by ${playerId}) is refused: ${result.message}` };
    state = result.state;
    ended = result.events.find((e): e is HandEnded => e.type === "hand_ended") ?? null;
  }
  const replayed = ended
    ? { winnerTeam: ended.winnerTeam, points: ended.points, scores: [ended.team1Score, ended.team2Score] as [number, number] }
    : null;
  const recorded = hand.result;
  const same =
    replayed === null
      ? recorded === null
      : recorded !== null &&
        recorded.winnerTeam === replayed.winnerTeam &&
        recorded.points === replayed.points &&
        (recorded.scores === null || (recorded.scores[0] === replayed.scores[0] && recorded.scores[1] === replayed.scores[1]));
  if (!same) return { ok: false, error: `the hand replays to ${JSON.stringify(replayed)}, recorded ${JSON.stringify(recorded)}` };
  return { ok: true, result: replayed };
}
