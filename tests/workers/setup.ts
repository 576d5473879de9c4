import { applyD1Migrations, env } from "cloudflare:test";
import { afterAll } from "vitest";

// The real migrations, exactly as wrangler applies them (idempotent).
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);

// Rooms and channels report to each other and to the Lobby in the background, unawaited (a move
// never waits on them). A file's last test can end with such a call in flight; the runner then
// shuts the file down under it ("Closing rpc while \"resolve\" was pending", an unhandled error
// that fails the run although every test passed). The file ends once that short chain has landed.
afterAll(() => new Promise((resolve) => setTimeout(resolve, 750)));
