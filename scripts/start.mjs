#!/usr/bin/env node
// `npm start`: the whole product on this machine, no accounts, no internet.
//   1. builds the Remix app;
//   2. applies the D1 migrations to the local database and seeds it (idempotent);
//   3. starts the local sign-in emulator (dev/auth-emulator) and, unless a
//      real Stripe key is configured, the local payment emulator
//      (dev/payment-emulator), which sends its signed events to this app;
//   4. runs `wrangler pages dev` with the Pages config and the game-room Worker
//      (DESIGN.md §2); with TRUCO_SERVER=bundled (what `npm run bench` uses)
//      it instead bundles both Workers once and serves them under
//      `wrangler dev` with no file watchers, no live reload and no local trace
//      store;
//   5. prints the address; Ctrl-C stops everything.
//
// Each step prints one line; its own output (the build's, wrangler's) shows only when it fails, or
// always with `npm start -- --verbose` (or TRUCO_VERBOSE=1).
//
// Environment: PORT (8788), AUTH_EMULATOR_PORT (8790), PAYMENT_EMULATOR_PORT
// (8791), TRUCO_STATE_DIR (.wrangler/state), TRUCO_FRESH_STATE=1 to start
// from an empty database, SKIP_BUILD=1 to reuse an existing build.
// STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET in .dev.vars (which wrangler
// reads; the bundled server gets a copy next to its generated config) use real
// Stripe in test mode instead of the payment emulator.
// TRUCO_BINDINGS="KEY=VALUE KEY2=VALUE2" (space- or comma-separated; used by
// `npm run bench`, e.g. "NEXT_HAND_DELAY_MS=0 TURN_SECONDS=600") adds vars to
// both Workers: command-line vars for the Pages app, and a [vars] table in a
// generated copy of the room Worker's config (wrangler gives command-line vars
// to the first Worker only). Generated configs and bundles live in
// TRUCO_STATE_DIR/server. With BENCH_MODE=1 among them (`npm run bench` only)
// the platform-floor Durable Object (BenchFloor) is bound too; no
// committed config binds it, so production cannot reach it.
// TRUCO_SERVER_LOG=FILE also appends the server's output (wrangler's and the
// Workers' console) to FILE, line by line: the browser tests read it to fail a
// test during which the server logged an error (tests/e2e/fixtures.ts).
import { spawn, spawnSync } from "node:child_process";
import { appendFileSync, copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { DEFAULT_WEBHOOK_SECRET, startEmulators } from "../dev/emulators.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const bin = (name) => path.join(root, "node_modules", ".bin", name);
const port = Number(process.env.PORT ?? 8788);
const authPort = Number(process.env.AUTH_EMULATOR_PORT ?? 8790);
const paymentPort = Number(process.env.PAYMENT_EMULATOR_PORT ?? 8791);
const stateDir = path.resolve(root, process.env.TRUCO_STATE_DIR ?? ".wrangler/state");
const appUrl = `http://localhost:${port}`;
const verbose = process.argv.includes("--verbose") || process.env.TRUCO_VERBOSE === "1";

/** Runs one step; its output is printed when it fails (always with --verbose). */
function step(title, command, args, extraEnv = {}) {
  console.log(verbose ? `\n▸ ${title}` : `▸ ${title}`);
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: ["ignore", verbose ? "inherit" : "pipe", verbose ? "inherit" : "pipe"],
    env: { ...process.env, CI: "1", ...extraEnv },
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) {
    if (!verbose) process.stderr.write(`${result.stdout ?? ""}${result.stderr ?? ""}`);
    console.error(`✗ ${title} failed (exit ${result.status ?? result.signal})`);
    process.exit(result.status ?? 1);
  }
}

if (process.env.TRUCO_FRESH_STATE === "1") rmSync(stateDir, { recursive: true, force: true });
if (process.env.SKIP_BUILD !== "1" || !existsSync(path.join(root, "build/server/index.js"))) {
  step("Building the app", bin("remix"), ["vite:build"]);
}
step("Migrating the local database", bin("wrangler"), [
  "d1",
  "migrations",
  "apply",
  "DB",
  "--local",
  "--persist-to",
  stateDir,
  "-c",
  "wrangler.toml",
]);
// The demo data (db/demo-data.ts), written by db/seed.ts through the same
// local D1 that the server serves; idempotent.
step("Seeding the local database", bin("tsx"), [path.join(root, "db", "seed.ts"), stateDir]);

// The sign-in emulator, and the payment emulator unless a real Stripe key (test
// mode) is configured; the webhook secret it signs with is handed to the app.
const devVars = existsSync(path.join(root, ".dev.vars")) ? readFileSync(path.join(root, ".dev.vars"), "utf8") : "";
const realStripe = /^\s*STRIPE_SECRET_KEY\s*=/m.test(devVars);
const webhookSecret = process.env.STRIPE_WEBHOOK_SECRET ?? DEFAULT_WEBHOOK_SECRET;
console.log(
  realStripe
    ? "▸ Starting the sign-in emulator (STRIPE_SECRET_KEY is set in .dev.vars: payments go to Stripe, no payment emulator)"
    : "▸ Starting the sign-in and payment emulators",
);
let emulators;
try {
  emulators = await startEmulators({
    authPort,
    paymentPort,
    appOrigins: [appUrl, `http://127.0.0.1:${port}`],
    appUrl: `http://127.0.0.1:${port}`,
    payments: !realStripe,
    webhookSecret,
    keysFile: path.join(root, ".wrangler", "auth-emulator-keys.json"),
  });
} catch (error) {
  console.error(`✗ ${error.message}`);
  process.exit(1);
}
const { auth, payments } = emulators;
/** The Pages app's vars, as [key, value]; the command line carries them. */
const appVars = payments
  ? [
      ["PAYMENT_EMULATOR_URL", payments.url],
      ["STRIPE_WEBHOOK_SECRET", webhookSecret],
    ]
  : [];

// TRUCO_BINDINGS: extra vars for both Workers (see the header).
const extraVars = (process.env.TRUCO_BINDINGS ?? "")
  .split(/[\s,]+/)
  .filter(Boolean)
  .map((pair) => {
    const match = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(pair);
    if (!match) {
      console.error(`✗ TRUCO_BINDINGS: expected KEY=VALUE, got ${JSON.stringify(pair)}`);
      process.exit(1);
    }
    return [match[1], match[2]];
  });
const benchMode = extraVars.some(([key, value]) => key === "BENCH_MODE" && value === "1");
const serverDir = path.join(stateDir, "server");
rmSync(serverDir, { recursive: true, force: true });
mkdirSync(serverDir, { recursive: true });
if (extraVars.length) console.log(`▸ Extra vars for both Workers: ${extraVars.map(([key, value]) => `${key}=${value}`).join(" ")}`);
const allAppVars = [["AUTH_EMULATOR_URL", auth.issuer], ...appVars, ...extraVars];
const bundled = process.env.TRUCO_SERVER === "bundled";
const serverLog = process.env.TRUCO_SERVER_LOG ? path.resolve(root, process.env.TRUCO_SERVER_LOG) : null;
if (serverLog) {
  mkdirSync(path.dirname(serverLog), { recursive: true });
  writeFileSync(serverLog, "");
}
const launch = bundled ? bundledServer() : pagesDevServer();

console.log(`▸ Starting the app (${launch.label})`);
const wrangler = spawn(
  bin("wrangler"),
  [
    ...launch.args,
    "--port",
    String(port),
    "--ip",
    "127.0.0.1",
    "--persist-to",
    stateDir,
    "--show-interactive-dev-session=false",
    "--log-level",
    process.env.WRANGLER_LOG ?? "warn",
  ],
  {
    cwd: root,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, CI: "1", ...launch.env },
    detached: true,
  },
);
// Until the app answers, wrangler's start-up output (its bundler's warnings, the offline notices) is
// held back and printed only if it fails to start; with --verbose it passes straight through.
let appReady = false;
const startupOutput = [];
teeLines(wrangler.stdout, process.stdout);
teeLines(wrangler.stderr, process.stderr);

/**
 * Passes a stream on (held back during start-up unless --verbose) and appends its whole lines to
 * TRUCO_SERVER_LOG, each in one write, so that the two streams' lines never interleave inside a line.
 */
function teeLines(stream, out) {
  let pending = "";
  stream.setEncoding("utf8");
  stream.on("data", (chunk) => {
    if (verbose || appReady) out.write(chunk);
    else startupOutput.push(chunk);
    if (!serverLog) return;
    const lines = (pending + chunk).split("\n");
    pending = lines.pop();
    if (lines.length) appendFileSync(serverLog, lines.map((line) => `${line}\n`).join(""));
  });
  stream.on("end", () => {
    if (serverLog && pending) appendFileSync(serverLog, `${pending}\n`);
  });
}

/**
 * The room Worker's config: the committed one with absolute paths (it is written elsewhere), on
 * `main` (its sources, or a bundle with no_bundle), plus TRUCO_BINDINGS's vars and, with
 * BENCH_MODE=1, the platform floor.
 */
function roomConfigOn(main, noBundle) {
  const roomDir = path.join(root, "workers/game-room");
  let toml = readFileSync(path.join(roomDir, "wrangler.toml"), "utf8").replace(
    /^(main|migrations_dir)\s*=\s*"([^"]*)"/gm,
    (_, key, value) =>
      key === "main"
        ? `main = ${JSON.stringify(main)}${noBundle ? "\nno_bundle = true" : ""}`
        : `${key} = ${JSON.stringify(path.resolve(roomDir, value))}`,
  );
  if (extraVars.length) {
    const vars = extraVars.map(([key, value]) => `${key} = ${JSON.stringify(value)}`).join("\n");
    toml = /^\[vars\]\s*$/m.test(toml) ? toml.replace(/^\[vars\]\s*$/m, `[vars]\n${vars}`) : `${toml}\n[vars]\n${vars}\n`;
  }
  if (benchMode) {
    toml +=
      '\n[[durable_objects.bindings]]\nname = "BENCH_FLOOR"\nclass_name = "BenchFloor"\n' +
      '\n[[migrations]]\ntag = "bench-floor"\nnew_sqlite_classes = ["BenchFloor"]\n';
  }
  const file = path.join(serverDir, "game-room.wrangler.toml");
  writeFileSync(file, toml);
  return file;
}

/** `npm start`: Pages' own dev server, as DESIGN.md §2 describes (it watches the sources). */
function pagesDevServer() {
  const roomConfig = roomConfigOn(path.join(root, "workers/game-room/src/index.ts"), false);
  return {
    label: "wrangler pages dev",
    args: [
      "pages",
      "dev",
      "build/client",
      "-c",
      "wrangler.toml",
      "-c",
      roomConfig,
      ...allAppVars.flatMap(([key, value]) => ["--binding", `${key}=${value}`]),
      ...(benchMode ? ["--do", "BENCH_FLOOR=BenchFloor@truco-game-room"] : []),
    ],
    env: {},
  };
}

/**
 * TRUCO_SERVER=bundled (`npm run bench`): `wrangler pages dev` bundles its Workers with
 * esbuild in watch mode, which polls the sources (a steady few % of a core, and a reload whenever
 * a file under the repo changes) and has no switch to turn that off. Here both Workers are bundled
 * once, as `wrangler pages deploy` and `wrangler deploy` would, and served by `wrangler dev` with
 * no_bundle and no config watching. The app keeps its Pages shape: the same Functions build, its
 * static files behind env.ASSETS with public/_headers, and the Function first for every path but
 * /assets/* (public/_routes.json).
 */
function bundledServer() {
  const appDir = path.join(serverDir, "app");
  const roomBundleDir = path.join(serverDir, "room");
  mkdirSync(appDir, { recursive: true });
  const pagesToml = readFileSync(path.join(root, "wrangler.toml"), "utf8");
  const setting = (key) => {
    const match = new RegExp(`^${key}\\s*=\\s*(.+)$`, "m").exec(pagesToml);
    if (!match) {
      console.error(`✗ wrangler.toml has no ${key}`);
      process.exit(1);
    }
    return JSON.parse(match[1]);
  };
  step("Bundling the Pages Functions", bin("wrangler"), [
    "pages",
    "functions",
    "build",
    "functions",
    "--outdir",
    appDir,
    "--compatibility-date",
    setting("compatibility_date"),
    ...setting("compatibility_flags").flatMap((flag) => ["--compatibility-flags", flag]),
    "--sourcemap",
  ]);
  step("Bundling the game-room Worker", bin("wrangler"), [
    "deploy",
    "--dry-run",
    "--outdir",
    roomBundleDir,
    "-c",
    "workers/game-room/wrangler.toml",
  ]);
  const roomConfig = roomConfigOn(path.join(roomBundleDir, "index.js"), true);

  // The Pages app's config: wrangler.toml as a Worker on the Functions bundle, with the build's
  // static files as its assets.
  const routes = JSON.parse(readFileSync(path.join(root, "build/client/_routes.json"), "utf8"));
  let appToml = pagesToml
    .replace(/^pages_build_output_dir\s*=.*$/m, `main = ${JSON.stringify(path.join(appDir, "index.js"))}\nno_bundle = true`)
    .replace(/^migrations_dir\s*=\s*"([^"]*)"/gm, (_, value) => `migrations_dir = ${JSON.stringify(path.resolve(root, value))}`);
  if (benchMode) {
    appToml += '\n[[durable_objects.bindings]]\nname = "BENCH_FLOOR"\nclass_name = "BenchFloor"\nscript_name = "truco-game-room"\n';
  }
  appToml +=
    `\n[assets]\ndirectory = ${JSON.stringify(path.join(root, "build/client"))}\nbinding = "ASSETS"\n` +
    // public/_routes.json as run_worker_first: the Function for its include, not its exclude.
    `run_worker_first = ${JSON.stringify([...routes.include, ...routes.exclude.map((pattern) => `!${pattern}`)])}\n`;
  const appConfig = path.join(appDir, "wrangler.toml");
  writeFileSync(appConfig, appToml);
  // wrangler reads .dev.vars next to the config (wrangler pages dev reads the project's).
  if (existsSync(path.join(root, ".dev.vars"))) copyFileSync(path.join(root, ".dev.vars"), path.join(appDir, ".dev.vars"));
  return {
    label: "wrangler dev on pre-bundled Workers, no watchers",
    args: ["dev", "-c", appConfig, "-c", roomConfig, ...allAppVars.flatMap(([key, value]) => ["--var", `${key}:${value}`])],
    // No config watching; and no local observability: wrangler's local trace store
    // otherwise records every request and every Durable Object event (each WebSocket frame) in a
    // SQLite file in the runtime's thread, a synchronous fsync apiece, more than the rooms' own
    // storage writes. Production has no such store in the request path.
    env: { WRANGLER_CI_DISABLE_CONFIG_WATCHING: "true", X_LOCAL_OBSERVABILITY: "false" },
  };
}

let stopping = false;
async function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  console.log("\nStopping...");
  try {
    process.kill(-wrangler.pid, "SIGTERM");
  } catch {
    // Already gone.
  }
  await emulators.close();
  setTimeout(() => process.exit(code), 500).unref();
}
process.on("SIGINT", () => stop(0));
process.on("SIGTERM", () => stop(0));
wrangler.on("exit", (code) => {
  if (!stopping) {
    if (!appReady) process.stderr.write(startupOutput.join(""));
    console.error(`wrangler exited (${code})`);
    stop(code ?? 1);
  }
});

// Wait until the app answers, then say where it is.
for (let attempt = 0; attempt < 240 && !stopping; attempt++) {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/`, { redirect: "manual" });
    if (response.status < 500) {
      appReady = true;
      console.log(`\n✓ Mesa de Truco is running at ${appUrl}`);
      console.log(`  Sign-in emulator at ${auth.issuer} (any name and e-mail).`);
      if (payments) console.log(`  Payment emulator at ${payments.url} (no money moves; its dashboard lists payments and webhooks).`);
      console.log("  Press Ctrl-C to stop.\n");
      break;
    }
  } catch {
    // Not up yet.
  }
  await new Promise((resolve) => setTimeout(resolve, 500));
}
