import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { LOBBY_NAME, type LobbyRpc } from "../../game/lobby/api";
import type { LobbyView } from "../../game/lobby/lobby";
import { openChannel } from "./channel-client";
import { RoomClient } from "./room-client";
import { call, CASUAL_1V1, createGame, createPlayer, joinGame } from "./helpers";

// The Lobby object (docs/decisions/123-lobby-owner-and-push.md) on workerd: rooms report their
// tables and games, channels report their players, GET /api/lobby and the home page's channel
// frames read one snapshot, and no D1 row is read for it. The lobby's pace is 200 ms here
// (LOBBY_SNAPSHOT_MS in vitest.workers.config.ts).

const lobby = () => env.LOBBY.get(env.LOBBY.idFromName(LOBBY_NAME)) as unknown as LobbyRpc;

async function lobbyOf(cookie: string): Promise<LobbyView> {
  const response = await call("/api/lobby", { cookie });
  expect(response.status).toBe(200);
  return response.json<LobbyView>();
}

/** Waits out the lobby's pace (two looks of 200 ms and the isolate's cache). */
const afterALook = () => new Promise((resolve) => setTimeout(resolve, 600));

describe("the lobby", () => {
  it("lists a public table to others (never to its creator) while a seat is free, with the spec's fields", async () => {
    const [ana, beto] = await Promise.all([createPlayer("Ana"), createPlayer("Beto")]);
    const game = await createGame(ana, { ...CASUAL_1V1, is_public: true });
    await afterALook();
    const seen = (await lobbyOf(beto.cookie)).open_tables.find((table) => table.id === game.id);
    expect(seen).toEqual({
      id: game.id,
      game_type: "1v1",
      game_mode: "casual",
      truco_variant: "paulista",
      entry_cost: 50,
      premium_only: false,
      seats_taken: 1,
      capacity: 2,
      creator_nickname: ana.user.nickname,
      creator_rating: 1000,
    });
    expect((await lobbyOf(ana.cookie)).open_tables.map((table) => table.id)).not.toContain(game.id);

    await joinGame(beto, game);
    await afterALook();
    expect((await lobbyOf(beto.cookie)).open_tables.map((table) => table.id)).not.toContain(game.id);
  });

  it("never lists a private table", async () => {
    const [ana, beto] = await Promise.all([createPlayer("Ana"), createPlayer("Beto")]);
    const game = await createGame(ana, CASUAL_1V1);
    await afterALook();
    expect((await lobbyOf(beto.cookie)).open_tables.map((table) => table.id)).not.toContain(game.id);
  });

  it("counts players online from their channels and games being played from their rooms", async () => {
    const [ana, beto] = await Promise.all([createPlayer("Ana"), createPlayer("Beto")]);
    const before = await lobby().snapshot();
    const channel = await openChannel(ana);
    const game = await createGame(ana, CASUAL_1V1);
    await joinGame(beto, game);
    const clients = await Promise.all([RoomClient.connect(game.id, ana), RoomClient.connect(game.id, beto)]);
    await afterALook();
    const during = await lobby().snapshot();
    expect(during.online).toBeGreaterThanOrEqual(before.online + 1);
    expect(during.playing).toBe(before.playing + 1);
    channel.ws.close(1000, "done");
    for (const client of clients) client.close();
  });

  it("pushes the view to a channel socket that watches it, at once and on each change", async () => {
    const [ana, beto] = await Promise.all([createPlayer("Ana"), createPlayer("Beto")]);
    const channel = await openChannel(beto);
    channel.ws.send(JSON.stringify({ type: "lobby", payload: { watch: true } }));
    const first = await channel.next("lobby");
    expect(first.payload).toMatchObject({ online: expect.any(Number), playing: expect.any(Number), open_tables: expect.any(Array) });
    const game = await createGame(ana, { ...CASUAL_1V1, is_public: true });
    const listed = await channel.next("lobby", (frame) => frame.payload.open_tables.some((table) => table.id === game.id));
    expect(listed.payload.open_tables.find((table) => table.id === game.id)).toMatchObject({ creator_nickname: ana.user.nickname });
    channel.ws.close(1000, "done");
  });
});
