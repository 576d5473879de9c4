// The Worker under test: the real Pages entry (Origin check, security
// headers, Remix server build, load context) and the real GameRoom and PlayerChannel classes.
import { onRequest } from "../../functions/[[path]]";

export { GameRoom } from "../../workers/game-room/src/game-room";
export { PlayerChannel } from "../../workers/game-room/src/player-channel";
export { RateLimiter } from "../../workers/game-room/src/rate-limiter";
export { Matchmaker } from "../../workers/game-room/src/matchmaker";
export { Tournament } from "../../workers/game-room/src/tournament";
export { Lobby } from "../../workers/game-room/src/lobby";
export { SpectatorRelay } from "../../workers/game-room/src/spectator-relay";

const NO_ASSETS = { fetch: async () => new Response(null, { status: 404 }) };

/**
 * Tests shorten named rate limits per request with this header (the RATE_LIMIT_OVERRIDES binding's
 * format, game/rate-limits/limits.ts), so one test's short window never changes another's.
 */
export const TEST_OVERRIDES_HEADER = "X-Test-Rate-Limits";

/** The Pages entry (functions/[[path]].ts) run on one request as Pages runs it, with these bindings. */
export function runPages(request: Request, env: Record<string, unknown>, waitUntil: (promise: Promise<unknown>) => void = () => {}) {
  return onRequest({
    request,
    env,
    waitUntil,
    passThroughOnException: () => {},
    next: async () => new Response(null, { status: 404 }),
    params: {},
    data: {},
    functionPath: "/[[path]]",
  } as unknown as Parameters<typeof onRequest>[0]);
}

export default {
  async fetch(request: Request, env: Record<string, unknown>, ctx: ExecutionContext) {
    const overrides = request.headers.get(TEST_OVERRIDES_HEADER);
    return runPages(
      // Pages hands functions a request with mutable headers; so do we.
      new Request(request),
      { ...env, ASSETS: NO_ASSETS, ...(overrides ? { RATE_LIMIT_OVERRIDES: overrides } : {}) },
      ctx.waitUntil.bind(ctx),
    );
  },
} satisfies ExportedHandler<Record<string, unknown>>;
