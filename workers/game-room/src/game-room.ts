import { DurableObject } from "cloudflare:workers";
import { FLOOD_LIMIT, FLOOD_WINDOW_MS, parseClientFrame, type ServerMessage } from "../../../game/protocol";

export interface RoomEnv {
  DB: D1Database;
}

/** Per-socket data kept across hibernation (small, serialisable). */
interface Attachment {
  userId: string;
  /** Start of the current flood window and frames received in it. */
  windowStart: number;
  frames: number;
}

/** The verified user id, set by the Pages side after it checked the session. */
export const USER_HEADER = "X-Truco-User";

/**
 * One Durable Object per game: a thin adapter that parses frames, authorises
 * the seat, calls the engine, persists and sends each socket its own view.
 */
export class GameRoom extends DurableObject<RoomEnv> {
  async fetch(request: Request): Promise<Response> {
    const userId = request.headers.get(USER_HEADER);
    if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket" || !userId) {
      return new Response("Expected an authenticated WebSocket upgrade", { status: 400 });
    }
    const pair = new WebSocketPair();
    const [client, server] = [pair[0], pair[1]];
    this.ctx.acceptWebSocket(server, [userId]);
    server.serializeAttachment({ userId, windowStart: Date.now(), frames: 0 } satisfies Attachment);
    return new Response(null, { status: 101, webSocket: client });
  }

  async webSocketMessage(ws: WebSocket, frame: string | ArrayBuffer): Promise<void> {
    const attachment = ws.deserializeAttachment() as Attachment;
    const now = Date.now();
    if (now - attachment.windowStart > FLOOD_WINDOW_MS) {
      attachment.windowStart = now;
      attachment.frames = 0;
    }
    attachment.frames += 1;
    ws.serializeAttachment(attachment);
    if (attachment.frames > FLOOD_LIMIT) {
      ws.close(1008, "Too many messages");
      return;
    }

    const parsed = parseClientFrame(frame);
    if (!parsed.ok) {
      send(ws, { type: "error", payload: { code: parsed.code, message: parsed.message } });
      return;
    }
    switch (parsed.message.type) {
      case "ping":
        send(ws, { type: "pong", payload: { at: now } });
        return;
    }
  }

  async webSocketClose(ws: WebSocket, code: number): Promise<void> {
    try {
      ws.close(code === 1005 || code === 1006 ? 1000 : code, "Closing");
    } catch {
      // Already closed.
    }
  }
}

function send(ws: WebSocket, message: ServerMessage): void {
  try {
    ws.send(JSON.stringify(message));
  } catch {
    // The socket went away; its close handler cleans up.
  }
}
