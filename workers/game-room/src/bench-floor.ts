import { DurableObject } from "cloudflare:workers";
import { benchMeter, type MeterSnapshot } from "../../../db/bench-meter";
import { benchMode, type RoomEnv } from "./env";

/**
 * The platform's floor for `npm run bench`: a bare Durable Object in the room's Worker,
 * reached the way a room is (through the Pages app's session and Origin checks,
 * GET /api/bench/floor), that does only what the platform must do for a move: a frame comes in
 * on one socket, a frame of the size the bench asks for goes out on every socket. The bench
 * measures it in the same run as the rooms and prints the ratio. It answers only with
 * BENCH_MODE=1, and only the bench's generated config binds it: production has no binding.
 */
export class BenchFloor extends DurableObject<RoomEnv> {
  /** Frames by size, built once (the room's frames are built per move, but their cost is the room's). */
  private readonly frames = new Map<number, string>();
  private writes = 0;

  /**
   * This isolate's D1 and R2 counters (db/bench-meter.ts): every object of this Worker runs in it
   * on the local server, so one object answers for all of them. `reset` starts them again.
   */
  async d1Meter(reset: boolean): Promise<MeterSnapshot | null> {
    if (!benchMode(this.env)) return null;
    const snapshot = benchMeter.snapshot();
    if (reset) benchMeter.reset();
    return snapshot;
  }

  async fetch(request: Request): Promise<Response> {
    if (!benchMode(this.env)) return new Response("Not found", { status: 404 });
    if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") return new Response("Expected a WebSocket upgrade", { status: 400 });
    const pair = new WebSocketPair();
    this.ctx.acceptWebSocket(pair[1]);
    return new Response(null, { status: 101, webSocket: pair[0] });
  }

  /**
   * `{"size": n}`: a frame of n bytes to every socket. With `"store": m` it first does what a room
   * does with storage on a move, neither awaited: a `storage.put` of m bytes and a `setAlarm`
   * (without the alarm when `"alarm": 0`, as a room does on most moves); the output
   * gate then holds the frames until they are durable, which is what the bench shows apart.
   */
  async webSocketMessage(_ws: WebSocket, data: string | ArrayBuffer): Promise<void> {
    const text = typeof data === "string" ? data : "";
    const bytes = Math.min(Math.max(Number(/"size":(\d+)/.exec(text)?.[1] ?? 0), 64), 64 * 1024);
    const store = Math.min(Number(/"store":(\d+)/.exec(text)?.[1] ?? 0), 64 * 1024);
    const alarm = !/"alarm":0/.test(text);
    if (store > 0) {
      // A new value every time, as a room's state is.
      this.writes += 1;
      void this.ctx.storage.put("state", { n: this.writes, pad: "x".repeat(store) });
      if (alarm) void this.ctx.storage.setAlarm(Date.now() + 60_000 + this.writes);
    }
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

  /** The alarm the storage variant sets: nothing to do. */
  async alarm(): Promise<void> {}
}
