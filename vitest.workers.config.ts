import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import tsconfigPaths from "vite-tsconfig-paths";
import { defineConfig } from "vitest/config";

// Worker, Durable Object, D1 and API-route tests, inside workerd. The test
// Worker (tests/workers/test-worker.ts) serves the real Remix server build
// through the real Pages entry, hosts the real GameRoom class, and D1 gets
// the real migrations (tests/workers/setup.ts). Run `npm run build` first.
export default defineConfig(async () => {
  const migrations = await readD1Migrations(path.resolve("db/migrations"));
  const schemaSnapshots = readdirSync(path.resolve("db/migrations/meta"))
    .filter((file) => /^\d+_snapshot\.json$/.test(file))
    .sort()
    .map((file) => readFileSync(path.resolve("db/migrations/meta", file), "utf8"));
  // Contract steps waiting for a later release (db/contract/), for the schema-compat test.
  const contractSteps = readdirSync(path.resolve("db/contract"))
    .filter((file) => file.endsWith(".sql"))
    .sort()
    .map((file) => ({ name: file, sql: readFileSync(path.resolve("db/contract", file), "utf8") }));
  // The API route files, read here so that a new route is walked by tests/workers/hardening.test.ts
  // without anyone listing it; and the static files' headers it checks.
  const apiRoutes = readdirSync(path.resolve("app/routes")).filter((file) => /^api\..*\.tsx?$/.test(file));
  const publicHeaders = readFileSync(path.resolve("public/_headers"), "utf8");
  return {
    plugins: [
      tsconfigPaths(),
      cloudflareTest(({ inject }) => ({
        main: "./tests/workers/test-worker.ts",
        miniflare: {
          compatibilityDate: "2026-11-01",
          compatibilityFlags: ["nodejs_compat"],
          d1Databases: ["DB"],
          // The game records' bucket (DESIGN.md §4), emulated as wrangler emulates it locally.
          r2Buckets: ["GAME_RECORDS"],
          durableObjects: {
            GAME_ROOM: "GameRoom",
            PLAYER_CHANNEL: "PlayerChannel",
            RATE_LIMITER: { className: "RateLimiter", useSQLite: true },
            MATCHMAKER: { className: "Matchmaker", useSQLite: true },
            TOURNAMENT: { className: "Tournament", useSQLite: true },
            LOBBY: { className: "Lobby", useSQLite: true },
            SPECTATOR_RELAY: { className: "SpectatorRelay", useSQLite: true },
          },
          bindings: {
            TEST_MIGRATIONS: migrations,
            // The schema of each migration (drizzle-kit's snapshots), for the expand-then-contract test.
            TEST_SCHEMA_SNAPSHOTS: schemaSnapshots,
            TEST_CONTRACT_STEPS: contractSteps,
            TEST_API_ROUTES: apiRoutes,
            TEST_PUBLIC_HEADERS: publicHeaders,
            APP_ENV: "test",
            SESSION_SECRET: "worker-tests-session-secret",
            ADMIN_EMAILS: "admin@example.test",
            AUTH_EMULATOR_URL: inject<string>("authEmulatorUrl"),
            // The Stripe SDK talks to the real local payment emulator; the tests sign webhooks with this secret.
            PAYMENT_EMULATOR_URL: inject<string>("paymentEmulatorUrl"),
            STRIPE_WEBHOOK_SECRET: "whsec_worker_tests_secret",
            // Computer players and the pause between hands act at once in tests.
            BOT_DELAY_MS: "0",
            NEXT_HAND_DELAY_MS: "0",
            // The player channel's heartbeat every second (a socket that does not answer is closed
            // within two), and offline at once on the last close, so presence tests stay short.
            CHANNEL_HEARTBEAT_MS: "1000",
            CHANNEL_OFFLINE_GRACE_MS: "0",
            // The lobby counts and pushes every 200 ms, so its tests see a change at once.
            LOBBY_SNAPSHOT_MS: "200",
          },
        },
      })),
    ],
    test: {
      name: "workers",
      include: ["tests/workers/**/*.test.ts"],
      globalSetup: ["./tests/workers/global-setup.ts"],
      // A console error or warning a test did not declare fails it (tests/support/console.ts); the
      // Durable Objects and the Pages app log through the same console.
      setupFiles: ["./tests/support/vitest-console.ts", "./tests/workers/setup.ts"],
      // The Remix packages are CommonJS with circular requires: pre-bundle
      // them (and their CJS dependencies) so workerd loads them as ES modules.
      deps: {
        optimizer: {
          ssr: {
            enabled: true,
            include: [
              "@remix-run/cloudflare",
              "@remix-run/cloudflare-pages",
              "@remix-run/server-runtime",
              "@remix-run/react",
              "react",
              "react-dom",
              "react-dom/server",
              "react/jsx-runtime",
            ],
          },
        },
      },
      testTimeout: 30_000,
      hookTimeout: 30_000,
    },
  };
});
