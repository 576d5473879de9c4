/// <reference types="@cloudflare/vitest-plugin/types" />
import type { D1Migration } from "@cloudflare/vitest-plugin";

declare global {
  namespace Cloudflare {
    interface Env {
      DB: D1Database;
      GAME_ROOM: DurableObjectNamespace;
      PLAYER_CHANNEL: DurableObjectNamespace;
      TEST_MIGRATIONS: D1Migration[];
      TEST_SCHEMA_SNAPSHOTS: string[];
      TEST_CONTRACT_STEPS: { name: string; sql: string }[];
      GAME_RECORDS: R2Bucket;
      RATE_LIMITER: DurableObjectNamespace;
      MATCHMAKER: DurableObjectNamespace;
      TOURNAMENT: DurableObjectNamespace;
      LOBBY: DurableObjectNamespace;
      SPECTATOR_RELAY: DurableObjectNamespace;
      TEST_API_ROUTES: string[];
      TEST_PUBLIC_HEADERS: string;
      APP_ENV: string;
      SESSION_SECRET: string;
      AUTH_EMULATOR_URL: string;
      PAYMENT_EMULATOR_URL: string;
      STRIPE_WEBHOOK_SECRET: string;
      ADMIN_EMAILS: string;
    }
    interface GlobalProps {
      mainModule: typeof import("./test-worker");
    }
  }
}
export {};
