import { withSentry } from "@sentry/cloudflare";
import type { RoomEnv } from "./env";
import { runScheduled } from "./scheduled";

export { GameRoom } from "./game-room";
export { PlayerChannel } from "./player-channel";
export { RateLimiter } from "./rate-limiter";
export { Matchmaker } from "./matchmaker";
export { Tournament } from "./tournament";
export { Lobby } from "./lobby";
// `npm run bench` only: bound by the bench's generated config, never in production.
export { BenchFloor } from "./bench-floor";

// This Worker hosts the Durable Objects: GameRoom (one per game), PlayerChannel (one per
// signed-in player), RateLimiter (one per rate-limited subject), Matchmaker (one
// per quick-match queue) and Tournament (one per tournament). Players reach them
// through the Pages app (app/routes/api.games.$id.ws.ts, app/routes/api.channel.ws.ts), never
// directly. It also runs the product's scheduled jobs (scheduled.ts), since Pages has no Cron
// Triggers.
const handler = {
  async fetch(): Promise<Response> {
    return new Response("Not found", { status: 404 });
  },
  async scheduled(controller, env, ctx) {
    ctx.waitUntil(runScheduled(controller.cron, env, new Date(controller.scheduledTime)));
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
