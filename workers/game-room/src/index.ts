import { withSentry } from "@sentry/cloudflare";
import { benchBindings } from "../../../db/bench-meter";
import { BenchFloor as BenchFloorObject } from "./bench-floor";
import type { RoomEnv } from "./env";
import { GameRoom as GameRoomObject } from "./game-room";
import { Lobby as LobbyObject } from "./lobby";
import { Matchmaker as MatchmakerObject } from "./matchmaker";
import { PlayerChannel as PlayerChannelObject } from "./player-channel";
import { RateLimiter as RateLimiterObject } from "./rate-limiter";
import { runScheduled } from "./scheduled";
import { SpectatorRelay as SpectatorRelayObject } from "./spectator-relay";
import { Tournament as TournamentObject } from "./tournament";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type ObjectClass = new (...args: any[]) => object;

/**
 * Each object built with the bindings of db/bench-meter.ts's benchBindings: the env itself, unless
 * BENCH_MODE=1 (`npm run bench` only), where D1 and the game records' bucket are metered (db/bench-meter.ts).
 */
function metered<C extends ObjectClass>(base: C): C {
  return class extends base {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    constructor(...args: any[]) {
      super(args[0] as DurableObjectState, benchBindings(args[1] as RoomEnv));
    }
  };
}

export const GameRoom = metered(GameRoomObject);
export const PlayerChannel = metered(PlayerChannelObject);
export const RateLimiter = metered(RateLimiterObject);
export const Matchmaker = metered(MatchmakerObject);
export const Tournament = metered(TournamentObject);
export const Lobby = metered(LobbyObject);
export const SpectatorRelay = SpectatorRelayObject;
// `npm run bench` only: bound by the bench's generated config, never in production.
export const BenchFloor = BenchFloorObject;

// This Worker hosts the Durable Objects: GameRoom (one per game), PlayerChannel (one per
// signed-in player), RateLimiter (one per rate-limited subject), Matchmaker (one
// per quick-match queue), Tournament (one per tournament), Lobby (one) and SpectatorRelay (one per
// watched game). Players reach them
// through the Pages app (app/routes/api.games.$id.ws.ts, app/routes/api.channel.ws.ts), never
// directly. It also runs the product's scheduled jobs (scheduled.ts), since Pages has no Cron
// Triggers.
const handler = {
  async fetch(): Promise<Response> {
    return new Response("Not found", { status: 404 });
  },
  async scheduled(controller, env, ctx) {
    ctx.waitUntil(runScheduled(controller.cron, benchBindings(env), new Date(controller.scheduledTime)));
  },
} satisfies ExportedHandler<RoomEnv>;

// Sentry's official wrapping, only where a DSN is configured: locally nothing is wrapped.
const reported = withSentry<RoomEnv>(
  (env) => ({ dsn: env.SENTRY_DSN, environment: env.DEPLOY_ENV ?? "production" }),
  handler,
) as ExportedHandler<RoomEnv>;

export default {
  fetch: (request, env, ctx) => (env.SENTRY_DSN ? reported.fetch!(request, env, ctx) : handler.fetch()),
  scheduled: (controller, env, ctx) =>
    env.SENTRY_DSN ? reported.scheduled!(controller, env, ctx) : handler.scheduled(controller, env, ctx),
} satisfies ExportedHandler<RoomEnv>;
