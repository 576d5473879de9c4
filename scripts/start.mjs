#!/usr/bin/env node
// `npm start`: the whole product on this machine, no accounts, no internet.
//   1. builds the Remix app;
//   2. applies the D1 migrations to the local database and seeds it (idempotent);
//   3. starts the local sign-in emulator (dev/auth-emulator) and, unless a
//      real Stripe key is configured, the local payment emulator
//      (dev/payment-emulator), which sends its signed events to this app;
//   4. runs `wrangler pages dev` with the Pages config and the game-room Worker;
//   5. prints the address; Ctrl-C stops everything.
//
// Environment: PORT (8788), AUTH_EMULATOR_PORT (8790), PAYMENT_EMULATOR_PORT
// (8791), TRUCO_STATE_DIR (.wrangler/state), TRUCO_FRESH_STATE=1 to start
// from an empty database, SKIP_BUILD=1 to reuse an existing build.
// STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET in .dev.vars (which wrangler
// reads) use real Stripe in test mode instead of the payment emulator.
// TRUCO_BINDINGS="KEY=VALUE KEY2=VALUE2" (space- or comma-separated; used by
// `npm run bench`, e.g. "NEXT_HAND_DELAY_MS=0 TURN_SECONDS=600") adds vars to
// both Workers: `--binding` for the Pages app, and a [vars] table in a copy of
// workers/game-room/wrangler.toml written to TRUCO_STATE_DIR for the room
// Worker (wrangler pages dev gives --binding to the Pages Worker only).
// With BENCH_MODE=1 among them (`npm run bench` only, ADR 057) that copy also
// binds the platform-floor Durable Object (BenchFloor) and the Pages app gets
// it with --do; no committed config binds it, so production cannot reach it.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startAuthEmulator } from "../dev/auth-emulator/server.mjs";
import { DEFAULT_WEBHOOK_SECRET, startPaymentEmulator } from "../dev/payment-emulator/server.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const bin = (name) => path.join(root, "node_modules", ".bin", name);
const port = Number(process.env.PORT ?? 8788);
const authPort = Number(process.env.AUTH_EMULATOR_PORT ?? 8790);
const paymentPort = Number(process.env.PAYMENT_EMULATOR_PORT ?? 8791);
const stateDir = path.resolve(root, process.env.TRUCO_STATE_DIR ?? ".wrangler/state");
const appUrl = `http://localhost:${port}`;

function step(title, command, args, extraEnv = {}) {
  console.log(`\n▸ ${title}`);
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: ["ignore", "inherit", "inherit"],
    env: { ...process.env, CI: "1", ...extraEnv },
  });
  if (result.status !== 0) {
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
// local D1 that wrangler pages dev serves; idempotent.
step("Seeding the local database", bin("tsx"), [path.join(root, "db", "seed.ts"), stateDir]);

console.log("\n▸ Starting the sign-in emulator");
const auth = await startAuthEmulator({
  port: authPort,
  appOrigins: [appUrl, `http://127.0.0.1:${port}`],
  keysFile: path.join(root, ".wrangler", "auth-emulator-keys.json"),
  log: (line) => console.log(`[sign-in] ${line}`),
});

// Real Stripe (test mode) when a key is configured; otherwise the local
// payment emulator, with the webhook secret it signs with handed to the app.
const devVars = existsSync(path.join(root, ".dev.vars")) ? readFileSync(path.join(root, ".dev.vars"), "utf8") : "";
const realStripe = /^\s*STRIPE_SECRET_KEY\s*=/m.test(devVars);
let payments = null;
const paymentBindings = [];
if (realStripe) {
  console.log("\n▸ STRIPE_SECRET_KEY is set in .dev.vars: payments go to Stripe (no payment emulator)");
} else {
  console.log("\n▸ Starting the payment emulator");
  const webhookSecret = process.env.STRIPE_WEBHOOK_SECRET ?? DEFAULT_WEBHOOK_SECRET;
  payments = await startPaymentEmulator({
    port: paymentPort,
    appUrl: `http://127.0.0.1:${port}`,
    webhookSecret,
    log: (line) => console.log(`[payments] ${line}`),
  });
  paymentBindings.push("--binding", `PAYMENT_EMULATOR_URL=${payments.url}`, "--binding", `STRIPE_WEBHOOK_SECRET=${webhookSecret}`);
}

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
let roomConfig = "workers/game-room/wrangler.toml";
if (extraVars.length) {
  const roomDir = path.join(root, "workers/game-room");
  const vars = extraVars.map(([key, value]) => `${key} = ${JSON.stringify(value)}`).join("\n");
  let toml = readFileSync(path.join(root, roomConfig), "utf8").replace(
    /^(main|migrations_dir)\s*=\s*"([^"]*)"/gm,
    (_, key, value) => `${key} = ${JSON.stringify(path.resolve(roomDir, value))}`,
  );
  toml = /^\[vars\]\s*$/m.test(toml) ? toml.replace(/^\[vars\]\s*$/m, `[vars]\n${vars}`) : `${toml}\n[vars]\n${vars}\n`;
  if (benchMode) {
    toml +=
      '\n[[durable_objects.bindings]]\nname = "BENCH_FLOOR"\nclass_name = "BenchFloor"\n' +
      '\n[[migrations]]\ntag = "bench-floor"\nnew_sqlite_classes = ["BenchFloor"]\n';
  }
  mkdirSync(stateDir, { recursive: true });
  roomConfig = path.join(stateDir, "game-room.wrangler.toml");
  writeFileSync(roomConfig, toml);
  console.log(`\n▸ Extra vars for both Workers: ${extraVars.map(([key, value]) => `${key}=${value}`).join(" ")}`);
}

console.log("\n▸ Starting the app (wrangler pages dev)");
const wrangler = spawn(
  bin("wrangler"),
  [
    "pages",
    "dev",
    "build/client",
    "-c",
    "wrangler.toml",
    "-c",
    roomConfig,
    "--port",
    String(port),
    "--ip",
    "127.0.0.1",
    "--persist-to",
    stateDir,
    "--binding",
    `AUTH_EMULATOR_URL=${auth.issuer}`,
    ...paymentBindings,
    ...extraVars.flatMap(([key, value]) => ["--binding", `${key}=${value}`]),
    ...(benchMode ? ["--do", "BENCH_FLOOR=BenchFloor@truco-game-room"] : []),
    "--show-interactive-dev-session=false",
    "--log-level",
    process.env.WRANGLER_LOG ?? "warn",
  ],
  { cwd: root, stdio: ["ignore", "inherit", "inherit"], env: { ...process.env, CI: "1" }, detached: true },
);

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
  await auth.close().catch(() => {});
  await payments?.close().catch(() => {});
  setTimeout(() => process.exit(code), 500).unref();
}
process.on("SIGINT", () => stop(0));
process.on("SIGTERM", () => stop(0));
wrangler.on("exit", (code) => {
  if (!stopping) {
    console.error(`wrangler exited (${code})`);
    stop(code ?? 1);
  }
});

// Wait until the app answers, then say where it is.
for (let attempt = 0; attempt < 240 && !stopping; attempt++) {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/`, { redirect: "manual" });
    if (response.status < 500) {
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
