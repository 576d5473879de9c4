export { GameRoom } from "./game-room";
// `npm run bench` only: bound by the bench's generated config, never in production (ADR 057).
export { BenchFloor } from "./bench-floor";

// This Worker only hosts the GameRoom Durable Object; players reach a room
// through the Pages app (app/routes/api.games.$id.ws.ts), never directly.
export default {
  async fetch(): Promise<Response> {
    return new Response("Not found", { status: 404 });
  },
} satisfies ExportedHandler;
