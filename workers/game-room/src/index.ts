export { GameRoom } from "./game-room";
export { RateLimiter } from "./rate-limiter";

// This Worker only hosts Durable Objects: GameRoom (one per game) and RateLimiter (one per
// rate-limited subject, ADR 080). Players reach them through the Pages app, never directly.
export default {
  async fetch(): Promise<Response> {
    return new Response("Not found", { status: 404 });
  },
} satisfies ExportedHandler;
