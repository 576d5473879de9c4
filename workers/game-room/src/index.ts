export { GameRoom } from "./game-room";
export { PlayerChannel } from "./player-channel";
export { RateLimiter } from "./rate-limiter";
export { Matchmaker } from "./matchmaker";
export { Tournament } from "./tournament";
// `npm run bench` only: bound by the bench's generated config, never in production (ADR 057).
export { BenchFloor } from "./bench-floor";

// This Worker only hosts the Durable Objects: GameRoom (one per game), PlayerChannel (one per
// signed-in player, issue 11), RateLimiter (one per rate-limited subject, ADR 080), Matchmaker (one
// per quick-match queue, issue 14) and Tournament (one per tournament, issue 13, ADR 065). Players
// reach them through the Pages app (app/routes/api.games.$id.ws.ts, app/routes/api.channel.ws.ts),
// never directly.
export default {
  async fetch(): Promise<Response> {
    return new Response("Not found", { status: 404 });
  },
} satisfies ExportedHandler;
