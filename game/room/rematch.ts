import { Transition } from "./transition";
import type { Refused } from "./seating";
import type { Rematch, Room, RoomClock, Step } from "./state";
import { seatOfUser } from "./views";

// "Jogar de novo": the same players at a new table with the same settings. Each human
// at the finished table asks for it; once every one has, the room says the rematch is due and the
// app opens the new table through the normal seat path (each entry charged again), then
// tells the room which game it is, so every player's screen follows. A practice game with one
// human is due at once: a new game against the computer straight away.

export type RematchResult = { ok: true; step: Step; due: boolean } | Refused;

function humans(room: Room): string[] {
  return room.seats.flatMap((s) => (s.userId ? [s.userId] : []));
}

/**
 * A player at a finished table accepts (or asks for) a rematch. `due` is true exactly once: for
 * the acceptance that completes the set, and never again for this room (the rematch is then
 * `opening` until `rematchOpened` or `rematchFailed`).
 */
export function acceptRematch(room: Room, userId: string, clock: RoomClock): RematchResult {
  if (!seatOfUser(room, userId)) return { ok: false, error: "not_seated" };
  if (room.game.status !== "completed") return { ok: false, error: "not_finished" };
  const current: Rematch = room.rematch ?? { accepted: [], opening: false, gameId: null };
  if (current.accepted.includes(userId) || current.opening || current.gameId) return { ok: true, step: { room, effects: [] }, due: false };
  const accepted = [...current.accepted, userId];
  const due = humans(room).every((id) => accepted.includes(id));
  const d = new Transition(room, clock);
  d.set({ rematch: { accepted, opening: due, gameId: null } });
  return { ok: true, step: d.step(), due };
}

/** The app opened the rematch's table: every player's screen goes there. */
export function rematchOpened(room: Room, gameId: string, clock: RoomClock): Step {
  const d = new Transition(room, clock);
  if (!room.rematch || room.rematch.gameId) return d.step();
  d.set({ rematch: { ...room.rematch, opening: false, gameId } });
  return d.step();
}

/** The new table could not be opened (a player could no longer pay, say): the offer starts over. */
export function rematchFailed(room: Room, clock: RoomClock): Step {
  const d = new Transition(room, clock);
  if (!room.rematch || room.rematch.gameId) return d.step();
  d.set({ rematch: null });
  return d.step();
}
