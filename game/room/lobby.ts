import type { LiveGame, RoomLobbyReport, TableListing } from "../lobby/lobby";
import { watchable } from "../spectate/frame";
import { listable } from "../lobby/lobby";
import type { Room } from "./state";

// What a room tells the Lobby (game/lobby/lobby.ts): its table while it is a public table waiting
// for players, and whether it is being played. Pure: the host sends it when it changed.

export function lobbyReportOf(room: Room, at: number): RoomLobbyReport {
  const live = liveOf(room);
  return { gameId: room.game.id, table: tableOf(room), active: room.game.status === "active", ...(live ? { live } : {}), at };
}

/** The game as the home's live list shows it, while anyone may watch it. */
function liveOf(room: Room): LiveGame | null {
  if (!watchable(room)) return null;
  const { game } = room;
  const players = room.seats.map((s) => ({ user_id: s.userId ?? "", nickname: s.nickname, rating: s.rating }));
  return {
    id: game.id,
    game_type: game.game_type,
    game_mode: game.game_mode,
    truco_variant: game.truco_variant,
    players,
    rating: Math.max(0, ...players.map((p) => p.rating)),
    started_at: Date.parse(game.started_at ?? game.created_at) || 0,
  };
}

function tableOf(room: Room): TableListing | null {
  const { game } = room;
  if (!room.listed || game.status !== "waiting" || game.bot_level !== null) return null;
  const creator = room.seats.find((seat) => seat.userId === game.created_by) ?? room.seats.find((seat) => seat.userId !== null);
  if (!creator?.userId) return null;
  const table: TableListing = {
    id: game.id,
    game_type: game.game_type,
    game_mode: game.game_mode,
    truco_variant: game.truco_variant,
    entry_cost: game.entry_cost,
    premium_only: game.premium_only ?? false,
    seats_taken: room.seats.length,
    capacity: game.capacity,
    creator_id: game.created_by,
    creator_nickname: creator.nickname,
    creator_rating: creator.rating,
    opened_at: Date.parse(game.created_at) || 0,
    ...(game.house_rules ? { house_rules: game.house_rules } : {}),
  };
  return listable(table) ? table : null;
}

/** What the report depends on besides its time: a transition that leaves it unchanged sends nothing. */
export function lobbyKey(report: RoomLobbyReport): string {
  return JSON.stringify([report.table, report.active, report.live ?? null]);
}
