import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import type { MeterSnapshot, StatementKind } from "../../../db/bench-meter";
import { CHANNEL_PING, parseChannelServerFrame } from "../../../game/protocol/channel";
import type { GameSummary } from "../../../game/protocol/entities";
import type { Action } from "../../../game/truco/index";
import type { RoomClient } from "../../support/room-client";
import { CHROMIUM_ARGS, chromiumPath } from "../../e2e/browser";
import type { AppClient } from "../lib/client";
import { budget, row, type BudgetRow } from "../lib/report";
import type { BenchContext, Player, Scenario } from "../lib/scenario";
import { benchPolicy } from "../lib/table";
import { errorMessage, log, pool, rngOf, sleep } from "../lib/util";

// Scale (`npm run bench -- --only scale`, ADR 124): the data path per 1,000 concurrent players.
//
// --scale-players signed-in players (every one through the sign-in emulator, each holding the
// player channel's socket as a signed-in page does) play a stated mix for --scale-seconds, while
// the D1 and R2 bindings of both isolates are metered (db/bench-meter.ts, BENCH_MODE=1):
//   home      the home page visible: the channel watches the lobby (pushed counts, open tables);
//   1v1, 2v2  seated at casual tables with an entry fee, playing over the room's socket at a
//             human pace (--scale-think ms mean between a player's turn and their move); a third of
//             them have the chat open (its poll, as the page makes it) and say something now and then;
//   computer  at a table against the computer;
//   quick     in quick match: enter the queue, wait on the match page (its revalidation), play the
//             match it finds, enter again;
//   pages     opening the profile, leaderboard, friends and history pages now and then.
// Each table group opens a new table when its match ends. Then the figures per 1,000 players, the
// hot statements by D1's rows_read, and a projection to 100,000 players on one D1.
//
// D1 bytes per finished 1v1 game: after the mixed window every socket is closed, and ten pairs of
// the home players each play one 1v1 casual match to its end with no think time, alone on the
// server; the bytes D1's tables and indexes use (SQLite's dbstat: page size minus unused bytes,
// rows and index entries with their cell overhead) before and after, divided by the matches.
//
// An idle signed-in page: a real Chromium (the browser tests' own) signed in as one more player
// keeps the home page open, then a game room against the computer with its chat open, each for a
// minute of the window, and counts every HTTP request the page and its service worker make.

/** The mix: each group's share of the players. */
const MIX = { home: 0.25, "1v1": 0.2, "2v2": 0.2, computer: 0.1, quick: 0.1, pages: 0.15 } as const;
type Group = keyof typeof MIX;
/** Of the seated players at 1v1 and 2v2 tables: with the chat open. */
const CHAT_SHARE = 1 / 3;
/**
 * What the app's pages send on their own while open: nothing (the chat arrives on the room's
 * socket, the quick-match count and match on the channel, the lobby on the channel). A page that
 * polled again would be modelled here (ms between requests; 0: none); the browser step measures
 * the real pages either way.
 */
const PAGE_POLLS = { chatOpenMs: 0, matchWaitingMs: 0 };
/** A chatting player's message, every 20-40 s; a pages player's next page, every 15-45 s. */
const CHAT_EVERY_MS = [20_000, 40_000] as const;
const PAGE_EVERY_MS = [15_000, 45_000] as const;
const PAGES = ["/profile", "/leaderboard", "/friends", "/api/games/history"];
const RECORD_PAIRS = 10;
/** The room's flood limit (50 frames in 10 s): the record matches stay above this gap. */
const MIN_FRAME_GAP_MS = 250;
/** A hot statement reads at most this many rows (issue budget). */
const HOT_ROWS = 100;
/**
 * Statements only a local server sends to D1: the hourly analytics counts, which production sends
 * to Analytics Engine instead (db/analytics.ts recordEvent, APP_ENV=production). Printed, and left
 * out of the budgets and the projection.
 */
const LOCAL_ONLY = /\banalytics_hourly\b/;

interface Counts {
  http: Map<Group | "record", number>;
  httpErrors: number;
  errors: string[];
  finished: Record<"1v1" | "2v2" | "computer" | "quick", number>;
  moves: number;
  chats: number;
}

interface Sim {
  context: BenchContext;
  think: number;
  stopped: boolean;
  counts: Counts;
  /** Every socket it opened, closed at the end. */
  sockets: Set<WebSocket>;
}

const pick = <T>(rng: () => number, list: readonly T[]) => list[Math.floor(rng() * list.length)]!;
const between = (rng: () => number, [lo, hi]: readonly [number, number]) => lo + rng() * (hi - lo);

function error(sim: Sim, what: string, e: unknown) {
  if (sim.stopped) return;
  if (sim.counts.errors.length < 200) sim.counts.errors.push(`${what}: ${errorMessage(e)}`);
}

/** An HTTP request as the page makes it, counted for its group. */
async function request(sim: Sim, group: Group | "record", player: Player, method: string, url: string, body?: unknown) {
  const { base } = sim.context.app;
  sim.counts.http.set(group, (sim.counts.http.get(group) ?? 0) + 1);
  const api = url.startsWith("/api/") || url.endsWith(".data");
  const response = await fetch(`${base}${url}`, {
    method,
    headers: {
      Accept: api ? "application/json" : "text/html",
      Cookie: player.cookie,
      Origin: base,
      ...(body ? { "Content-Type": "application/json" } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
    redirect: "manual",
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  if (response.status >= 400) {
    sim.counts.httpErrors += 1;
    throw new Error(`${method} ${url} → ${response.status} ${text.slice(0, 160)}`);
  }
  return text ? (api ? JSON.parse(text) : text) : null;
}

/** The player channel's socket, as every signed-in page holds it; resolves on its hello. */
function openChannel(sim: Sim, player: Player, onFrame?: (type: string, payload: unknown) => void): Promise<WebSocket> {
  const { base } = sim.context.app;
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${base.replace(/^http/, "ws")}/api/channel/ws`, {
      headers: { Cookie: player.cookie, Origin: base },
    } as unknown as string[]);
    sim.sockets.add(ws);
    const timer = setTimeout(() => reject(new Error("channel: no hello in 30 s")), 30_000);
    ws.addEventListener("message", (event) => {
      const parsed = parseChannelServerFrame(event.data);
      if (!parsed.ok) return;
      const frame = parsed.message;
      if (frame.type === "heartbeat") ws.send(CHANNEL_PING);
      if (frame.type === "hello") {
        clearTimeout(timer);
        resolve(ws);
      }
      onFrame?.(frame.type, "payload" in frame ? frame.payload : undefined);
    });
    ws.addEventListener("close", () => {
      clearTimeout(timer);
      reject(new Error("channel closed before hello"));
    });
  });
}

/**
 * Plays `player`'s moves on `client` whenever it is their turn, after `think` ms on average
 * (uniform in 0.5-1.5 × think, never under the room's frame gap); resolves when the match is over
 * (true) or the socket closed (false).
 */
function play(sim: Sim, client: RoomClient, rng: () => number, think: number): Promise<boolean> {
  const choose = benchPolicy(rng);
  let decided = -1;
  let lastSent = 0;
  let timer: NodeJS.Timeout | undefined;
  return new Promise((resolve) => {
    const tick = () => {
      const state = client.state;
      if (state?.game.status === "completed") {
        clearTimeout(timer);
        return resolve(true);
      }
      if (sim.stopped || !state?.view || !client.myTurn() || state.version <= decided) return;
      decided = state.version;
      const wait = Math.max(think * (0.5 + rng()), lastSent + MIN_FRAME_GAP_MS - Date.now());
      timer = setTimeout(() => {
        const now = client.state;
        if (sim.stopped || now?.version !== decided || !client.myTurn()) return;
        lastSent = Date.now();
        client.act(choose(now.view!.legalActions as Action[]));
        sim.counts.moves += 1;
      }, wait);
    };
    client.onFrame((messages) => {
      // A refused action (the state moved on meanwhile): decide again on the latest state.
      if (messages.some((m) => m.type === "error")) decided = -1;
      queueMicrotask(tick);
    });
    client.ws.addEventListener("close", () => {
      clearTimeout(timer);
      resolve(client.state?.game.status === "completed");
    });
    tick();
  });
}

/** Opens `player`'s socket to the room and waits for its first state. */
async function seatSocket(sim: Sim, gameId: string, player: Player): Promise<RoomClient> {
  const client = await sim.context.app.openRoom(gameId, player);
  sim.sockets.add(client.ws);
  await client.until(() => client.state !== null, 20_000, "the first state");
  return client;
}

/** A page with the chat open: polls its messages (as the page does) and says something now and then. */
function chatWhile(sim: Sim, group: Group, player: Player, gameId: string, rng: () => number, done: Promise<unknown>) {
  let over = false;
  void done.finally(() => (over = true));
  const poll = async () => {
    while (!over && !sim.stopped && PAGE_POLLS.chatOpenMs > 0) {
      await request(sim, group, player, "GET", `/api/games/${gameId}/chat`).catch((e) => error(sim, "chat poll", e));
      await sleep(PAGE_POLLS.chatOpenMs);
    }
  };
  const talk = async () => {
    await sleep(between(rng, CHAT_EVERY_MS) * rng());
    while (!over && !sim.stopped) {
      await request(sim, group, player, "POST", `/api/games/${gameId}/chat`, {
        message: pick(rng, ["boa!", "truco!", "que mão", "vamos", "gg"]),
        message_type: "text",
      })
        .then(() => (sim.counts.chats += 1))
        .catch((e) => error(sim, "chat post", e));
      await sleep(between(rng, CHAT_EVERY_MS));
    }
  };
  void poll();
  void talk();
}

/** A group of 2 or 4 players at casual tables with an entry fee, one table after another. */
async function tableLoop(sim: Sim, group: "1v1" | "2v2", players: Player[], chatting: Set<string>, seed: number) {
  const rng = rngOf(seed);
  const app = sim.context.app;
  while (!sim.stopped) {
    try {
      const [creator, ...others] = players;
      const game = await app.apiOnce<GameSummary>("POST", "/api/games", creator!, {
        game_type: group,
        game_mode: "casual",
        truco_variant: "paulista",
      });
      sim.counts.http.set(group, (sim.counts.http.get(group) ?? 0) + 1);
      for (const player of others) {
        await app.apiOnce("POST", "/api/games/join", player, { game_code: game.game_code });
        sim.counts.http.set(group, (sim.counts.http.get(group) ?? 0) + 1);
      }
      const clients = await Promise.all(players.map((p) => seatSocket(sim, game.id, p)));
      const games = clients.map((client) => play(sim, client, rng, sim.think));
      const over = Promise.all(games);
      for (const player of players) if (chatting.has(player.id)) chatWhile(sim, group, player, game.id, rng, over);
      const done = await over;
      for (const client of clients) client.close();
      if (done.every(Boolean) && !sim.stopped) sim.counts.finished[group] += 1;
    } catch (e) {
      error(sim, group, e);
      await sleep(3_000);
    }
  }
}

/** One player against the computer, one match after another. */
async function computerLoop(sim: Sim, player: Player, seed: number) {
  const rng = rngOf(seed);
  while (!sim.stopped) {
    try {
      const game = await sim.context.app.apiOnce<GameSummary>("POST", "/api/games", player, {
        game_type: "1v1",
        game_mode: "casual",
        truco_variant: "paulista",
        vs_computer: true,
        bot_level: "normal",
      });
      sim.counts.http.set("computer", (sim.counts.http.get("computer") ?? 0) + 1);
      const client = await seatSocket(sim, game.id, player);
      const done = await play(sim, client, rng, sim.think);
      client.close();
      if (done && !sim.stopped) sim.counts.finished.computer += 1;
    } catch (e) {
      error(sim, "computer", e);
      await sleep(3_000);
    }
  }
}

/** Quick match: enter the queue, wait on the match page, play the match, again. */
async function quickLoop(sim: Sim, player: Player, seed: number, matches: Map<string, (gameId: string) => void>) {
  const rng = rngOf(seed);
  while (!sim.stopped) {
    try {
      let found: (gameId: string) => void = () => {};
      const matched = new Promise<string>((resolve) => (found = resolve));
      matches.set(player.id, (gameId) => found(gameId));
      const answer = (await request(sim, "quick", player, "POST", "/api/matchmaking", {
        truco_variant: "paulista",
        game_type: "1v1",
        game_mode: "casual",
      })) as { state?: string; game_id?: string };
      let gameId = answer.state === "matched" ? answer.game_id : undefined;
      while (!gameId && !sim.stopped) {
        const polled = PAGE_POLLS.matchWaitingMs > 0 ? sleep(PAGE_POLLS.matchWaitingMs).then(() => null) : new Promise<null>(() => {});
        gameId = (await Promise.race([matched, polled])) ?? undefined;
        if (!gameId && !sim.stopped) await request(sim, "quick", player, "GET", "/match.data").catch((e) => error(sim, "match page", e));
      }
      if (!gameId || sim.stopped) break;
      const client = await seatSocket(sim, gameId, player);
      const done = await play(sim, client, rng, sim.think);
      client.close();
      // Each match is seen by both its players: half a match each.
      if (done && !sim.stopped) sim.counts.finished.quick += 0.5;
    } catch (e) {
      error(sim, "quick", e);
      await sleep(3_000);
    }
  }
}

/** Opens a page now and then (its whole server render: the root loader and the page's). */
async function pagesLoop(sim: Sim, player: Player, seed: number) {
  const rng = rngOf(seed);
  await sleep(between(rng, PAGE_EVERY_MS) * rng());
  while (!sim.stopped) {
    await request(sim, "pages", player, "GET", pick(rng, PAGES)).catch((e) => error(sim, "page", e));
    await sleep(between(rng, PAGE_EVERY_MS));
  }
}

// ---------------------------------------------------------------- D1's size

/** The local D1 database file of the state dir (wrangler's local D1). */
function d1File(stateDir: string): string | null {
  const dir = path.join(stateDir, "v3", "d1", "miniflare-D1DatabaseObject");
  try {
    const file = fs.readdirSync(dir).find((f) => f.endsWith(".sqlite") && f !== "metadata.sqlite");
    return file ? path.join(dir, file) : null;
  } catch {
    return null;
  }
}

/**
 * Bytes each table and index uses (SQLite's dbstat: each page's size minus its unused bytes), read
 * with the sqlite3 shell from the live file, read-only; and the file's pages. Null without sqlite3.
 */
function d1Size(stateDir: string): { used: Map<string, number>; total: number; pages: number } | null {
  const file = d1File(stateDir);
  if (!file) return null;
  const result = spawnSync(
    "sqlite3",
    [
      "-readonly",
      "-separator",
      "\t",
      file,
      "SELECT name, SUM(pgsize - unused) FROM dbstat GROUP BY name; SELECT '#pages', page_count * page_size FROM pragma_page_count, pragma_page_size;",
    ],
    { encoding: "utf8" },
  );
  if (result.status !== 0) return null;
  const used = new Map<string, number>();
  let pages = 0;
  for (const line of result.stdout.trim().split("\n")) {
    const [name, bytes] = line.split("\t");
    if (name === "#pages") pages = Number(bytes);
    else if (name) used.set(name, Number(bytes));
  }
  return { used, total: [...used.values()].reduce((a, b) => a + b, 0), pages };
}

function sizeDelta(before: ReturnType<typeof d1Size>, after: ReturnType<typeof d1Size>) {
  if (!before || !after) return null;
  const byName = [...after.used].map(([name, bytes]) => ({ name, bytes: bytes - (before.used.get(name) ?? 0) }));
  byName.sort((a, b) => b.bytes - a.bytes);
  return { total: after.total - before.total, pages: after.pages - before.pages, byName: byName.filter((x) => x.bytes !== 0) };
}

// ---------------------------------------------------------------- the meters

async function meters(app: AppClient, player: Player, reset: boolean) {
  const both = await app.api<{ app: MeterSnapshot; worker: MeterSnapshot | null }>(reset ? "POST" : "GET", "/api/bench/d1", player);
  if (!both.worker) throw new Error("the Worker's meter did not answer (BENCH_MODE off in the Worker?)");
  return { app: both.app, worker: both.worker };
}

interface Sum {
  writeTransactions: number;
  writeStatements: number;
  primaryReads: number;
  replicaReads: number;
  readBatches: number;
  rowsRead: number;
  rowsWritten: number;
  durationMs: number;
  r2Puts: number;
  r2Bytes: number;
  statements: (StatementKind & { side: "app" | "worker" })[];
}

function sum(m: { app: MeterSnapshot; worker: MeterSnapshot }): Sum {
  const both = [m.app, m.worker];
  const add = (f: (s: MeterSnapshot) => number) => both.reduce((n, s) => n + f(s), 0);
  return {
    writeTransactions: add((s) => s.writeTransactions),
    writeStatements: add((s) => s.writeStatements),
    primaryReads: add((s) => s.primaryReads),
    replicaReads: add((s) => s.replicaReads),
    readBatches: add((s) => s.readBatches),
    rowsRead: add((s) => s.rowsRead),
    rowsWritten: add((s) => s.rowsWritten),
    durationMs: add((s) => s.durationMs),
    r2Puts: add((s) => s.r2.puts),
    r2Bytes: add((s) => s.r2.bytes),
    statements: [
      ...m.app.statements.map((s) => ({ ...s, side: "app" as const })),
      ...m.worker.statements.map((s) => ({ ...s, side: "worker" as const })),
    ],
  };
}

// ---------------------------------------------------------------- the browser's idle pages

interface IdlePage {
  page: string;
  seconds: number;
  requests: string[];
}

/** A real page signed in as `player`, left open: every HTTP request it and its service worker make. */
async function idlePages(base: string, player: Player, app: AppClient, seconds: number): Promise<IdlePage[] | string> {
  let binary: string;
  try {
    binary = chromiumPath();
  } catch (e) {
    return errorMessage(e);
  }
  const { chromium } = await import("@playwright/test");
  const browser = await chromium.launch({ executablePath: binary, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ baseURL: base });
    const [name, ...value] = player.cookie.split("=");
    await context.addCookies([{ name: name!, value: value.join("="), url: base }]);
    let counting = false;
    let seen: string[] = [];
    context.on("request", (r) => {
      if (counting) seen.push(`${r.method()} ${new URL(r.url()).pathname}`);
    });
    const page = await context.newPage();
    const out: IdlePage[] = [];
    const idle = async (label: string, url: string) => {
      await page.goto(url, { waitUntil: "networkidle", timeout: 60_000 }).catch(() => page.waitForLoadState("load"));
      await sleep(3_000);
      seen = [];
      counting = true;
      await sleep(seconds * 1000);
      counting = false;
      out.push({ page: label, seconds, requests: seen });
    };
    await idle("home", "/");
    const game = await app.apiOnce<GameSummary>("POST", "/api/games", player, {
      game_type: "1v1",
      game_mode: "casual",
      truco_variant: "paulista",
      vs_computer: true,
      bot_level: "normal",
    });
    await idle("game room vs computer, chat open", `/game/${game.id}?dialog=chat`);
    await context.close();
    return out;
  } finally {
    await browser.close();
  }
}

// ---------------------------------------------------------------- the scenario

function groupsOf(players: Player[]): Record<Group, Player[]> {
  const n = players.length;
  const count = (g: Group, multiple: number) => Math.max(multiple, Math.floor((n * MIX[g]) / multiple) * multiple);
  const sizes: [Group, number][] = [
    ["1v1", count("1v1", 2)],
    ["2v2", count("2v2", 4)],
    ["computer", count("computer", 1)],
    ["quick", count("quick", 2)],
    ["pages", count("pages", 1)],
  ];
  const out = {} as Record<Group, Player[]>;
  let at = 0;
  for (const [g, size] of sizes) {
    out[g] = players.slice(at, at + size);
    at += size;
  }
  out.home = players.slice(at);
  return out;
}

const per1k = (n: number, seconds: number, players: number) => (n / seconds) * (1000 / players);
const f1 = (n: number) => (Number.isFinite(n) ? (Math.abs(n) >= 100 ? n.toFixed(0) : n.toFixed(1)) : "—");
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export const scale: Scenario = {
  id: "scale",
  optIn: true,
  // The players, and one more for the browser's idle pages.
  players: (options) => ({ signIn: options.scalePlayers + 1, bulk: 0 }),

  async run(context, all) {
    const { options, server, app } = context;
    const failures: string[] = [];
    const browserPlayer = all[all.length - 1]!;
    const players = all.slice(0, -1);
    const n = players.length;
    const groups = groupsOf(players);
    if (groups.home.length < 2) throw new Error(`--scale-players ${n} leaves too few players at home (at least 40 players)`);
    const sim: Sim = {
      context,
      think: options.scaleThink,
      stopped: false,
      counts: {
        http: new Map(),
        httpErrors: 0,
        errors: [],
        finished: { "1v1": 0, "2v2": 0, computer: 0, quick: 0 },
        moves: 0,
        chats: 0,
      },
      sockets: new Set(),
    };
    const mixLine = (Object.keys(MIX) as Group[]).map((g) => `${g} ${groups[g].length}`).join(", ");
    log(`scale: ${n} players: ${mixLine}`);

    // Every player holds the channel, as a signed-in page does; home players watch the lobby.
    const matches = new Map<string, (gameId: string) => void>();
    const home = new Set(groups.home.map((p) => p.id));
    const channelsStart = performance.now();
    await pool(players, 16, async (player) => {
      try {
        const ws = await openChannel(sim, player, (type, payload) => {
          if (type === "match_found") matches.get(player.id)?.((payload as { game_id: string }).game_id);
        });
        if (home.has(player.id)) ws.send(JSON.stringify({ type: "lobby", payload: { watch: true } }));
      } catch (e) {
        error(sim, "channel", e);
      }
    });
    log(`scale: ${n} channels open in ${((performance.now() - channelsStart) / 1000).toFixed(0)} s`);

    // The groups start; the window opens once the tables have been set.
    const rng = rngOf(33);
    const chatting = new Set([...groups["1v1"], ...groups["2v2"]].filter(() => rng() < CHAT_SHARE).map((p) => p.id));
    const loops: Promise<void>[] = [];
    for (let i = 0; i < groups["1v1"].length; i += 2) loops.push(tableLoop(sim, "1v1", groups["1v1"].slice(i, i + 2), chatting, 100 + i));
    for (let i = 0; i < groups["2v2"].length; i += 4) loops.push(tableLoop(sim, "2v2", groups["2v2"].slice(i, i + 4), chatting, 200 + i));
    groups.computer.forEach((p, i) => loops.push(computerLoop(sim, p, 300 + i)));
    groups.quick.forEach((p, i) => loops.push(quickLoop(sim, p, 400 + i, matches)));
    groups.pages.forEach((p, i) => loops.push(pagesLoop(sim, p, 500 + i)));
    await sleep(15_000);

    const seconds = options.scaleSeconds;
    const idleSeconds = Math.max(10, Math.min(60, Math.floor((seconds - 10) / 2) - 4));
    const sizeBefore = d1Size(server.config.stateDir);
    const meterPlayer = groups.home[0]!;
    await meters(app, meterPlayer, true);
    const httpBefore = new Map(sim.counts.http);
    const finishedBefore = { ...sim.counts.finished };
    const movesBefore = sim.counts.moves;
    const chatsBefore = sim.counts.chats;
    log(`scale: window open for ${seconds} s (the browser keeps two idle pages open ${idleSeconds} s each)`);
    const t0 = performance.now();
    const browser = idlePages(app.base, browserPlayer, app, idleSeconds).catch((e) => `browser: ${errorMessage(e)}`);
    await sleep(seconds * 1000);
    const windowSeconds = (performance.now() - t0) / 1000;
    const window = sum(await meters(app, meterPlayer, false));
    const sizeAfter = d1Size(server.config.stateDir);
    const finished = Object.fromEntries(
      Object.entries(sim.counts.finished).map(([k, v]) => [k, v - finishedBefore[k as keyof typeof finishedBefore]]),
    ) as Counts["finished"];
    const http = new Map([...sim.counts.http].map(([g, v]) => [g, v - (httpBefore.get(g) ?? 0)]));
    const moves = sim.counts.moves - movesBefore;
    const chats = sim.counts.chats - chatsBefore;
    const idle = await browser;

    // Everyone stops; then the 1v1 matches alone, for D1's bytes per finished game.
    sim.stopped = true;
    for (const ws of sim.sockets) {
      try {
        ws.close(1000, "done");
      } catch {
        // Closed.
      }
    }
    sim.sockets.clear();
    await Promise.race([Promise.allSettled(loops), sleep(10_000)]);
    await sleep(3_000);
    const pairs = Math.min(RECORD_PAIRS, Math.floor(groups.home.length / 2));
    const recordBefore = d1Size(server.config.stateDir);
    await meters(app, meterPlayer, true);
    const record = {
      ...sim,
      stopped: false,
      counts: { ...sim.counts, finished: { ...sim.counts.finished, "1v1": 0 } },
      sockets: new Set<WebSocket>(),
    };
    log(`scale: ${pairs} 1v1 casual matches alone, no think time`);
    const recordStart = performance.now();
    await pool(
      Array.from({ length: pairs }, (_, i) => i),
      pairs,
      async (i) => {
        const pair = groups.home.slice(2 * i, 2 * i + 2);
        try {
          const game = await app.apiOnce<GameSummary>("POST", "/api/games", pair[0]!, {
            game_type: "1v1",
            game_mode: "casual",
            truco_variant: "paulista",
          });
          await app.apiOnce("POST", "/api/games/join", pair[1]!, { game_code: game.game_code });
          const clients = await Promise.all(pair.map((p) => seatSocket(record, game.id, p)));
          const done = await Promise.race([
            Promise.all(clients.map((c) => play(record, c, rngOf(600 + i), 0))),
            sleep(180_000).then(() => [false]),
          ]);
          for (const c of clients) c.close();
          if (done.every(Boolean)) record.counts.finished["1v1"] += 1;
        } catch (e) {
          error(record, "record match", e);
        }
      },
    );
    const recordSeconds = (performance.now() - recordStart) / 1000;
    await sleep(3_000);
    const recordMeters = sum(await meters(app, meterPlayer, false));
    const recordAfter = d1Size(server.config.stateDir);
    const recordGames = record.counts.finished["1v1"];
    record.stopped = true;
    for (const ws of record.sockets) ws.close();

    // ------------------------------------------------------------ the report
    const p = (x: number) => per1k(x, windowSeconds, n);
    const growth = sizeDelta(sizeBefore, sizeAfter);
    const recordGrowth = sizeDelta(recordBefore, recordAfter);
    const finishedAll = finished["1v1"] + finished["2v2"] + finished.computer + finished.quick;
    const homeHttp = http.get("home") ?? 0;
    const lines: string[] = [
      "",
      `Scale (ADR 124). ${n} players signed in through the sign-in emulator, each holding the player channel, for ${windowSeconds.toFixed(0)} s: ${mixLine}`,
      `  home: the channel watches the lobby; 1v1 and 2v2: casual tables (entry fee), moves over the room's socket after ${options.scaleThink} ms on average (0.5-1.5×); ` +
        `${chatting.size} of them with the chat open (${PAGE_POLLS.chatOpenMs ? `its poll every ${PAGE_POLLS.chatOpenMs / 1000} s, ` : ""}a message every ${CHAT_EVERY_MS[0] / 1000}-${CHAT_EVERY_MS[1] / 1000} s); ` +
        `computer: 1v1 against the computer; quick: 1v1 casual quick match (${PAGE_POLLS.matchWaitingMs ? `the match page revalidating every ${PAGE_POLLS.matchWaitingMs / 1000} s` : "match found on the channel"}); ` +
        `pages: ${PAGES.join(", ")} every ${PAGE_EVERY_MS[0] / 1000}-${PAGE_EVERY_MS[1] / 1000} s`,
      `  in the window: ${moves} moves, ${chats} chat messages, games finished: ${finished["1v1"]} 1v1, ${finished["2v2"]} 2v2, ${finished.computer} vs computer, ${finished.quick} quick match; ` +
        `HTTP requests by group: ${[...http].map(([g, v]) => `${g} ${v}`).join(", ")}; ${sim.counts.httpErrors} HTTP errors, ${sim.counts.errors.length} errors${sim.counts.errors[0] ? ` (first: ${sim.counts.errors[0]})` : ""}`,
      "",
      "  D1 per 1,000 concurrent players (both isolates: the app and the Durable Objects' Worker)",
    ];
    const w = [52, 12, 16];
    lines.push(`  ${row(["", "per second", "at 100,000"], w)}`);
    const rate = (label: string, x: number) => lines.push(`  ${row([label, f1(p(x)), f1(p(x) * 100)], w)}`);
    const local = window.statements.filter((x) => LOCAL_ONLY.test(x.kind));
    const localTx = local.reduce((a, x) => a + (x.write ? x.calls - x.inBatch : 0), 0);
    const localWrites = local.reduce((a, x) => a + (x.write ? x.calls : 0), 0);
    const localReads = local.reduce((a, x) => a + (x.write ? 0 : x.calls - x.replicaEligible), 0);
    const prodTx = window.writeTransactions - localTx;
    const prodWrites = window.writeStatements - localWrites;
    const prodPrimaryReads = window.primaryReads - localReads;
    rate("write transactions (a batch counts once)", window.writeTransactions);
    rate("  as in production (no local analytics_hourly)", prodTx);
    rate("write statements", window.writeStatements);
    rate("  as in production", prodWrites);
    rate("read queries, primary", window.primaryReads);
    rate("read queries, replica-eligible (Sessions API)", window.replicaReads);
    rate("read-only batches", window.readBatches);
    rate("rows read", window.rowsRead);
    rate("rows written", window.rowsWritten);
    rate("D1 query time, ms (local SQLite: a floor)", window.durationMs);
    const primaryLoad = p(prodWrites + prodPrimaryReads) * 100;
    const allLoad = p(prodWrites + prodPrimaryReads + window.replicaReads) * 100;
    const growthPer1kPerS = growth ? p(growth.total) : Number.NaN;
    const gbPerDay = (growthPer1kPerS * 100 * 86_400) / 1e9;
    lines.push(
      "",
      `  Projection to 100,000 players on one D1 (~1,000 queries/s at ~1 ms each, 10 GB), as in production (no local analytics_hourly): the primary's statements ${f1(primaryLoad)}/s = ${f1(primaryLoad / 10)}% of it ` +
        `(${f1(allLoad / 10)}% with the replica-eligible reads too); rows read ${f1(p(window.rowsRead) * 100)}/s; ` +
        (growth
          ? `D1 grows ${gbPerDay.toFixed(1)} GB a day, full (10 GB) in ${10 / gbPerDay >= 1 ? `${f1(10 / gbPerDay)} days` : `${f1((10 / gbPerDay) * 24)} hours`}`
          : "D1's growth not measured (no sqlite3)") +
        `; the local D1's own query time ${f1(p(window.durationMs) * 100)} ms per second (${f1(p(window.durationMs) / 10)}% of one D1's time, a floor)`,
    );
    if (growth) {
      lines.push(
        `  D1 growth in the window: ${kb(growth.total)} of rows and index entries (dbstat), the file ${kb(growth.pages)}; ${finishedAll ? `${kb(growth.total / finishedAll)} per finished game of the mix (all growth ÷ ${finishedAll} games, the games still running included)` : "no game finished"}` +
          `; by table: ${growth.byName
            .slice(0, 8)
            .map((t) => `${t.name} ${kb(t.bytes)}`)
            .join(", ")}`,
      );
    }
    lines.push(
      `  R2 (GAME_RECORDS) in the window: ${window.r2Puts} puts, ${kb(window.r2Bytes)}${finishedAll ? `; ${(window.r2Puts / finishedAll).toFixed(2)} writes per finished game` : ""}`,
    );
    const perGame = (x: number) => (recordGames ? (x / recordGames).toFixed(1) : "—");
    const recordLocalKinds = recordMeters.statements.filter((x) => LOCAL_ONLY.test(x.kind));
    const recordLocal = {
      tx: recordMeters.writeTransactions - recordLocalKinds.reduce((a, x) => a + (x.write ? x.calls - x.inBatch : 0), 0),
      writes: recordMeters.writeStatements - recordLocalKinds.reduce((a, x) => a + (x.write ? x.calls : 0), 0),
    };
    const bytesPerRecord = recordGrowth && recordGames ? recordGrowth.total / recordGames : Number.NaN;
    lines.push(
      "",
      `  1v1 matches alone: ${recordGames} of ${pairs} finished in ${recordSeconds.toFixed(0)} s. Per finished 1v1 game: D1 ${Number.isFinite(bytesPerRecord) ? kb(bytesPerRecord) : "— (no sqlite3)"} of rows and index entries` +
        (recordGrowth && recordGames ? ` (file ${kb(recordGrowth.pages / recordGames)})` : "") +
        `, ${perGame(recordLocal.tx)} write transactions (${perGame(recordMeters.writeTransactions)} with the local analytics_hourly), ${perGame(recordLocal.writes)} write statements, ${perGame(recordMeters.primaryReads + recordMeters.replicaReads)} reads, ` +
        `R2 ${perGame(recordMeters.r2Puts)} writes (${recordGames ? kb(recordMeters.r2Bytes / recordGames) : "—"})` +
        (recordGrowth
          ? `; by table: ${recordGrowth.byName
              .slice(0, 8)
              .map((t) => `${t.name} ${recordGames ? kb(t.bytes / recordGames) : "—"}`)
              .join(", ")}`
          : ""),
    );

    // The hot statements.
    const hot = [...window.statements].sort((a, b) => b.rowsRead - a.rowsRead);
    const hw = [7, 4, 9, 9, 9, 6, 70];
    lines.push("", "  Statements by rows read in the window (per 1,000 players per second; max: the most rows one call read)");
    lines.push(`  ${row(["side", "w", "calls/s", "rows/s", "max rows", "batch", "statement"], hw)}`);
    for (const s of hot.slice(0, 15)) {
      lines.push(
        `  ${row([s.side, s.write ? "W" : s.replicaEligible ? "R*" : "R", f1(p(s.calls)), f1(p(s.rowsRead)), `${s.maxRowsRead}${s.maxRowsRead > HOT_ROWS ? " !" : ""}`, s.inBatch ? `${s.inBatch}` : "", s.kind], hw)}`,
      );
    }
    const byCalls = [...window.statements].sort((a, b) => b.calls - a.calls).slice(0, 8);
    lines.push(`  most called: ${byCalls.map((s) => `${f1(p(s.calls))}/s ${s.side} "${s.kind.slice(0, 60)}"`).join("; ")}`);
    // What the primary still reads: a read that is not replica-eligible (no replica session, a
    // replica's miss asked again, or inside a batch that writes).
    const onPrimary = window.statements
      .filter((s) => !s.write && s.calls > s.replicaEligible)
      .sort((a, b) => b.calls - b.replicaEligible - (a.calls - a.replicaEligible))
      .slice(0, 8);
    lines.push(
      `  primary reads: ${onPrimary.map((s) => `${f1(p(s.calls - s.replicaEligible))}/s ${s.side} "${s.kind.slice(0, 60)}"`).join("; ")}`,
    );
    const over = window.statements.filter((s) => s.maxRowsRead > HOT_ROWS);
    lines.push(
      `  (W write, R primary read, R* replica-eligible; ! over ${HOT_ROWS} rows: ${over.length} statements; analytics_hourly is written to D1 only locally: production sends it to Analytics Engine)`,
    );

    let idleLine: string;
    let idleMeasured: string;
    let idleOk: boolean | null;
    if (typeof idle === "string") {
      idleLine = `  idle pages: no browser (${idle}); the simulated home players made ${homeHttp} HTTP requests in ${windowSeconds.toFixed(0)} s`;
      idleMeasured = `${f1((homeHttp / windowSeconds / Math.max(1, groups.home.length)) * 60)}/min (sim.)`;
      idleOk = homeHttp === 0;
    } else {
      const perMin = idle.map((x) => (x.requests.length / x.seconds) * 60);
      idleLine =
        "  idle pages (Chromium, signed in): " +
        idle
          .map((x, i) => {
            const top = new Map<string, number>();
            for (const r of x.requests) top.set(r, (top.get(r) ?? 0) + 1);
            const list = [...top].sort((a, b) => b[1] - a[1]).slice(0, 4);
            return `${x.page}: ${f1(perMin[i]!)} requests/min over ${x.seconds} s${list.length ? ` (${list.map(([r, c]) => `${c}× ${r}`).join(", ")})` : ""}`;
          })
          .join("; ");
      idleMeasured = idle.map((_, i) => f1(perMin[i]!)).join(", ") + "/min";
      idleOk = perMin.every((x) => x === 0);
    }
    lines.push("", idleLine);

    const thinkS = `${(sim.think / 1000).toFixed(1).replace(/\.0$/, "")} s`;
    const worst = hot.reduce<(typeof hot)[number] | null>((a, s) => (a && a.maxRowsRead >= s.maxRowsRead ? a : s), null);
    const budgets: BudgetRow[] = [
      // Both rates follow the players' pace (games, not moves, write now): the row names it.
      budget(`scale: D1 write transactions per 1k players (think ${thinkS})`, "≤ 3/s", `${f1(p(prodTx))}/s`, p(prodTx) <= 3),
      budget(`scale: D1 primary reads per 1k players (think ${thinkS})`, "≤ 5/s", `${f1(p(prodPrimaryReads))}/s`, p(prodPrimaryReads) <= 5),
      budget(
        "scale: D1 bytes per finished 1v1 game",
        "≤ 2 KB",
        Number.isFinite(bytesPerRecord) ? kb(bytesPerRecord) : "—",
        Number.isFinite(bytesPerRecord) ? bytesPerRecord <= 2048 : null,
      ),
      budget("scale: idle signed-in page (home; room + chat)", "0 req/min", idleMeasured, idleOk),
      budget(
        "scale: most rows one hot statement read",
        `≤ ${HOT_ROWS}`,
        `${worst?.maxRowsRead ?? 0}`,
        (worst?.maxRowsRead ?? 0) <= HOT_ROWS,
      ),
    ];
    if (moves === 0) failures.push("scenario scale: no move was played in the window");
    return { lines, budgets, failures };
  },
};
