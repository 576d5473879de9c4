import { DurableObject } from "cloudflare:workers";
import { z } from "zod";
import type { BotLevel, ChatMessageView, GameSummary } from "../../../game/protocol/entities";
import type { GameStatePayload } from "../../../game/protocol/room";
import type { GameReport } from "../../../game/channel/presence";
import {
  SESSION_HEADER,
  USER_HEADER,
  type AdminAudit,
  type AssignedRoomOptions,
  type OpenOptions,
  type OpenResult,
  type AssignedSeat,
  type ChatPostInput,
  type ChatPostResult,
  type RoomError,
  type RoomResult,
  type RoomRpc,
  type SeatCheck,
  type SeatRequest,
  type WatchResult,
} from "../../../game/room/api";
import type { SpectatorFrame } from "../../../game/protocol/spectate";
import { RoomHost } from "../../../game/room/host/index";
import { createDb } from "./records";
import { benchMode, roomTimings, type RoomEnv } from "./env";
import { MoveProfiler } from "./profile";
import { workerdPorts } from "./ports";

export type { RoomEnv };

/**
 * One Durable Object per game: workerd wired to the room host (game/room/host), which runs the
 * room. This class builds the host's ports, accepts the sockets the Pages app verified, and hands
 * every event and call to the host.
 */
export class GameRoom extends DurableObject<RoomEnv> implements RoomRpc {
  private readonly host: RoomHost<WebSocket>;
  /** `npm run bench` only (BENCH_MODE=1): where each move's time goes. */
  private readonly profiler: MoveProfiler | null;

  constructor(ctx: DurableObjectState, env: RoomEnv) {
    super(ctx, env);
    this.profiler = benchMode(env) ? new MoveProfiler() : null;
    const ports = workerdPorts(ctx, env, createDb(env.DB));
    this.host = new RoomHost(this.profiler ? this.profiler.wrap(ports) : ports, roomTimings(env));
    // Keep-alive pings are answered by the runtime without waking the room.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair('{"type":"ping"}', '{"type":"pong","payload":{"at":0}}'));
  }

  // ------------------------------------------------------------------ RPC (from the Pages app)

  open(game: GameSummary, creator: SeatRequest, options?: OpenOptions): Promise<OpenResult> {
    return this.host.open(game, creator, options);
  }

  openAssigned(game: GameSummary, seats: AssignedSeat[], options?: AssignedRoomOptions): Promise<RoomResult> {
    return this.host.openAssigned(game, seats, options);
  }

  join(request: SeatRequest): Promise<RoomResult> {
    return this.host.join(request);
  }

  leave(userId: string): Promise<RoomResult> {
    return this.host.leave(userId);
  }

  concede(userId: string): Promise<RoomResult> {
    return this.host.concede(userId);
  }

  fillWithBots(userId: string, level: BotLevel): Promise<RoomResult> {
    return this.host.fillWithBots(userId, level);
  }

  setGamesPrivate(userId: string, gamesPrivate: boolean): Promise<void> {
    return this.host.setGamesPrivate(z.string().min(1).max(128).parse(userId), z.boolean().parse(gamesPrivate));
  }

  expel(userId: string): Promise<RoomResult> {
    return this.host.expel(userId);
  }

  adminCancel(audit: AdminAudit): Promise<RoomResult> {
    return this.host.adminCancel(audit);
  }

  acceptRematch(userId: string): Promise<{ ok: true; due: boolean } | { ok: false; error: RoomError }> {
    return this.host.acceptRematch(userId);
  }

  rematchOpened(gameId: string | null): Promise<void> {
    return this.host.rematchOpened(gameId);
  }

  postChat(post: ChatPostInput): Promise<ChatPostResult> {
    return this.host.postChat(post);
  }

  seatCheck(userId: string): Promise<SeatCheck | null> {
    return this.host.seatCheck(z.string().min(1).max(64).parse(userId));
  }

  recentChat(): Promise<ChatMessageView[] | null> {
    return this.host.recentChat();
  }

  pushChat(message: ChatMessageView): Promise<void> {
    return this.host.pushChat(message);
  }

  snapshot(userId: string | null): Promise<GameStatePayload | null> {
    return this.host.snapshot(userId);
  }

  watch(viewerId: string): Promise<WatchResult> {
    return this.host.watch(viewerId);
  }

  spectatorCount(count: number): Promise<SpectatorFrame | null> {
    return this.host.spectatorCount(count);
  }

  spectatorChat(message: ChatMessageView): Promise<void> {
    return this.host.spectatorChat(message);
  }

  presenceOf(userId: string): Promise<GameReport | null> {
    return this.host.presenceOf(userId);
  }

  closeSockets(userId: string, sessionId: string | null): Promise<number> {
    return this.host.closeSockets(userId, sessionId);
  }

  // ------------------------------------------------------------------ sockets and the alarm

  /** A WebSocket upgrade the Pages app checked (session, Origin), with the verified user id in a header. */
  async fetch(request: Request): Promise<Response> {
    // The Pages side lets this through only with BENCH_MODE=1.
    if (this.profiler && new URL(request.url).pathname === "/bench/profile") return Response.json(this.profiler.take());
    const userId = request.headers.get(USER_HEADER);
    if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket" || !userId) {
      return new Response("Expected an authenticated WebSocket upgrade", { status: 400 });
    }
    const pair = new WebSocketPair();
    const accepted = await this.host.connect(userId, request.headers.get(SESSION_HEADER), (tags) => {
      this.ctx.acceptWebSocket(pair[1], tags);
      return pair[1];
    });
    if (!accepted) return new Response("Not seated at this table", { status: 403 });
    return new Response(null, { status: 101, webSocket: pair[0] });
  }

  webSocketMessage(ws: WebSocket, data: string | ArrayBuffer): Promise<void> {
    return this.profiler ? this.profiler.measure(() => this.host.message(ws, data)) : this.host.message(ws, data);
  }

  webSocketClose(ws: WebSocket): Promise<void> {
    return this.host.closed(ws);
  }

  webSocketError(ws: WebSocket): Promise<void> {
    return this.host.closed(ws);
  }

  alarm(): Promise<void> {
    return this.host.alarm();
  }
}
