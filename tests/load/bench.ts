// `npm run bench`: the project's performance benchmark (DESIGN.md §9).
//
// It starts its own server (scripts/start.mjs on its own ports and state dir
// .wrangler/bench-state, built from the current code), makes its players, runs
// the scenarios of tests/load/scenarios/ and prints their figures and a table
// against the budgets:
//   A (room-latency.ts)  one 4-player room, ≥ 1,000 moves: move → broadcast
//                        on all four sockets, plus ping and sync baselines;
//   B (room-load.ts)     500 rooms × 4 sockets at a human pace, then a
//                        saturation probe with no think time;
//   web (front-end.ts)   the landing page's critical path and the game
//                        route's JS from the build, compressed;
//   lighthouse           Lighthouse (mobile) on the landing page, home and a
//                        game room: the four category scores;
//   replay               a whole 2v2 game played, then its replay page under
//                        Lighthouse (first render, performance) and the
//                        second opinion on its every decision (CPU, one core);
//   matchmaking         1,000 players entering quick-match queues over 10 s:
//                        time to match p50/p95 and the matchmaker's CPU per match;
//   lb (leaderboard.ts)  --lb-players players with a year of ranked results
//                        seeded into the local D1: each board's top-100 read
//                        and a top and a bottom player's own place (exact rank
//                        within 10,000, else percentile; time and D1
//                        rows_read), then GET /api/leaderboard end to end.
//   spectators           only with --only spectators: one public room, its players' move →
//                        broadcast without and with --spectators watching (same run), whether
//                        every spectator got every version, the room's own time per move.
//   scale (scale.ts)     only with --only scale: --scale-players players in a stated mix
//                        (home, 1v1/2v2 tables, the computer, chat, quick match, pages) for
//                        --scale-seconds with D1 and R2 metered (ADR 124): per 1,000 players,
//                        D1 write transactions, reads, rows read, bytes per finished game, R2
//                        writes, the hot statements, a projection to 100,000; and a real idle page.
// Over a budget is reported (OVER), not failed: the exit code is non-zero only
// when the bench itself failed (the server did not start, scenario A saw an
// error, the ledger invariant broke, ...).
//
// Players (tests/load/lib/players.ts): scenario A's four sign in through the
// real sign-in flow and the sign-in emulator; scenario B's are made before the
// server starts by the app's own sign-in code (newUserRows, newSession: the rows
// userForIdentity and startSession write) in the bench's local D1
// (--signin-all: everyone through the emulator; much slower).
//
// Server timings are shortened through start.mjs's TRUCO_BINDINGS:
// NEXT_HAND_DELAY_MS=0 (hands follow each other at once; not for scale, which
// measures D1 per second of play) and TURN_SECONDS=600 (no server-side timeout
// move interferes with a measurement); BENCH_MODE=1 turns on the rooms' profile,
// the platform floor (ADR 057) and the D1 and R2 meters (ADR 124).
//
// Options (all optional):
//   --rooms N           scenario B rooms (500); the 1,000 rooms × 4 sockets with its
//                       memory: `--only b --rooms 1000 --saturation 0` (about 8 minutes)
//   --moves N           scenario A moves (1000)
//   --duration S        scenario B measured play time in seconds (60)
//   --think MS          scenario B mean think time between two moves of a room
//                       (3000, a human pace; uniform in [0.5, 1.5] × MS)
//   --saturation S      then the same rooms with no think time for S seconds, to
//                       find the server's capacity (15; 0 to skip)
//   --concurrency N     parallel setup requests (32)
//   --port N            app port (8796, or BENCH_PORT); the sign-in emulator takes N-1, payments N-2
//   --skip-build        reuse the existing build (SKIP_BUILD=1)
//   --direct            the players talk to workerd's own listener, not through wrangler's
//                       proxy (a second workerd in front of it that carries every request and
//                       WebSocket frame; production has no such hop): sign-in still goes
//                       through the proxy's port (not for the restart scenario: its port changes)
//   --lb-players N      scenario L's seeded players (100000)
//   --spectators N      the spectators scenario's audience (1000; only with --only spectators)
//   --spectator-moves N its moves measured without, then with, the audience (150 each)
//   --spectator-think MS its players' pause before each move (300; 0: back to back, faster
//                       than the relay can send a thousand copies on the one local thread)
//   --scale-players N   the scale scenario's players (200; at least 40)
//   --scale-seconds S   its measured window (480: several games at the default pace, ADR 129)
//   --scale-think MS    its players' mean time between their turn and their move (5000: a human
//                       pace, ADR 129)
//   --perf              record the runtime with Linux perf (V8's perf map on) during scenario A's
//                       moves and B2's probe, and print where its CPU went per move, by part and
//                       by JavaScript function (ADR 109; needs `perf`, Debian: linux-perf)
//   --only a|b|abuse|web|lighthouse|replay|restart|presence|matchmaking|lb|scale|spectators  run one scenario only
//                       (scale runs only when named)
//   --signin-all        every player signs in through the emulator (slow)
// See also `npm run bench:engine` for the rules engine's own throughput.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { ROOT } from "../../db/local-d1";
import { AppClient } from "./lib/client";
import { ledgerCheck } from "./lib/ledger-check";
import { createPlayers, signInMany } from "./lib/players";
import { PERF_V8_FLAGS, perfUnavailable } from "./lib/perf";
import { printReport, type BudgetRow } from "./lib/report";
import type { BenchOptions, Player, Scenario, ScenarioOutcome } from "./lib/scenario";
import { BenchServer } from "./lib/server";
import { errorMessage, log } from "./lib/util";
import { abuse } from "./scenarios/abuse";
import { frontEnd } from "./scenarios/front-end";
import { leaderboard } from "./scenarios/leaderboard";
import { lighthouseScenario } from "./scenarios/lighthouse";
import { matchmaking } from "./scenarios/matchmaking";
import { presence } from "./scenarios/presence";
import { replayScenario } from "./scenarios/replay";
import { restart } from "./scenarios/restart";
import { roomLatency } from "./scenarios/room-latency";
import { roomLoad } from "./scenarios/room-load";
import { scale } from "./scenarios/scale";
import { spectators } from "./scenarios/spectators";

/** In the order of the report. */
const SCENARIOS: Scenario[] = [
  roomLatency,
  roomLoad,
  abuse,
  frontEnd,
  lighthouseScenario,
  replayScenario,
  presence,
  matchmaking,
  leaderboard,
  scale,
  spectators,
  restart,
];
/** The order they run in: the cheap, player-free ones first; restart stops and starts the server, so it runs last; the leaderboard seeds 100,000 players. */
const RUN_ORDER = ["web", "lighthouse", "replay", "a", "b", "abuse", "presence", "matchmaking", "lb", "scale", "spectators", "restart"];
// The bench's players open tables much faster than people do (scenario A opens a new room at
// every match's end), and all sign in from one address: the limits they would trip are raised
// (game/rate-limits/limits.ts; the chat, checkout and join-code limits keep their real numbers).
const BINDINGS = {
  NEXT_HAND_DELAY_MS: "0",
  TURN_SECONDS: "600",
  // The rooms' per-move profile and the platform floor (ADR 057), never set outside the bench.
  BENCH_MODE: "1",
  RATE_LIMIT_OVERRIDES:
    "signin:1000/60;session_create:1000/60;game_create:1000/60;game_join:1000/60;game_action:1000/60;matchmaking:1000/60",
};

function fail(message: string): never {
  console.error(`✗ ${message}`);
  return process.exit(2) as never;
}

function parseOptions(): BenchOptions {
  const { values } = parseArgs({
    options: {
      rooms: { type: "string", default: "500" },
      moves: { type: "string", default: "1000" },
      duration: { type: "string", default: "60" },
      think: { type: "string", default: "3000" },
      saturation: { type: "string", default: "15" },
      concurrency: { type: "string", default: "32" },
      port: { type: "string", default: process.env.BENCH_PORT ?? "8796" },
      "skip-build": { type: "boolean", default: false },
      direct: { type: "boolean", default: false },
      only: { type: "string" },
      "signin-all": { type: "boolean", default: false },
      "lb-players": { type: "string", default: "100000" },
      "scale-players": { type: "string", default: "200" },
      "scale-seconds": { type: "string", default: "480" },
      "scale-think": { type: "string", default: "5000" },
      spectators: { type: "string", default: "1000" },
      "spectator-moves": { type: "string", default: "150" },
      "spectator-think": { type: "string", default: "300" },
      perf: { type: "boolean", default: false },
      help: { type: "boolean", short: "h", default: false },
    },
  });
  if (values.help) {
    const header = fs
      .readFileSync(fileURLToPath(import.meta.url), "utf8")
      .split("\n")
      .filter((line, i, all) => line.startsWith("//") && all.slice(0, i).every((l) => l.startsWith("//")));
    console.log(header.map((l) => l.replace(/^\/\/ ?/, "")).join("\n"));
    process.exit(0);
  }
  const int = (name: keyof typeof values) => {
    const n = Number(values[name]);
    if (!Number.isInteger(n) || n < 0) fail(`--${name} must be a non-negative integer (got ${values[name]})`);
    return n;
  };
  const only = values.only ?? null;
  if (only && !SCENARIOS.some((s) => s.id === only)) fail(`--only must be ${SCENARIOS.map((s) => s.id).join(", ")} (got ${only})`);
  return {
    rooms: int("rooms"),
    moves: int("moves"),
    duration: int("duration"),
    think: int("think"),
    saturation: int("saturation"),
    concurrency: Math.max(1, int("concurrency")),
    port: int("port"),
    skipBuild: values["skip-build"],
    direct: values.direct,
    only,
    signinAll: values["signin-all"],
    leaderboardPlayers: int("lb-players"),
    scalePlayers: Math.max(40, int("scale-players")),
    scaleSeconds: Math.max(30, int("scale-seconds")),
    scaleThink: int("scale-think"),
    spectators: int("spectators"),
    spectatorMoves: Math.max(10, int("spectator-moves")),
    spectatorThink: int("spectator-think"),
    perf: values.perf,
  };
}

const options = parseOptions();
if (options.perf) {
  const why = perfUnavailable();
  if (why) fail(why);
  // The runtime's V8 writes a perf map of its JIT code (/tmp/perf-<pid>.map), read by perf report.
  process.env.MINIFLARE_WORKERD_V8_FLAGS = PERF_V8_FLAGS;
}
const selected = SCENARIOS.filter((s) => (options.only ? s.id === options.only : !s.optIn));
/**
 * The local D1 and Durable Object storage, in memory (tmpfs) where the machine has one (ADR 106):
 * local SQLite syncs every commit to this machine's disk, a cost of the local runtime on the
 * runtime's own thread that the platform's storage does not have. BENCH_STATE_DIR chooses.
 */
const stateDir =
  process.env.BENCH_STATE_DIR ?? (fs.existsSync("/dev/shm") ? "/dev/shm/truco-bench-state" : path.join(ROOT, ".wrangler", "bench-state"));
/**
 * The scale scenario measures D1 per second of play, so its hands follow each other after the
 * product's own pause (NEXT_HAND_DELAY_MS unset), as players see them; the other scenarios time
 * moves and want no pause.
 */
const bindings: Record<string, string> =
  options.only === "scale" ? Object.fromEntries(Object.entries(BINDINGS).filter(([key]) => key !== "NEXT_HAND_DELAY_MS")) : BINDINGS;
const server = new BenchServer({
  port: options.port,
  authPort: options.port - 1,
  paymentPort: options.port - 2,
  stateDir,
  logFile: path.join(ROOT, ".wrangler", "bench-server.log"),
  bindings,
  skipBuild: options.skipBuild,
});
const app = new AppClient(server.base);

let interrupted = false;
async function shutdown(code: number) {
  await server.stop().catch(() => {});
  process.exit(code);
}
process.on("SIGINT", () => {
  interrupted = true;
  console.error("\nInterrupted: stopping the bench's server...");
  void shutdown(130);
});
process.on("SIGTERM", () => {
  interrupted = true;
  void shutdown(143);
});

async function main(): Promise<number> {
  // One socket per player and some slack.
  const sockets = selected.reduce((n, s) => n + s.players(options).signIn + s.players(options).bulk, 0) + 8;
  const limit = Number(spawnSync("sh", ["-c", "ulimit -n"], { encoding: "utf8" }).stdout.trim());
  if (Number.isFinite(limit) && limit < sockets + 512) {
    fail(
      `open-file limit ${limit} is too low for ${sockets} sockets: raise it first (e.g. \`ulimit -n ${sockets * 2 + 1024}\`) or use fewer --rooms`,
    );
  }

  // Players: how many each scenario wants, and how they come in.
  const needs = new Map(
    selected.map((s) => {
      const { signIn, bulk } = s.players(options);
      return [s.id, options.signinAll ? { signIn: signIn + bulk, bulk: 0 } : { signIn, bulk }];
    }),
  );
  const totalBulk = [...needs.values()].reduce((n, x) => n + x.bulk, 0);
  const totalSignIn = [...needs.values()].reduce((n, x) => n + x.signIn, 0);

  try {
    await server.checkPorts();
  } catch (error) {
    fail(errorMessage(error));
  }
  server.resetDatabase();
  let bulk: Player[] = [];
  const notes: string[] = [];
  if (totalBulk > 0) {
    const started = performance.now();
    bulk = await createPlayers(stateDir, totalBulk);
    const seconds = (performance.now() - started) / 1000;
    log(`made ${totalBulk} players with sessions through the app's sign-in code (${seconds.toFixed(1)} s)`);
    notes.push(
      `${totalBulk} made before the start with the app's sign-in rows and session code (user, welcome bonus in the ledger, session) in ${seconds.toFixed(0)} s`,
    );
  }
  await server.start();
  let direct: string | null = null;
  if (options.direct) {
    direct = await server.directBase();
    if (!direct) fail("--direct: workerd's own listener was not found (needs Linux and `ss`)");
    log(`players talk to workerd's own listener at ${direct} (not through wrangler's proxy at ${server.base})`);
  }
  let signedIn: Player[] = [];
  if (totalSignIn > 0) {
    const result = await signInMany(server.base, totalSignIn, Math.min(options.concurrency, 16));
    signedIn = result.players;
    notes.unshift(result.note);
  }
  if (direct) app.base = direct;
  // Every player can act: check one against the API.
  const last = bulk.at(-1) ?? signedIn.at(-1);
  if (last) {
    const me = await app.api<{ virtual_coins: number }>("GET", "/api/users/me", last);
    if (me.virtual_coins !== 1000) throw new Error(`a new player should have 1000 coins, has ${me.virtual_coins}`);
  }

  const outcomes = new Map<string, ScenarioOutcome>();
  for (const id of RUN_ORDER) {
    const scenario = selected.find((s) => s.id === id);
    if (!scenario || interrupted) continue;
    const need = needs.get(id)!;
    const players = [...signedIn.splice(0, need.signIn), ...bulk.splice(0, need.bulk)];
    try {
      outcomes.set(id, await scenario.run({ options, server, app }, players));
    } catch (error) {
      outcomes.set(id, { lines: [], budgets: [], failures: [`scenario ${id}: ${errorMessage(error)}`] });
    }
  }

  await server.stop();
  if (interrupted) return 130;
  const failures = selected.flatMap((s) => outcomes.get(s.id)?.failures ?? []);
  const budgets: BudgetRow[] = selected.flatMap((s) => outcomes.get(s.id)?.budgets ?? []);
  const after: string[] = [];
  if (selected.some((s) => s.id === "a" || s.id === "b")) after.push(app.hungLine());
  try {
    const ledger = ledgerCheck(stateDir);
    if (ledger.broken !== 0) failures.push(`ledger invariant L1 broken for ${ledger.broken} users`);
    after.push(
      `ledger invariant L1 after the bench: ${ledger.broken === 0 ? "OK" : `BROKEN for ${ledger.broken} users`} (${ledger.users} users, ${ledger.completed} games completed)`,
    );
  } catch (error) {
    console.warn(`(ledger check skipped: ${errorMessage(error).split("\n")[0]})`);
  }
  printReport({
    server: `server: wrangler dev, pre-bundled, no watchers (local workerd; ADR 091) on ${server.base}, storage in ${stateDir}${direct ? `; the players talk to workerd's own listener ${direct}, not through wrangler's proxy (--direct)` : ""}, vars ${Object.entries(
      bindings,
    )
      .map(([k, v]) => `${k}=${v}`)
      .join(" ")}`,
    players: notes.join("; ") || null,
    sections: selected.map((s) => outcomes.get(s.id)?.lines ?? []),
    budgets,
    notes: after,
    failures,
  });
  return failures.length ? 1 : 0;
}

main()
  .then((code) => shutdown(code))
  .catch(async (error) => {
    console.error(`\n✗ bench failed: ${(error as Error)?.stack ?? error}`);
    console.error(`  server log: ${path.relative(ROOT, server.config.logFile)}`);
    await shutdown(1);
  });
