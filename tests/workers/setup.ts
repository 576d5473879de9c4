import { applyD1Migrations, env } from "cloudflare:test";

// The real migrations, exactly as wrangler applies them (idempotent).
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
