import { DurableObject } from "cloudflare:workers";
import { z } from "zod";
import type { RoomRpc } from "../../../game/room/api";
import type { SpectatorFrame } from "../../../game/protocol/spectate";
import { RelayHost } from "../../../game/spectate/relay-host";
import {
  SPECTATOR_GAME_HEADER,
  SPECTATOR_PROFILE_HEADER,
  SPECTATOR_SESSION_HEADER,
  SPECTATOR_USER_HEADER,
  type SpectatorRelayRpc,
} from "../../../game/spectate/api";
import { sessionTag } from "../../../game/room/api";
import { logLine } from "../../../db/observability";
import { stubOf } from "../../../db/stubs";
import type { RoomEnv } from "./env";
import { close, sendText } from "./sockets";

const ProfileSchema = z.object({ nickname: z.string().max(64), avatarUrl: z.string().max(2048).nullable() });

/**
 * One Durable Object per watched game (named by the game's id): workerd wired to the relay host
 * (game/spectate/relay-host.ts). Spectators' sockets hibernate here; the room sends each change
 * once and this object fans it out.
 */
export class SpectatorRelay extends DurableObject<RoomEnv> implements SpectatorRelayRpc {
  private readonly host: RelayHost<WebSocket>;

  constructor(ctx: DurableObjectState, env: RoomEnv) {
    super(ctx, env);
    const room = (gameId: string) => stubOf<RoomRpc>(env.GAME_ROOM!, gameId);
    this.host = new RelayHost<WebSocket>({
      sockets: {
        list: (tag) => ctx.getWebSockets(tag),
        send: sendText,
        close,
        readAttachment: (ws) => ws.deserializeAttachment(),
        writeAttachment: (ws, value) => ws.serializeAttachment(value),
      },
      room: {
        spectators: (gameId, count) => room(gameId).spectatorCount(count),
        chat: (gameId, message) => room(gameId).spectatorChat(message),
      },
      clock: { now: () => Date.now() },
      setAlarm: (at) => void ctx.storage.setAlarm(at),
      background: (work) => ctx.waitUntil(work),
      // The runtime's own way to let other events run before this continues.
      pause: () => scheduler.wait(0),
      events: (event) => logLine("warn", event.event, { gameId: event.gameId, error: event.error }),
    });
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair('{"type":"ping"}', '{"type":"pong","payload":{"at":0}}'));
  }

  publish(_gameId: string, frame: SpectatorFrame): Promise<void> {
    return this.host.publish(frame);
  }

  async unwatchable(_gameId: string): Promise<void> {
    this.host.unwatchable();
  }

  async closeSockets(userId: string, sessionId: string | null): Promise<number> {
    return this.host.closeSockets(z.string().min(1).max(128).parse(userId), z.string().min(1).max(128).nullable().parse(sessionId));
  }

  /** A spectator's WebSocket upgrade, which the Pages app checked (session, Origin, the room's leave to watch). */
  async fetch(request: Request): Promise<Response> {
    const userId = request.headers.get(SPECTATOR_USER_HEADER);
    const gameId = request.headers.get(SPECTATOR_GAME_HEADER);
    const sessionId = request.headers.get(SPECTATOR_SESSION_HEADER);
    const profile = ProfileSchema.safeParse(safeJson(request.headers.get(SPECTATOR_PROFILE_HEADER)));
    if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket" || !userId || !gameId || !profile.success) {
      return new Response("Expected an authenticated WebSocket upgrade", { status: 400 });
    }
    const pair = new WebSocketPair();
    await this.host.connect({ gameId, userId, ...profile.data }, () => {
      this.ctx.acceptWebSocket(pair[1], sessionId ? [userId, sessionTag(sessionId)] : [userId]);
      return pair[1];
    });
    return new Response(null, { status: 101, webSocket: pair[0] });
  }

  webSocketMessage(ws: WebSocket, data: string | ArrayBuffer): Promise<void> {
    return this.host.message(ws, data);
  }

  webSocketClose(ws: WebSocket): void {
    close(ws, 1000, "Closing");
    this.host.closed();
  }

  webSocketError(ws: WebSocket): void {
    close(ws, 1000, "Closing");
    this.host.closed();
  }

  alarm(): Promise<void> {
    return this.host.alarm();
  }
}

function safeJson(text: string | null): unknown {
  try {
    return text ? JSON.parse(decodeURIComponent(text)) : null;
  } catch {
    return null;
  }
}
