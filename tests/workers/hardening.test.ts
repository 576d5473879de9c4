import { env } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import type { GameSummary } from "../../game/protocol/entities";
import { MAX_SOCKETS_PER_PLAYER } from "../../game/protocol/constants";
import { startSession } from "~/services/auth.server";
import { postChat } from "~/services/chat.server";
import { formActionSources } from "~/services/http.server";
import { call, createPlayer, expectLedgerInvariant, ORIGIN, testContext } from "./helpers";
import { deliver, nowSeconds, stripeEvent } from "./payment-helpers";
import { RoomClient } from "./room-client";
import { runPages, TEST_OVERRIDES_HEADER } from "./test-worker";
import { expectConsoleWarning } from "../support/console";

// Hardening, probed from outside: rate limits (with windows shortened per request through the test
// Worker's header), sockets closed at logout, cache headers, the redacted game answer, CSP, the
// webhook's clock, and requests that never reach the static-asset lookup.

afterEach(expectLedgerInvariant);

const NEW_GAME = { game_type: "2v2", game_mode: "casual", truco_variant: "paulista" };
/** A practice game: it binds nobody (ADR 075), so one player can open several in a row to meet the limit. */
const PRACTICE_GAME = { ...NEW_GAME, vs_computer: true };

type Player = Awaited<ReturnType<typeof createPlayer>>;

async function createGame(player: Player, limits?: string): Promise<Response> {
  return call("/api/games", {
    method: "POST",
    cookie: player.cookie,
    // Under a limit the same player opens table after table: practice ones (a second real table is refused, ADR 075).
    body: limits ? PRACTICE_GAME : NEW_GAME,
    headers: limits ? { [TEST_OVERRIDES_HEADER]: limits } : {},
  });
}

async function newGame(player: Player): Promise<GameSummary> {
  const response = await createGame(player);
  expect(response.status).toBe(201);
  return response.json<GameSummary>();
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("rate limits", () => {
  it("answer 429 with Retry-After and an error in the reader's language, and let the player act again after the window", async () => {
    const player = await createPlayer("Apressado");
    const limits = "game_create:2/3";
    expect((await createGame(player, limits)).status).toBe(201);
    expect((await createGame(player, limits)).status).toBe(201);
    const refused = await call("/api/games", {
      method: "POST",
      cookie: player.cookie,
      body: PRACTICE_GAME,
      headers: { [TEST_OVERRIDES_HEADER]: limits, "Accept-Language": "en" },
    });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toMatch(/^[1-3]$/);
    expect(refused.headers.get("Cache-Control")).toBe("private, no-store");
    expect((await refused.json<{ error: string }>()).error).toMatch(/^Too many tries in a row\. Try again in [1-3] seconds?\.$/);
    // Another player is not affected.
    expect((await createGame(await createPlayer("Calmo"), limits)).status).toBe(201);
    await sleep(3_100);
    expect((await createGame(player, limits)).status).toBe(201);
  });

  it("hold under concurrency: of 60 wrong join codes sent at once, exactly 10 are looked up, and then a right code waits too", async () => {
    const host = await createPlayer("Anfitriao");
    const game = await newGame(host);
    const guesser = await createPlayer("Adivinho");
    const codes = Array.from({ length: 60 }, (_, i) => `ZZ${String(i).padStart(4, "0")}`);
    const answers = await Promise.all(
      codes.map((game_code) => call("/api/games/join", { method: "POST", cookie: guesser.cookie, body: { game_code } })),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 404)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(50);
    const locked = await call("/api/games/join", { method: "POST", cookie: guesser.cookie, body: { game_code: game.game_code } });
    expect(locked.status).toBe(429);
    expect((await locked.json<{ error: string }>()).error).toMatch(/^Muitos códigos errados/);
    expect(Number(locked.headers.get("Retry-After"))).toBeGreaterThan(500);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM game_players WHERE user_id = ?").bind(guesser.user.id).first("n")).toBe(0);
  });

  it("do not count a right join code as a wrong one", async () => {
    const host = await createPlayer("Anfitriao");
    const game = await newGame(host);
    const guest = await createPlayer("Convidado");
    const limits = "join_code_failure:1/60/60";
    for (let i = 0; i < 3; i += 1) {
      const answer = await call("/api/games/join", {
        method: "POST",
        cookie: guest.cookie,
        body: { game_code: game.game_code },
        headers: { [TEST_OVERRIDES_HEADER]: limits },
      });
      expect(answer.status).toBe(200);
    }
  });

  it("count and insert chat messages atomically: 30 at once let 8 through, and the flooder is muted, not disconnected", async () => {
    const player = await createPlayer("Tagarela");
    const game = await newGame(player);
    const socket = await RoomClient.connect(game.id, player);
    const posts = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        call(`/api/games/${game.id}/chat`, { method: "POST", cookie: player.cookie, body: { message: `oi ${i}`, message_type: "text" } }),
      ),
    );
    expect(posts.filter((post) => post.status === 201)).toHaveLength(8);
    expect(posts.filter((post) => post.status === 429)).toHaveLength(22);
    const muted = await call(`/api/games/${game.id}/chat`, {
      method: "POST",
      cookie: player.cookie,
      body: { message: "ainda?", message_type: "text" },
    });
    expect(muted.status).toBe(429);
    expect((await muted.json<{ error: string }>()).error).toMatch(/^Você está silenciado/);
    const kept = await call(`/api/games/${game.id}/chat`, { cookie: player.cookie });
    expect(await kept.json()).toHaveLength(8);
    expect(socket.closed).toBeNull();
    socket.close();
  });

  it("keep the table's own chat rule in its room, even without the limiter", async () => {
    const player = await createPlayer("Direto");
    const game = await newGame(player);
    const context = testContext();
    const stored = await Promise.all(Array.from({ length: 30 }, (_, i) => postChat(context, game.id, player.user, `m${i}`, "text")));
    expect(stored.filter((message) => message !== "too_fast").length).toBe(8);
  });

  it("hold on the friends page's forms and search as on the REST routes", async () => {
    const player = await createPlayer("Insistente");
    const others = [await createPlayer("Alvo Um"), await createPlayer("Alvo Dois")];
    const headers = { [TEST_OVERRIDES_HEADER]: "friend_request:1/60;user_search:1/60", "Accept-Language": "en" };
    // The page's own form, posted as a browser does before the page hydrates.
    const request = (user_id: string) =>
      call("/friends", { method: "POST", cookie: player.cookie, form: { intent: "request", user_id }, headers });
    const sent = await request(others[0].user.id);
    expect(sent.status).toBe(200);
    // The answer travels in the page's data (the page shows it once hydrated); the i18n resources
    // in the page hold the text with its {{wait}} placeholder, so only an answer matches this.
    const told = /Too many tries in a row\. Try again in \d+ (second|minute)/;
    expect(await sent.text()).not.toMatch(told);
    const refused = await request(others[1].user.id);
    expect(await refused.text()).toMatch(told);
    // Nothing was written for the refused one.
    const pending = await env.DB.prepare("SELECT COUNT(*) AS n FROM friend_requests WHERE sender_id = ?")
      .bind(player.user.id)
      .first<{ n: number }>();
    expect(pending?.n).toBe(1);

    const search = () => call("/friends?tab=add&q=Alvo", { cookie: player.cookie, headers });
    const found = await (await search()).text();
    expect(found).toContain('data-testid="search-results"');
    const searchRefused = await (await search()).text();
    expect(searchRefused).toMatch(/role="alert"[^>]*>Too many tries in a row\. Try again in \d+ (second|minute)/);
    expect(searchRefused).not.toContain('data-testid="search-results"');
  });

  it("share one counter between a page form and the REST route of the same action", async () => {
    const player = await createPlayer("Dois Caminhos");
    const others = [await createPlayer("Alvo Tres"), await createPlayer("Alvo Quatro")];
    const headers = { [TEST_OVERRIDES_HEADER]: "friend_request:1/60", "Accept-Language": "en" };
    // The first request through the /friends page's form spends the one allowed…
    const viaForm = await call("/friends", {
      method: "POST",
      cookie: player.cookie,
      form: { intent: "request", user_id: others[0].user.id },
      headers,
    });
    expect(viaForm.status).toBe(200);
    // …so the REST route of the same action is refused: one counter, whichever way the player came.
    const viaApi = await call("/api/friends/request", {
      method: "POST",
      cookie: player.cookie,
      body: { user_id: others[1].user.id },
      headers,
    });
    expect(viaApi.status).toBe(429);
    expect(Number(viaApi.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((await viaApi.json<{ error: string }>()).error).toMatch(/^Too many tries in a row\./);
    const pending = await env.DB.prepare("SELECT COUNT(*) AS n FROM friend_requests WHERE sender_id = ?")
      .bind(player.user.id)
      .first<{ n: number }>();
    expect(pending?.n).toBe(1);

    // And the other way round: a game created through the API counts against the home page's form.
    const creator = await createPlayer("Criador");
    const limits = { [TEST_OVERRIDES_HEADER]: "game_create:1/60", "Accept-Language": "en" };
    const created = await call("/api/games", { method: "POST", cookie: creator.cookie, body: PRACTICE_GAME, headers: limits });
    expect(created.status).toBe(201);
    const form = await call("/?index", {
      method: "POST",
      cookie: creator.cookie,
      form: { intent: "play", table: "bots:1v1", truco_variant: "paulista", bot_level: "normal" },
      headers: limits,
    });
    expect(form.status).toBe(429);
    expect(await form.text()).toMatch(/Too many tries in a row\. Try again in \d+ (second|minute)/);
  });

  it("count sign-in per address before there is an account", async () => {
    // Each bogus code the limit lets through fails its exchange, and the route logs it.
    expectConsoleWarning(/^Sign-in exchange failed: Missing state on cookie/);
    const attempt = (ip: string) =>
      call("/api/sessions", {
        method: "POST",
        body: { code: "bogus-code", state: "bogus-state" },
        headers: { "CF-Connecting-IP": ip, [TEST_OVERRIDES_HEADER]: "session_create:2/60" },
      });
    expect((await attempt("198.51.100.7")).status).not.toBe(429);
    expect((await attempt("198.51.100.7")).status).not.toBe(429);
    expect((await attempt("198.51.100.7")).status).toBe(429);
    expect((await attempt("198.51.100.8")).status).not.toBe(429);
  });
});

// Every API route, from its file name: a new route is covered without touching this test.
const ROUTE_FILES = env.TEST_API_ROUTES;

function pathOf(file: string): string {
  const name = file.replace(/\.tsx?$/, "");
  return `/${name
    .split(".")
    .map((segment) => (segment === "$" ? "anything/else" : segment.startsWith("$") ? "some-id" : segment))
    .join("/")}`;
}

const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

describe("methods", () => {
  it("every API route answers 405 with Allow and a JSON error for a method it does not declare", async () => {
    expect(ROUTE_FILES.length).toBeGreaterThan(20);
    const player = await createPlayer("Metodico");
    for (const file of ROUTE_FILES) {
      const path = pathOf(file);
      const answers = await Promise.all(
        METHODS.map(async (method) => ({
          method,
          response: await call(path, { method, cookie: player.cookie, origin: ORIGIN, headers: { "Accept-Language": "en" } }),
        })),
      );
      // The admin routes check the role before the method (a player gets 403 for every method);
      // tests/workers/admin.test.ts walks them with every method as visitor, player and admin.
      if (path.startsWith("/api/admin/")) continue;
      if (path === "/api/anything/else") {
        for (const { response } of answers) expect(response.status, path).toBe(404);
        continue;
      }
      const refusal = answers.find(({ response }) => response.status === 405);
      expect(refusal, `${path} refuses no method`).toBeDefined();
      const allow = (refusal!.response.headers.get("Allow") ?? "").split(", ");
      expect(allow.length, path).toBeGreaterThan(0);
      for (const { method, response } of answers) {
        const what = `${method} ${path} → ${response.status}`;
        expect(response.status, what).toBeLessThan(500);
        if (allow.includes(method)) {
          expect(response.status, what).not.toBe(405);
        } else {
          expect(response.status, what).toBe(405);
          expect(response.headers.get("Allow"), what).toBe(allow.join(", "));
          if (method !== "HEAD") expect(await response.json(), what).toEqual({ error: "Method not allowed" });
        }
      }
    }
  });
});

describe("logout", () => {
  it("closes every socket of that session, and only of that session", async () => {
    const player = await createPlayer("Saindo");
    const game = await newGame(player);
    // The same player signed in on another device.
    const otherDevice = {
      user: player.user,
      cookie: (await startSession(new Request(ORIGIN), testContext(), player.user.id)).split(";")[0],
    };
    const mine = await RoomClient.connect(game.id, player);
    const theirs = await RoomClient.connect(game.id, otherDevice);
    const loggedOut = await call("/api/logout", { method: "POST", cookie: player.cookie });
    expect(loggedOut.status).toBe(200);
    await mine.until(() => mine.closed !== null, 5_000, "socket closed at logout");
    expect(mine.closed?.code).toBe(4001);
    // The cookie is dead: no new socket either.
    const again = await call(`/api/games/${game.id}/ws`, {
      cookie: player.cookie,
      origin: null,
      headers: { Upgrade: "websocket", Origin: ORIGIN },
    });
    expect(again.status).toBe(401);
    // The other device plays on.
    expect(theirs.closed).toBeNull();
    theirs.close();
  });
});

describe("a client piling sockets onto a room", () => {
  it("gets each socket past MAX_SOCKETS_PER_PLAYER closed with 1008", async () => {
    // The room tells operators of every socket it closes for abuse.
    expectConsoleWarning(/"event":"socket_closed_for_abuse"/);
    const player = await createPlayer("Empilhador");
    const game = await newGame(player);
    const sockets: RoomClient[] = [];
    for (let i = 0; i < MAX_SOCKETS_PER_PLAYER + 2; i += 1) sockets.push(await RoomClient.connect(game.id, player));
    const extra = sockets.slice(MAX_SOCKETS_PER_PLAYER);
    for (const socket of extra) await socket.until(() => socket.closed !== null, 5_000, "the extra socket closed");
    expect(extra.map((socket) => socket.closed?.code)).toEqual([1008, 1008]);
    expect(sockets.slice(0, MAX_SOCKETS_PER_PLAYER).map((socket) => socket.closed)).toEqual([null, null, null, null]);
    for (const socket of sockets) socket.close();
  });
});

describe("cache headers", () => {
  it("mark every personalised page and API answer private, no-store", async () => {
    const player = await createPlayer("Privado");
    for (const path of ["/", "/profile", "/api/users/me", "/api/games/history", "/api/unknown", "/nowhere"]) {
      const response = await call(path, { cookie: player.cookie });
      expect(response.headers.get("Cache-Control"), path).toBe("private, no-store");
    }
    const signedOut = await call("/");
    expect(signedOut.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("keep a long immutable cache for the hashed assets only", async () => {
    const headers = env.TEST_PUBLIC_HEADERS;
    expect(headers).toMatch(/^\/assets\/\*\n\s+Cache-Control: public, max-age=31536000, immutable$/m);
    expect(headers.match(/max-age/g)).toHaveLength(1);
  });
});

describe("a game read by someone who is not at the table", () => {
  it("has no join code; the seated players and admins get it", async () => {
    const host = await createPlayer("Dono");
    const game = await newGame(host);
    const stranger = await createPlayer("Curioso");
    const admin = await createPlayer("Gerente");
    await env.DB.prepare("UPDATE users SET role = 'admin' WHERE id = ?").bind(admin.user.id).run();

    const seen = await (await call(`/api/games/${game.id}`, { cookie: stranger.cookie })).json<Record<string, unknown>>();
    expect(seen).not.toHaveProperty("game_code");
    expect(seen).toMatchObject({ id: game.id, status: "waiting" });
    for (const reader of [host, admin]) {
      expect(await (await call(`/api/games/${game.id}`, { cookie: reader.cookie })).json()).toMatchObject({ game_code: game.game_code });
    }
    const participants = await call(`/api/games/${game.id}/participants`, { cookie: stranger.cookie });
    expect(await participants.text()).not.toContain(game.game_code);
  });
});

describe("content security policy", () => {
  it("allows no <base>, and forms only to this origin and the providers (the emulators' exact origins outside production)", async () => {
    const csp = (await call("/")).headers.get("Content-Security-Policy") ?? "";
    expect(csp).toContain("base-uri 'none'");
    expect(csp).not.toContain("localhost:*");
    const production = formActionSources({
      APP_ENV: "production",
      AUTH_EMULATOR_URL: "http://localhost:8790",
      PAYMENT_EMULATOR_URL: "http://localhost:8791",
    });
    expect(production).toEqual(["https://accounts.google.com", "https://checkout.stripe.com"]);
  });
});

describe("the Stripe webhook", () => {
  it("refuses a correctly signed event dated more than five minutes ahead, as it refuses old ones", async () => {
    const event = stripeEvent("customer.created", { id: "cus_future" });
    expect((await deliver(event, { timestamp: nowSeconds() + 3600 })).status).toBe(400);
    expect((await deliver(event, { timestamp: nowSeconds() + 301 + 5 })).status).toBe(400);
    expect((await deliver(event, { timestamp: nowSeconds() - 3600 })).status).toBe(400);
    expect((await deliver(event, { timestamp: nowSeconds() + 60 })).status).toBe(200);
  });
});

describe("requests with a body", () => {
  it("never reach the static-asset lookup; page GETs still do", async () => {
    const looked: string[] = [];
    const assets = {
      fetch: async (url: string, init?: RequestInit) => {
        looked.push(`${init?.method ?? "GET"} ${new URL(url).pathname}`);
        return new Response(null, { status: 404 });
      },
    };
    const player = await createPlayer("Pesado");
    const big = JSON.stringify({ nickname: "x".repeat(300 * 1024) });
    const run = (path: string, method: string, body?: string) =>
      runPages(
        new Request(`${ORIGIN}${path}`, {
          method,
          body,
          headers: { Host: new URL(ORIGIN).host, Origin: ORIGIN, Cookie: player.cookie, "Content-Type": "application/json" },
        }),
        { ...env, ASSETS: assets },
      );

    expect((await run("/api/users/profile", "PUT", big)).status).toBe(413);
    expect((await run("/api/unknown", "POST", big)).status).toBe(404);
    expect((await run("/profile", "POST", big)).status).toBeLessThan(500);
    expect((await run("/api/users/me", "GET")).status).toBe(200);
    expect(looked).toEqual([]);
    await run("/favicon.ico", "GET");
    expect(looked).toEqual(["GET /favicon.ico"]);
  });
});
