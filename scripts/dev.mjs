#!/usr/bin/env node
// `npm run dev`: hot-reload UI work. Runs the sign-in emulator, the
// game-room Worker under `wrangler dev` (the Vite dev proxy reaches its
// Durable Object through wrangler's local dev registry, by script_name), and
// Remix's Vite dev server, and the payment emulator (its events go to the Vite
// server; app and emulator share wrangler.toml's local webhook secret).
// Migrations are applied first, as in `npm start`.
// The app is at http://localhost:5173; Ctrl-C stops everything.
import { spawn, spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startEmulators } from "../dev/emulators.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const bin = (name) => path.join(root, "node_modules", ".bin", name);
const env = { ...process.env, CI: "1" };

const migrate = spawnSync(bin("wrangler"), ["d1", "migrations", "apply", "DB", "--local", "-c", "wrangler.toml"], {
  cwd: root,
  stdio: "inherit",
  env,
});
if (migrate.status !== 0) process.exit(migrate.status ?? 1);

const emulators = await startEmulators({
  authPort: Number(process.env.AUTH_EMULATOR_PORT ?? 8790),
  paymentPort: Number(process.env.PAYMENT_EMULATOR_PORT ?? 8791),
  appOrigins: ["http://localhost:5173", "http://127.0.0.1:5173", "http://localhost:8788"],
  appUrl: "http://localhost:5173",
  keysFile: path.join(root, ".wrangler", "auth-emulator-keys.json"),
}).catch((error) => {
  console.error(error.message);
  process.exit(1);
});

const children = [
  spawn(bin("wrangler"), ["dev", "-c", "workers/game-room/wrangler.toml", "--port", "8787", "--show-interactive-dev-session=false"], {
    cwd: root,
    stdio: "inherit",
    env,
    detached: true,
  }),
  spawn(bin("remix"), ["vite:dev"], { cwd: root, stdio: "inherit", env, detached: true }),
];

function stop() {
  for (const child of children) {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      // Already gone.
    }
  }
  emulators.close().finally(() => process.exit(0));
}
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
