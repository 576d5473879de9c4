import { snapshotLive, type LiveGame, type PresenceLobbyReport, type RoomLobbyReport, type TableListing } from "./lobby";
import type { LobbyStore } from "./ports";

// The lobby's store in memory, for the Node tests: the same contract as the object's SQLite tables.

export class MemoryLobbyStore implements LobbyStore {
  readonly players = new Map<string, PresenceLobbyReport>();
  readonly rooms = new Map<string, RoomLobbyReport>();

  presence(report: PresenceLobbyReport, since: number): number {
    const held = this.players.get(report.userId);
    if (held && held.at > report.at) return 0;
    this.players.set(report.userId, report);
    return counted(report.online, report.at, since) - (held ? counted(held.online, held.at, since) : 0);
  }

  room(report: RoomLobbyReport, since: number): number {
    const held = this.rooms.get(report.gameId);
    if (held && held.at > report.at) return 0;
    this.rooms.set(report.gameId, report);
    return counted(report.active, report.at, since) - (held ? counted(held.active, held.at, since) : 0);
  }

  counts(since: number): { online: number; playing: number } {
    let online = 0;
    let playing = 0;
    for (const report of this.players.values()) if (report.online && report.at > since) online += 1;
    for (const report of this.rooms.values()) if (report.active && report.at > since) playing += 1;
    return { online, playing };
  }

  tables(since: number, limit: number): TableListing[] {
    return [...this.rooms.values()]
      .filter((report) => report.table && report.at > since)
      .map((report) => report.table!)
      .sort((a, b) => b.opened_at - a.opened_at)
      .slice(0, limit);
  }

  live(since: number, limit: number): LiveGame[] {
    const games = [...this.rooms.values()].flatMap((report) => (report.live && report.at > since ? [report.live] : []));
    return snapshotLive(games).slice(0, limit);
  }

  prune(before: number): void {
    for (const [id, report] of this.players) if (report.at < before) this.players.delete(id);
    for (const [id, report] of this.rooms) if (report.at < before) this.rooms.delete(id);
  }
}

/** 1 when a report counts (it says online, or active, and is newer than `since`). */
export function counted(yes: boolean, at: number, since: number): number {
  return yes && at > since ? 1 : 0;
}
