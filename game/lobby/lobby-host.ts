import { REPORT_TTL_MS, SNAPSHOT_MS, SNAPSHOT_TABLES, snapshotTables, type LobbySnapshot } from "./lobby";
import type { PresenceLobbyReport, RoomLobbyReport } from "./lobby";
import type { LobbyRpc } from "./api";
import type { LobbyPorts } from "./ports";

// The Lobby's orchestration (docs/decisions/123-lobby-owner-and-push.md): reports go to storage as
// they come; the snapshot everyone sees is built at most once per SNAPSHOT_MS, whatever the number
// of people looking, and reports older than REPORT_TTL_MS (a sender that vanished) stop counting
// and are pruned.

const PRUNE_MS = 60_000;

export class LobbyHost implements LobbyRpc {
  private built: LobbySnapshot | null = null;
  private prunedAt = 0;

  constructor(private readonly ports: LobbyPorts) {}

  async reportRoom(report: RoomLobbyReport): Promise<void> {
    this.ports.store.room(report);
  }

  async reportPresence(report: PresenceLobbyReport): Promise<void> {
    this.ports.store.presence(report);
  }

  async snapshot(): Promise<LobbySnapshot> {
    const now = this.ports.clock.now();
    if (this.built && now - this.built.at < SNAPSHOT_MS) return this.built;
    const since = now - REPORT_TTL_MS;
    if (now - this.prunedAt >= PRUNE_MS) {
      this.ports.store.prune(since);
      this.prunedAt = now;
    }
    const { online, playing } = this.ports.store.counts(since);
    this.built = { online, playing, tables: snapshotTables(this.ports.store.tables(since, SNAPSHOT_TABLES)), at: now };
    return this.built;
  }
}
