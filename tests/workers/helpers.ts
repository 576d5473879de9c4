import { env } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { expect } from "vitest";
import { getLoadContext } from "../../load-context";
import { startSession } from "~/services/auth.server";
import { userForIdentity } from "~/services/users.server";
import type { User } from "../../db/schema";
import type { GameSummary } from "../../game/protocol/entities";
import type { GameRecord } from "../../game/protocol/record";
import { readGameRecord } from "../../db/game-records";

export const ORIGIN = "http://example.com";

/** The app's load context over the test bindings. */
export function testContext() {
  const request = new Request(ORIGIN);
  return getLoadContext({
    request,
    context: {
      cloudflare: {
        env: env as never,
        cf: undefined,
        ctx: { waitUntil: () => {}, passThroughOnException: () => {} },
        caches: caches as never,
      },
    },
  });
}

let sequence = 0;

/** A new player, signed in: the user row (with the welcome bonus) and a session cookie. */
export async function createPlayer(name = "Jogador"): Promise<{ user: User; cookie: string }> {
  sequence += 1;
  const tag = `${Date.now().toString(36)}${sequence}${crypto.randomUUID().slice(0, 4)}`;
  const context = testContext();
  const user = await userForIdentity(context, {
    issuer: "https://issuer.test",
    subject: `subject-${tag}`,
    email: `${name.toLowerCase().replace(/\s+/g, ".")}.${tag}@example.test`,
    name: `${name} ${tag}`.slice(0, 20),
    picture: null,
  });
  const setCookie = await startSession(new Request(ORIGIN), context, user.id);
  return { user, cookie: setCookie.split(";")[0] };
}

export type Player = Awaited<ReturnType<typeof createPlayer>>;

/** A casual 1v1 paulista table: what most tests open when the kind of table does not matter. */
export const CASUAL_1V1 = { game_type: "1v1", game_mode: "casual", truco_variant: "paulista" } as const;

/** `player` opens a table (`POST /api/games`, 201 expected). */
export async function createGame(player: Player, body: Record<string, unknown> = CASUAL_1V1): Promise<GameSummary> {
  const response = await call("/api/games", { method: "POST", cookie: player.cookie, body });
  expect(response.status, await response.clone().text()).toBe(201);
  return response.json<GameSummary>();
}

/** `player` sits at the table by its code (`POST /api/games/join`, 200 expected). */
export async function joinGame(player: Player, game: GameSummary): Promise<void> {
  const response = await call("/api/games/join", { method: "POST", cookie: player.cookie, body: { game_code: game.game_code } });
  expect(response.status, await response.clone().text()).toBe(200);
}

export interface CallOptions {
  method?: string;
  body?: unknown;
  cookie?: string;
  /** The Origin header; same-origin by default for state-changing methods, null to omit it. */
  origin?: string | null;
  headers?: Record<string, string>;
  /** A page's form, sent as a browser does (application/x-www-form-urlencoded). */
  form?: Record<string, string>;
}

/** A request to the app, as a browser on ORIGIN would make it. */
export function call(path: string, options: CallOptions = {}): Promise<Response> {
  const method = options.method ?? "GET";
  const headers = new Headers(options.headers);
  if (options.cookie) headers.set("Cookie", options.cookie);
  const origin = options.origin === undefined ? (method === "GET" ? null : ORIGIN) : options.origin;
  if (origin) headers.set("Origin", origin);
  let body: string | undefined;
  if (options.body !== undefined) {
    headers.set("Content-Type", "application/json");
    body = typeof options.body === "string" ? options.body : JSON.stringify(options.body);
  } else if (options.form) {
    headers.set("Content-Type", "application/x-www-form-urlencoded");
    // Remix compares a document POST's Origin with its Host, as a browser sends both.
    headers.set("Host", new URL(ORIGIN).host);
    body = new URLSearchParams(options.form).toString();
  }
  return exports.default.fetch(new Request(`${ORIGIN}${path}`, { method, headers, body, redirect: "manual" }));
}

/** Invariant L1: every user's balance equals the sum of their ledger rows, and none is negative. */
export async function expectLedgerInvariant() {
  const { results } = await env.DB.prepare(
    `SELECT u.id, u.virtual_coins, COALESCE(t.total, 0) AS total
     FROM users u LEFT JOIN (SELECT user_id, SUM(amount) AS total FROM coin_transactions GROUP BY user_id) t
       ON t.user_id = u.id
     WHERE u.virtual_coins != COALESCE(t.total, 0) OR u.virtual_coins < 0`,
  ).all();
  expect(results).toEqual([]);
}

export async function userRow(id: string) {
  return env.DB.prepare("SELECT * FROM users WHERE id = ?").bind(id).first<User>();
}

/**
 * The game's record in the GAME_RECORDS bucket. The room writes it right after the frames that end
 * the game, so a test that saw the end on a socket may ask before it is there: this waits for it
 * (within `ms`, a bound against a record that never comes, not a timing the test relies on).
 */
export async function recordOf(gameId: string, ms = 10_000): Promise<GameRecord> {
  const deadline = Date.now() + ms;
  for (;;) {
    const record = await readGameRecord(env.GAME_RECORDS, gameId);
    if (record) return record;
    if (Date.now() > deadline) throw new Error(`no record of game ${gameId} in the bucket`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
