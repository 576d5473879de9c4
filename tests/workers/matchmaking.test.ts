import { env, evictDurableObject, runInDurableObject } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import { stubOf } from "../../db/stubs";
import type { MatchmakerRpc } from "../../game/matchmaking/api";
import { queueKey, type Queue } from "../../game/matchmaking/pairing";
import { RANKED_BOTS_OFFER_MS, RANKED_WIDEN_OFFER_MS } from "../../game/matchmaking/search-policy";
import type { MatchmakerPorts } from "../../game/matchmaking/ports";
import type { WaitingEntry } from "../../game/matchmaking/api";
import type { Membership } from "../../game/channel/queue-membership";
import { QUEUE_KEY } from "../../game/channel/seat-and-queue";
import type { QueueState } from "~/services/matchmaking.server";
import { openChannel } from "./channel-client";
import { call, createGame, createPlayer, expectLedgerInvariant, userRow, type Player } from "./helpers";

// Quick match: each player's membership in their PlayerChannel, who waits in the Matchmaker
// object of each queue (both in the objects' storage), the room core's assigned seats, and the
// player's channel telling them where to go.

afterEach(expectLedgerInvariant);

async function enter(player: Player, queue: Queue) {
  return call("/api/matchmaking", {
    method: "POST",
    cookie: player.cookie,
    body: { truco_variant: queue.variant, game_type: queue.type, game_mode: queue.mode },
  });
}

async function stateOf(player: Player): Promise<QueueState> {
  return (await call("/api/matchmaking", { cookie: player.cookie })).json<QueueState>();
}

function matchmaker(queue: Queue): MatchmakerRpc {
  return stubOf<MatchmakerRpc>(env.MATCHMAKER, queueKey(queue));
}

async function seatsOf(userId: string) {
  const { results } = await env.DB.prepare(
    "SELECT gp.game_id, gp.seat, gp.entry_paid, g.game_mode, g.status FROM game_players gp JOIN games g ON g.id = gp.game_id WHERE gp.user_id = ?",
  )
    .bind(userId)
    .all<{ game_id: string; seat: number; entry_paid: number; game_mode: string; status: string }>();
  return results;
}

function channelStub(userId: string) {
  return env.PLAYER_CHANNEL.get(env.PLAYER_CHANNEL.idFromName(userId));
}

/** Reads until the value is there (a socket's close reaches its object in its own time). */
async function waitFor<T>(read: () => Promise<T | null>): Promise<T> {
  const end = Date.now() + 20_000;
  for (;;) {
    const value = await read();
    if (value !== null) return value;
    if (Date.now() > end) throw new Error("Timed out");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function membershipOf(userId: string): Promise<Membership | undefined> {
  return runInDurableObject(channelStub(userId), async (_instance, state) => state.storage.get<Membership>(QUEUE_KEY));
}

/** Changes a player's stored membership, then lets their channel reload it as after an eviction. */
async function editMembership(userId: string, edit: (held: Membership) => Membership): Promise<void> {
  await runInDurableObject(channelStub(userId), async (_instance, state) => {
    await state.storage.put(QUEUE_KEY, edit((await state.storage.get<Membership>(QUEUE_KEY))!));
  });
  await evictDurableObject(channelStub(userId));
}

/**
 * The players as entering leaves them, in this order (joined 1 ms apart from `now`), each with a
 * page open (a channel socket): their channels' memberships and the queue's list, written straight
 * to storage so that the next pass finds them all waiting.
 */
async function waitingPlayers(queue: Queue, players: Player[], now: number) {
  const entries: WaitingEntry[] = players.map((p, i) => ({
    userId: p.user.id,
    rating: p.user.ranking_points,
    joinedAt: now + i,
    awaySince: null,
  }));
  for (const entry of entries) {
    await runInDurableObject(channelStub(entry.userId), async (_instance, state) => {
      const held: Membership = { ...entry, queueKey: queueKey(queue), gameId: null };
      await state.storage.put(QUEUE_KEY, held);
    });
  }
  const stub = stubOf(env.MATCHMAKER, queueKey(queue));
  await runInDurableObject(stub, async (_instance, state) => {
    await state.storage.put("waiting", entries);
  });
  await evictDurableObject(stub);
}

describe("quick match", () => {
  it("pairs 20 players entering the ranked 1v1 queue at once into 10 games: each seated once and charged once", async () => {
    const queue: Queue = { variant: "paulista", type: "1v1", mode: "ranked" };
    const players = await Promise.all(Array.from({ length: 20 }, () => createPlayer("Fila")));
    const answers = await Promise.all(players.map((player) => enter(player, queue)));
    for (const answer of answers) expect(answer.status, await answer.clone().text()).toBe(200);

    const states = await Promise.all(players.map(stateOf));
    expect(states.every((state) => state.state === "matched")).toBe(true);
    const games = new Map<string, string[]>();
    for (const [i, player] of players.entries()) {
      const seats = await seatsOf(player.user.id);
      expect(seats).toHaveLength(1);
      expect(seats[0]).toMatchObject({ entry_paid: 100, game_mode: "ranked" });
      expect((await userRow(player.user.id))!.virtual_coins).toBe(player.user.virtual_coins - 100);
      expect((states[i] as { game_id: string }).game_id).toBe(seats[0]!.game_id);
      games.set(seats[0]!.game_id, [...(games.get(seats[0]!.game_id) ?? []), player.user.id]);
    }
    expect(games.size).toBe(10);
    for (const seated of games.values()) expect(seated).toHaveLength(2);
  });

  it("sends both players into the room through their channel", async () => {
    const queue: Queue = { variant: "mineiro", type: "1v1", mode: "casual" };
    const [a, b] = await Promise.all([createPlayer("Ana"), createPlayer("Beto")]);
    const channel = await openChannel(a);
    expect(await (await enter(a, queue)).json()).toMatchObject({ state: "waiting", searching: 1, offer_bots: false });
    const matched = await (await enter(b, queue)).json<QueueState>();
    expect(matched.state).toBe("matched");
    const event = await channel.next("match_found");
    expect(event.payload.game_id).toBe((matched as { game_id: string }).game_id);
    // The room holds both, in their assigned seats; D1 says started from the seats' batch (the
    // computer takes an absent player's seat at the no-show deadline, so the table always starts).
    const seats = await seatsOf(a.user.id);
    expect(seats).toMatchObject([{ game_id: event.payload.game_id, seat: 0, status: "active" }]);
    // A second press before reaching the room answers the same game, and charges nothing more.
    const coins = (await userRow(a.user.id))!.virtual_coins;
    const again = await enter(a, queue);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ state: "matched", game_id: event.payload.game_id });
    expect((await userRow(a.user.id))!.virtual_coins).toBe(coins);
    expect(await seatsOf(a.user.id)).toHaveLength(1);
    channel.ws.close();
  });

  it("in one pass, a player who can no longer pay is dropped with nothing charged while the other matches are made", async () => {
    const queue: Queue = { variant: "international", type: "1v1", mode: "ranked" };
    const players = await Promise.all(Array.from({ length: 4 }, () => createPlayer("Passe")));
    const now = Date.now();
    // All four already wait (as entering leaves them), so one pass pairs them all.
    await waitingPlayers(queue, players, now);
    // The last one spent their coins meanwhile: less than the ranked entry is left.
    const poor = players[3]!;
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO coin_transactions (user_id, amount, transaction_type, description, idempotency_key) VALUES (?, -950, 'admin_adjustment', 'test', ?)",
      ).bind(poor.user.id, `test:${poor.user.id}`),
      env.DB.prepare("UPDATE users SET virtual_coins = 50 WHERE id = ?").bind(poor.user.id),
    ]);
    const report = await matchmaker(queue).run(queue, now + 30_000);
    // The poor player was dropped: only the one left over still waits.
    expect(report).toEqual({ games: 1, dropped: 1, waiting: 1 });
    expect(await stateOf(poor)).toEqual({ state: "none" });
    expect((await userRow(poor.user.id))!.virtual_coins).toBe(50);
    expect(await seatsOf(poor.user.id)).toEqual([]);
    // Of the other three, two sit at one game, each charged once; the third keeps their place.
    const seats = await Promise.all(players.slice(0, 3).map((p) => seatsOf(p.user.id)));
    const seated = seats.filter((rows) => rows.length === 1);
    expect(seated).toHaveLength(2);
    expect(new Set(seated.map((rows) => rows[0]!.game_id)).size).toBe(1);
    expect(seated.map((rows) => rows[0]!.entry_paid)).toEqual([100, 100]);
    const left = players.slice(0, 3).find((_, i) => seats[i]!.length === 0)!;
    expect(await stateOf(left)).toMatchObject({ state: "waiting" });
    await call("/api/matchmaking", { method: "DELETE", cookie: left.cookie });
  });

  it("a match whose player moves to another queue between the pass's read and its claim falls through: no game, the other keeps the place", async () => {
    const queue: Queue = { variant: "mineiro", type: "1v1", mode: "ranked" };
    const [a, b] = await Promise.all([createPlayer("Corrida"), createPlayer("Corrida")]);
    const now = Date.now();
    await waitingPlayers(queue, [a, b], now);
    // The race, for real: just before the pass claims its players, b enters another queue (as
    // pressing another button does). Only this test's object wraps its D1 port.
    const stub = stubOf(env.MATCHMAKER, queueKey(queue));
    await runInDurableObject(stub, (instance) => {
      const records = (instance as unknown as { host: { ports: MatchmakerPorts } }).host.ports.records;
      const players = records.players.bind(records);
      records.players = async (...args) => {
        expect((await enter(b, { variant: "paulista", type: "1v1", mode: "casual" })).status).toBe(200);
        return players(...args);
      };
    });
    const report = await matchmaker(queue).run(queue, now + 30_000);
    // b left this queue before the claim: only a still waits here.
    expect(report).toEqual({ games: 0, dropped: 0, waiting: 1 });
    const { results: made } = await env.DB.prepare("SELECT status FROM games WHERE created_by IN (?, ?)").bind(a.user.id, b.user.id).all();
    expect(made).toEqual([]);
    // a was claimed and is back to waiting in place; nobody was charged or seated.
    expect(await membershipOf(a.user.id)).toMatchObject({ queueKey: queueKey(queue), gameId: null, joinedAt: now });
    expect(await membershipOf(b.user.id)).toMatchObject({ queueKey: "paulista:1v1:casual", gameId: null });
    for (const p of [a, b]) {
      expect((await userRow(p.user.id))!.virtual_coins).toBe(p.user.virtual_coins);
      expect(await seatsOf(p.user.id)).toEqual([]);
    }
    await evictDurableObject(stub);
    for (const p of [a, b]) await call("/api/matchmaking", { method: "DELETE", cookie: p.cookie });
  });

  it("a cancelled wait leaves the queue with nothing charged", async () => {
    const queue: Queue = { variant: "gaucho", type: "1v1", mode: "ranked" };
    const [a, b] = await Promise.all([createPlayer("Ana"), createPlayer("Beto")]);
    expect((await enter(a, queue)).status).toBe(200);
    expect(await (await call("/api/matchmaking", { method: "DELETE", cookie: a.cookie })).json()).toEqual({ left: true, game_id: null });
    expect(await stateOf(a)).toEqual({ state: "none" });
    expect(await (await enter(b, queue)).json()).toMatchObject({ state: "waiting", searching: 1 });
    expect((await userRow(a.user.id))!.virtual_coins).toBe(a.user.virtual_coins);
    expect(await seatsOf(a.user.id)).toEqual([]);
    await call("/api/matchmaking", { method: "DELETE", cookie: b.cookie });
  });

  it("a closed tab leaves the queue; a player still online keeps the place", async () => {
    const queue: Queue = { variant: "argentino", type: "2v2", mode: "casual" };
    const [gone, online] = await Promise.all([createPlayer("Ana"), createPlayer("Beto")]);
    const channel = await openChannel(online);
    expect((await enter(gone, queue)).status).toBe(200);
    expect((await enter(online, queue)).status).toBe(200);
    // Half a minute later nobody's waiting page has called: the one whose channel is closed is gone.
    const report = await matchmaker(queue).run(queue, Date.now() + 30_000);
    expect(report).toMatchObject({ games: 0, dropped: 1, waiting: 1 });
    expect(await stateOf(gone)).toEqual({ state: "none" });
    expect(await stateOf(online)).toMatchObject({ state: "waiting", searching: 1 });
    channel.ws.close();
    await call("/api/matchmaking", { method: "DELETE", cookie: online.cookie });
  });

  it("a player whose every channel socket closes is away; one back in time keeps the place, one away past the grace leaves, and an open page hears the count", async () => {
    const queue: Queue = { variant: "paulista", type: "2v2", mode: "ranked" };
    const [a, b] = await Promise.all([createPlayer("Ana"), createPlayer("Beto")]);
    const first = await openChannel(a);
    expect((await enter(a, queue)).status).toBe(200);
    expect((await membershipOf(a.user.id))?.awaySince).toBeNull();
    const seen = await openChannel(b);
    expect(await (await enter(b, queue)).json()).toMatchObject({ state: "waiting", searching: 2 });
    // a's open page hears that two search now.
    expect((await first.next("queue_update", (m) => m.payload.searching === 2)).payload.queue_key).toBe(queueKey(queue));
    first.ws.close();
    const away = await waitFor(async () => (await membershipOf(a.user.id))?.awaySince ?? null);
    // Back before the grace: still waiting.
    const again = await openChannel(a);
    await waitFor(async () => ((await membershipOf(a.user.id))?.awaySince === null ? true : null));
    expect(await matchmaker(queue).run(queue, away + 30_000)).toMatchObject({ dropped: 0, waiting: 2 });
    again.ws.close();
    const gone = await waitFor(async () => (await membershipOf(a.user.id))?.awaySince ?? null);
    expect(await matchmaker(queue).run(queue, gone + 30_000)).toMatchObject({ dropped: 1, waiting: 1 });
    expect(await stateOf(a)).toEqual({ state: "none" });
    expect((await seen.next("queue_update", (m) => m.payload.searching === 1)).payload.searching).toBe(1);
    seen.ws.close();
    await call("/api/matchmaking", { method: "DELETE", cookie: b.cookie });
  });

  it("offers a casual player a game against the computer after 20 s, keeping the place", async () => {
    const queue: Queue = { variant: "international", type: "1v1", mode: "casual" };
    const a = await createPlayer("Ana");
    expect((await enter(a, queue)).status).toBe(200);
    await editMembership(a.user.id, (held) => ({ ...held, joinedAt: held.joinedAt - 21_000 }));
    expect(await stateOf(a)).toMatchObject({ state: "waiting", offer_bots: true });
    await call("/api/matchmaking", { method: "DELETE", cookie: a.cookie });
  });

  it("a lone ranked search: the estimate at once, then the wider search and the computer pushed on the channel; the computer game is practice", async () => {
    const queue: Queue = { variant: "mineiro", type: "1v1", mode: "ranked" };
    const a = await createPlayer("Ana");
    const page = await openChannel(a);
    const entered = await (await enter(a, queue)).json<QueueState>();
    expect(entered).toMatchObject({
      state: "waiting",
      estimate_ms: RANKED_BOTS_OFFER_MS,
      offer_widen: false,
      offer_bots: false,
      widened: false,
    });
    const first = await page.next("queue_update", (m) => m.payload.queue_key === queueKey(queue));
    expect(first.payload).toMatchObject({ searching: 1, estimate_ms: RANKED_BOTS_OFFER_MS, offers: { widen: false, bots: false } });
    const joinedAt = (await membershipOf(a.user.id))!.joinedAt;

    // The matchmaker's passes at later times stand for the waiting; each offer reaches the open page.
    await matchmaker(queue).run(queue, joinedAt + RANKED_WIDEN_OFFER_MS);
    await page.next("queue_update", (m) => m.payload.offers?.widen === true && !m.payload.offers.bots);
    await matchmaker(queue).run(queue, joinedAt + RANKED_BOTS_OFFER_MS);
    await page.next("queue_update", (m) => m.payload.offers?.bots === true);

    // The waiting page's form takes the wider search.
    const widened = await call("/match", { method: "POST", cookie: a.cookie, form: { intent: "widen" } });
    expect(widened.status).toBe(302);
    expect(widened.headers.get("Location")).toBe("/match");
    await editMembership(a.user.id, (held) => ({ ...held, joinedAt: held.joinedAt - RANKED_BOTS_OFFER_MS }));
    expect(await stateOf(a)).toMatchObject({ state: "waiting", widened: true, offer_widen: false, offer_bots: true });

    // The offer's form: a game against the computer, casual and free, and the ranked place kept.
    const before = await userRow(a.user.id);
    const practice = await call("/?index", {
      method: "POST",
      cookie: a.cookie,
      form: { intent: "play", table: "bots:1v1", truco_variant: queue.variant, bot_level: "normal" },
    });
    expect(practice.status).toBe(302);
    const gameId = practice.headers.get("Location")!.replace("/game/", "");
    const game = await env.DB.prepare("SELECT game_mode, entry_cost FROM games WHERE id = ?").bind(gameId).first();
    expect(game).toEqual({ game_mode: "casual", entry_cost: 0 });
    expect(await userRow(a.user.id)).toMatchObject({ ranking_points: before!.ranking_points, virtual_coins: before!.virtual_coins });
    expect(await membershipOf(a.user.id)).toMatchObject({ queueKey: queueKey(queue), gameId: null });
    page.ws.close();
    await call("/api/matchmaking", { method: "DELETE", cookie: a.cookie });
  });

  it("a player at a table cannot queue, and a player is in one queue at most", async () => {
    const a = await createPlayer("Ana");
    await createGame(a);
    const refused = await enter(a, { variant: "paulista", type: "2v2", mode: "ranked" });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ error: expect.any(String) });

    const b = await createPlayer("Beto");
    expect((await enter(b, { variant: "mineiro", type: "2v2", mode: "ranked" })).status).toBe(200);
    expect((await enter(b, { variant: "gaucho", type: "2v2", mode: "ranked" })).status).toBe(200);
    expect(await membershipOf(b.user.id)).toMatchObject({ queueKey: "gaucho:2v2:ranked" });
    const mineiro: Queue = { variant: "mineiro", type: "2v2", mode: "ranked" };
    expect(await matchmaker(mineiro).waitingCount(mineiro)).toBe(0);
    await call("/api/matchmaking", { method: "DELETE", cookie: b.cookie });
  });

  it("refuses malformed entries and unknown methods", async () => {
    const a = await createPlayer("Ana");
    const bad = await call("/api/matchmaking", {
      method: "POST",
      cookie: a.cookie,
      body: { truco_variant: "paulista", game_type: "1v1", game_mode: "tournament" },
    });
    expect(bad.status).toBe(400);
    const put = await call("/api/matchmaking", { method: "PUT", cookie: a.cookie, body: {} });
    expect(put.status).toBe(405);
    expect(put.headers.get("Allow")).toContain("POST");
  });
});
