import { env, evictDurableObject, runDurableObjectAlarm } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import { recordKey, type GameRecord } from "../../game/protocol/record";
import type { ChatMessageView } from "../../game/protocol/entities";
import { replayHand } from "../../game/room/index";
import { call, createGame, createPlayer, expectLedgerInvariant, joinGame, recordOf, type Player } from "./helpers";
import { RoomClient, roomStub, simplePolicy } from "./room-client";
import type { Action } from "../../game/truco/index";

// Game records in R2 (docs/decisions/119-game-records-in-r2.md): a game's hands and chat live in
// its room's storage while it is played and go to the GAME_RECORDS bucket as one object when it
// ends; the chat is kept and pushed by the room and read back from the record once the game ended.

afterEach(expectLedgerInvariant);

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((x) => x.toString(16).padStart(2, "0")).join("");
}

/** Every hand, from 1 on: its seed hashes to its commitment, and its actions replayed from the seed end it as recorded. */
async function expectEveryHandRebuilt(record: GameRecord) {
  expect(record.hands.length).toBeGreaterThan(1);
  expect(record.hands.map((hand) => hand.hand)).toEqual(record.hands.map((_, i) => i + 1));
  for (const hand of record.hands) {
    expect(await sha256(hand.seed!), `hand ${hand.hand}'s seed against its commitment`).toBe(hand.commitment);
    expect(replayHand(record, hand), `hand ${hand.hand} replayed`).toEqual({ ok: true, result: hand.result });
  }
}

async function twoAtATable(variant = "paulista") {
  const [a, b] = [await createPlayer("Ana"), await createPlayer("Bia")];
  const game = await createGame(a, { game_type: "1v1", game_mode: "casual", truco_variant: variant });
  await joinGame(b, game);
  const clients = [await RoomClient.connect(game.id, a), await RoomClient.connect(game.id, b)];
  await clients[0].until(() => clients.some((client) => client.myTurn()), 5_000, "the first turn");
  return { a, b, game, clients };
}

/** Cards before calls, so that the match runs over many hands. */
function cardsFirst(legal: Action[]): Action {
  return legal.find((action) => action.type === "play_card" && !action.faceDown) ?? simplePolicy(legal);
}

/** Plays on through the sockets until every client sees the game completed. */
async function playToTheEnd(clients: RoomClient[]) {
  const stops = clients.map((client) => client.autoplay(cardsFirst));
  try {
    for (const client of clients) await client.until(() => client.state?.game.status === "completed", 60_000, "the end of the match");
  } finally {
    stops.forEach((stop) => stop());
  }
}

const chatOf = async (gameId: string, player: Player) =>
  (await call(`/api/games/${gameId}/chat`, { cookie: player.cookie })).json<ChatMessageView[]>();

describe("a finished game's record", () => {
  it("is one object in R2 that matches the game's row and rebuilds every hand from its seed", { timeout: 90_000 }, async () => {
    const { a, b, game, clients } = await twoAtATable();
    await playToTheEnd(clients);
    const record = await recordOf(game.id);
    const row = await env.DB.prepare("SELECT status, winner_team, team1_score, team2_score FROM games WHERE id = ?")
      .bind(game.id)
      .first<Record<string, unknown>>();
    expect(record.game).toMatchObject({ id: game.id, ...row, truco_variant: "paulista", game_type: "1v1" });
    expect(record.seats.map((seat) => seat.userId)).toEqual([a.user.id, b.user.id]);
    expect(record.results.map((line) => line.user_id).sort()).toEqual([a.user.id, b.user.id].sort());
    expect(record.endReason).toBe("match_over");
    await expectEveryHandRebuilt(record);
    // The same hands the players were shown as proofs during the game.
    expect(clients[0].state!.hands!.map((h) => [h.hand, h.commitment, h.seed])).toEqual(
      record.hands.map((h) => [h.hand, h.commitment, h.seed]),
    );

    // Written once: an alarm that fires again leaves the object as it was.
    const first = await env.GAME_RECORDS.head(recordKey(game.id));
    await runDurableObjectAlarm(roomStub(game.id));
    expect((await env.GAME_RECORDS.head(recordKey(game.id)))?.etag).toBe(first?.etag);
    clients.forEach((client) => client.close());
  });

  it("is whole for a room evicted mid-game: the hands dealt before the eviction are in it", { timeout: 90_000 }, async () => {
    const { game, clients } = await twoAtATable("mineiro");
    const first = clients.find((client) => client.myTurn())!;
    const card = first.state!.view!.legalActions.find((action) => action.type === "play_card") as { cardId: string };
    first.send({ type: "play_card", payload: { cardId: card.cardId } });
    await first.until(() => (first.state?.view?.roundCards.length ?? 0) === 1, 5_000, "the card on the table");

    await evictDurableObject(roomStub(game.id));
    first.send({ type: "sync", payload: { version: first.state!.version } });
    await first.nextMessage("game_state");
    await playToTheEnd(clients);
    const record = await recordOf(game.id);
    expect(record.hands[0]).toMatchObject({ hand: 1, startedAt: expect.any(String) });
    await expectEveryHandRebuilt(record);
    clients.forEach((client) => client.close());
  });
});

describe("the chat, kept by the room", () => {
  it(
    "reaches the other player's socket, comes with the page, and is read from the record once the game ended",
    { timeout: 90_000 },
    async () => {
      const { a, b, game, clients } = await twoAtATable();
      const outsider = await createPlayer("Caio");
      const listener = clients[1];
      const pushed = listener.nextMessage("chat_message");
      const sent = await call(`/api/games/${game.id}/chat`, {
        method: "POST",
        cookie: a.cookie,
        body: { message: "Bora, truco!", message_type: "text" },
      });
      expect(sent.status).toBe(201);
      const message = await sent.json<ChatMessageView>();
      expect(Object.keys(message).sort()).toEqual(["avatar_url", "created_at", "id", "message", "message_type", "nickname", "user_id"]);
      expect(message).toMatchObject({ user_id: a.user.id, nickname: a.user.nickname, message: "Bora, truco!", message_type: "text" });
      expect((await pushed).payload.message).toEqual(message);
      expect(await chatOf(game.id, b)).toEqual([message]);
      // The page brings the history for a seated player, and none for anyone else.
      expect(await (await call(`/game/${game.id}`, { cookie: b.cookie })).text()).toContain("Bora, truco!");
      expect(await (await call(`/game/${game.id}`, { cookie: outsider.cookie })).text()).not.toContain("Bora, truco!");
      expect((await call(`/api/games/${game.id}/chat`, { cookie: outsider.cookie })).status).toBe(403);

      await playToTheEnd(clients);
      const record = await recordOf(game.id);
      expect(record.chat).toEqual([message]);
      // Once the game ended, the chat is the record's: what the bucket holds is what the table reads.
      await env.GAME_RECORDS.put(recordKey(game.id), JSON.stringify({ ...record, chat: [{ ...message, message: "do registro" }] }));
      expect((await chatOf(game.id, b)).map((m) => m.message)).toEqual(["do registro"]);
      clients.forEach((client) => client.close());
    },
  );

  it("answers 404 for a table that does not exist and 403 to a player not at it, as before", async () => {
    const [a, outsider] = [await createPlayer(), await createPlayer()];
    const game = await createGame(a);
    const post = (player: Player, path: string) =>
      call(`/api/games/${path}/chat`, { method: "POST", cookie: player.cookie, body: { message: "oi", message_type: "text" } });
    expect((await post(outsider, game.id)).status).toBe(403);
    expect((await post(outsider, "00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await call(`/api/games/00000000-0000-4000-8000-000000000000/chat`, { cookie: a.cookie })).status).toBe(404);
    expect(await chatOf(game.id, a)).toEqual([]);
  });
});
