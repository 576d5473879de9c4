export { GameRoom } from "./game-room";
export { PlayerChannel } from "./player-channel";

// This Worker only hosts the Durable Objects: GameRoom (one per game) and PlayerChannel (one per
// signed-in player, issue 11). Players reach them through the Pages app
// (app/routes/api.games.$id.ws.ts, app/routes/api.channel.ws.ts), never directly.
export default {
  async fetch(): Promise<Response> {
    return new Response("Not found", { status: 404 });
  },
} satisfies ExportedHandler;
