import { restoreRoom, type StoredRoom } from "./restore";
import type { Room } from "./state";

// How a room is kept in its Durable Object's storage (ADR 109): two values, so that a move writes
// only what a move changes. The play (the match, the version, the hand's actions, the turn and the
// room's next timers) changes on every move; the table (the game, the seats, the hand proofs, the
// ending and the rest) changes a few times per match. A transition never changes a room in place
// (game/room/transition.ts copies what it changes), so a field that is the same object as in the room
// last saved is unchanged, and the part holding it need not be written again.

/** The fields a move changes: stored together, written on every move. */
export const PLAY_FIELDS = ["version", "match", "handActions", "turn", "botDueAt", "nextHandAt"] as const satisfies readonly (keyof Room)[];

type PlayField = (typeof PLAY_FIELDS)[number];
export type StoredPlay = Pick<Room, PlayField>;
/** The rest of the room. */
export type StoredTable = Omit<Room, PlayField>;

/** What to write: each part only when one of its fields changed. */
export interface RoomParts {
  table?: StoredTable;
  play?: StoredPlay;
}

const PLAY = new Set<string>(PLAY_FIELDS);

/**
 * The parts of `next` to write when storage holds `saved` (null: storage holds nothing, or a room
 * in the one-value shape, so both parts are written).
 */
export function partsToWrite(saved: Room | null, next: Room): RoomParts {
  const table: Record<string, unknown> = {};
  const play: Record<string, unknown> = {};
  let tableChanged = saved === null;
  let playChanged = saved === null;
  for (const key of Object.keys(next) as (keyof Room)[]) {
    const changed = saved !== null && saved[key] !== next[key];
    if (PLAY.has(key)) {
      play[key] = next[key];
      playChanged ||= changed;
    } else {
      table[key] = next[key];
      tableChanged ||= changed;
    }
  }
  // A field the new room no longer has (an optional one dropped) changes its part too.
  if (saved !== null) {
    for (const key of Object.keys(saved)) {
      if (key in next) continue;
      if (PLAY.has(key)) playChanged = true;
      else tableChanged = true;
    }
  }
  return {
    ...(tableChanged ? { table: table as StoredTable } : {}),
    ...(playChanged ? { play: play as StoredPlay } : {}),
  };
}

/**
 * The room as storage holds it: the table and the play, or (a room in the one-value shape) the
 * whole room under the table's key and no play. Null when there is no room.
 */
export function roomFromParts(table: StoredRoom | StoredTable | undefined, play: StoredPlay | undefined): Room | null {
  if (!table) return null;
  return restoreRoom((play ? { ...table, ...play } : table) as StoredRoom);
}
