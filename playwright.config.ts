import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS, chromiumPath } from "./tests/e2e/browser";
import { E2E_RATE_LIMITS, E2E_SERVER_LOG, E2E_STATE_DIR } from "./tests/e2e/state";

// End-to-end tests drive real Chromium against `npm start`'s server, on its
// own ports and a fresh local database so they never touch dev data.
const PORT = Number(process.env.E2E_PORT ?? 8799);
const AUTH_PORT = Number(process.env.E2E_AUTH_PORT ?? 8798);
const PAYMENT_PORT = Number(process.env.E2E_PAYMENT_PORT ?? 8797);

// Specs that read or change what every player shares (the quick-match queues, the leaderboard,
// the admin's figures and charts, tournaments, the landing page's counts) or that time a first tap
// on a throttled CPU run alone, one at a time, after the others. The others may run several files
// at a time against the one server (E2E_WORKERS): each signs in its own players and finds its
// tables by id. The default is one: on a two-core machine two browsers and the server starve each
// other, and timeouts follow.
const ALONE = [
  "a11y",
  "admin",
  "first-tap",
  "leaderboard",
  "loose-ends",
  "operations",
  "phones",
  "quickmatch",
  "rate-limits",
  "tournaments",
];
const ALONE_FILES = ALONE.map((name) => `**/${name}.spec.ts`);
const chromium = { ...devices["Desktop Chrome"], channel: undefined };

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results",
  timeout: 90_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 1),
  retries: 0,
  reporter: [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: "pt-BR",
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS },
  },
  projects: [
    { name: "chromium", use: chromium, testIgnore: ALONE_FILES },
    { name: "chromium-alone", use: chromium, testMatch: ALONE_FILES, dependencies: ["chromium"], workers: 1 },
  ],
  webServer: {
    command: "node scripts/start.mjs",
    url: `http://127.0.0.1:${PORT}/`,
    timeout: 240_000,
    reuseExistingServer: false,
    // SIGTERM lets scripts/start.mjs stop wrangler (its own process group) and
    // the emulators; a plain kill would orphan wrangler, which keeps the
    // server's stderr open and hangs the run's teardown.
    gracefulShutdown: { signal: "SIGTERM", timeout: 15_000 },
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(PORT),
      AUTH_EMULATOR_PORT: String(AUTH_PORT),
      PAYMENT_EMULATOR_PORT: String(PAYMENT_PORT),
      TRUCO_STATE_DIR: E2E_STATE_DIR,
      TRUCO_FRESH_STATE: "1",
      // The server's output, read by tests/e2e/fixtures/index.ts: an error it prints during a test fails the test.
      TRUCO_SERVER_LOG: E2E_SERVER_LOG,
      SKIP_BUILD: process.env.E2E_SKIP_BUILD ?? "0",
      // Every test signs in from 127.0.0.1: the per-address sign-in limits would stop the suite,
      // so they are raised; wrong join codes get a short window for tests/e2e/rate-limits.spec.ts.
      TRUCO_BINDINGS: `RATE_LIMIT_OVERRIDES=${E2E_RATE_LIMITS}`,
    },
  },
});
