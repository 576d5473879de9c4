import { describe, expect, it } from "vitest";
import type { GameSummary } from "../../game/protocol/entities";
import { call, createPlayer, ORIGIN } from "./helpers";

function open(gameId: string, cookie?: string, origin: string = ORIGIN) {
  return call(`/api/games/${gameId}/ws`, { cookie, origin: null, headers: { Upgrade: "websocket", Origin: origin } });
}

function nextMessage(ws: WebSocket, type: string): Promise<{ type: string; payload?: Record<string, unknown> }> {
  return new Promise((resolve) => {
    const listener = (event: MessageEvent) => {
      const message = JSON.parse(event.data as string);
      if (message.type !== type) return;
      ws.removeEventListener("message", listener);
      resolve(message);
    };
    ws.addEventListener("message", listener);
  });
}

async function newGame() {
  const owner = await createPlayer();
  const response = await call("/api/games", {
    method: "POST",
    cookie: owner.cookie,
    body: { game_type: "1v1", game_mode: "casual", truco_variant: "paulista" },
  });
  return { owner, game: await response.json<GameSummary>() };
}

describe("the game room socket", () => {
  it("accepts a seated player's upgrade through the app, answers ping and refuses bad frames", async () => {
    const { owner, game } = await newGame();
    const response = await open(game.id, owner.cookie);
    expect(response.status).toBe(101);
    const ws = response.webSocket!;
    ws.accept();
    const pong = nextMessage(ws, "pong");
    ws.send(JSON.stringify({ type: "ping" }));
    expect(await pong).toMatchObject({ type: "pong" });
    for (const [frame, code] of [
      ["{broken", "bad_json"],
      [JSON.stringify({ type: "launch_missiles" }), "bad_message"],
      [JSON.stringify({ type: "ping", payload: { pad: "x".repeat(5000) } }), "too_large"],
    ]) {
      const error = nextMessage(ws, "error");
      ws.send(frame);
      expect(await error).toMatchObject({ type: "error", payload: { code } });
    }
    ws.close();
  });

  it("refuses signed-out players, players without a seat, other sites and plain requests", async () => {
    const { owner, game } = await newGame();
    const stranger = await createPlayer();
    expect((await open(game.id)).status).toBe(401);
    expect((await open(game.id, stranger.cookie)).status).toBe(403);
    expect((await open(game.id, owner.cookie, "https://evil.example")).status).toBe(403);
    expect((await open("no-such-game", owner.cookie)).status).toBe(403);
    expect((await call(`/api/games/${game.id}/ws`, { cookie: owner.cookie })).status).toBe(426);
  });
});
