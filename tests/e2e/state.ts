// Where the browser tests' server keeps its local D1 database (fresh each
// run). E2E_STATE_DIR lets two runs on one machine use separate databases.
export const E2E_STATE_DIR = process.env.E2E_STATE_DIR ?? ".wrangler/e2e-state";

/** The server's output, appended by scripts/start.mjs; tests/e2e/fixtures/index.ts fails a test on its error lines. */
export const E2E_SERVER_LOG = `${E2E_STATE_DIR}/server.log`;

/**
 * The browser tests' rate limits (RATE_LIMIT_OVERRIDES, game/rate-limits/limits.ts): every test signs in
 * from 127.0.0.1, so the per-address sign-in limits are raised; a fourth wrong join code within 30
 * seconds locks a player out for 5, so tests/e2e/rate-limits.spec.ts sees the lockout end without
 * waiting ten minutes. The window is wide enough that the three page loads of the guesses always
 * fall inside it, however slow the machine.
 */
export const JOIN_CODE_FAILURES = { limit: 3, windowSeconds: 30, blockSeconds: 5 };
export const E2E_RATE_LIMITS = [
  "signin:1000/60",
  "session_create:1000/60",
  `join_code_failure:${JOIN_CODE_FAILURES.limit}/${JOIN_CODE_FAILURES.windowSeconds}/${JOIN_CODE_FAILURES.blockSeconds}`,
].join(";");
