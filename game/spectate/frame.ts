import type { RoomMessage } from "../protocol/room";
import type { SpectatorCallout, SpectatorFrame } from "../protocol/spectate";
import { viewFor } from "../truco/index";
import type { Room, RoomTimings } from "../room/state";
import { sharedState } from "../room/views";
import { watchAccess, type WatchAccess, type WatchedGame } from "./access";

// What a spectator sees of a room (docs/decisions/134-spectating-through-a-relay.md), pure: the
// state every player shares, with the match seen from no seat (every hand's card hidden, a face-down
// card hidden) and without what only the players may know: the seeds (a revealed seed rebuilds the
// whole deal, unplayed cards included) and the table's join code.

/** The game as the watching rule reads it from the room. */
export function watchedGameOf(room: Room): { game: WatchedGame; privatePlayers: Set<string> } {
  const players = room.seats.flatMap((s) => (s.userId ? [s.userId] : []));
  return {
    game: {
      status: room.game.status,
      game_mode: room.game.game_mode,
      bot_level: room.game.bot_level,
      players,
      open: room.listed === true || room.assigned !== null,
    },
    privatePlayers: new Set(room.seats.flatMap((s) => (s.userId && s.gamesPrivate ? [s.userId] : []))),
  };
}

/** Whether `viewerId` may watch this room now. */
export function mayWatch(room: Room, viewerId: string): WatchAccess {
  const { game, privatePlayers } = watchedGameOf(room);
  return watchAccess(game, viewerId, privatePlayers);
}

/**
 * The room with `userId`'s "private games" switch as they set it now: it applies to a game under
 * way at once, as to the next. The same room when they have no seat here or nothing changes.
 */
export function withGamesPrivate(room: Room, userId: string, gamesPrivate: boolean): Room {
  const seat = room.seats.find((s) => s.userId === userId);
  if (!seat || (seat.gamesPrivate ?? false) === gamesPrivate) return room;
  return {
    ...room,
    seats: room.seats.map((s) => {
      if (s !== seat) return s;
      const { gamesPrivate: _was, ...rest } = s;
      return gamesPrivate ? { ...rest, gamesPrivate: true } : rest;
    }),
  };
}

/** Whether anyone outside the table may watch it (what the lobby's live list shows). */
export function watchable(room: Room): boolean {
  return mayWatch(room, "").allowed;
}

const CALLOUTS = new Set<RoomMessage["type"]>(["game_event", "truco_called", "truco_responded", "turn_timed_out", "game_ended"]);

/**
 * The public callouts among a change's messages: the game's events (what every seat is told alike),
 * calls and answers, a timed-out turn, the end. A chat message or a player's own error is not one.
 */
export function publicCallouts(messages: readonly RoomMessage[]): SpectatorCallout[] {
  return messages.filter((m) => CALLOUTS.has(m.type)) as SpectatorCallout[];
}

/** The room's state as a spectator sees it. */
export function spectatorState(room: Room, timings: RoomTimings): SpectatorFrame["state"] {
  const shared = sharedState(room, timings);
  const view = room.match ? { ...viewFor(room.match, null), revealedSeed: null } : null;
  return {
    ...shared,
    game: { ...shared.game, game_code: "" },
    hands: room.hands.map((h) => ({ hand: h.hand, commitment: h.commitment, seed: null })),
    view,
  };
}

/** A spectator frame of the room as it is now; `since` is the version of the frame sent before it (null: unknown). */
export function spectatorFrame(
  room: Room,
  timings: RoomTimings,
  since: number | null,
  messages: readonly RoomMessage[] = [],
): SpectatorFrame {
  return { version: room.version, since, state: spectatorState(room, timings), messages: publicCallouts(messages) };
}
