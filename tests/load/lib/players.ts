import { request as playwrightRequest } from "@playwright/test";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { getPlatformProxy } from "wrangler";
import { executeLocal, ROOT, statementDb } from "../../../db/local-d1";
import { parseEnv, type Bindings } from "~/services/env.server";
import { bulkPlayers } from "./bulk-players";
import type { Player } from "./scenario";
import { log, pool } from "./util";

// The player factory. Two ways in, both the app's own:
//  - signIn: the real sign-in flow over HTTP, as a browser makes it: the
//    app's authorization URL, the sign-in emulator's login form, the
//    callback's code and state posted to /api/sessions. Playwright's HTTP
//    client keeps the cookies between the app and the emulator.
//  - createPlayers: many players fast, before the server starts, with the
//    app's own sign-in code (lib/bulk-players.ts: the rows userForIdentity
//    writes for a new identity and the session startSession writes, with the
//    env the app sees locally), applied in one batch to the bench's local D1
//    (db/local-d1.ts). The cookies are the ones the app would set. Skipped:
//    the OAuth round trips with the emulator, and one statement per row
//    (2,000 players either way take minutes on this machine; this way,
//    seconds).

export interface Identity {
  name: string;
  email: string;
}

/** The session cookie as a Cookie header pair (its name has a __Host- prefix in production). */
function sessionCookieOf(cookies: { name: string; value: string }[]): string {
  const cookie = cookies.find((c) => /(^|-)truco_session$/.test(c.name));
  if (!cookie) throw new Error("sign-in: no session cookie");
  return `${cookie.name}=${cookie.value}`;
}

/** Signs a player in through the app and the sign-in emulator, like a browser. */
export async function signIn(base: string, identity: Identity): Promise<Player> {
  const http = await playwrightRequest.newContext({ baseURL: base });
  try {
    const start = await http.get("/api/oauth/google/redirect_url", { headers: { Accept: "application/json" } });
    if (start.status() !== 200) throw new Error(`GET /api/oauth/google/redirect_url → ${start.status()} ${await start.text()}`);
    const { redirectUrl } = (await start.json()) as { redirectUrl: string };
    // The emulator's login page (through its redirects), then its form.
    const page = await http.get(redirectUrl);
    const action = /<form[^>]*action="([^"]+)"/.exec(await page.text())?.[1];
    if (!action) throw new Error(`sign-in emulator: no login form at ${page.url()} (${page.status()})`);
    let response = await http.post(new URL(action.replace(/&amp;/g, "&"), page.url()).href, { form: { ...identity }, maxRedirects: 0 });
    // Its redirects, up to the app's callback (whose code and state the callback page would post).
    let callback: URL | null = null;
    for (let hop = 0; hop < 12 && !callback; hop++) {
      const location = response.headers()["location"];
      if (response.status() < 300 || response.status() >= 400 || !location) {
        throw new Error(`sign-in emulator: stopped at ${response.url()} (${response.status()})`);
      }
      const next = new URL(location, response.url());
      if (next.pathname === "/auth/callback" && next.port === new URL(base).port) callback = next;
      else response = await http.get(next.href, { maxRedirects: 0 });
    }
    if (!callback) throw new Error("sign-in emulator: never redirected back to /auth/callback");
    const session = await http.post("/api/sessions", {
      headers: { Origin: base },
      data: { code: callback.searchParams.get("code"), state: callback.searchParams.get("state") },
    });
    if (session.status() !== 201) throw new Error(`POST /api/sessions → ${session.status()} ${await session.text()}`);
    const { user } = (await session.json()) as { user: { id: string; nickname: string } };
    return { id: user.id, nickname: user.nickname, cookie: sessionCookieOf((await http.storageState()).cookies) };
  } finally {
    await http.dispose();
  }
}

/** Signs in `count` players through the emulator, `concurrency` at a time. */
export async function signInMany(base: string, count: number, concurrency: number): Promise<{ players: Player[]; note: string }> {
  const started = performance.now();
  const tag = Date.now().toString(36);
  const players = new Array<Player>(count);
  let done = 0;
  await pool(
    Array.from({ length: count }, (_, i) => i),
    concurrency,
    async (i) => {
      players[i] = await signIn(base, { name: `Bench Player ${i}`, email: `bench.signin.${i}.${tag}@example.test` });
      if (++done % 200 === 0) log(`  signed in ${done}/${count}`);
    },
  );
  const seconds = (performance.now() - started) / 1000;
  log(`${count} players signed in through the sign-in emulator in ${seconds.toFixed(1)} s`);
  return {
    players,
    note: `${count} signed in through the sign-in emulator (${((seconds / count) * 1000).toFixed(0)} ms each at ${concurrency} at a time)`,
  };
}

/**
 * `count` new players in the local database of `stateDir` (migrated, no
 * server running), each with a session cookie (lib/bulk-players.ts).
 */
export async function createPlayers(stateDir: string, count: number): Promise<Player[]> {
  // The env the app sees locally (wrangler.toml [vars] and .dev.vars): the session cookie's name and secret.
  const proxy = await getPlatformProxy<Bindings>({ configPath: path.join(ROOT, "wrangler.toml"), persist: false, remoteBindings: false });
  const env = parseEnv({ ...proxy.env });
  await proxy.dispose();
  const { statements, players } = await bulkPlayers(statementDb, env, count);
  executeLocal(stateDir, "bench-players", statements);
  return players;
}
