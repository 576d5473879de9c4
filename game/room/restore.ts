import type { Room, RoomSeat } from "./state";

/** A room in any stored shape: the older ones lack assigned rooms, presence in the seats and pending settlements. */
export type StoredRoom = Omit<Room, "assigned" | "setup" | "noShow" | "ending" | "seats"> &
  Partial<Pick<Room, "assigned" | "setup" | "noShow" | "ending">> & { seats: (Omit<RoomSeat, "connected"> & { connected?: boolean })[] };

/**
 * A stored room, brought to the current shape. A room in an older shape lacks some fields; their defaults are what those rooms meant (presence is then set from the open
 * sockets by `withPresence`).
 */
export function restoreRoom(stored: StoredRoom): Room {
  const current = stored as Room;
  if ("ending" in stored && stored.seats.every((s) => s.connected !== undefined)) return current;
  return {
    ...stored,
    assigned: stored.assigned ?? null,
    setup: stored.setup ?? null,
    noShow: stored.noShow ?? null,
    ending: stored.ending ?? null,
    seats: stored.seats.map((s) => ({ ...s, connected: s.connected ?? false })),
  };
}
