import type { ChatMessageView } from "../protocol/entities";
import { Transition } from "./transition";
import { runTimers } from "./play";
import { tryStart } from "./start";
import type { Room, RoomClock, Step } from "./state";
import { participants, seatOfUser } from "./views";

// Who is at the table: a player's socket opening (readiness, the start, a seat handed back by the
// computer player that held it) and their last socket closing (the disconnect grace begins).

/**
 * A socket of this user opened. In a waiting room the player is ready (and the game starts when
 * everyone is); in a game, a computer player holding their seat hands it back. Always a new
 * version: the new socket needs its first game_state.
 */
export function connect(room: Room, userId: string, clock: RoomClock): Step {
  const seat = seatOfUser(room, userId);
  if (!seat) return { room, effects: [] };
  const d = new Transition(room, clock);
  const wasAway = !seat.connected || seat.botControlled;
  d.setSeat(seat, { connected: true, awaySince: null, botControlled: false });
  if (room.game.status === "waiting" && !room.ending) {
    if (!room.noShow) d.set({ idleDeadline: clock.now + clock.timings.idleMs });
    tryStart(d);
  }
  if (wasAway) d.send({ type: "player_connected", payload: { userId } });
  runTimers(d);
  d.show();
  return d.step();
}

/** The user's last socket closed: not ready while waiting, away (the grace begins) during a game. */
export function disconnect(room: Room, userId: string, clock: RoomClock): Step {
  const seat = seatOfUser(room, userId);
  if (!seat || !seat.connected) return { room, effects: [] };
  const d = new Transition(room, clock);
  const active = room.game.status === "active" && !room.ending;
  d.setSeat(seat, { connected: false, awaySince: active ? clock.now : null });
  d.send({ type: "player_disconnected", payload: { userId } });
  d.send({ type: "participants_updated", payload: { participants: participants(d.room) } });
  return d.step();
}

/**
 * The room as the adapter finds it after a restart: seats whose sockets are gone are away (a
 * deploy drops every socket without a close event), seats with an open socket are back. Nothing
 * is sent; the next published state carries it.
 */
export function withPresence(room: Room, online: ReadonlySet<string>, now: number): Room {
  let seats = room.seats;
  room.seats.forEach((seat, i) => {
    if (!seat.userId || online.has(seat.userId) === seat.connected) return;
    const connected = online.has(seat.userId);
    const active = room.game.status === "active" && !room.ending;
    const next = connected
      ? { ...seat, connected, awaySince: null, botControlled: false }
      : { ...seat, connected, awaySince: active ? (seat.awaySince ?? now) : null };
    if (seats === room.seats) seats = seats.slice();
    seats[i] = next;
  });
  return seats === room.seats ? room : { ...room, seats };
}

/**
 * A chat message stored by the app: everyone gets it, and it counts as activity in a waiting
 * room. The idle deadline is no part of what players see, so the version does not grow.
 */
export function chat(room: Room, message: ChatMessageView, clock: RoomClock): Step {
  const d = new Transition(room, clock);
  d.send({ type: "chat_message", payload: { message } });
  if (room.game.status === "waiting" && !room.noShow && room.idleDeadline !== null) {
    d.set({ idleDeadline: clock.now + clock.timings.idleMs }, false);
  }
  return d.step();
}
