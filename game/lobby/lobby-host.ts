import {
  REPORT_TTL_MS,
  SNAPSHOT_LIVE,
  SNAPSHOT_MS,
  SNAPSHOT_TABLES,
  snapshotLive,
  snapshotTables,
  type LiveGame,
  type LobbySnapshot,
  type TableListing,
} from "./lobby";
import type { PresenceLobbyReport, RoomLobbyReport } from "./lobby";
import type { LobbyRpc } from "./api";
import type { LobbyPorts } from "./ports";

// The Lobby's orchestration (docs/decisions/123-lobby-owner-and-push.md): reports go to storage as
// they come. The counts everyone sees are taken at most once per `snapshotMs`, whatever the number
// of people looking; the open tables are read again only after a room's report touched a listing
// (so a new table is listed at the next look), and at the same pace otherwise. Between two counts,
// each report moves the held counts by what it changed (the store answers it), so the first player
// on an empty server is counted at once, not at the next count. Reports older than REPORT_TTL_MS (a
// sender that vanished) stop counting and are pruned.

const PRUNE_MS = 60_000;

export class LobbyHost implements LobbyRpc {
  private counts: { online: number; playing: number; at: number } | null = null;
  private tables: { list: TableListing[]; at: number } | null = null;
  private live: { list: LiveGame[]; at: number } | null = null;
  private prunedAt = 0;

  constructor(
    private readonly ports: LobbyPorts,
    private readonly snapshotMs = SNAPSHOT_MS,
  ) {}

  async reportRoom(report: RoomLobbyReport): Promise<void> {
    const change = this.ports.store.room(report, this.ports.clock.now() - REPORT_TTL_MS);
    if (this.counts) this.counts.playing = Math.max(0, this.counts.playing + change);
    if (report.table || this.tables?.list.some((table) => table.id === report.gameId)) this.tables = null;
    if (report.live || this.live?.list.some((game) => game.id === report.gameId)) this.live = null;
  }

  async reportPresence(report: PresenceLobbyReport): Promise<void> {
    const change = this.ports.store.presence(report, this.ports.clock.now() - REPORT_TTL_MS);
    if (this.counts) this.counts.online = Math.max(0, this.counts.online + change);
  }

  async snapshot(): Promise<LobbySnapshot> {
    const now = this.ports.clock.now();
    const since = now - REPORT_TTL_MS;
    if (now - this.prunedAt >= PRUNE_MS) {
      this.ports.store.prune(since);
      this.prunedAt = now;
    }
    if (!this.counts || now - this.counts.at >= this.snapshotMs) this.counts = { ...this.ports.store.counts(since), at: now };
    if (!this.tables || now - this.tables.at >= this.snapshotMs) {
      this.tables = { list: snapshotTables(this.ports.store.tables(since, SNAPSHOT_TABLES)), at: now };
    }
    if (!this.live || now - this.live.at >= this.snapshotMs)
      this.live = { list: snapshotLive(this.ports.store.live(since, SNAPSHOT_LIVE)), at: now };
    return { online: this.counts.online, playing: this.counts.playing, tables: this.tables.list, live: this.live.list, at: now };
  }
}
