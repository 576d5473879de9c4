import { REPORT_REFRESH_MS } from "../../lobby/lobby";
import { lobbyKey, lobbyReportOf } from "../lobby";
import type { Room } from "../state";
import type { HostClock, LobbyChannel, RoomEvent } from "./ports";

// The room's side of the lobby's numbers (game/lobby/): after a transition, the Lobby hears of the
// room's table and status when they changed, and again every REPORT_REFRESH_MS so an entry never
// ages out while the game goes on. Sent without waiting: a move never waits on the lobby. After an
// eviction the first transition reports again (the lobby keeps the newest report).

export class LobbyReports {
  private sentKey: string | null = null;
  private sentAt = 0;

  constructor(
    private readonly clock: HostClock,
    private readonly lobby: LobbyChannel | null,
    private readonly background: (work: Promise<unknown>) => void,
    private readonly events: (event: RoomEvent) => void,
  ) {}

  roomChanged(room: Room): void {
    const lobby = this.lobby;
    if (!lobby) return;
    const now = this.clock.now();
    const report = lobbyReportOf(room, now);
    const key = lobbyKey(report);
    if (key === this.sentKey && now - this.sentAt < REPORT_REFRESH_MS) return;
    // A room never listed nor started (a private or practice table) is unknown to the lobby.
    if (this.sentKey === null && report.table === null && !report.active && !room.listed && room.game.started_at === null) return;
    this.sentKey = key;
    this.sentAt = now;
    this.background(
      lobby.report(report).catch((error: unknown) => {
        this.sentKey = null;
        this.events({ event: "report_failed", gameId: room.game.id, to: "lobby", error: String(error) });
      }),
    );
  }
}
