import { DurableObject } from "cloudflare:workers";
import { z } from "zod";
import { appearOfflineOf, friendStatuses, onlineFriendIds, recordPresence } from "../../../db/friends";
import { createDb, type Database } from "../../../db/client";
import { GameReportSchema, USER_HEADER, type CloseReason, type InvitationResult, type PlayerChannelRpc } from "../../../game/channel/api";
import {
  CHANNEL_CLOSE,
  CHANNEL_PING,
  CHANNEL_PONG,
  ChannelEventSchema,
  InvitationSchema,
  parseChannelClientFrame,
  type ChannelEvent,
  type ChannelServerMessage,
  type PresenceUpdate,
} from "../../../game/protocol/channel";
import * as invitations from "../../../game/channel/invitations";
import type { Invitation, InvitationStatus } from "../../../game/channel/invitations";
import * as presence from "../../../game/channel/presence";
import type { GameReport, PresenceState, PresenceStatus, Published } from "../../../game/channel/presence";
import { FLOOD_LIMIT, FLOOD_WINDOW_MS } from "../../../game/protocol/constants";
import type { RoomRpc } from "../../../game/room/api";
import { alarmToSet } from "../../../game/alarm";
import { channelTimings } from "./env";
import { close, sendText } from "./sockets";
import { stubOf } from "../../../db/stubs";

// One Durable Object per signed-in player (issue 11, ADR 045): `idFromName(userId)`. It holds the
// player's live sockets (every signed-in page opens one, hibernating), works out their presence
// (game/channel/presence.ts) from those sockets and the game rooms' reports, publishes it to D1 and to
// the friends who are online, pushes typed events (`notify`) to every tab, and keeps the
// invitations the player received (the authority, game/channel/invitations.ts) and a mirror of those they
// sent. The rules decide; this object counts sockets, reads the clock, stores, and sends.
//
// State is one value in storage, read back after an eviction; the sockets survive hibernation and
// are found again with getWebSockets(). Every timer is the one alarm (grace, heartbeat, a room
// check, an invitation's expiry), and the alarm only re-derives what is due from the stored state,
// so a late, early or repeated one is harmless. Storage is written only for what must survive an
// eviction (`presenceToStore`: a room's check that changed nothing is kept in memory), and the
// alarm only when it must come earlier (`alarmToSet`, ADR 096, 101).

export interface ChannelEnv {
  DB: D1Database;
  GAME_ROOM: DurableObjectNamespace;
  PLAYER_CHANNEL: DurableObjectNamespace;
  CHANNEL_HEARTBEAT_MS?: string;
  CHANNEL_OFFLINE_GRACE_MS?: string;
}

const STATE_KEY = "channel";

interface ChannelState {
  /** Whose channel this is (learnt from the first socket or call that names them). */
  userId: string | null;
  /** users.appear_offline, read once and then kept current by `setAppearOffline`. */
  appearOffline: boolean | null;
  presence: PresenceState;
  received: Invitation[];
  sent: Invitation[];
}

const INITIAL: ChannelState = { userId: null, appearOffline: null, presence: presence.INITIAL_PRESENCE, received: [], sent: [] };

/** Per-socket data kept across hibernation, read back through this schema. */
const ChannelAttachmentSchema = z.object({
  userId: z.string().min(1),
  connectedAt: z.number(),
  windowStart: z.number(),
  frames: z.number().int().min(0),
});
type ChannelAttachment = z.infer<typeof ChannelAttachmentSchema>;

export class PlayerChannel extends DurableObject<ChannelEnv> implements PlayerChannelRpc {
  private state: ChannelState | undefined;
  /** The state as last written or read: what a fresh instance would find after an eviction. */
  private stored: ChannelState | undefined;
  private readonly db: Database;
  /** The alarm this instance set and that has not fired (undefined: unknown, e.g. after an eviction). */
  private alarmAt: number | null | undefined;
  private readonly timings: presence.PresenceTimings;

  constructor(ctx: DurableObjectState, env: ChannelEnv) {
    super(ctx, env);
    this.db = createDb(env.DB);
    this.timings = channelTimings(env);
    // The browser answers each heartbeat with this ping; the runtime answers it and notes the time
    // (getWebSocketAutoResponseTimestamp) without waking the object.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(CHANNEL_PING, CHANNEL_PONG));
  }

  // ------------------------------------------------------------------ state

  private async load(): Promise<ChannelState> {
    if (this.state === undefined) {
      const stored = await this.ctx.storage.get<ChannelState>(STATE_KEY);
      // Another event may have loaded it while this one awaited storage.
      if (this.state === undefined) {
        this.state = stored ?? INITIAL;
        this.stored = this.state;
      }
    }
    return this.state;
  }

  /**
   * Adopts a state synchronously (nothing can interleave) and saves it when a fresh instance would
   * need it (`mustStore`); the output gate holds frames until it is durable.
   */
  private save(next: ChannelState): ChannelState {
    if (next !== this.state) {
      this.state = next;
      if (this.stored === undefined || mustStore(this.stored, next)) {
        this.stored = next;
        void this.ctx.storage.put(STATE_KEY, next);
      }
    }
    return next;
  }

  private async knowUser(userId: string): Promise<ChannelState> {
    const state = await this.load();
    return state.userId === userId ? state : this.save({ ...this.state!, userId });
  }

  private async appearOffline(): Promise<boolean> {
    const state = await this.load();
    if (state.appearOffline !== null || !state.userId) return state.appearOffline ?? false;
    const [row] = await appearOfflineOf(this.db, state.userId);
    const current = this.state!;
    if (current.appearOffline === null) this.save({ ...current, appearOffline: row?.appear_offline ?? false });
    return this.state!.appearOffline ?? false;
  }

  // ------------------------------------------------------------------ sockets

  /** The open sockets (a socket being closed no longer counts). */
  private sockets(): WebSocket[] {
    return this.ctx.getWebSockets().filter((ws) => ws.readyState === WebSocket.OPEN);
  }

  private attachmentOf(ws: WebSocket): ChannelAttachment {
    const parsed = ChannelAttachmentSchema.safeParse(ws.deserializeAttachment());
    if (parsed.success) return parsed.data;
    // Without a readable attachment the socket's tag still names the user the app verified.
    return { userId: this.ctx.getTags(ws)[0] ?? "", connectedAt: 0, windowStart: Date.now(), frames: 0 };
  }

  private broadcast(message: ChannelServerMessage): number {
    const text = JSON.stringify(message);
    const sockets = this.sockets();
    for (const ws of sockets) sendText(ws, text);
    return sockets.length;
  }

  async fetch(request: Request): Promise<Response> {
    const userId = request.headers.get(USER_HEADER);
    if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket" || !userId) {
      return new Response("Expected an authenticated WebSocket upgrade", { status: 400 });
    }
    const state = await this.load();
    if (state.userId && state.userId !== userId) return new Response("Not this player's channel", { status: 403 });
    const pair = new WebSocketPair();
    const [client, server] = [pair[0], pair[1]];
    const now = Date.now();
    this.ctx.acceptWebSocket(server, [userId]);
    server.serializeAttachment({ userId, connectedAt: now, windowStart: now, frames: 0 } satisfies ChannelAttachment);
    await this.knowUser(userId);
    this.save({ ...this.state!, presence: presence.firstHeartbeat(this.state!.presence, now) });
    // The hello is built after this player's own presence is in D1 (one batch): a friend who
    // publishes at the same moment either finds them online (and pushes to them) or is already in
    // the hello. It does not hold up the upgrade.
    void this.welcome(server).catch((error: unknown) => console.warn("channel hello failed", error));
    return new Response(null, { status: 101, webSocket: client });
  }

  /** The first frame on a socket (and the answer to `sync`), with presence settled and published first. */
  private async welcome(ws: WebSocket): Promise<void> {
    const appearOffline = await this.appearOffline();
    const now = Date.now();
    const state = this.state!;
    const userId = state.userId!;
    const settled = presence.settle(state.presence, this.sockets().length, appearOffline, now, this.timings);
    const current = this.save({ ...state, presence: settled.state });
    this.schedule();
    let statuses: PresenceUpdate[];
    let online: { id: string }[] = [];
    if (settled.changed) {
      const [, friends, rows] = await this.db.batch([
        recordPresence(this.db, userId, settled.state.published),
        onlineFriendIds(this.db, userId),
        friendStatuses(this.db, userId),
      ]);
      online = friends;
      statuses = rows;
    } else {
      statuses = await friendStatuses(this.db, userId);
    }
    const open = this.state!;
    sendText(
      ws,
      JSON.stringify({
        type: "hello",
        payload: {
          user_id: userId,
          presence: statuses,
          invitations: invitations.openInvitations(open.received, now),
          sent: open.sent.filter(invitations.isOpen),
        },
      } satisfies ChannelServerMessage),
    );
    if (settled.changed) await this.fanOut(userId, current.presence.published, online);
  }

  async webSocketMessage(ws: WebSocket, data: string | ArrayBuffer): Promise<void> {
    const attachment = this.attachmentOf(ws);
    const now = Date.now();
    if (now - attachment.windowStart > FLOOD_WINDOW_MS) {
      attachment.windowStart = now;
      attachment.frames = 0;
    }
    attachment.frames += 1;
    ws.serializeAttachment(attachment);
    if (attachment.frames > FLOOD_LIMIT) return close(ws, 1008, "Too many messages");
    const parsed = parseChannelClientFrame(data);
    if (!parsed.ok) {
      sendText(
        ws,
        JSON.stringify({ type: "error", payload: { code: parsed.code, message: parsed.message } } satisfies ChannelServerMessage),
      );
      return;
    }
    // A ping written differently from CHANNEL_PING reaches the object: answered the same way.
    if (parsed.message.type === "ping") return sendText(ws, CHANNEL_PONG);
    await this.load();
    await this.welcome(ws);
  }

  async webSocketClose(ws: WebSocket): Promise<void> {
    close(ws, 1000, "Closing");
    await this.refresh();
  }

  async webSocketError(ws: WebSocket): Promise<void> {
    close(ws, 1000, "Closing");
    await this.refresh();
  }

  // ------------------------------------------------------------------ presence

  /** Settles presence with the sockets and reports as they are now; publishes a change; sets the alarm. */
  private async refresh(): Promise<void> {
    await this.load();
    const appearOffline = await this.appearOffline();
    const state = this.state!;
    const settled = presence.settle(state.presence, this.sockets().length, appearOffline, Date.now(), this.timings);
    this.save({ ...state, presence: settled.state });
    this.schedule();
    if (settled.changed && state.userId) await this.publish(state.userId, settled.state.published);
  }

  /** Persist, then push: D1 first (the friends list reads it), then every friend who is online. */
  private async publish(userId: string, published: Published): Promise<void> {
    const [, online] = await this.db.batch([recordPresence(this.db, userId, published), onlineFriendIds(this.db, userId)]);
    await this.fanOut(userId, published, online);
  }

  private async fanOut(userId: string, published: Published, friends: { id: string }[]): Promise<void> {
    const event: ChannelEvent = { type: "presence", payload: { user_id: userId, status: published.visible, at: published.at } };
    await Promise.all(
      friends.map((friend) =>
        this.channelOf(friend.id)
          .notify(event)
          .catch((error: unknown) => console.warn("presence not pushed", error)),
      ),
    );
  }

  private channelOf(userId: string): PlayerChannelRpc {
    return stubOf<PlayerChannelRpc>(this.env.PLAYER_CHANNEL, userId);
  }

  private roomOf(gameId: string): RoomRpc {
    return stubOf<RoomRpc>(this.env.GAME_ROOM, gameId);
  }

  /** One alarm at the earliest of presence's and the invitations' deadlines. */
  private schedule(): void {
    const state = this.state;
    if (!state) return;
    const times = [
      presence.nextWake(state.presence, this.sockets().length, this.timings),
      invitations.nextDeadline(state.received),
      invitations.nextMirrorDeadline(state.sent),
    ].filter((time): time is number => time !== null);
    const next = times.length ? Math.max(Math.min(...times), Date.now()) : null;
    // Never moved later nor deleted (ADR 096, 101): an armed alarm that comes early re-derives
    // nothing due and sets the real one. Moving it later was also what made local workerd log
    // "SQLite alarm handler canceled with requestScheduledAlarm" (the earlier time fired first).
    const set = alarmToSet(this.alarmAt, next);
    if (set === null) return;
    this.alarmAt = set;
    void this.ctx.storage.setAlarm(set);
  }

  async alarm(): Promise<void> {
    this.alarmAt = undefined; // The alarm that fired is gone; schedule() must set the next one.
    const state = await this.load();
    const now = Date.now();

    // The heartbeat: close the sockets that did not answer the last one, send the next.
    const sockets = this.sockets();
    const beat = presence.heartbeat(
      state.presence,
      sockets.map((ws) => ({
        connectedAt: this.attachmentOf(ws).connectedAt,
        answeredAt: this.ctx.getWebSocketAutoResponseTimestamp(ws)?.getTime() ?? null,
      })),
      now,
      this.timings,
    );
    for (const index of beat.dead) close(sockets[index], CHANNEL_CLOSE.dropped, "No answer to the heartbeat");
    this.save({ ...state, presence: beat.state });
    if (beat.send) this.broadcast({ type: "heartbeat" });

    // Rooms whose word is due (online only through a game socket, or a seat not confirmed lately).
    const userId = state.userId;
    if (userId) {
      for (const gameId of presence.gamesToCheck(this.state!.presence, this.sockets().length, now, this.timings)) {
        let report: GameReport | null = null;
        try {
          report = await this.roomOf(gameId).presenceOf(userId);
        } catch (error) {
          console.warn("room did not answer", error);
          continue;
        }
        // No room any more: nothing there counts.
        const fresh = report ?? { gameId, seated: false, sockets: 0, status: "cancelled" as const, full: false, at: Date.now(), seq: 0 };
        this.save({ ...this.state!, presence: presence.applyReport(this.state!.presence, fresh, Date.now()) });
      }
    }

    await this.expireInvitations(Date.now());
    await this.refresh();
  }

  // ------------------------------------------------------------------ RPC: events and presence

  async notify(event: ChannelEvent): Promise<number> {
    return this.broadcast(ChannelEventSchema.parse(event) as ChannelEvent);
  }

  async closeAll(reason: CloseReason): Promise<void> {
    await this.load();
    for (const ws of this.sockets()) close(ws, CHANNEL_CLOSE.signedOut, reason);
    await this.refresh();
  }

  async reportGame(userId: string, report: GameReport): Promise<void> {
    const parsed = GameReportSchema.parse(report);
    await this.knowUser(userId);
    this.save({ ...this.state!, presence: presence.applyReport(this.state!.presence, parsed, Date.now()) });
    // A room that filled, started or that this player left takes their open invitations with it.
    if (!parsed.seated || parsed.full || parsed.status !== "waiting") await this.cancelSentFor(parsed.gameId);
    await this.refresh();
  }

  async setAppearOffline(userId: string, appearOffline: boolean): Promise<void> {
    await this.knowUser(userId);
    this.save({ ...this.state!, appearOffline });
    await this.refresh();
  }

  async status(): Promise<{ status: PresenceStatus; visible: PresenceStatus; at: number }> {
    const { published } = (await this.load()).presence;
    return { status: published.status, visible: published.visible, at: published.at };
  }

  // ------------------------------------------------------------------ RPC: invitations received (the authority)

  async receiveInvitation(invitation: Invitation): Promise<InvitationResult> {
    const parsed = InvitationSchema.parse(invitation) as Invitation;
    await this.knowUser(parsed.to.id);
    const result = invitations.receive(this.state!.received, parsed, Date.now());
    if (!result.ok) return result;
    this.save({ ...this.state!, received: result.list });
    this.schedule();
    const held = result.list.find((item) => item.id === parsed.id)!;
    this.broadcast({ type: "invitation", payload: { invitation: held } });
    return { ok: true, invitation: held };
  }

  async openInvitation(id: string): Promise<Invitation | null> {
    const state = await this.load();
    return invitations.openInvitations(state.received, Date.now()).find((item) => item.id === id) ?? null;
  }

  async beginAccept(id: string): Promise<InvitationResult> {
    const state = await this.load();
    const result = invitations.beginAccept(state.received, id, Date.now());
    if (!result.ok) return result;
    this.save({ ...state, received: result.list });
    this.schedule();
    return { ok: true, invitation: result.invitation };
  }

  async finishAccept(id: string, joined: boolean): Promise<void> {
    const state = await this.load();
    const { list, invitation } = invitations.finishAccept(state.received, id, joined);
    if (!invitation) return;
    this.save({ ...state, received: list });
    this.schedule();
    await this.closedReceived(invitation);
  }

  async decline(id: string): Promise<InvitationResult> {
    const state = await this.load();
    const result = invitations.decline(state.received, id, Date.now());
    if (!result.ok) return result;
    this.save({ ...state, received: result.list });
    this.schedule();
    await this.closedReceived(result.invitation);
    return { ok: true, invitation: result.invitation };
  }

  async cancelInvitation(id: string): Promise<InvitationStatus | null> {
    const state = await this.load();
    const { list, status, changed } = invitations.cancel(state.received, id, Date.now());
    this.save({ ...state, received: list });
    this.schedule();
    if (changed) this.broadcast({ type: "invitation_closed", payload: { id, status: changed.status } });
    return status;
  }

  /** A received invitation closed: every tab drops it, and the inviter's channel learns the outcome. */
  private async closedReceived(invitation: Invitation): Promise<void> {
    this.broadcast({ type: "invitation_closed", payload: { id: invitation.id, status: invitation.status } });
    await this.channelOf(invitation.from.id)
      .invitationOutcome(invitation.id, invitation.status)
      .catch((error: unknown) => console.warn("invitation outcome not delivered", error));
  }

  private async expireInvitations(now: number): Promise<void> {
    const state = this.state!;
    const received = invitations.expire(state.received, now);
    const sent = invitations.expireMirror(state.sent, now);
    this.save({ ...state, received: received.list, sent: sent.list });
    for (const invitation of sent.expired) this.broadcast({ type: "invitation_update", payload: { invitation } });
    for (const invitation of received.expired) await this.closedReceived(invitation);
  }

  // ------------------------------------------------------------------ RPC: invitations sent (the mirror)

  async trackInvitation(invitation: Invitation): Promise<void> {
    const parsed = InvitationSchema.parse(invitation) as Invitation;
    await this.knowUser(parsed.from.id);
    this.save({ ...this.state!, sent: invitations.track(this.state!.sent, parsed, Date.now()) });
    this.schedule();
    this.broadcast({ type: "invitation_update", payload: { invitation: parsed } });
  }

  async invitationOutcome(id: string, status: InvitationStatus): Promise<void> {
    const state = await this.load();
    const { list, changed } = invitations.settleMirror(state.sent, id, status);
    if (!changed) return;
    this.save({ ...state, sent: list });
    this.schedule();
    this.broadcast({ type: "invitation_update", payload: { invitation: changed } });
  }

  /** The room filled, started or was left: the invited players' channels cancel what is still pending. */
  private async cancelSentFor(gameId: string): Promise<void> {
    for (const invitation of invitations.sentForGame(this.state!.sent, gameId)) {
      let status: InvitationStatus | null;
      try {
        status = await this.channelOf(invitation.to.id).cancelInvitation(invitation.id);
      } catch (error) {
        console.warn("invitation not cancelled", error);
        continue;
      }
      // Unknown there (expired and dropped): closed all the same.
      await this.invitationOutcome(invitation.id, status ?? "cancelled");
    }
  }
}

/** What a fresh instance would miss if `next` were not written over `stored` (issue 18, ADR 101). */
function mustStore(stored: ChannelState, next: ChannelState): boolean {
  return (
    stored.userId !== next.userId ||
    stored.appearOffline !== next.appearOffline ||
    stored.received !== next.received ||
    stored.sent !== next.sent ||
    presence.presenceToStore(stored.presence, next.presence)
  );
}
