// Where the browser tests' server keeps its local D1 database (fresh each
// run). E2E_STATE_DIR lets two runs on one machine use separate databases.
export const E2E_STATE_DIR = process.env.E2E_STATE_DIR ?? ".wrangler/e2e-state";

/**
 * The browser tests' rate limits (RATE_LIMIT_OVERRIDES, game/rate-limits.ts): every test signs in
 * from 127.0.0.1, so the per-address sign-in limits are raised; wrong join codes lock a player
 * out after 3 for 5 seconds, so tests/e2e/rate-limits.spec.ts sees the window end without waiting
 * ten minutes.
 */
export const JOIN_CODE_FAILURES = { limit: 3, seconds: 5 };
export const E2E_RATE_LIMITS = [
  "signin:1000/60",
  "session_create:1000/60",
  `join_code_failure:${JOIN_CODE_FAILURES.limit}/${JOIN_CODE_FAILURES.seconds}/${JOIN_CODE_FAILURES.seconds}`,
].join(";");
