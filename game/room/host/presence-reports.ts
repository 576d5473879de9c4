import { GAME_SOCKET_STALE_MS, type GameReport } from "../../channel/presence";
import { presenceReport, reportKey, seatedUsers } from "../reports";
import type { Room } from "../state";
import type { Attachments } from "./attachments";
import type { HostClock, PresenceChannels, RoomEvent, SocketHub } from "./ports";

// The room's side of presence (docs/decisions/046-presence.md): each player's PlayerChannel hears
// when that player's live sockets here, their seat or the game's status change. Reports are
// numbered (the room's clock and a counter) and sent without waiting, since a move never waits on
// a channel, and only when they changed; a channel ignores a report older than the one it holds
// and asks the room again (`presenceOf`) when it has reason to doubt.

export class PresenceReports<S extends object> {
  private readonly sent = new Map<string, string>();
  private roomKey: string | null = null;
  private seq = 0;

  constructor(
    private readonly sockets: SocketHub<S>,
    private readonly attachments: Attachments<S>,
    private readonly clock: HostClock,
    private readonly channels: PresenceChannels | null,
    private readonly events: (event: RoomEvent) => void,
  ) {}

  /** The user's sockets here that showed life recently enough (spec §4: a ping every 30 s) to count as live. */
  private liveSockets(userId: string, now: number): number {
    let live = 0;
    for (const socket of this.sockets.list(userId)) {
      if (this.sockets.isOpen(socket) && now - this.attachments.lastActive(socket, now) < GAME_SOCKET_STALE_MS) live += 1;
    }
    return live;
  }

  /** A fresh report about one user (their channel asking). */
  reportOf(room: Room, userId: string): GameReport {
    const now = this.clock.now();
    const report = presenceReport(room, userId, this.liveSockets(userId, now), now, ++this.seq);
    this.sent.set(userId, signature(report));
    return report;
  }

  /** After a transition: when seats or status changed, every seated (or formerly seated) user whose report changed hears. */
  roomChanged(room: Room): void {
    const key = reportKey(room);
    if (key === this.roomKey) return;
    this.roomKey = key;
    for (const userId of new Set([...seatedUsers(room), ...this.sent.keys()])) this.publish(room, userId);
  }

  /** After one of the user's sockets opened or closed. */
  socketsChanged(room: Room, userId: string): void {
    this.publish(room, userId);
  }

  private publish(room: Room, userId: string): void {
    const channels = this.channels;
    if (!channels) return;
    const now = this.clock.now();
    const report = presenceReport(room, userId, this.liveSockets(userId, now), now, this.seq + 1);
    const sig = signature(report);
    if (this.sent.get(userId) === sig) return;
    this.seq += 1;
    if (report.seated || report.sockets > 0) this.sent.set(userId, sig);
    else this.sent.delete(userId);
    // Not awaited: presence never holds up a move. A lost report is repaired when the channel asks.
    channels.report(userId, report).catch((error: unknown) => {
      this.events({ event: "report_failed", gameId: room.game.id, to: "presence", error: String(error) });
    });
  }
}

function signature(report: GameReport): string {
  return `${report.seated ? 1 : 0}|${report.sockets}|${report.status}|${report.full ? 1 : 0}`;
}
