import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { GameSummary } from "../../game/protocol/entities";
import { startSession } from "~/services/auth.server";
import { userForIdentity } from "~/services/users.server";
import { call, CASUAL_1V1, createPlayer, expectLedgerInvariant, ORIGIN, recordOf, testContext, userRow } from "./helpers";
import { openChannel } from "./channel-client";
import { RoomClient } from "./room-client";
import { TEST_OVERRIDES_HEADER } from "./test-worker";

type Player = Awaited<ReturnType<typeof createPlayer>>;

let adminSequence = 0;
/** A signed-in admin: the address in ADMIN_EMAILS (vitest.workers.config.ts), a new identity each time. */
async function createAdmin(): Promise<Player> {
  adminSequence += 1;
  const context = testContext();
  const user = await userForIdentity(context, {
    issuer: "https://issuer.test",
    subject: `admin-${Date.now().toString(36)}-${adminSequence}-${crypto.randomUUID().slice(0, 6)}`,
    email: "admin@example.test",
    name: `Admin ${adminSequence}${crypto.randomUUID().slice(0, 4)}`,
    picture: null,
  });
  const setCookie = await startSession(new Request(ORIGIN), context, user.id);
  return { user, cookie: setCookie.split(";")[0] };
}

// Every admin route, from the route files themselves: a new admin route is in the matrix at once.
const ROUTE_FILES = Object.keys(import.meta.glob(["../../app/routes/admin*.{ts,tsx}", "../../app/routes/api.admin*.{ts,tsx}"]));

function pathOf(file: string): string {
  const name = file
    .split("/")
    .pop()!
    .replace(/\.(ts|tsx)$/, "");
  const segments = name
    .split(".")
    .filter((s) => s !== "_index")
    .map((s) => (s.startsWith("$") ? "00000000-0000-4000-8000-000000000000" : s));
  return `/${segments.join("/")}`;
}

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

function countRows(table: string) {
  return env.DB.prepare(`SELECT COUNT(*) AS n FROM ${table}`)
    .first<{ n: number }>()
    .then((r) => r!.n);
}

function action(admin: Player, body: unknown) {
  return call("/api/admin/actions", { method: "POST", cookie: admin.cookie, body });
}

async function auditRows(targetUserId: string) {
  const { results } = await env.DB.prepare("SELECT * FROM admin_actions WHERE target_user_id = ? ORDER BY created_at")
    .bind(targetUserId)
    .all<Record<string, unknown>>();
  return results;
}

describe("the admin role, enforced on the server", () => {
  it("finds the admin routes", () => {
    const paths = ROUTE_FILES.map(pathOf);
    expect(paths).toEqual(expect.arrayContaining(["/admin", "/api/admin/stats", "/api/admin/users", "/api/admin/actions"]));
  });

  it("walks every admin route and method as visitor, player and admin", async () => {
    const player = await createPlayer("Curioso");
    const admin = await createAdmin();
    for (const file of ROUTE_FILES) {
      const path = pathOf(file);
      const api = path.startsWith("/api/");
      for (const method of METHODS) {
        const body = method === "GET" ? undefined : {};
        // Remix compares a page action's Origin with its Host (a browser always sends one).
        const headers = { Host: new URL(ORIGIN).host };
        const visitor = await call(path, { method, body, headers });
        const asPlayer = await call(path, { method, body, headers, cookie: player.cookie });
        const asAdmin = await call(path, { method, body, headers, cookie: admin.cookie });
        const where = `${method} ${path}`;
        if (api) {
          expect(visitor.status, `${where} as visitor`).toBe(401);
          expect(asPlayer.status, `${where} as player`).toBe(403);
          expect((await visitor.json<{ error: string }>()).error, where).toBeTruthy();
          expect((await asPlayer.json<{ error: string }>()).error, where).toBeTruthy();
        } else {
          for (const [who, response] of [
            ["visitor", visitor],
            ["player", asPlayer],
          ] as const) {
            expect(response.status, `${where} as ${who}`).toBe(302);
            expect(new URL(response.headers.get("Location")!, ORIGIN).pathname, `${where} as ${who}`).toBe("/");
          }
        }
        expect([401, 403, 302], `${where} as admin`).not.toContain(asAdmin.status);
        if (method === "GET") expect(asAdmin.status, `${where} as admin`).toBe(200);
        if (api && asAdmin.status === 405) expect(asAdmin.headers.get("Allow"), where).toBeTruthy();
      }
    }
  });

  it("reads the stats, the users (search, paging) and the audit log", async () => {
    const admin = await createAdmin();
    const target = await createPlayer("Procurado");
    const stats = await (await call("/api/admin/stats", { cookie: admin.cookie })).json<Record<string, number>>();
    expect(Object.keys(stats).sort()).toEqual(["active_games", "daily_active_users", "total_games", "total_revenue", "total_users"]);
    expect(stats.total_users).toBeGreaterThanOrEqual(2);
    expect(stats.daily_active_users).toBeGreaterThanOrEqual(2);

    const found = await (
      await call(`/api/admin/users?q=${encodeURIComponent(target.user.nickname)}`, { cookie: admin.cookie })
    ).json<{
      users: Record<string, unknown>[];
      total: number;
    }>();
    expect(found.total).toBe(1);
    expect(found.users[0]).toMatchObject({
      id: target.user.id,
      nickname: target.user.nickname,
      virtual_coins: 1000,
      games_played: 0,
      games_won: 0,
      ranking_points: 1000,
      role: "player",
      banned: false,
    });
    const byEmail = await (
      await call(`/api/admin/users?q=${encodeURIComponent(target.user.email!)}`, { cookie: admin.cookie })
    ).json<{
      total: number;
    }>();
    expect(byEmail.total).toBe(1);
    // A LIKE wildcard is taken literally.
    const wildcard = await (await call("/api/admin/users?q=%25", { cookie: admin.cookie })).json<{ total: number }>();
    expect(wildcard.total).toBe(0);
    const paged = await (await call("/api/admin/users?page=2", { cookie: admin.cookie })).json<{ page: number; page_size: number }>();
    expect(paged).toMatchObject({ page: 2, page_size: 20 });
    expect((await call("/api/admin/users?page=0", { cookie: admin.cookie })).status).toBe(400);

    await action(admin, { action_type: "adjust_ranking", target_user_id: target.user.id, reason: "test", value: 1200 });
    const log = await (await call("/api/admin/actions", { cookie: admin.cookie })).json<{ actions: Record<string, unknown>[] }>();
    expect(log.actions[0]).toMatchObject({
      action_type: "adjust_ranking",
      target_user_id: target.user.id,
      reason: "test",
      admin: { id: admin.user.id },
    });
    expect(log.actions[0]).toHaveProperty("id");
    expect(log.actions[0]).toHaveProperty("created_at");
  });
});

describe("moderation actions", () => {
  it("resets coins with one ledger row of the difference, audited in the same batch (L1 holds)", async () => {
    const admin = await createAdmin();
    const target = await createPlayer("Rico");
    const response = await action(admin, { action_type: "reset_coins", target_user_id: target.user.id, reason: "fraud", value: 250 });
    expect(response.status).toBe(201);
    const { id } = await response.json<{ id: string }>();
    expect((await userRow(target.user.id))?.virtual_coins).toBe(250);
    const row = await env.DB.prepare("SELECT * FROM coin_transactions WHERE idempotency_key = ?")
      .bind(`admin:${id}`)
      .first<Record<string, unknown>>();
    expect(row).toMatchObject({ user_id: target.user.id, amount: -750, transaction_type: "admin_adjustment" });
    expect(await auditRows(target.user.id)).toEqual([
      expect.objectContaining({
        id,
        admin_id: admin.user.id,
        action_type: "reset_coins",
        value: 250,
        previous_value: 1000,
        reason: "fraud",
      }),
    ]);
    // Up again, and to the same balance (no ledger row for no difference, still audited).
    await action(admin, { action_type: "reset_coins", target_user_id: target.user.id, reason: "", value: 5000 });
    await action(admin, { action_type: "reset_coins", target_user_id: target.user.id, reason: "", value: 5000 });
    expect((await userRow(target.user.id))?.virtual_coins).toBe(5000);
    const ledger = await env.DB.prepare("SELECT amount FROM coin_transactions WHERE user_id = ? ORDER BY id")
      .bind(target.user.id)
      .all<{ amount: number }>();
    expect(ledger.results.map((r) => r.amount)).toEqual([1000, -750, 4750]);
    expect(await auditRows(target.user.id)).toHaveLength(3);
    await expectLedgerInvariant();
  });

  it("adjusts ranking points, recording the points before", async () => {
    const admin = await createAdmin();
    const target = await createPlayer("Ranqueado");
    expect(
      (await action(admin, { action_type: "adjust_ranking", target_user_id: target.user.id, reason: "boost", value: 1500 })).status,
    ).toBe(201);
    expect((await userRow(target.user.id))?.ranking_points).toBe(1500);
    expect(await auditRows(target.user.id)).toEqual([
      expect.objectContaining({ action_type: "adjust_ranking", value: 1500, previous_value: 1000 }),
    ]);
  });

  it("counts the dashboard's forms against the same limit as the API (429, nothing written)", async () => {
    const admin = await createAdmin();
    const target = await createPlayer("Moderado");
    const headers = { [TEST_OVERRIDES_HEADER]: "admin_action:1/60", "Accept-Language": "en" };
    const reset = (value: string) =>
      call("/admin", {
        method: "POST",
        cookie: admin.cookie,
        form: { action_type: "reset_coins", target_user_id: target.user.id, reason: "Form limit test", value, back: "/admin" },
        headers,
      });
    expect((await reset("700")).status).toBe(302);
    const refused = await reset("900");
    expect(refused.status).toBe(429);
    expect(await refused.text()).toMatch(/Too many tries in a row\. Try again in \d+ (second|minute)/);
    expect((await userRow(target.user.id))?.virtual_coins).toBe(700);
    await expectLedgerInvariant();
  });

  it("refuses invalid actions and writes nothing", async () => {
    const admin = await createAdmin();
    const target = await createPlayer("Alvo");
    const before = { actions: await countRows("admin_actions"), ledger: await countRows("coin_transactions") };
    const refusals: [unknown, number][] = [
      [{ action_type: "ban", target_user_id: "no-such-user", reason: "x" }, 404],
      [{ action_type: "ban", target_user_id: admin.user.id, reason: "x" }, 400],
      [{ action_type: "reset_coins", target_user_id: admin.user.id, value: 10 }, 400],
      [{ action_type: "reset_coins", target_user_id: target.user.id, value: -1 }, 400],
      [{ action_type: "reset_coins", target_user_id: target.user.id, value: 1.5 }, 400],
      [{ action_type: "reset_coins", target_user_id: target.user.id, value: 1e12 }, 400],
      [{ action_type: "reset_coins", target_user_id: target.user.id }, 400],
      [{ action_type: "adjust_ranking", target_user_id: target.user.id, value: "abc" }, 400],
      [{ action_type: "delete_everything", target_user_id: target.user.id }, 400],
      [{ action_type: "unban", target_user_id: target.user.id }, 409],
      [{ action_type: "cancel_game", target_game_id: "no-such-game" }, 404],
    ];
    for (const [body, status] of refusals) {
      const response = await action(admin, body);
      expect(response.status, JSON.stringify(body)).toBe(status);
      expect((await response.json<{ error: string }>()).error).toBeTruthy();
    }
    expect(await countRows("admin_actions")).toBe(before.actions);
    expect(await countRows("coin_transactions")).toBe(before.ledger);
    expect(await userRow(target.user.id)).toMatchObject({ virtual_coins: 1000, ranking_points: 1000, banned_at: null });
  });

  it("bans: every session revoked at once, sockets closed, sign-in refused with the reason; unban lets them back", async () => {
    const admin = await createAdmin();
    const [owner, rival] = [await createPlayer("Dono"), await createPlayer("Banido")];
    // A waiting 2v2 room with both seated, and a second session of the player to be banned.
    const created = await call("/api/games", {
      method: "POST",
      cookie: owner.cookie,
      body: { game_type: "2v2", game_mode: "casual", truco_variant: "paulista" },
    });
    const game = await created.json<GameSummary>();
    expect((await call("/api/games/join", { method: "POST", cookie: rival.cookie, body: { game_code: game.game_code } })).status).toBe(200);
    expect((await userRow(rival.user.id))?.virtual_coins).toBe(950);
    const secondSession = await startSession(new Request(ORIGIN), testContext(), rival.user.id);
    const client = await RoomClient.connect(game.id, rival);
    const closed = new Promise<number>((resolve) => client.ws.addEventListener("close", (event) => resolve(event.code)));
    // An open page's live channel: it hears the ban, with its reason, before its socket closes.
    const page = await openChannel(rival);
    const pageClosed = new Promise<number>((resolve) => page.ws.addEventListener("close", (event) => resolve(event.code)));

    const response = await action(admin, { action_type: "ban", target_user_id: rival.user.id, reason: "Cheating with a bot" });
    expect(response.status).toBe(201);
    expect(await closed).toBe(4003);
    expect(await page.next("account_banned")).toEqual({ type: "account_banned", payload: { reason: "Cheating with a bot" } });
    expect(await pageClosed).toBe(4003);
    const sessions = await env.DB.prepare("SELECT COUNT(*) AS n FROM sessions WHERE user_id = ?")
      .bind(rival.user.id)
      .first<{ n: number }>();
    expect(sessions?.n).toBe(0);
    for (const cookie of [rival.cookie, secondSession.split(";")[0]]) {
      expect((await call("/api/users/me", { cookie })).status).toBe(401);
      // A page: the banned page, which says why.
      const home = await call("/", { cookie });
      expect(home.status).toBe(302);
      expect(home.headers.get("Location")).toBe("/banned");
    }
    const banned = await call("/banned", { cookie: rival.cookie });
    expect(banned.status).toBe(200);
    expect(await banned.text()).toContain("Cheating with a bot");
    // The waiting seat was released and its entry returned.
    expect((await userRow(rival.user.id))?.virtual_coins).toBe(1000);
    const seat = await env.DB.prepare("SELECT left_at FROM game_players WHERE game_id = ? AND user_id = ?")
      .bind(game.id, rival.user.id)
      .first<{ left_at: string | null }>();
    expect(seat === null || seat.left_at !== null).toBe(true);
    expect(await auditRows(rival.user.id)).toEqual([expect.objectContaining({ action_type: "ban", reason: "Cheating with a bot" })]);
    expect((await userRow(rival.user.id))?.ban_reason).toBe("Cheating with a bot");
    // Banning twice is refused and writes nothing.
    expect((await action(admin, { action_type: "ban", target_user_id: rival.user.id, reason: "again" })).status).toBe(409);
    expect(await auditRows(rival.user.id)).toHaveLength(1);

    expect((await action(admin, { action_type: "unban", target_user_id: rival.user.id, reason: "appeal" })).status).toBe(201);
    expect(await userRow(rival.user.id)).toMatchObject({ banned_at: null, ban_reason: null });
    // The old sessions stay revoked: the player signs in again.
    expect((await call("/api/users/me", { cookie: rival.cookie })).status).toBe(401);
    expect((await call("/", { cookie: rival.cookie })).status).toBe(200);
    await expectLedgerInvariant();
  });

  it("bans a player in an active game: a computer player takes the seat", async () => {
    const admin = await createAdmin();
    const [a, b] = [await createPlayer("Ativo"), await createPlayer("Trapaceiro")];
    const created = await call("/api/games", {
      method: "POST",
      cookie: a.cookie,
      body: { game_type: "1v1", game_mode: "casual", truco_variant: "paulista" },
    });
    const game = await created.json<GameSummary>();
    await call("/api/games/join", { method: "POST", cookie: b.cookie, body: { game_code: game.game_code } });
    const clients = [await RoomClient.connect(game.id, a), await RoomClient.connect(game.id, b)];
    await clients[0].until(() => clients[0].state?.game.status === "active", 5_000, "the start");
    const closed = new Promise<number>((resolve) => clients[1].ws.addEventListener("close", (event) => resolve(event.code)));
    expect((await action(admin, { action_type: "ban", target_user_id: b.user.id, reason: "abuse" })).status).toBe(201);
    expect(await closed).toBe(4003);
    await clients[0].until(
      () => Boolean(clients[0].state?.participants.some((p) => p.user_id === b.user.id && p.bot_controlled)),
      5_000,
      "the bot taking the seat",
    );
    clients[0].ws.close();
  });

  it("cancels a stuck game: entries returned through the ledger, audited in the same batch", async () => {
    const admin = await createAdmin();
    const [a, b] = [await createPlayer("Preso"), await createPlayer("Parado")];
    const created = await call("/api/games", {
      method: "POST",
      cookie: a.cookie,
      body: { game_type: "2v2", game_mode: "ranked", truco_variant: "paulista" },
    });
    const game = await created.json<GameSummary>();
    await call("/api/games/join", { method: "POST", cookie: b.cookie, body: { game_code: game.game_code } });
    expect((await userRow(a.user.id))?.virtual_coins).toBe(900);
    const response = await action(admin, { action_type: "cancel_game", target_game_id: game.id, reason: "stuck" });
    expect(response.status).toBe(201);
    const { id } = await response.json<{ id: string }>();
    const row = await env.DB.prepare("SELECT status, end_reason FROM games WHERE id = ?").bind(game.id).first();
    expect(row).toMatchObject({ status: "cancelled", end_reason: "admin" });
    expect((await userRow(a.user.id))?.virtual_coins).toBe(1000);
    expect((await userRow(b.user.id))?.virtual_coins).toBe(1000);
    const audit = await env.DB.prepare("SELECT * FROM admin_actions WHERE id = ?").bind(id).first();
    expect(audit).toMatchObject({ action_type: "cancel_game", target_game_id: game.id, admin_id: admin.user.id });
    expect((await action(admin, { action_type: "cancel_game", target_game_id: game.id, reason: "again" })).status).toBe(409);
    await expectLedgerInvariant();
  });

  it("shows a finished game's record from R2: each hand's commitment and seed, replayed", async () => {
    const admin = await createAdmin();
    const [a, b] = [await createPlayer("Ana Registro"), await createPlayer("Bia Registro")];
    const created = await call("/api/games", { method: "POST", cookie: a.cookie, body: CASUAL_1V1 });
    const game = await created.json<GameSummary>();
    await call("/api/games/join", { method: "POST", cookie: b.cookie, body: { game_code: game.game_code } });
    const clients = [await RoomClient.connect(game.id, a), await RoomClient.connect(game.id, b)];
    await clients[0].until(() => clients.some((client) => client.myTurn()), 5_000, "the first turn");
    const page = async () => (await call(`/admin?tab=games&record=${game.id}`, { cookie: admin.cookie })).text();
    expect(await page()).toContain('data-testid="admin-record-missing"');

    // Ended by the admin mid-hand: the record holds the hand, its seed revealed.
    expect((await action(admin, { action_type: "cancel_game", target_game_id: game.id, reason: "stuck" })).status).toBe(201);
    const record = await recordOf(game.id);
    const html = await page();
    for (const hand of record.hands) {
      expect(html).toContain(hand.commitment);
      expect(html).toContain(hand.seed!);
    }
    expect(html).toContain("replayed");
    expect(html).not.toContain('data-testid="admin-record-missing"');
    clients.forEach((client) => client.close());
  });
});
