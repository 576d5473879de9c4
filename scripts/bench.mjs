#!/usr/bin/env node
// `npm run bench`: the project's performance benchmark (DESIGN.md §9, issue 4).
//
// It starts its own server with scripts/start.mjs (own ports, own state dir
// .wrangler/bench-state, built from the current code), creates its players,
// and measures:
//   A. one 4-player room (2v2 Paulista, casual), ≥ 1,000 moves through as
//      many matches as needed (a new room when a match ends): the time from
//      sending a move on the acting socket until the resulting `game_state`
//      (the version bump) has arrived on each of the four sockets;
//   B. 500 rooms × 4 sockets at once (loopback): the same latency, errors
//      (error frames, unexpected closes, failed HTTP, timeouts) and
//      throughput, each room playing with a human-like think time;
//   C. the front-end budgets from the build: the landing page's critical
//      path (HTML + CSS + modulepreloaded JS of `/`) and the game route's JS,
//      compressed (gzip -9 and brotli q11).
// Then it prints a table against the budgets. Over a budget is reported, not
// failed: the exit code is non-zero only when the bench itself failed (the
// server did not start, scenario A saw an error, ...).
//
// Players: seeded straight into the bench's local D1 before the server starts
// (users + their welcome bonus through the ledger, so invariant L1 holds, and
// server-side sessions whose signed cookie is made with Remix's createCookie
// and the local SESSION_SECRET of wrangler.toml). The four players of
// scenario A sign in through the real sign-in emulator flow instead, as a
// browser would, so that path is exercised too. (--signin-all signs in every
// player through the emulator; much slower.)
//
// Server timings are shortened for the bench through start.mjs's
// TRUCO_BINDINGS: NEXT_HAND_DELAY_MS=0 (hands follow each other at once) and
// TURN_SECONDS=600 (no server-side timeout move interferes with a measurement).
//
// Options (all optional):
//   --rooms N           scenario B rooms (500)
//   --moves N           scenario A moves (1000)
//   --duration S        scenario B measured play time in seconds (60)
//   --think MS          scenario B mean think time between two moves of a room
//                       (3000, a human pace; uniform in [0.5, 1.5] × MS)
//   --saturation S      then the same rooms with no think time for S seconds, to
//                       find the server's capacity (15; 0 to skip)
//   --concurrency N     parallel setup requests (32)
//   --port N            app port (8796); the sign-in emulator takes N-1, payments N-2
//   --skip-build        reuse the existing build (SKIP_BUILD=1)
//   --only a|b|web      run one part only
//   --signin-all        every player signs in through the emulator (slow)
// See also `npm run bench:engine` for the rules engine's own throughput.
import { spawn, spawnSync } from "node:child_process";
import { createHash, randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import zlib from "node:zlib";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/** Children run on this Node (22, from the node@22 devDependency under npm run), whatever PATH says. */
const childEnv = { ...process.env, CI: "1", PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ""}` };

// ------------------------------------------------------------------ options

const { values: opts } = parseArgs({
  options: {
    rooms: { type: "string", default: "500" },
    moves: { type: "string", default: "1000" },
    duration: { type: "string", default: "60" },
    think: { type: "string", default: "3000" },
    saturation: { type: "string", default: "15" },
    concurrency: { type: "string", default: "32" },
    port: { type: "string", default: process.env.BENCH_PORT ?? "8796" },
    "skip-build": { type: "boolean", default: false },
    only: { type: "string" },
    "signin-all": { type: "boolean", default: false },
    help: { type: "boolean", short: "h", default: false },
  },
});
if (opts.help) {
  const header = fs
    .readFileSync(fileURLToPath(import.meta.url), "utf8")
    .split("\n")
    .slice(1)
    .filter((l) => l.startsWith("//"));
  console.log(header.map((l) => l.replace(/^\/\/ ?/, "")).join("\n"));
  process.exit(0);
}
const ROOMS = int(opts.rooms, "rooms");
const MOVES = int(opts.moves, "moves");
const DURATION_S = int(opts.duration, "duration");
const THINK_MS = int(opts.think, "think");
const SATURATION_S = int(opts.saturation, "saturation");
const CONCURRENCY = Math.max(1, int(opts.concurrency, "concurrency"));
const PORT = int(opts.port, "port");
const AUTH_PORT = PORT - 1;
const PAYMENT_PORT = PORT - 2;
const ONLY = opts.only ?? null;
if (ONLY && !["a", "b", "web"].includes(ONLY)) fail(`--only must be a, b or web (got ${ONLY})`);
const RUN_A = !ONLY || ONLY === "a";
const RUN_B = !ONLY || ONLY === "b";
const BASE = `http://127.0.0.1:${PORT}`;
const STATE_DIR = path.join(root, ".wrangler", "bench-state");
const SERVER_LOG = path.join(root, ".wrangler", "bench-server.log");
const BINDINGS = "NEXT_HAND_DELAY_MS=0 TURN_SECONDS=600";
/** The room closes a socket sending more than 50 frames in 10 s: stay at ≤ 4 frames/s per socket. */
const MIN_FRAME_GAP_MS = 250;
const MOVE_TIMEOUT_MS = 30_000;

const BUDGET = {
  roomP50: 5,
  roomP99: 25,
  loadP95: 50,
  landingCritical: 170 * 1024,
  landingJs: 100 * 1024,
  gameJs: 170 * 1024,
};

function int(value, name) {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) fail(`--${name} must be a non-negative integer (got ${value})`);
  return n;
}

// ------------------------------------------------------------------ small helpers

const t0 = performance.now();
const elapsed = () => `${((performance.now() - t0) / 1000).toFixed(0).padStart(4)}s`;
function log(message) {
  console.log(`[bench ${elapsed()}] ${message}`);
}
function fail(message) {
  console.error(`✗ ${message}`);
  process.exit(2);
}
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** Runs `fn` over items with at most `limit` at once. */
async function pool(items, limit, fn) {
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      await fn(items[index], index);
    }
  });
  await Promise.all(workers);
}

/** A small seeded PRNG (mulberry32), so runs choose the same kind of moves. */
function rngOf(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Latency samples in ms. */
class Samples {
  constructor() {
    this.values = [];
  }
  add(ms) {
    this.values.push(ms);
  }
  get count() {
    return this.values.length;
  }
  summary() {
    const sorted = Float64Array.from(this.values).sort();
    const at = (p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN);
    const mean = sorted.length ? sorted.reduce((a, b) => a + b, 0) / sorted.length : NaN;
    return { n: sorted.length, p50: at(50), p95: at(95), p99: at(99), max: sorted.length ? sorted[sorted.length - 1] : NaN, mean };
  }
}

const fmtMs = (ms) => (Number.isFinite(ms) ? (ms < 10 ? ms.toFixed(2) : ms < 100 ? ms.toFixed(1) : ms.toFixed(0)) : "—");
const fmtKB = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

// ------------------------------------------------------------------ the server

let server = null; // { child, pids }
let stopping = false;

function portFree(port) {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}

/** Pids of every live descendant of `pid` (Linux /proc), so we stop only what we started. */
function descendants(pid) {
  let entries;
  try {
    entries = fs.readdirSync("/proc").filter((name) => /^\d+$/.test(name));
  } catch {
    return [];
  }
  const children = new Map();
  for (const entry of entries) {
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (!children.has(ppid)) children.set(ppid, []);
      children.get(ppid).push(Number(entry));
    } catch {
      // Gone meanwhile.
    }
  }
  const out = [];
  const queue = [pid];
  while (queue.length) {
    for (const child of children.get(queue.shift()) ?? []) {
      out.push(child);
      queue.push(child);
    }
  }
  return out;
}

/** CPU seconds (user + system) used so far by these pids. */
function cpuSecondsOf(pids) {
  const tick = 100; // USER_HZ on Linux
  let total = 0;
  for (const pid of pids) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      total += (Number(fields[11]) + Number(fields[12])) / tick;
    } catch {
      // Gone.
    }
  }
  return total;
}

/** What a server process is, for the CPU split: the proxy workerd on PORT, the runtime workerd, wrangler, start.mjs. */
function processLabel(pid) {
  let cmd = "";
  try {
    cmd = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").join(" ");
  } catch {
    return "gone";
  }
  if (/workerd/.test(cmd)) return cmd.includes(`entry=127.0.0.1:${PORT}`) ? "workerd: wrangler's proxy" : "workerd: app + rooms + D1";
  if (/esbuild/.test(cmd)) return "esbuild (wrangler's watcher)";
  if (/wrangler/.test(cmd)) return "wrangler (node)";
  if (/start\.mjs/.test(cmd)) return "start.mjs: sign-in + payment emulators";
  return "other";
}

/** Map pid → {label, cpu seconds so far}. */
function cpuByProcess(pids) {
  const out = new Map();
  for (const pid of pids) out.set(pid, { label: processLabel(pid), seconds: cpuSecondsOf([pid]) });
  return out;
}

/** Busy and total CPU seconds of the whole machine (/proc/stat). */
function machineCpu() {
  try {
    const line = fs.readFileSync("/proc/stat", "utf8").split("\n")[0];
    const f = line.trim().split(/\s+/).slice(1).map(Number);
    const idle = f[3] + (f[4] ?? 0);
    const total = f.reduce((a, b) => a + b, 0);
    return { busy: (total - idle) / 100, iowait: (f[4] ?? 0) / 100, total: total / 100 };
  } catch {
    return null;
  }
}

function run(command, args, what) {
  const result = spawnSync(command, args, { cwd: root, encoding: "utf8", env: childEnv });
  if (result.status !== 0) {
    throw new Error(`${what} failed (exit ${result.status ?? result.signal}):\n${(result.stderr || result.stdout || "").slice(-2000)}`);
  }
  return result.stdout;
}

async function startServer({ seedFile }) {
  for (const port of [PORT, AUTH_PORT, PAYMENT_PORT]) {
    if (!(await portFree(port))) fail(`port ${port} is in use (another bench running?). Use --port to pick other ports.`);
  }
  const wrangler = path.join(root, "node_modules", ".bin", "wrangler");
  // A fresh database: migrate it and seed the bench's players before wrangler opens it.
  fs.rmSync(STATE_DIR, { recursive: true, force: true });
  fs.mkdirSync(STATE_DIR, { recursive: true });
  if (seedFile) {
    log("migrating the bench database and seeding the players into it");
    run(wrangler, ["d1", "migrations", "apply", "DB", "--local", "--persist-to", STATE_DIR, "-c", "wrangler.toml"], "migrations");
    run(
      wrangler,
      ["d1", "execute", "DB", "--local", "--persist-to", STATE_DIR, "-c", "wrangler.toml", "--file", seedFile],
      "seeding the players",
    );
  }
  log(`starting the server (scripts/start.mjs) on ${BASE}; its output goes to ${path.relative(root, SERVER_LOG)}`);
  const out = fs.openSync(SERVER_LOG, "w");
  const child = spawn(process.execPath, [path.join(root, "scripts", "start.mjs")], {
    cwd: root,
    detached: true, // its own process group, stopped as a whole
    stdio: ["ignore", out, out],
    env: {
      ...childEnv,
      PORT: String(PORT),
      AUTH_EMULATOR_PORT: String(AUTH_PORT),
      PAYMENT_EMULATOR_PORT: String(PAYMENT_PORT),
      TRUCO_STATE_DIR: STATE_DIR,
      TRUCO_FRESH_STATE: "0",
      TRUCO_BINDINGS: BINDINGS,
      SKIP_BUILD: opts["skip-build"] ? "1" : "0",
      WRANGLER_LOG: "warn",
    },
  });
  fs.closeSync(out);
  server = { child, exited: null };
  child.on("exit", (code, signal) => {
    server.exited = code ?? signal;
  });

  // Relay the steps start.mjs prints, wait until the app answers.
  let shown = 0;
  const relay = () => {
    const text = fs.readFileSync(SERVER_LOG, "utf8");
    const lines = text.split("\n");
    for (; shown < lines.length - 1; shown++) {
      const line = lines[shown];
      if (/^(▸|✓|✗)|error|Error/.test(line.trim()) && !/workers\.cloudflare\.com/.test(line)) log(`[server] ${line.trim()}`);
    }
  };
  const deadline = Date.now() + 8 * 60_000;
  while (Date.now() < deadline) {
    relay();
    if (server.exited !== null) throw new Error(`the server exited (${server.exited}) before answering; see ${SERVER_LOG}`);
    if (fs.readFileSync(SERVER_LOG, "utf8").includes("is running at")) {
      try {
        const response = await fetch(`${BASE}/`, { redirect: "manual" });
        if (response.status < 500) break;
      } catch {
        // Not yet.
      }
    }
    await sleep(500);
  }
  relay();
  if (Date.now() >= deadline) throw new Error(`the server did not answer within 8 minutes; see ${SERVER_LOG}`);
  server.pids = () => [child.pid, ...descendants(child.pid)];
  log(`server up (${server.pids().length} processes)`);
}

async function stopServer() {
  if (!server || server.stopped) return;
  server.stopped = true;
  const { child } = server;
  const known = new Set([child.pid, ...descendants(child.pid)]);
  log("stopping the server");
  try {
    process.kill(-child.pid, "SIGTERM");
  } catch {
    // Already gone.
  }
  for (let i = 0; i < 40 && server.exited === null; i++) await sleep(250);
  await sleep(500);
  // Whatever we started and is still alive (e.g. wrangler's own process group).
  for (const pid of known) {
    try {
      process.kill(pid, 0);
      process.kill(pid, "SIGKILL");
    } catch {
      // Gone.
    }
  }
}

async function shutdown(code) {
  if (stopping) return;
  stopping = true;
  await stopServer().catch(() => {});
  process.exit(code);
}
process.on("SIGINT", () => {
  console.error("\nInterrupted: stopping the bench's server...");
  shutdown(130);
});
process.on("SIGTERM", () => shutdown(143));

// ------------------------------------------------------------------ players

const SESSION_COOKIE = "truco_session";

function sessionSecret() {
  const toml = fs.readFileSync(path.join(root, "wrangler.toml"), "utf8");
  const match = /^\s*SESSION_SECRET\s*=\s*"([^"]*)"/m.exec(toml);
  if (!match) throw new Error("No SESSION_SECRET in wrangler.toml [vars]");
  return match[1];
}

const sqlString = (value) => (value === null ? "NULL" : `'${String(value).replace(/'/g, "''")}'`);

/**
 * Writes an SQL file that creates `count` players the way sign-in would:
 * the user, its welcome bonus through the ledger (then the balance from the
 * ledger: invariant L1), and a server-side session (SHA-256 of the token);
 * returns the players with their signed session cookies.
 */
async function seedPlayers(count, file) {
  const { createCookie } = await import("@remix-run/cloudflare");
  const cookie = createCookie(SESSION_COOKIE, { httpOnly: true, sameSite: "lax", path: "/", secrets: [sessionSecret()] });
  const expires = new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString();
  const players = [];
  const users = [];
  const ledger = [];
  const sessions = [];
  for (let i = 0; i < count; i++) {
    const id = randomUUID();
    const nickname = `Bench ${String(i).padStart(4, "0")}`;
    const token = randomBytes(32).toString("base64url");
    const hash = createHash("sha256").update(token).digest("hex");
    const serialized = await cookie.serialize(token);
    players.push({ id, nickname, cookie: serialized.split(";")[0] });
    users.push(`(${sqlString(id)}, ${sqlString(nickname)}, ${sqlString(`bench${i}@bench.truco.local`)})`);
    ledger.push(`(${sqlString(id)}, 1000, 'bonus', 'Bônus de boas-vindas', ${sqlString(`welcome:${id}`)})`);
    sessions.push(`(${sqlString(hash)}, ${sqlString(id)}, ${sqlString(expires)})`);
  }
  const chunks = (rows, head) => {
    const out = [];
    for (let i = 0; i < rows.length; i += 200) out.push(`${head}\n${rows.slice(i, i + 200).join(",\n")};`);
    return out.join("\n");
  };
  const sql = [
    "-- Generated by scripts/bench.mjs: the bench's players (local bench database only).",
    chunks(users, "INSERT INTO users (id, nickname, email) VALUES"),
    chunks(ledger, "INSERT INTO coin_transactions (user_id, amount, transaction_type, description, idempotency_key) VALUES"),
    "UPDATE users SET virtual_coins = (SELECT COALESCE(SUM(amount), 0) FROM coin_transactions WHERE user_id = users.id) WHERE email LIKE '%@bench.truco.local';",
    chunks(sessions, "INSERT INTO sessions (id, user_id, expires_at) VALUES"),
  ].join("\n");
  fs.writeFileSync(file, sql);
  return players;
}

/** Cookies as a browser keeps them. */
class Jar {
  constructor() {
    this.cookies = new Map();
  }
  take(response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const index = pair.indexOf("=");
      const name = pair.slice(0, index);
      const value = pair.slice(index + 1);
      if (/max-age=0/i.test(line) || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

/** Signs a player in like a browser: the app's authorization URL, the emulator's login form, the callback. */
async function signIn(identity) {
  const start = await fetch(`${BASE}/api/oauth/google/redirect_url`, { headers: { Accept: "application/json" } });
  if (start.status !== 200) throw new HttpError("GET", "/api/oauth/google/redirect_url", start.status, await start.text());
  const { redirectUrl } = await start.json();
  const stateCookie = start.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .filter((pair) => pair.startsWith("truco_oauth"))
    .join("; ");
  const jar = new Jar();
  let url = redirectUrl;
  let response = await fetch(url, { redirect: "manual" });
  let callback = null;
  for (let hop = 0; hop < 12 && !callback; hop++) {
    jar.take(response);
    if (response.status >= 300 && response.status < 400) {
      url = new URL(response.headers.get("Location"), url).toString();
      if (new URL(url).pathname === "/auth/callback" && new URL(url).port === String(PORT)) {
        callback = new URL(url);
        break;
      }
      response = await fetch(url, { redirect: "manual", headers: { Cookie: jar.header() } });
      continue;
    }
    const html = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`sign-in emulator: no login form at ${url} (${response.status})`);
    response = await fetch(new URL(action.replace(/&amp;/g, "&"), url), {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: jar.header() },
      body: new URLSearchParams(identity).toString(),
    });
  }
  if (!callback) throw new Error("sign-in emulator: never redirected back to /auth/callback");
  const session = await fetch(`${BASE}/api/sessions`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Cookie: stateCookie, Origin: BASE },
    body: JSON.stringify({ code: callback.searchParams.get("code"), state: callback.searchParams.get("state") }),
  });
  if (session.status !== 201) throw new HttpError("POST", "/api/sessions", session.status, await session.text());
  const { user } = await session.json();
  const cookie = session.headers
    .getSetCookie()
    .find((line) => line.startsWith(`${SESSION_COOKIE}=`))
    ?.split(";")[0];
  if (!cookie) throw new Error("sign-in: no session cookie");
  return { id: user.id, nickname: user.nickname, cookie };
}

// ------------------------------------------------------------------ HTTP API

class HttpError extends Error {
  constructor(method, url, status, body) {
    super(`${method} ${url} → ${status} ${String(body).slice(0, 200)}`);
    this.status = status;
  }
}

/**
 * Requests the local server left hanging (see WORKAROUND below): each one is
 * aborted after a timeout and retried; counted and reported.
 */
const hung = { http: 0, ws: 0, absorbed: 0, absorbCalls: 0 };
const HTTP_TIMEOUT_MS = 5_000;
const WS_OPEN_TIMEOUT_MS = 2_500;
const ATTEMPTS = 6;

// WORKAROUND (local wrangler only, found by this bench): every request that
// carries `Upgrade: websocket` (a room socket, answered 101 or refused) leaves
// one of the local runtime's internal connections broken, and the next request
// that gets it never gets an answer (any path, static files included); the
// broken connection goes away after a few idle seconds. It comes from
// @remix-run/cloudflare-pages' handler, which first tries every request,
// upgrades included, on env.ASSETS.fetch (a bare Pages Function doing the same
// reproduces it; one that does not, does not). So the bench opens sockets one
// at a time (UPGRADE_LANE), apart from its HTTP calls, and right after each
// upgrade sends one cheap request that takes the broken connection (aborted
// after ABSORB_TIMEOUT_MS); any other request still has a timeout and a retry.
// The report counts all of them.
const ABSORB_TIMEOUT_MS = 1_000;
const LANE_GAP_MS = 10;
let laneTail = Promise.resolve();
/** Runs socket handshakes one after another, each followed by its absorbing request. */
function inUpgradeLane(fn) {
  const run = laneTail.then(fn);
  laneTail = run.catch(() => {}).then(() => sleep(LANE_GAP_MS));
  return run;
}
function absorb() {
  hung.absorbCalls += 1;
  fetch(`${BASE}/favicon.svg`, { signal: AbortSignal.timeout(ABSORB_TIMEOUT_MS) })
    .then((response) => response.arrayBuffer())
    .catch(() => {
      hung.absorbed += 1;
    });
}

async function api(method, url, player, body) {
  let lastError;
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), HTTP_TIMEOUT_MS);
    let response;
    let text;
    try {
      response = await fetch(`${BASE}${url}`, {
        method,
        headers: {
          Accept: "application/json",
          Cookie: player.cookie,
          Origin: BASE,
          ...(body ? { "Content-Type": "application/json" } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
        redirect: "manual",
        signal: controller.signal,
      });
      clearTimeout(timer); // The answer has started: no timeout for its body.
      text = await response.text();
    } catch (error) {
      // No answer at all (a hung request, or a refused connection): try again.
      clearTimeout(timer);
      const hang = controller.signal.aborted;
      if (hang) hung.http += 1;
      lastError = new Error(`${method} ${url}: ${hang ? `no answer in ${HTTP_TIMEOUT_MS / 1000} s` : error.message}`);
      await sleep(100 * attempt);
      continue;
    }
    if (!response.ok) throw new HttpError(method, url, response.status, text);
    return text ? JSON.parse(text) : null;
  }
  throw lastError;
}

// ------------------------------------------------------------------ a room and its four sockets

/** One action from the legal ones: mostly cards, sometimes a raise; accept most raises. */
function choose(legal, rng) {
  const of = (type) => legal.filter((a) => a.type === type);
  const pick = (list) => list[Math.floor(rng() * list.length)];
  const respondTruco = of("respond_truco");
  if (respondTruco.length) return respondTruco.find((a) => a.response === (rng() < 0.75 ? "accept" : "reject")) ?? pick(respondTruco);
  const mao = of("respond_mao");
  if (mao.length) return mao.find((a) => a.response === "play") ?? pick(mao);
  for (const type of ["respond_envido", "respond_flor"]) {
    const list = of(type);
    if (list.length) return list.find((a) => a.response === "accept") ?? pick(list);
  }
  const truco = of("call_truco");
  if (truco.length && rng() < 0.12) return pick(truco);
  const cards = of("play_card").filter((a) => !a.faceDown);
  if (cards.length) return pick(cards);
  const rest = legal.filter((a) => a.type !== "go_to_mazo");
  return pick(rest.length ? rest : legal);
}

function frameOf(action) {
  const { type, ...payload } = action;
  return JSON.stringify(Object.keys(payload).length ? { type, payload } : { type });
}

const STATE_PREFIX = '{"type":"game_state"';
const ERROR_PREFIX = '{"type":"error"';

/** The version of a game_state frame without parsing all of it (the room writes it first). */
function versionOf(text) {
  const at = text.indexOf('"version":');
  if (at > 0 && at < 64) return parseInt(text.slice(at + 10, at + 24), 10);
  return JSON.parse(text).payload.version;
}

class Sock {
  constructor(table, player, index) {
    this.table = table;
    this.player = player;
    this.index = index;
    this.version = -1;
    this.raw = null;
    this.parsed = null;
    this.lastSentAt = -Infinity;
    this.ws = null;
    this.closing = false;
  }

  /** Opens the socket (retrying a handshake the local server left hanging). */
  async open(gameId) {
    let lastError;
    for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
      try {
        await inUpgradeLane(() => this.openOnce(gameId));
        return;
      } catch (error) {
        lastError = error;
        if (!error.hung) throw error;
        hung.ws += 1;
      }
    }
    throw lastError;
  }

  openOnce(gameId) {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(`ws://127.0.0.1:${PORT}/api/games/${gameId}/ws`, {
        headers: { Cookie: this.player.cookie, Origin: BASE },
      });
      this.ws = ws;
      let opened = false;
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        try {
          ws.close();
        } catch {
          // Not open yet.
        }
        reject(Object.assign(new Error(`WebSocket: no answer in ${WS_OPEN_TIMEOUT_MS / 1000} s`), { hung: true }));
      }, WS_OPEN_TIMEOUT_MS);
      ws.addEventListener("open", () => {
        if (timedOut) return;
        opened = true;
        clearTimeout(timer);
        absorb();
        resolve();
      });
      ws.addEventListener("message", (event) => {
        if (!timedOut) this.onMessage(event.data);
      });
      ws.addEventListener("close", (event) => {
        if (timedOut) return;
        clearTimeout(timer);
        if (!opened) {
          absorb(); // A refused upgrade breaks a connection too.
          reject(new Error(`WebSocket refused (close ${event.code})`));
        } else if (!this.closing) this.table.onClosed(this, event.code, event.reason);
      });
      ws.addEventListener("error", () => {
        // The close event follows and says what happened.
      });
    });
  }

  onMessage(data) {
    const now = performance.now();
    if (typeof data !== "string") return;
    const stats = this.table.stats;
    stats.framesIn += 1;
    stats.bytesIn += data.length;
    if (this.probe && data.startsWith(this.probe.prefix)) {
      const probe = this.probe;
      this.probe = null;
      probe.resolve(now);
      return;
    }
    if (data.startsWith(STATE_PREFIX)) {
      stats.stateFrames += 1;
      stats.stateBytes += data.length;
      const version = versionOf(data);
      if (version > this.version) {
        this.version = version;
        this.raw = data;
        this.parsed = null;
        this.table.onState(this, version, now);
      }
    } else if (data.startsWith(ERROR_PREFIX)) {
      this.table.onErrorFrame(this, data);
    }
  }

  /** The latest game_state payload, parsed on demand. */
  state() {
    if (!this.parsed && this.raw) this.parsed = JSON.parse(this.raw).payload;
    return this.parsed;
  }

  send(text) {
    this.ws.send(text);
  }

  close() {
    this.closing = true;
    try {
      this.ws?.close(1000, "bench done");
    } catch {
      // Already closed.
    }
  }
}

/** Shared counters and samples of one scenario. */
class Stats {
  constructor() {
    this.all = new Samples(); // until the last of the 4 sockets has the new state
    this.first = new Samples();
    this.actor = new Samples();
    this.perSocket = new Samples(); // every socket's own arrival
    this.bySeat = [new Samples(), new Samples(), new Samples(), new Samples()];
    this.ordinary = new Samples(); // all-4 latency of moves inside a hand
    this.handEnd = new Samples(); // all-4 latency of moves that ended a hand (D1 writes, next deal)
    this.moves = 0;
    this.matches = 0;
    this.rooms = 0;
    this.framesIn = 0;
    this.bytesIn = 0;
    this.stateFrames = 0;
    this.stateBytes = 0;
    this.ping = new Samples(); // ping → pong: the runtime's auto-response, the room is not woken
    this.sync = new Samples(); // sync → game_state for one socket: the room woken, one view built, no storage
    this.errors = []; // { kind, detail }
  }
  error(kind, detail) {
    if (this.errors.length < 1000) this.errors.push({ kind, detail: String(detail).slice(0, 300) });
    else this.errors.push({ kind, detail: "" });
  }
}

class Table {
  constructor(players, stats, seed) {
    this.players = players;
    this.stats = stats;
    this.rng = rngOf(seed);
    this.socks = [];
    this.pending = null;
    this.waiter = null;
    this.broken = null;
    this.gameId = null;
  }

  /** Creates a 2v2 Paulista casual game, the other three join by code, all four connect. */
  async open() {
    await this.seat();
    await this.connect();
  }

  /** HTTP: the first player creates the game, the other three join it by its code. */
  async seat() {
    this.broken = null;
    const [creator, ...others] = this.players;
    const game = await api("POST", "/api/games", creator, { game_type: "2v2", game_mode: "casual", truco_variant: "paulista" });
    for (const player of others) await api("POST", "/api/games/join", player, { game_code: game.game_code });
    this.gameId = game.id;
    this.stats.rooms += 1;
  }

  /** The four sockets; resolves when the match has started on all of them. */
  async connect() {
    this.socks = this.players.map((player, index) => new Sock(this, player, index));
    for (const sock of this.socks) await sock.open(this.gameId);
    await this.until(
      () => this.socks.every((s) => s.state()?.game.status === "active" && s.state()?.view && s.version === this.maxVersion()),
      20_000,
      "the match to start on all four sockets",
    );
  }

  close() {
    for (const sock of this.socks) sock.close();
  }

  maxVersion() {
    return Math.max(...this.socks.map((s) => s.version));
  }

  onState(sock, version, now) {
    const pending = this.pending;
    if (pending && version > pending.before && pending.arrivals[sock.index] === null) {
      pending.arrivals[sock.index] = now;
      if (pending.arrivals.every((t) => t !== null)) pending.resolve();
    }
    this.waiter?.();
  }

  onErrorFrame(sock, text) {
    let detail = text;
    try {
      const { code, message } = JSON.parse(text).payload;
      detail = `${code}: ${message}`;
    } catch {
      // Keep the raw text.
    }
    this.stats.error("error frame", `${this.gameId} seat ${sock.index}: ${detail}`);
    this.pending?.reject(new Error(`error frame: ${detail}`));
  }

  onClosed(sock, code, reason) {
    this.stats.error("socket closed", `${this.gameId} seat ${sock.index}: ${code} ${reason}`);
    this.broken = `socket closed ${code}`;
    this.pending?.reject(new Error(`socket closed ${code} ${reason}`));
    this.waiter?.();
  }

  async until(predicate, ms, what) {
    const deadline = performance.now() + ms;
    while (!predicate()) {
      if (this.broken) throw new Error(`${what}: ${this.broken}`);
      const left = deadline - performance.now();
      if (left <= 0) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => {
        const timer = setTimeout(resolve, Math.min(left, 1000));
        this.waiter = () => {
          clearTimeout(timer);
          this.waiter = null;
          resolve();
        };
      });
    }
  }

  /**
   * Plays one move: the acting player's choice from its legalActions, sent on
   * its socket; resolves once all four sockets have the resulting state.
   * Returns "moved" or "completed" (the match is over: nothing to play).
   */
  async move() {
    const view0 = this.socks[0].state();
    if (view0.game.status === "completed") return "completed";
    if (view0.game.status !== "active") throw new Error(`game ${this.gameId} is ${view0.game.status}`);
    const decision = view0.view?.pendingDecision;
    if (!decision) {
      // Between hands with a delay (not in the bench's configuration): wait for the deal.
      const version = this.maxVersion();
      await this.until(() => this.maxVersion() > version, 15_000, "the next deal");
      return "moved";
    }
    const actor = this.socks.find((s) => s.player.id === decision.playerId);
    if (!actor) throw new Error(`no socket for player ${decision.playerId}`);
    const legal = actor.state().view?.legalActions ?? [];
    if (legal.length === 0) throw new Error(`player ${decision.playerId} has no legal action`);
    const action = choose(legal, this.rng);
    const hand = view0.view.handNumber;

    const wait = actor.lastSentAt + MIN_FRAME_GAP_MS - performance.now();
    if (wait > 0) await sleep(wait);
    if (this.broken) throw new Error(this.broken);

    const before = this.maxVersion();
    const arrivals = [null, null, null, null];
    let timer;
    const done = new Promise((resolve, reject) => {
      this.pending = { before, arrivals, resolve, reject };
      timer = setTimeout(() => reject(new Error(`no broadcast within ${MOVE_TIMEOUT_MS / 1000} s (${action.type})`)), MOVE_TIMEOUT_MS);
    });
    const sentAt = performance.now();
    actor.lastSentAt = sentAt;
    actor.send(frameOf(action));
    try {
      await done;
    } finally {
      clearTimeout(timer);
      this.pending = null;
    }
    const times = arrivals.map((t) => t - sentAt);
    const all = Math.max(...times);
    const s = this.stats;
    s.moves += 1;
    s.all.add(all);
    s.first.add(Math.min(...times));
    s.actor.add(times[actor.index]);
    times.forEach((t, i) => {
      s.perSocket.add(t);
      s.bySeat[i].add(t);
    });
    const after = this.socks[0].state();
    const handEnded = after.game.status !== "active" || after.view?.handNumber !== hand;
    (handEnded ? s.handEnd : s.ordinary).add(all);
    if (after.game.status === "completed") s.matches += 1;
    return "moved";
  }
}

// ------------------------------------------------------------------ scenario A

async function scenarioA(players) {
  const stats = new Stats();
  log(`scenario A: one 4-player room (2v2 Paulista), ${MOVES} moves, a new room when a match ends`);
  const table = new Table(players, stats, 42);
  const started = performance.now();
  await table.open();
  // The room must run with the bench's vars (start.mjs TRUCO_BINDINGS): 600 s turns, no pause between hands.
  const seconds = table.socks[0].state().turn?.seconds;
  if (seconds !== 600)
    throw new Error(
      `the room did not get the bench's vars (turn timer ${seconds} s, expected 600): see TRUCO_BINDINGS in scripts/start.mjs`,
    );
  let lastReport = performance.now();
  while (stats.moves < MOVES) {
    let result;
    try {
      result = await table.move();
    } catch (error) {
      stats.error("move", error.message);
      throw Object.assign(new Error(`scenario A: ${error.message}`), { stats });
    }
    if (result === "completed") {
      table.close();
      await table.open();
    }
    if (performance.now() - lastReport > 10_000) {
      lastReport = performance.now();
      const s = stats.all.summary();
      log(`  A: ${stats.moves}/${MOVES} moves, ${stats.matches} matches done, p50 ${fmtMs(s.p50)} ms, p99 ${fmtMs(s.p99)} ms`);
    }
  }
  stats.seconds = (performance.now() - started) / 1000;
  await probes(table, stats, Math.min(100, Math.ceil(MOVES / 10)));
  table.close();
  log(`scenario A done: ${stats.moves} moves in ${stats.rooms} rooms, ${stats.seconds.toFixed(0)} s`);
  return stats;
}

/**
 * Baselines that say where a move's time goes: a `ping` (answered by the
 * runtime's WebSocket auto-response: only the transport, the room is not
 * woken) and a `sync` (the room answers one socket with its game_state: a
 * view built and sent, no engine, no storage, no exclusive section).
 */
async function probes(table, stats, n) {
  log(`  A: ${n} ping and ${n} sync probes (transport and single-view baselines)`);
  const probe = async (sock, text, prefix, samples) => {
    const wait = sock.lastSentAt + MIN_FRAME_GAP_MS - performance.now();
    if (wait > 0) await sleep(wait);
    let timer;
    const answered = new Promise((resolve, reject) => {
      sock.probe = { prefix, resolve };
      timer = setTimeout(() => reject(new Error(`no answer to ${text} in 10 s`)), 10_000);
    });
    const sentAt = performance.now();
    sock.lastSentAt = sentAt;
    sock.send(text);
    try {
      samples.add((await answered) - sentAt);
    } finally {
      clearTimeout(timer);
      sock.probe = null;
    }
  };
  for (let i = 0; i < n; i++) await probe(table.socks[i % 4], '{"type":"ping"}', '{"type":"pong"', stats.ping);
  for (let i = 0; i < n; i++) await probe(table.socks[i % 4], '{"type":"sync"}', STATE_PREFIX, stats.sync);
}

// ------------------------------------------------------------------ scenario B

async function scenarioB(players) {
  const stats = new Stats();
  const tables = [];
  for (let i = 0; i < ROOMS; i++) tables.push(new Table(players.slice(i * 4, i * 4 + 4), stats, 1000 + i));
  log(`scenario B: ${ROOMS} rooms × 4 sockets; setting up with ${CONCURRENCY} at a time`);
  const setupStart = performance.now();
  let seated = 0;
  let opened = 0;
  let failed = 0;
  const setupError = (table, error) => {
    failed += 1;
    table.dead = true;
    stats.error(
      error instanceof HttpError ? "http" : "setup",
      `${error.message}${error.cause ? ` (${error.cause.code ?? error.cause.message ?? error.cause})` : ""}`,
    );
  };
  // HTTP first (create + 3 joins per room, CONCURRENCY at a time), then the sockets (one handshake at a time).
  await pool(tables, CONCURRENCY, async (table) => {
    try {
      await table.seat();
      seated += 1;
    } catch (error) {
      setupError(table, error);
    }
    if ((seated + failed) % 100 === 0) log(`  B setup: ${seated + failed}/${ROOMS} rooms seated (${failed} failed)`);
  });
  log(`  B setup: ${seated} rooms seated in ${((performance.now() - setupStart) / 1000).toFixed(1)} s; opening ${seated * 4} sockets`);
  await pool(
    tables.filter((t) => !t.dead),
    8,
    async (table) => {
      try {
        await table.connect();
        opened += 1;
      } catch (error) {
        setupError(table, error);
      }
      if ((opened + failed) % 50 === 0) log(`  B setup: ${opened}/${seated} rooms connected (${failed} failed)`);
    },
  );
  const setupSeconds = (performance.now() - setupStart) / 1000;
  log(`  B setup done in ${setupSeconds.toFixed(1)} s: ${opened} rooms active, ${opened * 4} sockets open`);
  const setupErrors = stats.errors.length;
  stats.setup = { seconds: setupSeconds, opened, errors: setupErrors };

  // B1: every room plays at a human-like pace for DURATION_S seconds.
  stats.load = await play(tables, stats, { think: THINK_MS, seconds: DURATION_S, label: "B" });
  log(`scenario B done: ${stats.moves} moves in ${stats.load.playSeconds.toFixed(0)} s, ${stats.errors.length} errors`);

  // B2: the same rooms as fast as they may (only the flood pacing): the server's capacity.
  let saturation = null;
  if (SATURATION_S > 0) {
    saturation = new Stats();
    for (const table of tables) table.stats = saturation;
    log(`saturation probe: the same rooms with no think time for ${SATURATION_S} s`);
    saturation.load = await play(tables, saturation, { think: 0, seconds: SATURATION_S, label: "B2", reopen: false });
    log(`saturation probe done: ${saturation.moves} moves, ${(saturation.moves / saturation.load.playSeconds).toFixed(0)} moves/s`);
  }
  for (const table of tables) table.close();
  return { stats, saturation };
}

/**
 * Every live room plays (think time uniform in [0.5, 1.5] × think) for
 * `seconds`, opening a new room when its match ends (if `reopen`); returns
 * load figures.
 */
async function play(tables, stats, { think, seconds, label, reopen = true }) {
  const pids = server.pids();
  const cpu0 = cpuByProcess(pids);
  const clientCpu0 = process.cpuUsage();
  const machine0 = machineCpu();
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const errors0 = stats.errors.length;
  const rooms = tables.filter((t) => !t.dead).length;
  const playStart = performance.now();
  const endAt = playStart + seconds * 1000;
  const framesAtStart = stats.framesIn;
  const movesAtStart = stats.moves;
  let reopened = 0;
  const progress = setInterval(() => {
    const s = stats.all.summary();
    log(
      `  ${label}: ${stats.moves} moves, ${stats.matches} matches done, ${stats.errors.length - errors0} errors, p50 ${fmtMs(s.p50)} ms, p95 ${fmtMs(s.p95)} ms`,
    );
  }, 10_000);
  await Promise.all(
    tables
      .filter((t) => !t.dead)
      .map(async (table) => {
        await sleep(table.rng() * think);
        while (performance.now() < endAt && !table.dead) {
          await sleep(think * (0.5 + table.rng()));
          if (performance.now() >= endAt) break;
          try {
            const result = await table.move();
            if (result === "completed") {
              table.close();
              if (!reopen) {
                table.dead = true;
                break;
              }
              reopened += 1;
              await table.open();
            }
          } catch (error) {
            table.dead = true;
            stats.error(error instanceof HttpError ? "http" : "move", error.message);
            table.close();
          }
        }
      }),
  );
  clearInterval(progress);
  loop.disable();
  const playSeconds = (performance.now() - playStart) / 1000;
  const machine1 = machineCpu();
  const cpu1 = cpuByProcess(pids);
  const byProcess = {};
  for (const [pid, { label: name, seconds: used }] of cpu1) {
    byProcess[name] = (byProcess[name] ?? 0) + (used - (cpu0.get(pid)?.seconds ?? 0)) / playSeconds;
  }
  const u = process.cpuUsage(clientCpu0);
  return {
    think,
    rooms,
    playSeconds,
    reopened,
    moves: stats.moves - movesAtStart,
    frames: stats.framesIn - framesAtStart,
    serverCores: Object.values(byProcess).reduce((a, b) => a + b, 0),
    byProcess,
    clientCores: (u.user + u.system) / 1e6 / playSeconds,
    machineBusyCores: machine0 && machine1 ? (machine1.busy - machine0.busy) / playSeconds : null,
    machineIowaitCores: machine0 && machine1 ? (machine1.iowait - machine0.iowait) / playSeconds : null,
    loopDelayP99: loop.percentile(99) / 1e6,
    loopDelayMax: loop.max / 1e6,
  };
}

// ------------------------------------------------------------------ front-end budgets

function compressed(buffer) {
  return {
    raw: buffer.length,
    gzip: zlib.gzipSync(buffer, { level: 9 }).length,
    brotli: zlib.brotliCompressSync(buffer, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: buffer.length },
    }).length,
  };
}
function addSizes(list) {
  return list.reduce((a, b) => ({ raw: a.raw + b.raw, gzip: a.gzip + b.gzip, brotli: a.brotli + b.brotli }), {
    raw: 0,
    gzip: 0,
    brotli: 0,
  });
}

function remixManifest() {
  const client = path.join(root, "build", "client");
  const vite = path.join(client, ".vite", "manifest.json");
  const assets = path.join(client, "assets");
  const file = fs.existsSync(assets) ? fs.readdirSync(assets).find((name) => /^manifest-[\w-]+\.js$/.test(name)) : null;
  if (!file) {
    throw new Error(
      `no Remix browser manifest (build/client/assets/manifest-*.js)${fs.existsSync(vite) ? "" : " and no build/client/.vite/manifest.json"}: build first`,
    );
  }
  const text = fs.readFileSync(path.join(assets, file), "utf8");
  return { manifest: JSON.parse(text.replace(/^window\.__remixManifest=/, "").replace(/;\s*$/, "")), url: `/assets/${file}` };
}

function assetSize(url) {
  const file = path.join(root, "build", "client", url.replace(/^\//, ""));
  return compressed(fs.readFileSync(file));
}

/**
 * The landing page's critical path as the browser gets it: the HTML of `/`
 * (signed out) and every stylesheet and modulepreload it names; the game
 * route's JS from the Remix manifest (entry + root + the route, with their
 * imports), cold and as the increment over the landing page.
 */
async function frontEnd() {
  const { manifest, url: manifestUrl } = remixManifest();
  const result = { notes: [] };

  // Landing page, from the server's real HTML.
  const response = await fetch(`${BASE}/`, { headers: { "Accept-Language": "pt-BR" } });
  const html = await response.text();
  if (response.status !== 200) result.notes.push(`GET / answered ${response.status}`);
  const links = [...html.matchAll(/<link\b[^>]*>/g)].map((m) => m[0]);
  const hrefOf = (tag) => /href="([^"]+)"/.exec(tag)?.[1];
  const css = links
    .filter((tag) => /rel="stylesheet"/.test(tag))
    .map(hrefOf)
    .filter((h) => h?.startsWith("/"));
  const preloads = links
    .filter((tag) => /rel="modulepreload"/.test(tag))
    .map(hrefOf)
    .filter((h) => h?.startsWith("/"));
  const scripts = [...html.matchAll(/<script\b[^>]*src="(\/[^"]+)"/g)].map((m) => m[1]);
  const imported = [...html.matchAll(/import\s*(?:\*\s*as\s*\w+\s*from\s*)?["'](\/assets\/[^"']+\.js)["']/g)].map((m) => m[1]);
  const landingJs = [...new Set([...preloads, ...scripts, ...imported])];
  const htmlSize = compressed(Buffer.from(html));
  const cssSize = addSizes([...new Set(css)].map(assetSize));
  const jsSize = addSizes(landingJs.map(assetSize));
  result.landing = {
    html: htmlSize,
    css: cssSize,
    js: jsSize,
    critical: addSizes([htmlSize, cssSize, jsSize]),
    files: { css, js: landingJs },
  };
  if (!landingJs.length) result.notes.push("the landing HTML names no modulepreload: JS measured as 0");

  // Game route, from the manifest.
  const routeId = Object.keys(manifest.routes).find((id) => manifest.routes[id].path === "game/:gameId" || id === "routes/game.$gameId");
  if (!routeId) {
    result.notes.push("no route game/:gameId in the Remix manifest");
  } else {
    const chain = [];
    for (let id = routeId; id; id = manifest.routes[id]?.parentId) chain.unshift(manifest.routes[id]);
    const cold = new Set([manifestUrl, manifest.entry.module, ...manifest.entry.imports]);
    for (const route of chain) [route.module, ...(route.imports ?? [])].forEach((u) => cold.add(u));
    const own = [manifest.routes[routeId].module, ...(manifest.routes[routeId].imports ?? [])].filter((u) => !landingJs.includes(u));
    const gameCss = chain.flatMap((route) => route.css ?? []);
    result.game = {
      cold: addSizes([...cold].map(assetSize)),
      increment: addSizes([...new Set(own)].map(assetSize)),
      css: addSizes([...new Set(gameCss)].map(assetSize)),
      files: [...cold],
    };
  }
  return result;
}

// ------------------------------------------------------------------ ledger check

function ledgerCheck() {
  const wrangler = path.join(root, "node_modules", ".bin", "wrangler");
  const out = run(
    wrangler,
    [
      "d1",
      "execute",
      "DB",
      "--local",
      "--persist-to",
      STATE_DIR,
      "-c",
      "wrangler.toml",
      "--json",
      "--command",
      "SELECT (SELECT COUNT(*) FROM users) AS users, (SELECT COUNT(*) FROM users u WHERE u.virtual_coins != (SELECT COALESCE(SUM(amount),0) FROM coin_transactions c WHERE c.user_id = u.id)) AS broken, (SELECT COUNT(*) FROM games WHERE status = 'completed') AS completed",
    ],
    "ledger check",
  );
  const json = JSON.parse(out.slice(out.indexOf("[")));
  return json[0].results[0];
}

// ------------------------------------------------------------------ report

function verdict(ok) {
  return ok ? "PASS" : "OVER";
}

function printReport({ a, b, web, ledger, signInNote, failures }) {
  if (stopping) return; // Interrupted: no report.
  const lines = [];
  const row = (cols, widths) => cols.map((c, i) => String(c).padEnd(widths[i])).join("  ");
  const latencyTable = (title, stats, { seats = false, extra = [] } = {}) => {
    const widths = [44, 7, 8, 8, 8, 8, 8];
    lines.push("", title);
    lines.push(row(["", "n", "p50", "p95", "p99", "max", "mean"], widths));
    const rows = [
      ["move → state on all 4 sockets (last one)", stats.all],
      ["move → state on the first socket", stats.first],
      ["move → state on the acting socket", stats.actor],
      ["move → state, each socket's own", stats.perSocket],
      ...(seats ? stats.bySeat.map((s, i) => [`  seat ${i} socket`, s]) : []),
      ["all 4, moves inside a hand", stats.ordinary],
      ["all 4, moves ending a hand (D1 + next deal)", stats.handEnd],
      ...extra,
    ];
    for (const [name, samples] of rows) {
      const s = samples.summary();
      if (s.n === 0) continue;
      lines.push(row([name, s.n, fmtMs(s.p50), fmtMs(s.p95), fmtMs(s.p99), fmtMs(s.max), fmtMs(s.mean)], widths));
    }
    lines.push("(ms, measured from sending the move on the acting socket)");
    if (stats.stateFrames) {
      lines.push(
        `frames: game_state ${(stats.stateBytes / stats.stateFrames / 1024).toFixed(1)} KB on average; ` +
          `${(stats.framesIn / Math.max(1, stats.moves)).toFixed(1)} frames and ${(stats.bytesIn / Math.max(1, stats.moves) / 1024).toFixed(1)} KB received per move (4 sockets)`,
      );
    }
  };
  const loadLines = (l, stats) => {
    const kinds = {};
    for (const e of stats.errors) kinds[e.kind] = (kinds[e.kind] ?? 0) + 1;
    const split = Object.entries(l.byProcess)
      .filter(([, cores]) => cores >= 0.005)
      .sort((x, y) => y[1] - x[1])
      .map(([name, cores]) => `${name} ${(cores * 100).toFixed(0)}%`)
      .join(", ");
    lines.push(
      `throughput: ${(l.moves / l.playSeconds).toFixed(0)} moves/s, ${(l.frames / l.playSeconds).toFixed(0)} frames/s received, ${l.rooms} rooms playing` +
        (l.think ? ` (think time ${l.think} ms mean: offered ≈ ${((l.rooms * 1000) / l.think).toFixed(0)} moves/s)` : " (no think time)") +
        `; ${stats.matches} matches ended, ${l.reopened} new rooms opened meanwhile`,
      `CPU: server ${(l.serverCores * 100).toFixed(0)}% of a core (${split}); bench client ${(l.clientCores * 100).toFixed(0)}%` +
        (l.machineBusyCores !== null
          ? `; whole machine ${(l.machineBusyCores * 100).toFixed(0)}% of ${os.cpus().length * 100}% busy, ${(l.machineIowaitCores * 100).toFixed(0)}% iowait`
          : "") +
        `; client event-loop delay p99 ${fmtMs(l.loopDelayP99)} ms`,
      `errors: ${stats.errors.length}${
        stats.errors.length
          ? ` (${Object.entries(kinds)
              .map(([k, n]) => `${k} ${n}`)
              .join(", ")})`
          : ""
      }`,
    );
    for (const e of stats.errors.slice(0, 5)) lines.push(`  - ${e.kind}: ${e.detail}`);
  };

  lines.push("", "═".repeat(96), "  npm run bench: summary", "═".repeat(96));
  lines.push(
    `machine: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? "?"}), Node ${process.version}, load average now ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );
  lines.push(`server: wrangler pages dev (local workerd) on ${BASE}, vars ${BINDINGS}`);
  if (signInNote) lines.push(`players: ${signInNote}`);

  if (a) {
    latencyTable(
      `A. one 4-player room (2v2 Paulista): ${a.moves} moves, ${a.matches} matches, ${a.rooms} rooms, ${a.seconds.toFixed(0)} s`,
      a,
      {
        seats: true,
        extra: [
          ["baseline: ping → pong (transport only)", a.ping],
          ["baseline: sync → game_state (1 view, no write)", a.sync],
        ],
      },
    );
  }
  if (b) {
    const { stats, saturation } = b;
    lines.push(
      "",
      `B. ${ROOMS} rooms × 4 sockets: ${stats.setup.opened}/${ROOMS} rooms (${stats.setup.opened * 4} sockets) set up in ${stats.setup.seconds.toFixed(0)} s`,
    );
    latencyTable(`B1. all rooms at a human pace: ${stats.moves} moves in ${stats.load.playSeconds.toFixed(0)} s`, stats);
    loadLines(stats.load, stats);
    if (saturation) {
      latencyTable(
        `B2. saturation probe, the same rooms with no think time: ${saturation.moves} moves in ${saturation.load.playSeconds.toFixed(0)} s`,
        saturation,
      );
      loadLines(saturation.load, saturation);
    }
  }
  if (web) {
    lines.push("", "C. front end (build/client; compressed sizes, gzip -9 / brotli q11)");
    const w = [40, 12, 12, 12];
    lines.push(row(["", "raw", "gzip", "brotli"], w));
    const sizeRow = (name, s) => lines.push(row([name, fmtKB(s.raw), fmtKB(s.gzip), fmtKB(s.brotli)], w));
    sizeRow("landing `/` HTML", web.landing.html);
    sizeRow(`landing CSS (${web.landing.files.css.length} files)`, web.landing.css);
    sizeRow(`landing JS (${web.landing.files.js.length} modulepreloads)`, web.landing.js);
    sizeRow("landing critical path (HTML+CSS+JS)", web.landing.critical);
    if (web.game) {
      sizeRow(`game route JS, cold (${web.game.files.length} files)`, web.game.cold);
      sizeRow("game route JS, beyond the landing's", web.game.increment);
    }
    for (const note of web.notes) lines.push(`  note: ${note}`);
    lines.push(
      "Lighthouse (mobile Performance ≥ 90, Accessibility ≥ 95): NOT MEASURED: Lighthouse is not available offline on this machine.",
    );
  }

  // Budgets.
  lines.push("", "Budgets (DESIGN.md §9)");
  const w = [46, 14, 14, 6];
  lines.push(row(["", "budget", "measured", ""], w));
  const budgetRow = (name, budget, measured, ok) => lines.push(row([name, budget, measured, ok === null ? "—" : verdict(ok)], w));
  if (a) {
    const s = a.all.summary();
    budgetRow("room move→broadcast p50 (all 4 sockets)", "≤ 5 ms", `${fmtMs(s.p50)} ms`, s.p50 <= BUDGET.roomP50);
    budgetRow("room move→broadcast p99 (all 4 sockets)", "≤ 25 ms", `${fmtMs(s.p99)} ms`, s.p99 <= BUDGET.roomP99);
    budgetRow("room moves measured", "≥ 1,000", String(a.moves), a.moves >= 1000);
  }
  if (b) {
    const s = b.stats.all.summary();
    budgetRow(`${ROOMS}×4 at ${THINK_MS} ms think: p95 (all 4 sockets)`, "≤ 50 ms", `${fmtMs(s.p95)} ms`, s.p95 <= BUDGET.loadP95);
    budgetRow(`${ROOMS}×4 errors (setup + play)`, "0", String(b.stats.errors.length), b.stats.errors.length === 0);
    if (ROOMS < 500) budgetRow("rooms (the budget is for 500)", "500", String(ROOMS), false);
  }
  if (web) {
    // Cloudflare serves brotli to every browser that asks for it (all current
    // ones), so the budgets are checked on brotli; gzip is the fallback's size.
    budgetRow(
      "landing critical path (brotli; gzip " + fmtKB(web.landing.critical.gzip) + ")",
      "≤ 170 KB",
      fmtKB(web.landing.critical.brotli),
      web.landing.critical.brotli <= BUDGET.landingCritical,
    );
    budgetRow(
      "landing JS (brotli; gzip " + fmtKB(web.landing.js.gzip) + ")",
      "≤ 100 KB",
      fmtKB(web.landing.js.brotli),
      web.landing.js.brotli <= BUDGET.landingJs,
    );
    if (web.game)
      budgetRow(
        "game route JS, cold (brotli; gzip " + fmtKB(web.game.cold.gzip) + ")",
        "≤ 170 KB",
        fmtKB(web.game.cold.brotli),
        web.game.cold.brotli <= BUDGET.gameJs,
      );
    budgetRow("Lighthouse mobile Performance / Accessibility", "≥ 90 / ≥ 95", "not measured", null);
  }
  if (a || b) {
    lines.push(
      "",
      `local server issue: requests left without an answer and retried: ${hung.http} HTTP, ${hung.ws} WebSocket handshakes; ` +
        `${hung.absorbed} of ${hung.absorbCalls} absorbing requests after an upgrade hung as expected ` +
        "(wrangler dev: a request after a WebSocket upgrade may never be answered: see WORKAROUND in scripts/bench.mjs)",
    );
  }
  if (ledger) {
    lines.push(
      "",
      `ledger invariant L1 after the bench: ${ledger.broken === 0 ? "OK" : `BROKEN for ${ledger.broken} users`} (${ledger.users} users, ${ledger.completed} games completed)`,
    );
  }
  if (failures.length) {
    lines.push("", "BENCH FAILED:");
    for (const f of failures) lines.push(`  ✗ ${f}`);
  }
  lines.push("", "The rules engine has its own benchmark: npm run bench:engine (≥ 50,000 random hands/s per core).");
  console.log(lines.join("\n"));
}

// ------------------------------------------------------------------ main

async function main() {
  const failures = [];
  const needSockets = (RUN_B ? ROOMS * 4 : 0) + 8;
  const limit = Number(spawnSync("sh", ["-c", "ulimit -n"], { encoding: "utf8" }).stdout.trim());
  if (Number.isFinite(limit) && limit < needSockets + 512) {
    fail(
      `open-file limit ${limit} is too low for ${needSockets} sockets: raise it first (e.g. \`ulimit -n ${needSockets * 2 + 1024}\`) or use fewer --rooms`,
    );
  }

  const playerCount = (RUN_A ? 4 : 0) + (RUN_B ? ROOMS * 4 : 0);
  const bulk = opts["signin-all"] ? 0 : playerCount - (RUN_A ? 4 : 0);
  const seedFile = path.join(root, ".wrangler", "bench-players.sql");
  let seeded = [];
  if (bulk > 0) {
    const t = performance.now();
    seeded = await seedPlayers(bulk, seedFile);
    log(`generated ${bulk} players with sessions (${((performance.now() - t) / 1000).toFixed(1)} s)`);
  }
  await startServer({ seedFile: bulk > 0 ? seedFile : null });

  // Players through the real sign-in flow (scenario A's four, or all with --signin-all).
  const signInCount = playerCount - bulk;
  let signedIn = [];
  let signInNote = bulk > 0 ? `${bulk} seeded into D1 (users, welcome bonus in the ledger, sessions)` : "";
  if (signInCount > 0) {
    const t = performance.now();
    const identities = Array.from({ length: signInCount }, (_, i) => ({
      name: `Bench Player ${i}`,
      email: `bench.signin.${i}.${Date.now()}@example.test`,
    }));
    signedIn = new Array(signInCount);
    let done = 0;
    await pool(identities, Math.min(CONCURRENCY, 16), async (identity, i) => {
      signedIn[i] = await signIn(identity);
      if (++done % 200 === 0) log(`  signed in ${done}/${signInCount}`);
    });
    const seconds = (performance.now() - t) / 1000;
    log(`${signInCount} players signed in through the sign-in emulator in ${seconds.toFixed(1)} s`);
    signInNote = [
      `${signInCount} signed in through the sign-in emulator (${((seconds / signInCount) * 1000).toFixed(0)} ms each at ${Math.min(CONCURRENCY, 16)} at a time)`,
      signInNote,
    ]
      .filter(Boolean)
      .join("; ");
  }
  const everyone = [...signedIn, ...seeded];
  // Every player can act: check one seeded session against the API.
  if (everyone.length) {
    const me = await api("GET", "/api/users/me", everyone[everyone.length - 1]);
    if (me.virtual_coins !== 1000) throw new Error(`a new player should have 1000 coins, has ${me.virtual_coins}`);
  }

  let web = null;
  if (!ONLY || ONLY === "web") {
    try {
      web = await frontEnd();
      log("front-end sizes measured");
    } catch (error) {
      failures.push(`front end: ${error.message}`);
    }
  }

  let a = null;
  if (RUN_A) {
    try {
      a = await scenarioA(everyone.slice(0, 4));
      if (a.errors.length) failures.push(`scenario A: ${a.errors.length} errors (${a.errors[0].detail})`);
    } catch (error) {
      failures.push(error.message);
      a = error.stats ?? null;
      if (a) a.seconds = 0;
    }
  }

  let b = null;
  if (RUN_B) {
    try {
      b = await scenarioB(everyone.slice(RUN_A ? 4 : 0));
      if (b.stats.setup.opened === 0) failures.push("scenario B: no room could be set up");
    } catch (error) {
      failures.push(`scenario B: ${error.message}`);
    }
  }

  await stopServer();
  let ledger = null;
  try {
    ledger = ledgerCheck();
    if (ledger.broken !== 0) failures.push(`ledger invariant L1 broken for ${ledger.broken} users`);
  } catch (error) {
    console.warn(`(ledger check skipped: ${error.message.split("\n")[0]})`);
  }
  printReport({ a, b, web, ledger, signInNote, failures });
  return failures.length ? 1 : 0;
}

main()
  .then((code) => shutdown(code))
  .catch(async (error) => {
    console.error(`\n✗ bench failed: ${error.stack ?? error}`);
    if (fs.existsSync(SERVER_LOG)) console.error(`  server log: ${path.relative(root, SERVER_LOG)}`);
    await shutdown(1);
  });
