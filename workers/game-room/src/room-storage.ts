import * as rules from "../../../game/room/index";

// The GameRoom's storage (ADR 109): the room in two values, the table and the play (what every
// move changes; game/room/stored.ts decides which fields), so that a move writes about one page.
// A room stored before the split is one value under the table's key, read as it is and written in
// two parts by its next save.

/** Where the room is stored (ADR 109): the table (and, before that split, the whole room) … */
export const ROOM_KEY = "room";
/** … and the play, the fields every move changes. */
export const PLAY_KEY = "room:play";

/** The room in this object's storage, or null, and whether it was stored in two parts (tests read it here too). */
export async function readRoom(storage: DurableObjectStorage): Promise<{ room: rules.Room | null; split: boolean }> {
  const stored = await storage.get<rules.StoredRoom | rules.StoredTable | rules.StoredPlay>([ROOM_KEY, PLAY_KEY]);
  const play = stored.get(PLAY_KEY) as rules.StoredPlay | undefined;
  return { room: rules.roomFromParts(stored.get(ROOM_KEY) as rules.StoredTable | undefined, play), split: play !== undefined };
}

/**
 * Writes the parts of `next` that changed since `saved` (null: both), in one put: the two values
 * land together or not at all. Not awaited by the room (persist before broadcast is the output
 * gate's: ADR 008); answered for the bench's profile and for tests.
 */
export function writeRoom(storage: DurableObjectStorage, saved: rules.Room | null, next: rules.Room): Promise<void> | null {
  const { table, play } = rules.partsToWrite(saved, next);
  // One value alone through put(key, value): the runtime's multi-key put costs more per call.
  if (table && play) return storage.put({ [ROOM_KEY]: table, [PLAY_KEY]: play });
  if (play) return storage.put(PLAY_KEY, play);
  if (table) return storage.put(ROOM_KEY, table);
  return null;
}
