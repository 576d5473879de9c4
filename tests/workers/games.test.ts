import { expectConsoleWarning } from "../support/console";
import { env, evictDurableObject, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import { eventsOf, messagesOf, type ServerMessage } from "../../game/protocol/room";
import type { Room } from "../../game/room/index";
import { PLAY_KEY, readRoom, ROOM_KEY, writeRoom } from "../../game/room/host/index";
import type { AssignedSeat, RoomRpc } from "../../game/room/api";
import { gameRef } from "../../db/ledger";
import type { PlayerChannelRpc } from "../../game/channel/api";
import { LEASE_KEY } from "../../game/channel/seat-and-queue";
import { newGame, summaryOf } from "~/services/games.server";
import { games } from "../../db/schema";
import { call, createGame, createPlayer, expectLedgerInvariant, recordOf, testContext, userRow, type Player } from "./helpers";
import { cardIdsIn, RoomClient, roomStub, simplePolicy } from "./room-client";

afterEach(expectLedgerInvariant);

async function join(player: Player, code: string) {
  return call("/api/games/join", { method: "POST", cookie: player.cookie, body: { game_code: code } });
}

async function ledgerRows(gameId: string) {
  const { results } = await env.DB.prepare(
    "SELECT user_id, amount, transaction_type, idempotency_key FROM coin_transactions WHERE ref = ? ORDER BY id",
  )
    .bind(gameRef(gameId))
    .all<{ user_id: string; amount: number; transaction_type: string; idempotency_key: string }>();
  return results;
}

async function gameRow(id: string) {
  return env.DB.prepare("SELECT * FROM games WHERE id = ?").bind(id).first<Record<string, unknown>>();
}

/** The room over DO RPC, as the app (and later the tournament and matchmaking objects) call it. */
function roomRpc(gameId: string) {
  return roomStub(gameId) as unknown as DurableObjectStub<RoomRpc & Rpc.DurableObjectBranded>;
}

/** The room's stored state, read with the room core's own type (private to the room; tests only). */
async function storedRoom(gameId: string): Promise<Room> {
  return runInDurableObject(roomStub(gameId), async (_instance, state) => (await readRoom(state.storage)).room!);
}

/** Moves the room's clocks (deadlines are stored epoch ms), then lets it reload from storage as after an eviction. */
async function editRoom(gameId: string, edit: (room: Room) => void): Promise<void> {
  const stub = roomStub(gameId);
  await runInDurableObject(stub, async (_instance, state) => {
    const room = (await readRoom(state.storage)).room!;
    edit(room);
    await writeRoom(state.storage, null, room);
  });
  await evictDurableObject(stub);
}

/** Plays a whole match through the sockets until every client sees game_over. */
async function playToTheEnd(clients: RoomClient[], ms = 60_000, policy?: Parameters<RoomClient["autoplay"]>[0]) {
  const stops = clients.map((client) => client.autoplay(policy));
  try {
    for (const client of clients) {
      await client.until(() => client.state?.game.status === "completed", ms, "the end of the match");
    }
  } finally {
    stops.forEach((stop) => stop());
  }
}

/** Two players at a casual 1v1, both connected, once the first turn's timer is running. */
async function onATurnTimer() {
  const [a, b] = [await createPlayer(), await createPlayer()];
  const game = await createGame(a, { game_type: "1v1", game_mode: "casual", truco_variant: "international" });
  await join(b, game.game_code);
  const clients = [await RoomClient.connect(game.id, a), await RoomClient.connect(game.id, b)];
  await clients[0].until(() => Boolean(clients[0].state?.turn), 5_000, "a turn timer");
  return { a, b, game, clients, turn: clients[0].state!.turn! };
}

/**
 * No state a player held, and no frame a player received (full state or delta, ADR 055), holds a
 * card that was, at that version, in another player's hand.
 */
function expectNoLeakedCards(clients: RoomClient[]) {
  const handsAt = new Map<number, Map<string, string[]>>();
  for (const client of clients) {
    for (const state of client.states) {
      if (!state.view) continue;
      const own = state.view.players[client.userId]?.hand ?? [];
      const ids = own.flatMap((card) => ("id" in card ? [card.id] : []));
      const byPlayer = handsAt.get(state.version) ?? new Map();
      byPlayer.set(client.userId, ids);
      handsAt.set(state.version, byPlayer);
    }
  }
  let checked = 0;
  const othersAt = (client: RoomClient, version: number) => [...(handsAt.get(version) ?? [])].filter(([owner]) => owner !== client.userId);
  for (const client of clients) {
    for (const state of client.states) {
      if (!state.view) continue;
      for (const [id, player] of Object.entries(state.view.players)) {
        if (id !== client.userId) expect(player.hand.every((card) => JSON.stringify(card) === '{"hidden":true}')).toBe(true);
      }
      const seen = cardIdsIn(state);
      for (const [owner, ids] of othersAt(client, state.version)) {
        for (const id of ids) expect(seen.has(id), `${client.userId} saw ${owner}'s ${id}`).toBe(false);
        checked += ids.length;
      }
    }
    for (const frame of client.frames) {
      const messages = messagesOf(JSON.parse(frame) as ServerMessage);
      const stateMessage = messages.find((m) => m.type === "game_state" || m.type === "game_state_delta");
      if (!stateMessage) continue;
      // A card played face up is public. Card ids name a rank and a suit, so when one frame carries
      // the last card of a hand and the state after the next deal, that card can be in someone's new hand.
      const played = new Set(
        messages
          .flatMap(eventsOf)
          .flatMap((event) => (event.type === "card_played" && !event.faceDown && "id" in event.card ? [event.card.id] : [])),
      );
      for (const [owner, ids] of othersAt(client, stateMessage.payload.version)) {
        for (const id of ids) {
          if (!played.has(id)) expect(frame.includes(`"${id}"`), `${client.userId}'s frame showed ${owner}'s ${id}`).toBe(false);
        }
        checked += ids.length;
      }
    }
  }
  expect(checked).toBeGreaterThan(0);
}

/** ADR 031: every new version is published, so a client connected throughout holds them all, one by one (never a gap to sync over). */
function expectEveryVersion(clients: RoomClient[]) {
  for (const client of clients) {
    const versions = client.states.map((state) => state.version);
    expect(versions.length).toBeGreaterThan(10);
    expect(versions.filter((v, i) => i > 0 && v !== versions[i - 1] + 1)).toEqual([]);
    expect(client.gaps).toBe(0);
  }
}

/**
 * Fairness: each hand's seed is in no frame before that hand's end (the game_event carrying its
 * hand_ended reveals it, and that frame must hold it), and the match seed, from which every hand's
 * seed derives, is in no frame at all.
 */
async function expectSeedsSecret(clients: RoomClient[], gameId: string) {
  const hands = (await recordOf(gameId)).hands.map((hand) => ({ hand_number: hand.hand, seed: hand.seed! }));
  expect(hands.length).toBeGreaterThan(0);
  expect(hands.every((hand) => /^[0-9a-f]{32}$/.test(hand.seed))).toBe(true);
  const matchSeed = (await storedRoom(gameId)).match!.seed;
  expect(matchSeed).toMatch(/^[0-9a-f]{64}$/);
  let secretChecks = 0;
  for (const client of clients) {
    const ended = new Set<number>();
    for (const frame of client.frames) {
      expect(frame.includes(matchSeed), "the match seed left the room").toBe(false);
      const endingHere = messagesOf(JSON.parse(frame) as ServerMessage)
        .flatMap(eventsOf)
        .flatMap((e) => (e.type === "hand_ended" ? [e.handNumber] : []));
      for (const hand of hands) {
        if (ended.has(hand.hand_number)) continue;
        if (endingHere.includes(hand.hand_number)) {
          expect(frame.includes(hand.seed), `hand ${hand.hand_number}'s end reveals its seed`).toBe(true);
          ended.add(hand.hand_number);
        } else {
          expect(frame.includes(hand.seed), `${client.userId} saw hand ${hand.hand_number}'s seed before it ended`).toBe(false);
          secretChecks += 1;
        }
      }
    }
    expect([...ended].sort((x, y) => x - y)).toEqual(hands.map((hand) => hand.hand_number));
  }
  expect(secretChecks).toBeGreaterThan(0);
}

describe("creating and joining", () => {
  it("creates a game with the server's entry cost, seats the creator and debits the entry", async () => {
    const ana = await createPlayer("Ana");
    const game = await createGame(ana, { game_type: "1v1", game_mode: "ranked", entry_cost: 1, truco_variant: "paulista" });
    expect(game).toMatchObject({ status: "waiting", game_type: "1v1", game_mode: "ranked", entry_cost: 100, capacity: 2 });
    expect(game.game_code).toMatch(/^[A-HJ-NP-Z2-9]{6}$/);
    expect((await userRow(ana.user.id))?.virtual_coins).toBe(900);
    const participants = await (await call(`/api/games/${game.id}/participants`, { cookie: ana.cookie })).json<unknown[]>();
    expect(participants).toEqual([expect.objectContaining({ user_id: ana.user.id, seat: 0, team: "team1", nickname: ana.user.nickname })]);
    expect(await (await call(`/api/games/${game.id}`, { cookie: ana.cookie })).json()).toMatchObject({ id: game.id, status: "waiting" });
  });

  it("refuses bad bodies and players who cannot pay, writing nothing", async () => {
    const poor = await createPlayer("Pobre");
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO coin_transactions (user_id, amount, transaction_type, description, idempotency_key) VALUES (?, -980, 'admin_adjustment', 'test', ?)",
      ).bind(poor.user.id, `test:${poor.user.id}`),
      env.DB.prepare("UPDATE users SET virtual_coins = 20 WHERE id = ?").bind(poor.user.id),
    ]);
    const before = await env.DB.prepare("SELECT COUNT(*) AS n FROM games").first<{ n: number }>();
    const broke = await call("/api/games", {
      method: "POST",
      cookie: poor.cookie,
      body: { game_type: "1v1", game_mode: "casual", truco_variant: "mineiro" },
    });
    expect(broke.status).toBe(400);
    expect(await broke.json()).toEqual({ error: "Moedas insuficientes. Você precisa de 50 moedas para criar este jogo." });
    for (const body of [
      { game_type: "3v3", game_mode: "casual", truco_variant: "paulista" },
      { game_type: "1v1", game_mode: "tournament", truco_variant: "paulista" },
      { game_type: "1v1", game_mode: "casual", truco_variant: "buraco" },
      {},
    ]) {
      expect((await call("/api/games", { method: "POST", cookie: poor.cookie, body })).status).toBe(400);
    }
    const after = await env.DB.prepare("SELECT COUNT(*) AS n FROM games").first<{ n: number }>();
    expect(after?.n).toBe(before?.n);
    expect((await userRow(poor.user.id))?.virtual_coins).toBe(20);
  });

  it("answers clear errors for unknown codes, full and started tables", async () => {
    const [a, b, c] = [await createPlayer(), await createPlayer(), await createPlayer()];
    const unknown = await join(a, "ZZZZZZ");
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: "Jogo não encontrado" });
    expect((await join(a, "abc")).status).toBe(400);
    const game = await createGame(a, { game_type: "1v1", game_mode: "casual", truco_variant: "paulista" });
    expect(await (await join(b, game.game_code.toLowerCase())).json()).toEqual({ game_id: game.id });
    // Joining again is harmless: the same seat.
    expect((await join(b, game.game_code)).status).toBe(200);
    const full = await join(c, game.game_code);
    expect(full.status).toBe(409);
    expect((await userRow(c.user.id))?.virtual_coins).toBe(1000);
  });

  it("seats exactly two of three players racing for a 1v1, and only they pay", async () => {
    const [a, b, c, d] = [await createPlayer(), await createPlayer(), await createPlayer(), await createPlayer()];
    const game = await createGame(a, { game_type: "1v1", game_mode: "casual", truco_variant: "paulista" });
    const answers = await Promise.all([join(b, game.game_code), join(c, game.game_code), join(d, game.game_code)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409]);
    const seated = await env.DB.prepare("SELECT user_id FROM game_players WHERE game_id = ?").bind(game.id).all<{ user_id: string }>();
    expect(seated.results).toHaveLength(2);
    const entries = (await ledgerRows(game.id)).filter((row) => row.transaction_type === "game_entry");
    expect(entries.map((row) => row.user_id).sort()).toEqual(seated.results.map((row) => row.user_id).sort());
    for (const player of [b, c, d]) {
      const paid = seated.results.some((row) => row.user_id === player.user.id);
      expect((await userRow(player.user.id))?.virtual_coins).toBe(paid ? 950 : 1000);
    }
  });

  it("lets only premium members open and join an exclusive table, writing nothing on a refusal", async () => {
    const [member, other, plain] = [await createPlayer(), await createPlayer(), await createPlayer()];
    for (const player of [member, other]) {
      await env.DB.prepare("UPDATE users SET premium_until = ? WHERE id = ?").bind("2999-01-01T00:00:00.000Z", player.user.id).run();
    }
    const body = { game_type: "1v1", game_mode: "casual", truco_variant: "paulista", premium_only: true };
    const before = await env.DB.prepare("SELECT COUNT(*) AS n FROM games").first<{ n: number }>();
    const refused = await call("/api/games", { method: "POST", cookie: plain.cookie, body });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: "Só assinantes Premium podem criar mesas exclusivas" });
    expect((await env.DB.prepare("SELECT COUNT(*) AS n FROM games").first<{ n: number }>())?.n).toBe(before?.n);

    const game = await createGame(member, body);
    expect(game.premium_only).toBe(true);
    const shut = await join(plain, game.game_code);
    expect(shut.status).toBe(403);
    expect(await shut.json()).toEqual({ error: "Esta é uma mesa exclusiva para assinantes Premium" });
    expect((await userRow(plain.user.id))?.virtual_coins).toBe(1000);
    // The room refuses on its own too, whatever the app in front of it checked.
    const direct = await roomRpc(game.id).join({
      userId: plain.user.id,
      nickname: "x",
      avatarUrl: null,
      isPremium: false,
      rating: 1000,
    });
    expect(direct).toEqual({ ok: false, error: "premium_only" });
    expect((await ledgerRows(game.id)).map((row) => row.user_id)).toEqual([member.user.id]);

    expect(await (await join(other, game.game_code)).json()).toEqual({ game_id: game.id });
    expect((await userRow(other.user.id))?.virtual_coins).toBe(950);
  });

  it("returns the entry to a player who leaves a waiting room, and closes an empty one", async () => {
    const [a, b] = [await createPlayer(), await createPlayer()];
    const game = await createGame(a, { game_type: "2v2", game_mode: "ranked", truco_variant: "gaucho" });
    await join(b, game.game_code);
    expect((await userRow(b.user.id))?.virtual_coins).toBe(900);
    expect((await call(`/api/games/${game.id}/leave`, { method: "POST", cookie: b.cookie })).status).toBe(200);
    expect((await userRow(b.user.id))?.virtual_coins).toBe(1000);
    expect((await join(b, game.game_code)).status).toBe(409);
    expect((await call(`/api/games/${game.id}/leave`, { method: "POST", cookie: a.cookie })).status).toBe(200);
    expect((await gameRow(game.id))?.status).toBe("cancelled");
    expect((await userRow(a.user.id))?.virtual_coins).toBe(1000);
  });
});

describe("one table at a time under concurrency (ADR 089)", () => {
  it("seats a player at exactly one of the tables they join and open all at once, debiting one entry", async () => {
    const player = await createPlayer("Apressada");
    const hosts = await Promise.all(Array.from({ length: 5 }, (_, i) => createPlayer(`Mesa ${i}`)));
    const tables = await Promise.all(
      hosts.map((host) => createGame(host, { game_type: "2v2", game_mode: "casual", truco_variant: "paulista" })),
    );
    const answers = await Promise.all([
      ...tables.map((table) => join(player, table.game_code)),
      ...Array.from({ length: 3 }, () =>
        call("/api/games", {
          method: "POST",
          cookie: player.cookie,
          body: { game_type: "1v1", game_mode: "casual", truco_variant: "mineiro" },
        }),
      ),
    ]);
    const statuses = answers.map((answer) => answer.status);
    expect(
      statuses.filter((status) => status === 200 || status === 201),
      statuses.join(","),
    ).toHaveLength(1);
    const refused = answers.filter((answer) => answer.status === 409);
    expect(refused).toHaveLength(answers.length - 1);
    for (const answer of refused) expect(await answer.json<{ code: string }>()).toMatchObject({ code: "already_seated" });
    const seats = await env.DB.prepare("SELECT COUNT(*) AS n FROM game_players WHERE user_id = ?")
      .bind(player.user.id)
      .first<{ n: number }>();
    expect(seats?.n).toBe(1);
    // A casual entry is 50 (ENTRY_COST): one entry, not two.
    expect((await userRow(player.user.id))?.virtual_coins).toBe(950);
    // Every lease was given back (the player's channel holds none).
    const channel = env.PLAYER_CHANNEL.get(env.PLAYER_CHANNEL.idFromName(player.user.id));
    expect(await runInDurableObject(channel, (_instance, state) => state.storage.get(LEASE_KEY))).toBeUndefined();
  });

  it("the seat lease lives in the player's channel and survives its eviction", async () => {
    const player = await createPlayer("Lease");
    const stub = env.PLAYER_CHANNEL.get(env.PLAYER_CHANNEL.idFromName(player.user.id));
    const lease = stub as unknown as PlayerChannelRpc;
    expect(await lease.claimSeat("create:first", 20)).toBe(true);
    await evictDurableObject(stub);
    // Held across the eviction: another request of this player is refused, at the REST API too.
    expect(await lease.claimSeat("create:second", 20)).toBe(false);
    const refused = await call("/api/games", {
      method: "POST",
      cookie: player.cookie,
      body: { game_type: "1v1", game_mode: "casual", truco_variant: "mineiro" },
    });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ code: "already_seated" });
    await lease.releaseSeat("create:first");
    expect(await lease.claimSeat("create:second", 20)).toBe(true);
    await lease.releaseSeat("create:second");
  });
});

describe("playing through the room", () => {
  it("plays a whole 1v1 match and settles it once: pot, Elo, stats, history", async () => {
    const [a, b] = [await createPlayer("Alice"), await createPlayer("Bruno")];
    const game = await createGame(a, { game_type: "1v1", game_mode: "ranked", truco_variant: "paulista" });
    await join(b, game.game_code);
    const clients = [await RoomClient.connect(game.id, a), await RoomClient.connect(game.id, b)];
    await clients[0].until(() => clients[0].state?.game.status === "active", 5_000, "the start");
    await playToTheEnd(clients);
    expectNoLeakedCards(clients);
    await expectSeedsSecret(clients, game.id);

    const row = await gameRow(game.id);
    expect(row).toMatchObject({ status: "completed" });
    const winner = row!.winner_team as string;
    const winnerPlayer = winner === "team1" ? a : b;
    const loserPlayer = winner === "team1" ? b : a;
    expect(await userRow(winnerPlayer.user.id)).toMatchObject({ virtual_coins: 1100, games_played: 1, games_won: 1, ranking_points: 1016 });
    expect(await userRow(loserPlayer.user.id)).toMatchObject({ virtual_coins: 900, games_played: 1, games_lost: 1, ranking_points: 984 });
    expect(clients[0].messages.some((m) => m.type === "game_ended")).toBe(true);

    // Settlement happens once, whatever fires again.
    await runDurableObjectAlarm(roomStub(game.id));
    await runDurableObjectAlarm(roomStub(game.id));
    expect((await storedRoom(game.id)).settled).toBe(true);
    expect((await roomRpc(game.id).snapshot(null))?.game).toMatchObject({ status: "completed", winner_team: winner });
    const payouts = (await ledgerRows(game.id)).filter((r) => r.transaction_type === "game_win");
    expect(payouts).toEqual([expect.objectContaining({ user_id: winnerPlayer.user.id, amount: 200 })]);

    const history = await (await call("/api/games/history", { cookie: winnerPlayer.cookie })).json<Record<string, unknown>[]>();
    expect(history[0]).toMatchObject({ id: game.id, game_type: "1v1", game_mode: "ranked", result: "win", coins_change: 100 });
    // Every hand's seed was committed when dealt and revealed when it ended.
    const hands = { results: (await recordOf(game.id)).hands.map((hand) => ({ seed_commitment: hand.commitment, seed: hand.seed! })) };
    expect(hands.results.length).toBeGreaterThan(0);
    for (const hand of hands.results) {
      const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(hand.seed));
      expect([...new Uint8Array(digest)].map((x) => x.toString(16).padStart(2, "0")).join("")).toBe(hand.seed_commitment);
    }
    // The proofs a player holds, rebuilt frame by frame (a delta carries them only when they change), are the stored ones.
    const seen = clients[0].state!.hands ?? [];
    expect(seen.map((h) => [h.commitment, h.seed])).toEqual(hands.results.map((h) => [h.seed_commitment, h.seed]));
    const deltas = clients[0].messages.flatMap((m) => (m.type === "game_state_delta" ? [m.payload] : []));
    expect(deltas.filter((delta) => "hands" in delta.patch).length).toBeLessThan(deltas.length / 2);
    clients.forEach((client) => client.close());
  });

  it("plays a whole 2v2 match and splits the pot", { timeout: 90_000 }, async () => {
    const players = [await createPlayer("A"), await createPlayer("B"), await createPlayer("C"), await createPlayer("D")];
    const game = await createGame(players[0], { game_type: "2v2", game_mode: "casual", truco_variant: "paulista" });
    for (const player of players.slice(1)) expect((await join(player, game.game_code)).status).toBe(200);
    const clients = await Promise.all(players.map((player) => RoomClient.connect(game.id, player)));
    await playToTheEnd(clients, 60_000);
    expectNoLeakedCards(clients);
    expectEveryVersion(clients);
    await expectSeedsSecret(clients, game.id);
    const row = await gameRow(game.id);
    const seats = await env.DB.prepare("SELECT user_id, team, result, coins_change FROM game_players WHERE game_id = ?")
      .bind(game.id)
      .all<{ user_id: string; team: string; result: string; coins_change: number }>();
    for (const seat of seats.results) {
      const won = seat.team === row!.winner_team;
      expect(seat).toMatchObject({ result: won ? "win" : "loss", coins_change: won ? 50 : -50 });
      expect((await userRow(seat.user_id))?.virtual_coins).toBe(won ? 1050 : 950);
    }
    clients.forEach((client) => client.close());
  });

  it("answers bad frames with an error and changes nothing; a flood is closed with 1008", async () => {
    // The room tells operators of every socket it closes for abuse.
    expectConsoleWarning(/"event":"socket_closed_for_abuse"/);
    const [a, b] = [await createPlayer(), await createPlayer()];
    const game = await createGame(a, { game_type: "1v1", game_mode: "casual", truco_variant: "mineiro" });
    await join(b, game.game_code);
    const [ca, cb] = [await RoomClient.connect(game.id, a), await RoomClient.connect(game.id, b)];
    await ca.until(() => Boolean(ca.state?.view), 5_000, "the first deal");
    await ca.until(() => Boolean(ca.state?.view && cb.state?.view) && (ca.myTurn() || cb.myTurn()), 5_000, "the first turn");
    const waiting = ca.myTurn() ? cb : ca;
    const version = waiting.state!.version;
    const badFrames = [
      "not json",
      JSON.stringify({ type: "play_card" }),
      JSON.stringify({ type: "play_card", payload: { cardId: "Zz" } }),
      JSON.stringify({ type: "play_card", payload: { cardId: "4c", playerId: a.user.id } }),
      JSON.stringify({ type: "respond_truco", payload: { response: "maybe" } }),
      JSON.stringify({ type: "ping", payload: { pad: "x".repeat(5000) } }),
    ];
    for (const frame of badFrames) {
      waiting.send(frame);
      const error = await waiting.nextMessage("error");
      expect(error.payload.message).toEqual(expect.any(String));
    }
    // Out of turn: a real card of the player's own hand, but not their turn.
    const own = waiting.state!.view!.players[waiting.userId].hand[0] as { id: string };
    waiting.send({ type: "play_card", payload: { cardId: own.id } });
    expect((await waiting.nextMessage("error")).payload.code).toBe("not_your_turn");
    waiting.send({ type: "sync", payload: { version: 0 } });
    await waiting.nextMessage("game_state");
    expect(waiting.state!.version).toBe(version);

    for (let i = 0; i < 60; i++) waiting.send({ type: "sync" });
    await waiting.until(() => waiting.closed !== null, 5_000, "the flood close");
    expect(waiting.closed?.code).toBe(1008);
    ca.close();
    cb.close();
  });

  it("plays a whole 1v1 Argentino match (Spanish deck, envido, flor) with no card leaked", { timeout: 90_000 }, async () => {
    const [a, b] = [await createPlayer(), await createPlayer()];
    const game = await createGame(a, { game_type: "1v1", game_mode: "casual", truco_variant: "argentino" });
    await join(b, game.game_code);
    const clients = [await RoomClient.connect(game.id, a), await RoomClient.connect(game.id, b)];
    // Sing envido whenever it can be sung, so the side bets are played too.
    await playToTheEnd(clients, 80_000, (legal) => legal.find((action) => action.type === "call_envido") ?? simplePolicy(legal));
    expectNoLeakedCards(clients);
    await expectSeedsSecret(clients, game.id);
    const events = clients[0].messages.flatMap(eventsOf);
    expect(events.some((event) => event.type.startsWith("envido") || event.type.startsWith("flor"))).toBe(true);
    clients.forEach((client) => client.close());
  });

  it("rebuilds an evicted room from storage and goes on with the same match", async () => {
    const [a, b] = [await createPlayer(), await createPlayer()];
    const game = await createGame(a, { game_type: "1v1", game_mode: "casual", truco_variant: "paulista" });
    await join(b, game.game_code);
    const clients = [await RoomClient.connect(game.id, a), await RoomClient.connect(game.id, b)];
    await clients[0].until(() => clients.some((client) => client.myTurn()), 5_000, "the first turn");
    // One card played, so the room is mid-hand.
    const first = clients.find((client) => client.myTurn())!;
    const card = first.state!.view!.legalActions.find((action) => action.type === "play_card")!;
    first.send({ type: "play_card", payload: { cardId: (card as { cardId: string }).cardId } });
    await first.until(() => (first.state?.view?.roundCards.length ?? 0) === 1, 5_000, "the card on the table");
    const before = {
      version: first.state!.version,
      hand: first.state!.view!.players[first.userId].hand,
      round: first.state!.view!.currentRound,
    };

    await evictDurableObject(roomStub(game.id));
    first.send({ type: "sync", payload: { version: before.version } });
    await first.nextMessage("game_state");
    expect(first.state!.view!.players[first.userId].hand).toEqual(before.hand);
    expect(first.state!.view!.currentRound).toBe(before.round);
    expect(first.state!.view!.roundCards).toHaveLength(1);
    await playToTheEnd(clients);
    expect((await gameRow(game.id))?.status).toBe("completed");
    clients.forEach((client) => client.close());
  });

  it("goes on with a room an earlier version stored whole, and stores it in two parts from its next move (ADR 109)", async () => {
    const { game, clients, turn } = await onATurnTimer();
    const mover = clients.find((client) => client.userId === turn.playerId)!;
    await mover.until(() => mover.myTurn(), 5_000, "the first turn on the mover's socket");
    const stub = roomStub(game.id);
    // The room as the version before the split stored it: one value, the whole room, under "room".
    const whole = await runInDurableObject(stub, async (_instance, state) => {
      const { room, whole } = await readRoom(state.storage);
      expect(whole).toBe(false);
      await state.storage.delete(PLAY_KEY);
      await state.storage.put(ROOM_KEY, room);
      return room!;
    });
    await evictDurableObject(stub);

    const card = mover.state!.view!.legalActions.find((action) => action.type === "play_card") as { cardId: string };
    mover.send({ type: "play_card", payload: { cardId: card.cardId } });
    await mover.until(() => mover.state!.version > whole.version, 5_000, "the move on the room read from the old shape");
    expect(mover.state!.view!.roundCards).toHaveLength(1);
    const stored = await runInDurableObject(stub, async (_instance, state) => ({
      table: await state.storage.get<Record<string, unknown>>(ROOM_KEY),
      ...(await readRoom(state.storage)),
    }));
    expect(stored.whole).toBe(false);
    expect(stored.table).not.toHaveProperty("match");
    expect(stored.room!.version).toBe(mover.state!.version);
    await playToTheEnd(clients);
    expect((await gameRow(game.id))?.status).toBe("completed");
    clients.forEach((client) => client.close());
  });

  it("after an eviction, sends the sockets it kept their next state as a delta on the stored room (ADR 105)", async () => {
    const [a, b] = [await createPlayer(), await createPlayer()];
    const game = await createGame(a, { game_type: "1v1", game_mode: "casual", truco_variant: "paulista" });
    await join(b, game.game_code);
    const clients = [await RoomClient.connect(game.id, a), await RoomClient.connect(game.id, b)];
    // Both sockets hold the started match, at the same version, before the room is evicted.
    await clients[0].until(
      () => clients.every((client) => client.state?.view) && clients.some((client) => client.myTurn()),
      5_000,
      "the first turn",
    );
    const version = Math.max(...clients.map((client) => client.state!.version));
    await Promise.all(clients.map((client) => client.until(() => client.state?.version === version, 5_000, "the same version")));

    await evictDurableObject(roomStub(game.id));
    const seen = clients.map((client) => client.messages.length);
    const mover = clients.find((client) => client.myTurn())!;
    const card = mover.state!.view!.legalActions.find((action) => action.type === "play_card") as { cardId: string };
    mover.send({ type: "play_card", payload: { cardId: card.cardId } });
    for (const [i, client] of clients.entries()) {
      await client.until(() => client.state!.version > version, 5_000, "the card's state");
      const states = client.messages.slice(seen[i]).filter((m) => m.type === "game_state" || m.type === "game_state_delta");
      expect(states.map((m) => m.type)).toEqual(["game_state_delta"]);
      expect(client.gaps).toBe(0);
      expect(client.state).toEqual(await roomRpc(game.id).snapshot(client.userId));
    }
    clients.forEach((client) => client.close());
  });

  it("plays for a player whose turn timer ran out, and lets a bot hold a seat after the grace", async () => {
    const { a, b, game, clients, turn } = await onATurnTimer();
    expect(turn.seconds).toBe(30);
    expect(turn.deadline).toBeGreaterThan(Date.now());
    const version = clients[0].state!.version;

    const stub = roomStub(game.id);
    await editRoom(game.id, (room) => {
      room.turn!.deadline = Date.now() - 1;
    });
    await runDurableObjectAlarm(stub);
    const timedOut = clients.find((client) => client.userId === turn.playerId)!;
    await timedOut.until(() => timedOut.state!.version > version, 5_000, "the timeout move");
    expect(timedOut.state!.view!.actionCount).toBeGreaterThan(0);

    // The other player goes away; after the grace a computer player holds the seat.
    const away = clients.find((client) => client !== timedOut)!;
    const stay = timedOut;
    away.close();
    await stay.nextMessage("player_disconnected");
    await editRoom(game.id, (room) => {
      for (const seat of room.seats) if (seat.userId === away.userId) seat.awaySince = Date.now() - 61_000;
    });
    await runDurableObjectAlarm(stub);
    await stay.until(() => stay.state!.participants.some((p) => p.user_id === away.userId && p.bot_controlled), 5_000, "the bot takeover");

    // Back again: the seat is handed back.
    const back = await RoomClient.connect(game.id, away.userId === a.user.id ? a : b);
    await back.until(
      () => Boolean(back.state?.participants.some((p) => p.user_id === away.userId && !p.bot_controlled)),
      5_000,
      "the seat handed back",
    );
    back.close();
    stay.close();
  });

  it("ends a timed-out turn at its real deadline when its alarm fires early (ADR 096, 102)", async () => {
    const { game, clients, turn } = await onATurnTimer();
    const timedOut = clients.find((client) => client.userId === turn.playerId)!;
    const stub = roomStub(game.id);

    // A short turn clock: the turn now ends 1.5 s from here, while the alarm stored at the turn's
    // start is 30 s away. Running that alarm now is an alarm firing early.
    const deadline = Date.now() + 1_500;
    await editRoom(game.id, (room) => {
      room.turn!.deadline = deadline;
    });
    const before = await storedRoom(game.id);
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    // Nothing was due: the room is as it was, nobody was played for, and the alarm is armed again
    // at or before the real deadline (never dropped, never later).
    expect(await storedRoom(game.id)).toEqual(before);
    expect(timedOut.messages.some((message) => message.type === "turn_timed_out")).toBe(false);
    const armed = await runInDurableObject(stub, (_instance, state) => state.storage.getAlarm());
    expect(armed).not.toBeNull();
    expect(armed!).toBeLessThanOrEqual(deadline);

    // At the real deadline the turn times out: by the re-armed alarm on its own, or driven here.
    const played = timedOut.nextMessage("turn_timed_out", 10_000);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, deadline - Date.now() + 50)));
    await runDurableObjectAlarm(stub);
    await played;
    expect(Date.now()).toBeGreaterThanOrEqual(deadline);
    expect((await storedRoom(game.id)).turn?.deadline ?? Infinity).toBeGreaterThan(deadline);
    for (const client of clients) client.close();
  });

  it("cancels a waiting room after 10 idle minutes and returns every entry", async () => {
    const [a, b] = [await createPlayer(), await createPlayer()];
    const game = await createGame(a, { game_type: "2v2", game_mode: "ranked", truco_variant: "paulista" });
    await join(b, game.game_code);
    const stub = roomStub(game.id);
    expect((await storedRoom(game.id)).idleDeadline).toBeGreaterThan(Date.now() + 9 * 60_000);
    await editRoom(game.id, (room) => {
      room.idleDeadline = Date.now() - 1;
    });
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect(await gameRow(game.id)).toMatchObject({ status: "cancelled", end_reason: "idle" });
    for (const player of [a, b]) expect((await userRow(player.user.id))?.virtual_coins).toBe(1000);
    const returns = (await ledgerRows(game.id)).filter((row) => row.transaction_type === "game_refund");
    expect(returns).toHaveLength(2);
    // A second alarm changes nothing.
    await runDurableObjectAlarm(stub);
    expect((await ledgerRows(game.id)).filter((row) => row.transaction_type === "game_refund")).toHaveLength(2);
  });
});

describe("rooms the server creates with their seats assigned", () => {
  async function assignedGame(owner: Player, body: Record<string, unknown> = {}) {
    const row = newGame(owner.user, { game_type: "1v1", game_mode: "casual", truco_variant: "paulista", ...body });
    await testContext().db.insert(games).values(row);
    return summaryOf(row);
  }
  const seatOf = (player: Player, entry: number): AssignedSeat => ({
    userId: player.user.id,
    nickname: player.user.nickname,
    avatarUrl: null,
    isPremium: false,
    rating: player.user.ranking_points,
    entry,
  });

  it("seats only the assigned players with their entries and starts when both are there", async () => {
    const [a, b, c] = [await createPlayer(), await createPlayer(), await createPlayer()];
    const game = await assignedGame(a);
    const room = roomRpc(game.id);
    expect(await room.openAssigned(game, [seatOf(a, 50), seatOf(b, 50)], { noShowSeconds: 120 })).toEqual({ ok: true });
    expect(await room.openAssigned(game, [seatOf(a, 50), seatOf(b, 50)])).toEqual({ ok: true });
    for (const player of [a, b]) expect((await userRow(player.user.id))?.virtual_coins).toBe(950);
    expect((await ledgerRows(game.id)).map((row) => row.transaction_type)).toEqual(["game_entry", "game_entry"]);
    expect(await room.join({ userId: c.user.id, nickname: "c", avatarUrl: null, isPremium: false, rating: 1000 })).toEqual({
      ok: false,
      error: "full",
    });
    expect(await room.leave(a.user.id)).toEqual({ ok: false, error: "not_waiting" });
    expect((await call(`/api/games/${game.id}/participants`, { cookie: a.cookie })).status).toBe(200);
    const first = await RoomClient.connect(game.id, a);
    await first.until(() => first.state?.participants.find((p) => p.user_id === a.user.id)?.connected === true, 5_000, "a connected");
    expect(first.state?.game.status).toBe("waiting");
    const second = await RoomClient.connect(game.id, b);
    await first.until(() => first.state?.game.status === "active", 5_000, "the start");
    await playToTheEnd([first, second]);
    expect(await gameRow(game.id)).toMatchObject({ status: "completed" });
    first.close();
    second.close();
  });

  it("forfeits a player who does not connect by the no-show deadline", async () => {
    const [a, b] = [await createPlayer(), await createPlayer()];
    const game = await assignedGame(a);
    expect(await roomRpc(game.id).openAssigned(game, [seatOf(a, 50), seatOf(b, 50)], { noShowSeconds: 120 })).toEqual({ ok: true });
    const present = await RoomClient.connect(game.id, a);
    await present.until(() => Boolean(present.state), 5_000, "the first state");
    const deadline = (await storedRoom(game.id)).noShow!.deadline;
    expect(deadline).toBeGreaterThan(Date.now() + 100_000);
    await editRoom(game.id, (room) => {
      room.noShow!.deadline = Date.now() - 1;
    });
    await runDurableObjectAlarm(roomStub(game.id));
    await present.until(() => present.messages.some((m) => m.type === "game_ended"), 5_000, "the forfeit");
    expect(present.messages.find((m) => m.type === "game_ended")?.payload).toMatchObject({ winnerTeam: "team1", reason: "forfeit" });
    expect(await gameRow(game.id)).toMatchObject({ status: "completed", winner_team: "team1" });
    expect((await userRow(a.user.id))?.virtual_coins).toBe(1050);
    expect((await userRow(b.user.id))?.virtual_coins).toBe(950);
    present.close();
  });

  it("cancels, returning the entries already taken, when a seat cannot be paid; refuses malformed seats", async () => {
    const [a, poor] = [await createPlayer(), await createPlayer()];
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO coin_transactions (user_id, amount, transaction_type, description, idempotency_key) VALUES (?, -990, 'admin_adjustment', 'test', ?)",
      ).bind(poor.user.id, `test:${poor.user.id}`),
      env.DB.prepare("UPDATE users SET virtual_coins = 10 WHERE id = ?").bind(poor.user.id),
    ]);
    const game = await assignedGame(a);
    expect(await roomRpc(game.id).openAssigned(game, [seatOf(a, 100), seatOf(poor, 100)])).toEqual({
      ok: false,
      error: "insufficient_coins",
    });
    expect(await gameRow(game.id)).toMatchObject({ status: "cancelled", end_reason: "seat_failed" });
    expect(await roomRpc(game.id).openAssigned(game, [seatOf(a, 100), seatOf(poor, 100)])).toEqual({ ok: false, error: "closed" });
    expect((await userRow(a.user.id))?.virtual_coins).toBe(1000);
    expect((await userRow(poor.user.id))?.virtual_coins).toBe(10);

    const other = await assignedGame(a);
    const malformed = await roomRpc(other.id)
      .openAssigned(other, [seatOf(a, -5), seatOf(poor, 0)])
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(String(malformed)).toMatch(/ZodError|entry/);
    expect(await roomRpc(other.id).snapshot(null)).toBeNull();
  });
});

describe("computer players", () => {
  it("plays a whole free 2v2 practice match against the computer, with no coins or stats changed", async () => {
    const a = await createPlayer();
    const game = await createGame(a, {
      game_type: "2v2",
      game_mode: "ranked",
      truco_variant: "gaucho",
      vs_computer: true,
      bot_level: "easy",
    });
    expect(game).toMatchObject({ game_mode: "casual", entry_cost: 0, bot_level: "easy" });
    const client = await RoomClient.connect(game.id, a);
    await playToTheEnd([client], 120_000);
    expect(await userRow(a.user.id)).toMatchObject({ virtual_coins: 1000, games_played: 0, ranking_points: 1000 });
    const history = await (await call("/api/games/history", { cookie: a.cookie })).json<{ id: string }[]>();
    expect(history[0].id).toBe(game.id);
    client.close();
  });

  it("lets the creator fill a casual table with computer players, returning the entries", async () => {
    const [a, b, c] = [await createPlayer(), await createPlayer(), await createPlayer()];
    const ranked = await createGame(c, { game_type: "1v1", game_mode: "ranked", truco_variant: "paulista" });
    expect((await call(`/api/games/${ranked.id}/bots`, { method: "POST", cookie: c.cookie, body: { bot_level: "easy" } })).status).toBe(
      409,
    );
    const game = await createGame(a, { game_type: "2v2", game_mode: "casual", truco_variant: "paulista" });
    await join(b, game.game_code);
    expect((await call(`/api/games/${game.id}/bots`, { method: "POST", cookie: b.cookie, body: { bot_level: "easy" } })).status).toBe(403);
    expect((await call(`/api/games/${game.id}/bots`, { method: "POST", cookie: a.cookie, body: { bot_level: "normal" } })).status).toBe(
      200,
    );
    for (const player of [a, b]) expect((await userRow(player.user.id))?.virtual_coins).toBe(1000);
    const participants = await (await call(`/api/games/${game.id}/participants`, { cookie: a.cookie })).json<{ is_bot: boolean }[]>();
    expect(participants.filter((p) => p.is_bot)).toHaveLength(2);
  });
});

describe("chat", () => {
  it("stores messages from seated players, pushes them to the table and refuses bad ones", async () => {
    const [a, b, outsider] = [await createPlayer(), await createPlayer(), await createPlayer()];
    const game = await createGame(a, { game_type: "1v1", game_mode: "casual", truco_variant: "paulista" });
    await join(b, game.game_code);
    const listener = await RoomClient.connect(game.id, b);
    const post = (player: Player, body: unknown) => call(`/api/games/${game.id}/chat`, { method: "POST", cookie: player.cookie, body });
    const pushed = listener.nextMessage("chat_message");
    expect((await post(a, { message: "  Bora, truco!  ", message_type: "text" })).status).toBe(201);
    expect((await pushed).payload.message).toMatchObject({ message: "Bora, truco!", nickname: a.user.nickname });
    expect((await post(a, { message: "🔥", message_type: "emoji" })).status).toBe(201);
    expect((await post(a, { message: "   ", message_type: "text" })).status).toBe(400);
    expect((await post(a, { message: "x".repeat(201), message_type: "text" })).status).toBe(400);
    expect((await post(a, { message: "💩", message_type: "emoji" })).status).toBe(400);
    expect((await post(outsider, { message: "oi", message_type: "text" })).status).toBe(403);
    expect((await call(`/api/games/${game.id}/chat`, { cookie: outsider.cookie })).status).toBe(403);
    const messages = await (await call(`/api/games/${game.id}/chat`, { cookie: b.cookie })).json<{ message: string }[]>();
    expect(messages.map((m) => m.message)).toEqual(["Bora, truco!", "🔥"]);
    listener.close();
  });

  it("checks the seat before the body: a non-player is refused 403 whatever they send, a player with a bad body 400", async () => {
    const [a, outsider] = [await createPlayer(), await createPlayer()];
    const game = await createGame(a, { game_type: "1v1", game_mode: "casual", truco_variant: "paulista" });
    const post = (player: Player, body: unknown) => call(`/api/games/${game.id}/chat`, { method: "POST", cookie: player.cookie, body });
    const outsiderAnswer = await post(outsider, { message: 7 });
    expect(outsiderAnswer.status).toBe(403);
    expect(await outsiderAnswer.json()).toHaveProperty("error");
    expect((await post(a, { message: 7 })).status).toBe(400);
    expect((await call(`/api/games/nope/chat`, { method: "POST", cookie: outsider.cookie, body: { message: 7 } })).status).toBe(404);
    expect(await (await call(`/api/games/${game.id}/chat`, { cookie: a.cookie })).json()).toEqual([]);
  });
});
