import { partsToWrite, roomFromParts, type StoredPlay, type StoredTable } from "../stored";
import type { StoredRoom } from "../restore";
import type { Room } from "../state";
import type { RoomStore } from "./ports";

// The room in its object's storage as two values (docs/decisions/109-room-storage-in-two-values-and-the-runtime-profile.md):
// the table and the play, so that a move writes about one page. A room stored whole (one value
// under the table's key) is read as it is and written in two parts by its next save.

/** The table (or a room stored whole) … */
export const ROOM_KEY = "room";
/** … and the play, the fields every move changes. */
export const PLAY_KEY = "room:play";

/** The stored room, or null, and whether it is stored whole (its next save writes both parts). */
export async function readRoom(store: Pick<RoomStore, "get">): Promise<{ room: Room | null; whole: boolean }> {
  const stored = await store.get([ROOM_KEY, PLAY_KEY]);
  const play = stored.get(PLAY_KEY) as StoredPlay | undefined;
  const room = roomFromParts(stored.get(ROOM_KEY) as StoredRoom | StoredTable | undefined, play);
  return { room, whole: room !== null && play === undefined };
}

/** Writes the parts of `next` that differ from `saved` (null: both), in one put; null when nothing changed. */
export function writeRoom(store: Pick<RoomStore, "put">, saved: Room | null, next: Room): Promise<void> | null {
  const { table, play } = partsToWrite(saved, next);
  if (!table && !play) return null;
  return store.put({ ...(table ? { [ROOM_KEY]: table } : {}), ...(play ? { [PLAY_KEY]: play } : {}) });
}
