import { CLOSE_BANNED } from "../protocol/constants";
import type { AdminAudit } from "./api";
import { Transition } from "./transition";
import { cancelInto } from "./ending";
import { runTimers } from "./play";
import type { Room, RoomClock, Step } from "./state";
import { participants, seatOfUser } from "./views";
import { reopening } from "./seating";

// What an admin does to a room (ADR 061): a banned player leaves every table at once,
// and a stuck game is cancelled with every entry returned.

/**
 * A banned player is put out of the room: their sockets close, and
 * - in a waiting room they created or joined by code, the seat is released with its entry
 *   returned (the room is cancelled when no human is left, like a leave);
 * - in a waiting server-assigned room (whose seats are the caller's), the game is cancelled and
 *   every entry returned: it cannot start without them;
 * - in an active game a computer player takes the seat at once (no grace: they cannot come back).
 * A room the user has no seat in only closes their sockets (a spectator, a stale socket).
 */
export function expel(room: Room, userId: string, clock: RoomClock): Step {
  const d = new Transition(room, clock);
  const seat = seatOfUser(room, userId);
  const status = room.game.status;
  if (seat && !room.ending && status === "waiting") {
    if (room.assigned) {
      cancelInto(d, "banned");
    } else {
      d.effect({ type: "release_seat", userId, entry: seat.entryPaid, ...reopening(room) });
      if (room.startWritten) d.set({ startWritten: false });
      d.setSeats(room.seats.filter((s) => s !== seat));
      d.set({ left: [...room.left, userId] });
      if (!d.room.seats.some((s) => s.userId)) cancelInto(d, "abandoned");
      else d.send({ type: "participants_updated", payload: { participants: participants(d.room) } });
    }
  } else if (seat && !room.ending && status === "active") {
    d.setSeat(seat, { connected: false, awaySince: d.now, botControlled: true });
    d.send({ type: "player_disconnected", payload: { userId } });
    d.send({ type: "participants_updated", payload: { participants: participants(d.room) } });
    runTimers(d);
  }
  d.effect({ type: "close", userId, code: CLOSE_BANNED, reason: "Banned" });
  return d.step();
}

/** An admin cancels a stuck waiting or active game: every entry the room debited goes back. */
export function adminCancel(room: Room, audit: AdminAudit, clock: RoomClock): { ok: true; step: Step } | { ok: false; error: "closed" } {
  if ((room.game.status !== "waiting" && room.game.status !== "active") || room.ending) return { ok: false, error: "closed" };
  const d = new Transition(room, clock);
  cancelInto(d, "admin", true, audit);
  return { ok: true, step: d.step() };
}
