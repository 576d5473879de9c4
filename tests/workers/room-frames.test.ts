import { evictDurableObject, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import { readRoom, writeRoom } from "../../game/room/host/index";
import { messagesOf, ServerMessageSchema, type ServerMessageType } from "../../game/protocol/room";
import type { Action } from "../../game/truco/index";
import { call, createGame, createPlayer, expectLedgerInvariant, joinGame } from "./helpers";
import { exactServerFrame, RoomClient, roomStub } from "./room-client";
import { SpectatorClient } from "./spectator-client";

// Real games through real sockets, and every frame the room sends checked against the protocol's
// schemas (game/protocol/room.ts): each must parse, and parse whole (no field the schema does not know),
// exactly as the game screen parses it. Together the games make the room send every kind of message.

afterEach(expectLedgerInvariant);

/**
 * Random legal moves (seeded), with a call up the truco ladder whenever one is possible half the
 * time, so that raises, answers, covered cards, envido, flor and the mazo all come up.
 */
function randomPolicy(seed: number) {
  let x = seed >>> 0 || 1;
  const next = (n: number) => {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    return x % n;
  };
  return (legal: Action[]): Action => {
    const raise = legal.find((action) => action.type === "call_truco");
    if (raise && next(2) === 0) return raise;
    return legal[next(legal.length)];
  };
}

async function playToTheEnd(clients: RoomClient[], seed: number, ms: number) {
  const stops = clients.map((client, i) => client.autoplay(randomPolicy(seed + i)));
  try {
    for (const client of clients) await client.until(() => client.state?.game.status === "completed", ms, "the end of the match");
  } finally {
    stops.forEach((stop) => stop());
  }
}

/** Every frame these sockets received is exactly a protocol message; returns the kinds seen. */
function checkFrames(clients: RoomClient[]): Set<ServerMessageType> {
  const kinds = new Set<ServerMessageType>();
  let frames = 0;
  for (const client of clients) {
    expect(client.refused).toEqual([]);
    for (const frame of client.frames) {
      const parsed = exactServerFrame(frame);
      if (!parsed.ok) expect.fail(`${parsed.problem}: ${frame.slice(0, 300)}`);
      kinds.add(parsed.message.type);
      for (const message of messagesOf(parsed.message)) kinds.add(message.type);
      frames += 1;
    }
  }
  expect(frames).toBeGreaterThan(0);
  return kinds;
}

const ALL_KINDS = ServerMessageSchema._zod.def.options.map(
  (option) => option._zod.def.shape.type._zod.def.values[0],
) as ServerMessageType[];
const seen = new Set<ServerMessageType>();

describe("every frame the room sends is a protocol message", () => {
  it("a 1v1 ranked Paulista match, from the waiting room to the result, with chat, pings, a bad frame and a reconnect", async () => {
    const [a, b] = [await createPlayer("Ana"), await createPlayer("Bia")];
    const game = await createGame(a, { game_type: "1v1", game_mode: "ranked", truco_variant: "paulista", is_public: true });
    const ana = await RoomClient.connect(game.id, a);
    await ana.nextMessage("game_state");
    // The keep-alive answered without waking the room, and a ping the room answers itself.
    ana.send({ type: "ping" });
    ana.send({ type: "ping", payload: {} });
    await ana.until(() => ana.messages.filter((m) => m.type === "pong").length >= 2, 5_000, "two pongs");
    ana.send("not a frame");
    await ana.nextMessage("error");

    const seated = ana.nextMessage("participants_updated");
    await joinGame(b, game);
    await seated;
    const bia = await RoomClient.connect(game.id, b);
    await ana.until(() => ana.state?.game.status === "active", 5_000, "the start");
    const chat = ana.nextMessage("chat_message");
    expect((await call(`/api/games/${game.id}/chat`, { method: "POST", cookie: b.cookie, body: { message: "Boa sorte!" } })).status).toBe(
      201,
    );
    await chat;
    // Someone watches (game/spectate/): the players hear how many, and the spectators' chat.
    const fan = await SpectatorClient.connect(game.id, await createPlayer("Fã"));
    await ana.until(() => ana.messages.some((m) => m.type === "spectators"), 10_000, "the count");
    const cheer = ana.nextMessage("spectator_chat");
    fan.send({ type: "chat", payload: { text: "Vai, Ana!" } });
    await cheer;

    // A turn timer runs out (its deadline moved to the past): the room plays for that player and says so.
    await ana.until(() => Boolean(ana.state?.turn), 5_000, "a turn timer");
    const timedOut = ana.nextMessage("turn_timed_out");
    const stub = roomStub(game.id);
    await runInDurableObject(stub, async (_instance, state) => {
      const room = (await readRoom(state.storage)).room!;
      room.turn!.deadline = Date.now() - 1;
      await writeRoom(state.storage, null, room);
    });
    await evictDurableObject(stub);
    await runDurableObjectAlarm(stub);
    await timedOut;

    // Bia's connection drops in the middle of the game and comes back.
    const gone = ana.nextMessage("player_disconnected");
    bia.close();
    await gone;
    const back = ana.nextMessage("player_connected");
    const biaAgain = await RoomClient.connect(game.id, b);
    await back;

    await playToTheEnd([ana, biaAgain], 1, 90_000);
    await ana.until(() => ana.messages.some((m) => m.type === "game_ended"), 5_000, "game_ended");
    for (const kind of checkFrames([ana, bia, biaAgain])) seen.add(kind);
    [ana, biaAgain, fan].forEach((client) => client.close());
  }, 120_000);

  it("a 2v2 Argentino match on four sockets (envido, flor, the mazo, covered cards)", async () => {
    const players = [await createPlayer("A"), await createPlayer("B"), await createPlayer("C"), await createPlayer("D")];
    const game = await createGame(players[0], { game_type: "2v2", game_mode: "casual", truco_variant: "argentino" });
    for (const player of players.slice(1)) await joinGame(player, game);
    const clients = await Promise.all(players.map((player) => RoomClient.connect(game.id, player)));
    await playToTheEnd(clients, 2, 150_000);
    for (const kind of checkFrames(clients)) seen.add(kind);
    clients.forEach((client) => client.close());
  }, 180_000);

  it("a casual Mineiro table filled with computer players, and a Gaúcho practice game against the computer", async () => {
    const a = await createPlayer("Humano");
    const table = await createGame(a, { game_type: "2v2", game_mode: "casual", truco_variant: "mineiro" });
    const host = await RoomClient.connect(table.id, a);
    await host.nextMessage("game_state");
    expect((await call(`/api/games/${table.id}/bots`, { method: "POST", cookie: a.cookie, body: { bot_level: "hard" } })).status).toBe(200);
    await playToTheEnd([host], 3, 120_000);

    const b = await createPlayer("Treino");
    const practice = await createGame(b, {
      game_type: "1v1",
      game_mode: "casual",
      truco_variant: "gaucho",
      vs_computer: true,
      bot_level: "easy",
    });
    const trainee = await RoomClient.connect(practice.id, b);
    await playToTheEnd([trainee], 4, 120_000);
    for (const kind of checkFrames([host, trainee])) seen.add(kind);
    [host, trainee].forEach((client) => client.close());
  }, 240_000);

  it("together, the games above received every kind of message the protocol names", () => {
    expect([...seen].sort()).toEqual([...ALL_KINDS].sort());
  });
});
