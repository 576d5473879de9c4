import type { LobbySnapshot, PresenceLobbyReport, RoomLobbyReport } from "./lobby";

// What the rooms, the players' channels and the Pages app may ask the Lobby Durable Object (one
// object, named LOBBY_NAME) over DO RPC. The object parses every report (lobby.ts schemas).

export const LOBBY_NAME = "global";

export interface LobbyRpc {
  /** A room's table and whether it is being played (sent on a change and every REPORT_REFRESH_MS). */
  reportRoom(report: RoomLobbyReport): Promise<void>;
  /** A player's channel: online or not (sent on a change and every REPORT_REFRESH_MS). */
  reportPresence(report: PresenceLobbyReport): Promise<void>;
  /** The numbers and tables as of at most SNAPSHOT_MS ago. */
  snapshot(): Promise<LobbySnapshot>;
}
