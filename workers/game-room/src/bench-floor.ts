import { DurableObject } from "cloudflare:workers";
import { benchMode, type RoomEnv } from "./env";

/**
 * The platform's floor for `npm run bench` (ADR 057): a bare Durable Object in the room's Worker,
 * reached the way a room is (through the Pages app's session and Origin checks,
 * GET /api/bench/floor), that does only what the platform must do for a move: a frame comes in
 * on one socket, a frame of the size the bench asks for goes out on every socket. The bench
 * measures it in the same run as the rooms and prints the ratio. It answers only with
 * BENCH_MODE=1, and only the bench's generated config binds it: production has no binding.
 */
export class BenchFloor extends DurableObject<RoomEnv> {
  /** Frames by size, built once (the room's frames are built per move, but their cost is the room's). */
  private readonly frames = new Map<number, string>();

  async fetch(request: Request): Promise<Response> {
    if (!benchMode(this.env)) return new Response("Not found", { status: 404 });
    if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") return new Response("Expected a WebSocket upgrade", { status: 400 });
    const pair = new WebSocketPair();
    this.ctx.acceptWebSocket(pair[1]);
    return new Response(null, { status: 101, webSocket: pair[0] });
  }

  /** `{"size": n}`: a frame of n bytes to every socket. */
  async webSocketMessage(_ws: WebSocket, data: string | ArrayBuffer): Promise<void> {
    const size = typeof data === "string" ? Number(/"size":(\d+)/.exec(data)?.[1] ?? 0) : 0;
    const bytes = Math.min(Math.max(size, 64), 64 * 1024);
    let frame = this.frames.get(bytes);
    if (frame === undefined) {
      frame = `{"type":"floor","payload":{"pad":"${"x".repeat(bytes - 37)}"}}`;
      this.frames.set(bytes, frame);
    }
    for (const ws of this.ctx.getWebSockets()) {
      try {
        ws.send(frame);
      } catch {
        // Gone.
      }
    }
  }
}
