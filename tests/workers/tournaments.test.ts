import { env, evictDurableObject, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import type { Room } from "../../game/room/index";
import { readRoom, writeRoom } from "../../game/room/host/index";
import type { TournamentRpc } from "../../game/tournament/api";
import { drawBracket } from "../../game/tournament/bracket";
import { RegistrySchema } from "../../game/tournament/registry";
import { findTournament, startStatement } from "../../db/tournaments";
import { AdminTournamentSchema } from "~/schemas/tournaments";
import { editTournament } from "~/services/admin-tournaments.server";
import { startSession } from "~/services/auth.server";
import { userForIdentity } from "~/services/users.server";
import { call, createPlayer, expectLedgerInvariant, ORIGIN, testContext, userRow } from "./helpers";
import { RoomClient, roomStub } from "./room-client";
import { openChannel } from "./channel-client";

// Tournaments: registration through the Tournament object and the ledger, the draw at
// start_time (alarms fired by the test), games created by the server, results advancing the
// bracket, the prizes paid once; cancellation and no-shows.

afterEach(expectLedgerInvariant);

type Player = Awaited<ReturnType<typeof createPlayer>>;

let serial = 0;
async function createTournament(fields: Record<string, unknown> = {}): Promise<string> {
  serial += 1;
  const id = `test-${Date.now().toString(36)}-${serial}`;
  const row = {
    id,
    name: `Copa Teste ${serial}`,
    description: "Um torneio de teste",
    game_type: "1v1",
    truco_variant: "paulista",
    status: "registration",
    entry_cost: 100,
    guaranteed_prize: 0,
    max_participants: 8,
    min_participants: 4,
    start_time: new Date(Date.now() + 3_600_000).toISOString(),
    ...fields,
  };
  const columns = Object.keys(row);
  await env.DB.prepare(`INSERT INTO tournaments (${columns.join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`)
    .bind(...Object.values(row))
    .run();
  return id;
}

function stub(id: string) {
  return env.TOURNAMENT.get(env.TOURNAMENT.idFromName(id));
}
function rpc(id: string) {
  return stub(id) as unknown as DurableObjectStub<TournamentRpc & Rpc.DurableObjectBranded>;
}

async function register(player: Player, id: string) {
  return call(`/api/tournaments/${id}/register`, { method: "POST", cookie: player.cookie });
}

async function tournamentRow(id: string) {
  return env.DB.prepare("SELECT * FROM tournaments WHERE id = ?").bind(id).first<Record<string, unknown>>();
}

async function ledger(id: string) {
  const { results } = await env.DB.prepare(
    "SELECT user_id, amount, transaction_type, idempotency_key FROM coin_transactions WHERE ref = ? ORDER BY id",
  )
    .bind(`tournament:${id}`)
    .all<{ user_id: string; amount: number; transaction_type: string; idempotency_key: string }>();
  return results;
}

async function gamesOf(id: string) {
  const { results } = await env.DB.prepare(
    "SELECT id, status, winner_team, entry_cost, game_mode FROM games WHERE tournament_id = ? ORDER BY created_at",
  )
    .bind(id)
    .all<{ id: string; status: string; winner_team: string | null; entry_cost: number; game_mode: string }>();
  return results;
}

async function seatedIn(gameId: string): Promise<string[]> {
  const { results } = await env.DB.prepare("SELECT user_id FROM game_players WHERE game_id = ? ORDER BY seat")
    .bind(gameId)
    .all<{ user_id: string }>();
  return results.map((r) => r.user_id);
}

async function waitFor<T>(read: () => Promise<T>, ok: (value: T) => boolean, what: string, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Moves the start into the past and fires the tournament's alarm (the clock the test controls). */
async function startNow(id: string) {
  await env.DB.prepare("UPDATE tournaments SET start_time = ? WHERE id = ?")
    .bind(new Date(Date.now() - 1000).toISOString(), id)
    .run();
  await rpc(id).tick(id);
  await runDurableObjectAlarm(stub(id));
}

async function playGame(gameId: string, players: Player[]) {
  const ids = await seatedIn(gameId);
  const clients = await Promise.all(
    ids.map((userId) =>
      RoomClient.connect(
        gameId,
        players.find((p) => p.user.id === userId)!,
      ),
    ),
  );
  const stops = clients.map((client) => client.autoplay());
  try {
    for (const client of clients) await client.until(() => client.state?.game.status === "completed", 90_000, "the end of the match");
  } finally {
    stops.forEach((stop) => stop());
    clients.forEach((client) => client.close());
  }
}

async function editRoom(gameId: string, edit: (room: Room) => void): Promise<void> {
  const room = roomStub(gameId);
  await runInDurableObject(room, async (_instance, state) => {
    const stored = (await readRoom(state.storage)).room!;
    edit(stored);
    await writeRoom(state.storage, null, stored);
  });
  await evictDurableObject(room);
}

describe("registration", () => {
  it("debits the fee through the ledger once, refuses the wrong cases writing nothing, and returns it on leaving", async () => {
    const id = await createTournament();
    const [a, b] = [await createPlayer(), await createPlayer()];
    const first = await register(a, id);
    expect(first.status).toBe(200);
    const body = await first.json<{ tournament: { participants: number; is_registered: boolean; prize_pool: number } }>();
    expect(body.tournament).toMatchObject({ participants: 1, is_registered: true, prize_pool: 100 });
    expect((await userRow(a.user.id))?.virtual_coins).toBe(900);
    expect(await ledger(id)).toEqual([
      { user_id: a.user.id, amount: -100, transaction_type: "tournament_entry", idempotency_key: `tournament:${id}:entry:${a.user.id}` },
    ]);

    const again = await register(a, id);
    expect(again.status).toBe(409);
    expect(await again.json()).toHaveProperty("error");

    // Too few coins: refused, nothing written.
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO coin_transactions (user_id, amount, transaction_type, description, idempotency_key) VALUES (?, -950, 'admin_adjustment', 'test', ?)",
      ).bind(b.user.id, `test:${b.user.id}`),
      env.DB.prepare("UPDATE users SET virtual_coins = 50 WHERE id = ?").bind(b.user.id),
    ]);
    const poor = await register(b, id);
    expect(poor.status).toBe(400);
    expect((await poor.json<{ error: string }>()).error).toMatch(/moedas/i);
    expect((await ledger(id)).length).toBe(1);

    // The list shows the real count and the caller's registration.
    const list = await (
      await call("/api/tournaments", { cookie: a.cookie })
    ).json<{ tournaments: { id: string; participants: number; is_registered: boolean }[] }>();
    expect(list.tournaments.find((t) => t.id === id)).toMatchObject({ participants: 1, is_registered: true });
    // The schedule exists without an operator: at least one tournament in registration.
    expect(
      list.tournaments.some((t) => t.id.startsWith("relampago-") && (t as unknown as { status: string }).status === "registration"),
    ).toBe(true);

    const left = await call(`/api/tournaments/${id}/register`, { method: "DELETE", cookie: a.cookie });
    expect(left.status).toBe(200);
    expect((await userRow(a.user.id))?.virtual_coins).toBe(1000);
    expect((await ledger(id)).map((r) => r.transaction_type)).toEqual(["tournament_entry", "tournament_refund"]);

    const wrongMethod = await call(`/api/tournaments/${id}/register`, { cookie: a.cookie });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get("Allow")).toContain("POST");
    expect((await call(`/api/tournaments/nope`, { cookie: a.cookie })).status).toBe(404);
  });

  it("refuses outside registration and when full; two players racing for the last place cannot both get it", async () => {
    const id = await createTournament({ max_participants: 2, entry_cost: 10 });
    const [a, b, c] = [await createPlayer(), await createPlayer(), await createPlayer()];
    expect((await register(a, id)).status).toBe(200);
    const answers = await Promise.all([register(b, id), register(c, id)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const count = await env.DB.prepare("SELECT COUNT(*) AS n FROM tournament_registrations WHERE tournament_id = ?")
      .bind(id)
      .first<{ n: number }>();
    expect(count?.n).toBe(2);
    expect((await ledger(id)).length).toBe(2);

    const active = await createTournament({ status: "active" });
    const refused = await register(a, active);
    expect(refused.status, await refused.clone().text()).toBe(409);
    expect(await ledger(active)).toEqual([]);
  });
});

describe("the registration list in the Tournament object", () => {
  it("one player registering twice at once pays once", async () => {
    const id = await createTournament({ entry_cost: 10 });
    const a = await createPlayer();
    const answers = await Promise.all([register(a, id), register(a, id)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await ledger(id)).length).toBe(1);
    expect((await userRow(a.user.id))?.virtual_coins).toBe(990);
  });

  it("a place whose fee batch never landed (the object stopped mid-write) survives an eviction and is paid by the alarm, once", async () => {
    const id = await createTournament({ entry_cost: 10 });
    const [a, b] = [await createPlayer(), await createPlayer()];
    expect((await register(a, id)).status).toBe(200);
    // b's place is taken in the object's storage, its batch not sent.
    await runInDurableObject(stub(id), async (_instance, state) => {
      const registry = RegistrySchema.parse(await state.storage.get("registry"));
      await state.storage.put("registry", {
        ...registry,
        entries: [...registry.entries, { user_id: b.user.id, entry_paid: 10, state: "paying" }],
      });
    });
    await evictDurableObject(stub(id));
    expect((await ledger(id)).length).toBe(1);
    await runDurableObjectAlarm(stub(id));
    await runDurableObjectAlarm(stub(id));
    expect((await ledger(id)).map((r) => r.user_id).sort()).toEqual([a.user.id, b.user.id].sort());
    expect((await userRow(b.user.id))?.virtual_coins).toBe(990);
    const detail = await (
      await call(`/api/tournaments/${id}`, { cookie: b.cookie })
    ).json<{ tournament: { participants: number; is_registered: boolean } }>();
    expect(detail.tournament).toMatchObject({ participants: 2, is_registered: true });
    const stored = await runInDurableObject(stub(id), async (_instance, state) =>
      RegistrySchema.parse(await state.storage.get("registry")),
    );
    expect(stored.entries.map((e) => e.state)).toEqual(["paid", "paid"]);
  });
});

describe("a tournament runs itself", () => {
  it("cancels with every fee returned when too few players registered", async () => {
    const id = await createTournament({ entry_cost: 100 });
    const players = [await createPlayer(), await createPlayer(), await createPlayer()];
    for (const p of players) expect((await register(p, id)).status).toBe(200);
    await startNow(id);
    expect(await tournamentRow(id)).toMatchObject({ status: "cancelled", end_reason: "not_enough_players" });
    for (const p of players) expect((await userRow(p.user.id))?.virtual_coins).toBe(1000);
    expect((await ledger(id)).filter((r) => r.transaction_type === "tournament_refund")).toHaveLength(3);
    // Firing again changes nothing.
    await runDurableObjectAlarm(stub(id));
    await rpc(id).tick(id);
    expect((await ledger(id)).filter((r) => r.transaction_type === "tournament_refund")).toHaveLength(3);
  });

  it("plays a whole 4-player tournament to the end: games by the server, the bracket advancing, prizes paid once", async () => {
    const id = await createTournament({ entry_cost: 100, guaranteed_prize: 0 });
    const players = [await createPlayer("A"), await createPlayer("B"), await createPlayer("C"), await createPlayer("D")];
    for (const p of players) expect((await register(p, id)).status).toBe(200);
    await startNow(id);
    expect(await tournamentRow(id)).toMatchObject({ status: "active" });
    const semis = await gamesOf(id);
    expect(semis).toHaveLength(2);
    for (const game of semis) expect(game).toMatchObject({ game_mode: "tournament", entry_cost: 0, status: "waiting" });
    const seated = (await Promise.all(semis.map((g) => seatedIn(g.id)))).flat();
    expect(new Set(seated).size).toBe(4);

    await Promise.all(semis.map((g) => playGame(g.id, players)));
    // The rooms report the results: the final is created at once.
    const all = await waitFor(
      () => gamesOf(id),
      (games) => games.length === 3,
      "the final",
    );
    const final = all[2];
    // The row first, then the room seats the finalists.
    const finalists = await waitFor(
      () => seatedIn(final.id),
      (seats) => seats.length === 2,
      "the final's seats",
    );
    const detail = await (
      await call(`/api/tournaments/${id}`, { cookie: players[0].cookie })
    ).json<{
      tournament: { bracket: { rounds: { game_id: string | null }[][] }; status: string };
    }>();
    expect(detail.tournament.bracket.rounds[1][0].game_id).toBe(final.id);

    await playGame(final.id, players);
    const done = await waitFor(
      () => tournamentRow(id),
      (row) => row?.status === "completed",
      "the completion",
    );
    expect(done).toMatchObject({ status: "completed" });
    const finalRow = (await gamesOf(id))[2];
    const champion = finalists[finalRow.winner_team === "team1" ? 0 : 1];
    const runnerUp = finalists.find((u) => u !== champion)!;
    const prizes = (await ledger(id)).filter((r) => r.transaction_type === "tournament_prize");
    expect(Object.fromEntries(prizes.map((r) => [r.user_id, r.amount]))).toEqual(
      Object.fromEntries([
        [champion, 240],
        [runnerUp, 120],
        ...players.filter((p) => !finalists.includes(p.user.id)).map((p) => [p.user.id, 20]),
      ]),
    );
    expect((await userRow(champion))?.virtual_coins).toBe(1000 - 100 + 240);

    // The completion fired twice (an alarm, a late report) pays once.
    await runDurableObjectAlarm(stub(id));
    await rpc(id).gameEnded(id, final.id);
    await rpc(id).tick(id);
    expect((await ledger(id)).filter((r) => r.transaction_type === "tournament_prize")).toHaveLength(4);
    const places = await env.DB.prepare("SELECT user_id, place, prize FROM tournament_registrations WHERE tournament_id = ?")
      .bind(id)
      .all<{ user_id: string; place: number; prize: number }>();
    expect(places.results.find((r) => r.user_id === champion)).toMatchObject({ place: 1, prize: 240 });
  }, 240_000);

  it("a player who does not connect loses by forfeit; a game where nobody shows has no winner, and its rival goes through", async () => {
    const id = await createTournament({ entry_cost: 0, guaranteed_prize: 100 });
    const players = [await createPlayer(), await createPlayer(), await createPlayer(), await createPlayer()];
    for (const p of players) expect((await register(p, id)).status).toBe(200);
    await startNow(id);
    const [g1, g2] = await gamesOf(id);
    const [present] = await seatedIn(g1.id);
    const client = await RoomClient.connect(
      g1.id,
      players.find((p) => p.user.id === present)!,
    );
    await client.until(() => Boolean(client.state), 5_000, "the first state");
    for (const game of [g1, g2]) {
      await editRoom(game.id, (room) => {
        room.noShow!.deadline = Date.now() - 1;
      });
      await runDurableObjectAlarm(roomStub(game.id));
    }
    client.close();
    // g1: the absent player forfeits; g2: both absent, cancelled: the final is a walkover.
    const done = await waitFor(
      () => tournamentRow(id),
      (row) => row?.status === "completed",
      "the completion",
    );
    expect(done).toMatchObject({ status: "completed" });
    const prizes = (await ledger(id)).filter((r) => r.transaction_type === "tournament_prize");
    // The walkover champion takes the whole guaranteed prize: nobody else played a game.
    expect(prizes).toEqual([expect.objectContaining({ user_id: present, amount: 100 })]);
  }, 60_000);

  it("an admin cancels a tournament: every fee is returned and the action is audited", async () => {
    const id = await createTournament({ entry_cost: 70 });
    const [a, b] = [await createPlayer(), await createPlayer()];
    for (const p of [a, b]) expect((await register(p, id)).status).toBe(200);
    const admin = await env.DB.prepare("SELECT id FROM users LIMIT 1").first<{ id: string }>();
    expect(await rpc(id).cancel(id, { id: crypto.randomUUID(), adminId: admin!.id, reason: "teste" })).toEqual({ ok: true });
    expect(await tournamentRow(id)).toMatchObject({ status: "cancelled", end_reason: "admin" });
    for (const p of [a, b]) expect((await userRow(p.user.id))?.virtual_coins).toBe(1000);
    const audit = await env.DB.prepare("SELECT action_type FROM admin_actions WHERE target_tournament_id = ?").bind(id).first();
    expect(audit).toEqual({ action_type: "cancel_tournament" });
    expect(await rpc(id).cancel(id, { id: crypto.randomUUID(), adminId: admin!.id, reason: "de novo" })).toEqual({
      ok: false,
      error: "not_registration",
    });
  });
});

describe("administration", () => {
  async function createAdmin(): Promise<Player> {
    const context = testContext();
    const tag = crypto.randomUUID().slice(0, 8);
    const user = await userForIdentity(context, {
      issuer: "https://issuer.test",
      subject: `tournament-admin-${tag}`,
      email: "admin@example.test",
      name: `Admin T ${tag}`,
      picture: null,
    });
    const setCookie = await startSession(new Request(ORIGIN), context, user.id);
    return { user, cookie: setCookie.split(";")[0] };
  }
  const body = (fields: Record<string, unknown> = {}) => ({
    name: "Copa da Administração",
    description: "Criada pelo painel",
    game_type: "1v1",
    truco_variant: "mineiro",
    entry_cost: 30,
    guaranteed_prize: 50,
    max_participants: 8,
    min_participants: 4,
    start_time: new Date(Date.now() + 3_600_000).toISOString(),
    reason: "teste",
    ...fields,
  });

  it("creates, edits before the start and cancels with refunds, each audited; players are refused", async () => {
    const admin = await createAdmin();
    const player = await createPlayer();
    expect((await call("/api/admin/tournaments", { method: "POST", cookie: player.cookie, body: body() })).status).toBe(403);
    const created = await call("/api/admin/tournaments", { method: "POST", cookie: admin.cookie, body: body() });
    expect(created.status).toBe(201);
    const { id } = await created.json<{ id: string }>();
    expect(await tournamentRow(id)).toMatchObject({ status: "registration", entry_cost: 30, truco_variant: "mineiro" });
    expect((await register(player, id)).status).toBe(200);
    // With a player registered the fee cannot change; the rest can.
    const refused = await call("/api/admin/tournaments", {
      method: "POST",
      cookie: admin.cookie,
      body: body({ action: "edit", tournament_id: id, entry_cost: 40 }),
    });
    expect(refused.status, await refused.clone().text()).toBe(409);
    const edited = await call("/api/admin/tournaments", {
      method: "POST",
      cookie: admin.cookie,
      body: body({ action: "edit", tournament_id: id, name: "Copa Editada" }),
    });
    expect(edited.status).toBe(200);
    expect(await tournamentRow(id)).toMatchObject({ name: "Copa Editada" });
    const cancelled = await call("/api/admin/tournaments", {
      method: "POST",
      cookie: admin.cookie,
      body: { action: "cancel", tournament_id: id, reason: "chuva" },
    });
    expect(cancelled.status).toBe(200);
    expect((await userRow(player.user.id))?.virtual_coins).toBe(1000);
    const { results } = await env.DB.prepare("SELECT action_type FROM admin_actions WHERE target_tournament_id = ? ORDER BY created_at")
      .bind(id)
      .all<{ action_type: string }>();
    expect(results.map((r) => r.action_type).sort()).toEqual(["cancel_tournament", "create_tournament", "edit_tournament"]);
  });

  it("an edit that loses the race to the start is refused, writes no audit row and changes nothing", async () => {
    const admin = await createAdmin();
    const players = [await createPlayer(), await createPlayer()];
    const created = await call("/api/admin/tournaments", { method: "POST", cookie: admin.cookie, body: body() });
    const { id } = await created.json<{ id: string }>();
    for (const player of players) expect((await register(player, id)).status).toBe(200);
    const before = await tournamentRow(id);
    // The race, reached for real: the service has read the tournament (not started) and checked
    // it; the draw's own statement then runs on D1 just before the service's batch does. Only
    // this test's context wraps the database; the service is unchanged.
    const context = testContext();
    const db = context.db;
    let started = false;
    const racingDb = new Proxy(db, {
      get(target, key, receiver) {
        if (key !== "batch") return Reflect.get(target, key, receiver);
        return async (statements: Parameters<typeof db.batch>[0]) => {
          const t = (await findTournament(db, id))!;
          const bracket = drawBracket(
            players.map((p) => ({ id: p.user.id, members: [p.user.id] })),
            () => 0.5,
          );
          await startStatement(db, t, bracket);
          started = true;
          return db.batch(statements);
        };
      },
    });
    const request = new Request(`${ORIGIN}/api/admin/tournaments`, { method: "POST" });
    const input = AdminTournamentSchema.parse(body({ action: "edit", tournament_id: id, name: "Copa Tarde Demais" }));
    const outcome = await editTournament({ ...context, db: racingDb }, request, admin.user, id, input);
    expect(started).toBe(true);
    expect(outcome).toEqual({ ok: false, status: 409, error: "Only a tournament that has not started can be edited" });
    const audit = await env.DB.prepare("SELECT action_type FROM admin_actions WHERE target_tournament_id = ?")
      .bind(id)
      .all<{ action_type: string }>();
    expect(audit.results.map((r) => r.action_type)).toEqual(["create_tournament"]);
    expect(await tournamentRow(id)).toMatchObject({ ...before, status: "active", bracket: expect.any(String) });
    expect((await tournamentRow(id))?.name).toBe(before?.name);
  });
});

describe("the tournaments screen", () => {
  it("shows the next tournament of each series not yet open for registration, while the API lists them all", async () => {
    const player = await createPlayer("Agenda");
    // A series of its own with two editions not yet open: the schedule alone has two of a series
    // only at some hours of the day.
    const day = 86_400_000;
    for (const ahead of [1, 2]) {
      await createTournament({
        name: "Copa Agenda",
        series: "test-agenda",
        status: "upcoming",
        registration_opens_at: new Date(Date.now() + ahead * day).toISOString(),
        start_time: new Date(Date.now() + ahead * day + 3_600_000).toISOString(),
      });
    }
    const page = await (await call("/tournaments", { cookie: player.cookie, headers: { "Accept-Language": "pt-BR" } })).text();
    const api = await (
      await call("/api/tournaments", { cookie: player.cookie })
    ).json<{ tournaments: { name: string; status: string }[] }>();
    const notOpen = api.tournaments.filter((t) => t.status === "upcoming");
    const series = new Set(notOpen.map((t) => t.name));
    expect(notOpen.filter((t) => t.name === "Copa Agenda")).toHaveLength(2);
    expect(notOpen.length).toBeGreaterThan(series.size);
    for (const name of series) {
      // The tab holds the ones open for registration, and one not yet open per series.
      const open = api.tournaments.filter((t) => t.name === name && t.status === "registration").length;
      expect(page.split(`>${name}</a>`).length - 1, name).toBe(open + 1);
    }
  });
});

describe("a tournament's page is told when it changed", () => {
  it("a channel socket watching a tournament hears tournament_updated after a registration, and none before", async () => {
    const id = await createTournament();
    const [viewer, entrant] = await Promise.all([createPlayer("Plateia"), createPlayer("Inscrita")]);
    const channel = await openChannel(viewer);
    channel.ws.send(JSON.stringify({ type: "tournament", payload: { watch: id } }));
    // Two looks of the channel (200 ms each here) with nothing changed: nothing is pushed.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(channel.frames.filter((frame) => frame.type === "tournament_updated")).toEqual([]);
    expect((await register(entrant, id)).status).toBe(200);
    expect((await channel.next("tournament_updated")).payload).toEqual({ tournament_id: id });
    channel.ws.close(1000, "done");
  });
});
