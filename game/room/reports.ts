import type { GameReport } from "../channel/presence";
import type { Room } from "./state";
import { freeSeats } from "./seating";
import { seatOfUser } from "./views";

// What a room tells each of its players' PlayerChannel: whether they hold a
// seat, how many live sockets they have here, and the game's status, so that a game socket
// counts as online and a seat in an active game as 'playing'. Pure: the adapter counts the
// sockets and numbers the reports.

/** The report about one user (seated or not). */
export function presenceReport(room: Room, userId: string, sockets: number, at: number, seq: number): GameReport {
  return {
    gameId: room.game.id,
    seated: Boolean(seatOfUser(room, userId)),
    sockets,
    status: room.game.status,
    full: freeSeats(room).length === 0,
    at,
    seq,
  };
}

/**
 * What a report depends on besides the sockets: when it is unchanged after a transition (a move,
 * a chat message) nobody's report changed, and the adapter sends nothing.
 */
export function reportKey(room: Room): string {
  let key = room.game.status;
  for (const seat of room.seats) key += `|${seat.userId ?? "-"}`;
  return key;
}

/** The users a report may concern: the seated ones (left ones were reported when they left). */
export function seatedUsers(room: Room): string[] {
  const users: string[] = [];
  for (const seat of room.seats) if (seat.userId) users.push(seat.userId);
  return users;
}
