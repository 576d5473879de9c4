import { DurableObject } from "cloudflare:workers";
import { channelRecords } from "../../../db/friends";
import { createDb } from "../../../db/client";
import { anyReplica } from "../../../db/read-replicas";
import { orderedStubs, stubOf } from "../../../db/stubs";
import { z } from "zod";
import {
  FriendPresenceSchema,
  GameReportSchema,
  QueueKeyArgSchema,
  SeatClaimSchema,
  USER_HEADER,
  type CloseReason,
  type InvitationResult,
  type PlayerChannelRpc,
} from "../../../game/channel/api";
import type { Membership } from "../../../game/channel/queue-membership";
import { SeatAndQueueHost, type QueueEntering } from "../../../game/channel/seat-and-queue";
import { SessionRevocationsHost } from "../../../game/channel/session-revocations-host";
import { WatchedGamesHost } from "../../../game/channel/watched-games";
import type { MatchmakerRpc } from "../../../game/matchmaking/api";
import { queueKey, QueueSchema, type Queue } from "../../../game/matchmaking/pairing";
import { GameIdSchema } from "../../../game/protocol/ids";
import { ChannelHost } from "../../../game/channel/channel-host";
import type { Invitation, InvitationStatus } from "../../../game/channel/invitations";
import type { ChannelState } from "../../../game/channel/ports";
import type { GameReport, PresenceStatus } from "../../../game/channel/presence";
import {
  CHANNEL_PING,
  CHANNEL_PONG,
  ChannelEventSchema,
  InvitationSchema,
  type ChannelEvent,
  type PresenceUpdate,
} from "../../../game/protocol/channel";
import type { FriendPresence } from "../../../game/channel/friend-presence";
import type { RoomRpc } from "../../../game/room/api";
import type { TournamentRpc } from "../../../game/tournament/api";
import { channelTimings, lobbySnapshotMs } from "./env";
import { close, sendText } from "./sockets";
import { LOBBY_NAME, type LobbyRpc } from "../../../game/lobby/api";
import { snapshotCache, type SnapshotCache } from "../../../game/lobby/snapshot-cache";
import { MEMBER_HEADER } from "../../../game/channel/api";

// One Durable Object per signed-in player (`idFromName(userId)`), wiring the platform to
// game/channel/channel-host.ts (ADR 113): its storage, its hibernating sockets, D1 and the other
// objects' stubs become the host's ports; each RPC parses its input and forwards.

export interface ChannelEnv {
  DB: D1Database;
  GAME_ROOM: DurableObjectNamespace;
  PLAYER_CHANNEL: DurableObjectNamespace;
  LOBBY?: DurableObjectNamespace;
  TOURNAMENT: DurableObjectNamespace;
  LOBBY_SNAPSHOT_MS?: string;
  MATCHMAKER: DurableObjectNamespace;
  CHANNEL_HEARTBEAT_MS?: string;
  CHANNEL_OFFLINE_GRACE_MS?: string;
}

const STATE_KEY = "channel";
/** A session id as auth.server.ts makes them: the hex SHA-256 of the cookie's token. */
const SessionIdSchema = z.string().regex(/^[0-9a-f]{64}$/);

/** The lobby's snapshot, shared by every channel this isolate hosts (game/lobby/snapshot-cache.ts). */
let lobbySnapshots: SnapshotCache | null = null;

function lobbyPort(env: ChannelEnv) {
  const namespace = env.LOBBY;
  if (!namespace) return null;
  const everyMs = lobbySnapshotMs(env);
  const lobby = () => stubOf<LobbyRpc>(namespace, LOBBY_NAME);
  lobbySnapshots ??= snapshotCache(
    () => lobby().snapshot(),
    () => Date.now(),
    everyMs / 2,
  );
  const snapshots = lobbySnapshots;
  // A player's presence reports reach the lobby in the order they were made (one kept stub).
  const reports = orderedStubs<LobbyRpc>(namespace);
  return {
    report: (report: Parameters<LobbyRpc["reportPresence"]>[0]) => reports(LOBBY_NAME, (stub) => stub.reportPresence(report)),
    snapshot: () => snapshots.get(),
    everyMs,
  };
}

export class PlayerChannel extends DurableObject<ChannelEnv> implements PlayerChannelRpc {
  private readonly host: ChannelHost<WebSocket>;
  /** The seat lease and the quick-match membership (game/channel/seat-and-queue.ts), in values of their own. */
  private readonly seats: SeatAndQueueHost;
  /** The sessions revoked lately (game/channel/session-revocations-host.ts), for actions that read their session on a replica. */
  private readonly revocations: SessionRevocationsHost;
  /** The games this player watched lately (game/channel/watched-games.ts): the relays that may hold their spectator sockets. */
  private readonly watchedGames: WatchedGamesHost;

  constructor(ctx: DurableObjectState, env: ChannelEnv) {
    super(ctx, env);
    // The browser answers each heartbeat with this ping; the runtime answers it and notes the time
    // (getWebSocketAutoResponseTimestamp) without waking the object.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(CHANNEL_PING, CHANNEL_PONG));
    this.host = new ChannelHost<WebSocket>({
      store: {
        read: () => ctx.storage.get<ChannelState>(STATE_KEY),
        write: (state) => void ctx.storage.put(STATE_KEY, state),
        setAlarm: (at) => void ctx.storage.setAlarm(at),
      },
      sockets: {
        open: () => ctx.getWebSockets().filter((ws) => ws.readyState === WebSocket.OPEN),
        tagsOf: (ws) => ctx.getTags(ws),
        attachmentOf: (ws) => ws.deserializeAttachment(),
        attach: (ws, attachment) => ws.serializeAttachment(attachment),
        answeredAt: (ws) => ctx.getWebSocketAutoResponseTimestamp(ws)?.getTime() ?? null,
        send: sendText,
        close,
      },
      records: channelRecords(createDb(env.DB), () => anyReplica(env.DB)),
      peers: {
        channel: (userId) => stubOf<PlayerChannelRpc>(env.PLAYER_CHANNEL, userId),
        room: (gameId) => stubOf<RoomRpc>(env.GAME_ROOM, gameId),
        tournament: (tournamentId) => stubOf<TournamentRpc>(env.TOURNAMENT, tournamentId),
      },
      lobby: lobbyPort(env),
      clock: { now: () => Date.now() },
      timings: channelTimings(env),
      warn: (message, error) => console.warn(message, error),
    });
    this.revocations = new SessionRevocationsHost({
      store: { read: (key) => ctx.storage.get(key), write: (key, value) => ctx.storage.put(key, value) },
      clock: { now: () => Date.now() },
    });
    this.watchedGames = new WatchedGamesHost({
      store: { read: (key) => ctx.storage.get(key), write: (key, value) => ctx.storage.put(key, value) },
      clock: { now: () => Date.now() },
    });
    this.seats = new SeatAndQueueHost({
      store: {
        read: (key) => ctx.storage.get(key),
        write: (key, value) => ctx.storage.put(key, value),
        remove: async (key) => void (await ctx.storage.delete(key)),
      },
      sockets: () => ctx.getWebSockets().filter((ws) => ws.readyState === WebSocket.OPEN).length,
      matchmaker: (queue) => stubOf<MatchmakerRpc>(env.MATCHMAKER, queueKey(queue)),
      push: (event) => void this.host.notify(event),
      clock: { now: () => Date.now() },
      warn: (message, error) => console.warn(message, error),
    });
  }

  async fetch(request: Request): Promise<Response> {
    const userId = request.headers.get(USER_HEADER);
    if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket" || !userId) {
      return new Response("Expected an authenticated WebSocket upgrade", { status: 400 });
    }
    if (!(await this.host.admits(userId))) return new Response("Not this player's channel", { status: 403 });
    const pair = new WebSocketPair();
    const [client, server] = [pair[0], pair[1]];
    this.ctx.acceptWebSocket(server, [userId]);
    await this.host.opened(server, userId, request.headers.get(MEMBER_HEADER) === "1");
    await this.seats.socketsChanged();
    return new Response(null, { status: 101, webSocket: client });
  }

  async webSocketMessage(ws: WebSocket, data: string | ArrayBuffer): Promise<void> {
    await this.host.message(ws, data);
  }

  async webSocketClose(ws: WebSocket): Promise<void> {
    await this.host.closed(ws);
    await this.seats.socketsChanged();
  }

  async webSocketError(ws: WebSocket): Promise<void> {
    await this.host.closed(ws);
    await this.seats.socketsChanged();
  }

  async alarm(): Promise<void> {
    await this.host.alarm();
    // The heartbeat may have closed sockets that stopped answering.
    await this.seats.socketsChanged();
  }

  // ------------------------------------------------------------------ RPC (game/channel/api.ts)

  async notify(event: ChannelEvent): Promise<number> {
    return this.host.notify(ChannelEventSchema.parse(event) as ChannelEvent);
  }

  async closeAll(reason: CloseReason, banReason?: string): Promise<void> {
    await this.host.closeAll(reason, banReason);
  }

  async revokeSession(sessionId: string | null): Promise<void> {
    await this.revocations.revoke(SessionIdSchema.nullable().parse(sessionId));
  }

  async sessionRevoked(sessionId: string, createdAt: string): Promise<boolean> {
    return this.revocations.revoked({ id: SessionIdSchema.parse(sessionId), createdAt: z.string().max(40).parse(createdAt) });
  }

  async watching(gameId: string): Promise<void> {
    await this.watchedGames.watching(GameIdSchema.parse(gameId));
  }

  async watched(): Promise<string[]> {
    return this.watchedGames.watched();
  }

  async reportGame(userId: string, report: GameReport): Promise<void> {
    await this.host.reportGame(userId, GameReportSchema.parse(report));
  }

  async setAppearOffline(userId: string, appearOffline: boolean): Promise<void> {
    await this.host.setAppearOffline(userId, appearOffline);
  }

  async status(): Promise<{ status: PresenceStatus; visible: PresenceStatus; at: number }> {
    return this.host.status();
  }

  async friendHello(userId: string, from: FriendPresence): Promise<FriendPresence> {
    return this.host.friendHello(userId, FriendPresenceSchema.parse(from));
  }

  async friendPresence(userId: string, from: FriendPresence): Promise<void> {
    await this.host.friendPresence(userId, FriendPresenceSchema.parse(from));
  }

  async friendStatuses(userId: string): Promise<PresenceUpdate[]> {
    return this.host.friendStatuses(userId);
  }

  async receiveInvitation(invitation: Invitation): Promise<InvitationResult> {
    return this.host.receiveInvitation(InvitationSchema.parse(invitation) as Invitation);
  }

  async openInvitation(id: string): Promise<Invitation | null> {
    return this.host.openInvitation(id);
  }

  async beginAccept(id: string): Promise<InvitationResult> {
    return this.host.beginAccept(id);
  }

  async finishAccept(id: string, joined: boolean): Promise<void> {
    await this.host.finishAccept(id, joined);
  }

  async decline(id: string): Promise<InvitationResult> {
    return this.host.decline(id);
  }

  async cancelInvitation(id: string): Promise<InvitationStatus | null> {
    return this.host.cancelInvitation(id);
  }

  async trackInvitation(invitation: Invitation): Promise<void> {
    await this.host.trackInvitation(InvitationSchema.parse(invitation) as Invitation);
  }

  async invitationOutcome(id: string, status: InvitationStatus): Promise<void> {
    await this.host.invitationOutcome(id, status);
  }

  // ------------------------------------------------------------------ where the player may sit (seat-and-queue.ts)

  async claimSeat(claim: string, ttlSeconds: number): Promise<boolean> {
    return this.seats.claimSeat(SeatClaimSchema.parse(claim), z.number().int().min(1).max(60).parse(ttlSeconds));
  }

  async releaseSeat(claim: string): Promise<void> {
    await this.seats.releaseSeat(SeatClaimSchema.parse(claim));
  }

  async queueState(): Promise<Membership | null> {
    return this.seats.queueState();
  }

  async enterQueue(userId: string, queue: Queue, rating: number): Promise<QueueEntering> {
    return this.seats.enterQueue(z.string().min(1).max(64).parse(userId), QueueSchema.parse(queue), z.number().parse(rating));
  }

  async leaveQueue(): Promise<{ left: boolean; gameId: string | null }> {
    return this.seats.leaveQueue();
  }

  async claimForMatch(queueKey: string, gameId: string): Promise<boolean> {
    return this.seats.claimForMatch(QueueKeyArgSchema.parse(queueKey), GameIdSchema.parse(gameId));
  }

  async releaseMatch(gameId: string): Promise<void> {
    await this.seats.releaseMatch(GameIdSchema.parse(gameId));
  }

  async forgetMatch(gameId: string): Promise<void> {
    await this.seats.forgetMatch(GameIdSchema.parse(gameId));
  }

  async droppedFromQueue(queueKey: string, reason: "away" | "unable"): Promise<void> {
    await this.seats.droppedFromQueue(QueueKeyArgSchema.parse(queueKey), z.enum(["away", "unable"]).parse(reason));
  }
}
