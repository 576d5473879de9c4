import type { Participant } from "../protocol/entities";
import type { GameStatePayload } from "../protocol/room";
import { botPlayerId } from "./api";
import { viewFor, type PlayerView } from "../truco/index";
import type { Room, RoomSeat, RoomTimings } from "./state";

// What players see of a room: the seats as participants, the state every socket shares, and each
// player's own view of the match (DESIGN.md §6: views, never state).

/** The engine id of a seat: its user, or `bot-<seat>` for a computer player. */
export function playerIdOf(seat: RoomSeat): string {
  return seat.userId ?? botPlayerId(seat.seat);
}

export function seatOfPlayer(room: Room, playerId: string): RoomSeat | undefined {
  return room.seats.find((s) => playerIdOf(s) === playerId);
}

export function seatOfUser(room: Room, userId: string): RoomSeat | undefined {
  return room.seats.find((s) => s.userId === userId);
}

export function participants(room: Room): Participant[] {
  return room.seats.map((s) => {
    const connected = s.userId ? s.connected : true;
    return {
      id: `${room.game.id}:${s.seat}`,
      user_id: s.userId,
      player_id: playerIdOf(s),
      seat: s.seat,
      team: s.team,
      nickname: s.nickname,
      avatar_url: s.avatarUrl,
      is_premium: s.isPremium,
      is_ready: connected,
      is_bot: s.userId === null,
      bot_level: s.botLevel,
      connected,
      bot_controlled: s.botControlled,
    };
  });
}

/** Everything in a game_state that is the same for every socket (`version` first: readers may peek at it). */
export function sharedState(room: Room, timings: RoomTimings): Omit<GameStatePayload, "view"> {
  return {
    version: room.version,
    game: room.game,
    participants: participants(room),
    turn: room.turn ? { playerId: room.turn.playerId, deadline: room.turn.deadline, seconds: timings.turnMs / 1000 } : null,
    hands: room.hands,
    results: room.results,
    nextHandAt: room.nextHandAt,
    // Only once someone asked for one, so the states of rooms without a rematch stay as they were.
    ...(room.rematch ? { rematch: { accepted: room.rematch.accepted, gameId: room.rematch.gameId } } : {}),
  };
}

/** The match as this user may see it: a seated player's own view, anyone else a spectator's. */
export function viewOf(room: Room, userId: string | null): PlayerView | null {
  if (!room.match) return null;
  const seated = userId !== null && room.seats.some((s) => s.userId === userId);
  return viewFor(room.match, seated ? userId : null);
}

export function statePayload(room: Room, userId: string | null, timings: RoomTimings): GameStatePayload {
  return { ...sharedState(room, timings), view: viewOf(room, userId) };
}
