export { GameRoom } from "./game-room";

// This Worker only hosts the GameRoom Durable Object; players reach a room
// through the Pages app (app/routes/api.games.$id.ws.ts), never directly.
export default {
  async fetch(): Promise<Response> {
    return new Response("Not found", { status: 404 });
  },
} satisfies ExportedHandler;
