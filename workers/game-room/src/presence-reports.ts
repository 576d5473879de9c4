import type { PlayerChannelRpc } from "../../../game/channel/api";
import { GAME_SOCKET_STALE_MS, type GameReport } from "../../../game/channel/presence";
import * as rules from "../../../game/room/index";
import { AttachmentSchema } from "./sockets";
import { stubOf } from "../../../db/stubs";

// The room's side of presence (issue 11, ADR 046): each player's PlayerChannel hears from the
// room when that player's live sockets here or their seat or the game's status change. Reports
// are numbered (the room's clock and a counter), sent without waiting (a move never waits on a
// channel), and only when they changed; the channel ignores one older than what it holds and
// asks the room again (`presenceOf`) when it has reason to doubt.

export class PresenceReports {
  private readonly sent = new Map<string, string>();
  private roomKey: string | null = null;
  private seq = 0;

  constructor(
    private readonly ctx: DurableObjectState,
    private readonly channels: DurableObjectNamespace | undefined,
  ) {}

  /** The user's sockets here that pinged recently enough (spec §4: every 30 s) to count as live. */
  liveSockets(userId: string, now: number): number {
    let live = 0;
    for (const ws of this.ctx.getWebSockets(userId)) {
      if (ws.readyState !== WebSocket.OPEN) continue;
      const pinged = this.ctx.getWebSocketAutoResponseTimestamp(ws)?.getTime() ?? 0;
      const attachment = AttachmentSchema.safeParse(ws.deserializeAttachment());
      const active = Math.max(pinged, attachment.success ? attachment.data.windowStart : 0);
      if (now - active < GAME_SOCKET_STALE_MS) live += 1;
    }
    return live;
  }

  /** A fresh report about one user (the channel asking). */
  reportOf(room: rules.Room, userId: string): GameReport {
    const now = Date.now();
    const report = rules.presenceReport(room, userId, this.liveSockets(userId, now), now, ++this.seq);
    this.sent.set(userId, signature(report));
    return report;
  }

  /** After a transition: if seats or status changed, every seated (or formerly seated) user whose report changed hears. */
  roomChanged(room: rules.Room): void {
    const key = rules.reportKey(room);
    if (key === this.roomKey) return;
    this.roomKey = key;
    for (const userId of new Set([...rules.seatedUsers(room), ...this.sent.keys()])) this.publish(room, userId);
  }

  /** After one of the user's sockets opened or closed. */
  socketsChanged(room: rules.Room, userId: string): void {
    this.publish(room, userId);
  }

  private publish(room: rules.Room, userId: string): void {
    if (!this.channels) return;
    const now = Date.now();
    const report = rules.presenceReport(room, userId, this.liveSockets(userId, now), now, this.seq + 1);
    const sig = signature(report);
    if (this.sent.get(userId) === sig) return;
    this.seq += 1;
    if (report.seated || report.sockets > 0) this.sent.set(userId, sig);
    else this.sent.delete(userId);
    const channel = stubOf<PlayerChannelRpc>(this.channels, userId);
    // Not awaited: presence never holds up a move. A lost report is repaired when the channel asks.
    channel.reportGame(userId, report).catch((error: unknown) => console.warn("presence report not delivered", error));
  }
}

function signature(report: GameReport): string {
  return `${report.seated ? 1 : 0}|${report.sockets}|${report.status}|${report.full ? 1 : 0}`;
}
