import { describe, expect, it } from "vitest";
import { call, createPlayer, ORIGIN } from "./helpers";

function open(gameId: string, cookie?: string, origin: string = ORIGIN) {
  return call(`/api/games/${gameId}/ws`, { cookie, origin: null, headers: { Upgrade: "websocket", Origin: origin } });
}

function nextMessage(ws: WebSocket): Promise<{ type: string; payload?: Record<string, unknown> }> {
  return new Promise((resolve) => ws.addEventListener("message", (event) => resolve(JSON.parse(event.data as string)), { once: true }));
}

describe("the game room socket", () => {
  it("accepts an authenticated upgrade through the app and answers ping with pong", async () => {
    const { cookie } = await createPlayer();
    const response = await open(crypto.randomUUID(), cookie);
    expect(response.status).toBe(101);
    const ws = response.webSocket!;
    ws.accept();
    ws.send(JSON.stringify({ type: "ping" }));
    expect(await nextMessage(ws)).toMatchObject({ type: "pong" });
    ws.send("{broken");
    expect(await nextMessage(ws)).toMatchObject({ type: "error", payload: { code: "bad_json" } });
    ws.send(JSON.stringify({ type: "launch_missiles" }));
    expect(await nextMessage(ws)).toMatchObject({ type: "error", payload: { code: "bad_message" } });
    ws.send(JSON.stringify({ type: "ping", payload: { pad: "x".repeat(5000) } }));
    expect(await nextMessage(ws)).toMatchObject({ type: "error", payload: { code: "too_large" } });
    ws.close();
  });

  it("refuses signed-out players, other sites and plain requests", async () => {
    const { cookie } = await createPlayer();
    expect((await open("abc", undefined)).status).toBe(401);
    expect((await open("abc", cookie, "https://evil.example")).status).toBe(403);
    expect((await call("/api/games/abc/ws", { cookie })).status).toBe(426);
  });
});
