import type { LiveGame, PresenceLobbyReport, RoomLobbyReport, TableListing } from "./lobby";

// What the lobby host (lobby-host.ts) takes from its platform: the Durable Object's SQLite storage
// (workers/game-room/src/lobby.ts), or memory in the Node tests (memory.ts). Each method is one
// statement's worth of I/O; the host decides when to call it.

export interface LobbyStore {
  /**
   * Keeps the player's latest report (an older one than the stored report changes nothing), and
   * answers how it changed the online count among reports newer than `since` (-1, 0 or 1).
   */
  presence(report: PresenceLobbyReport, since: number): number;
  /** Keeps the room's latest report (an older one changes nothing); answers the change in games being played (-1, 0 or 1). */
  room(report: RoomLobbyReport, since: number): number;
  /** Players reported online and games reported active, counting reports newer than `since`. */
  counts(since: number): { online: number; playing: number };
  /** The newest `limit` listed tables among reports newer than `since`. */
  tables(since: number, limit: number): TableListing[];
  /** The `limit` highest rated games anyone may watch, among reports newer than `since`. */
  live(since: number, limit: number): LiveGame[];
  /** Forgets every report older than `before`. */
  prune(before: number): void;
}

export interface LobbyPorts {
  store: LobbyStore;
  clock: { now(): number };
}
