import { env } from "cloudflare:test";
import { RoomClient as SharedRoomClient } from "../support/room-client";
import { call, ORIGIN } from "./helpers";

export { exactServerFrame, simplePolicy } from "../support/room-client";

/** The shared room client (tests/support/room-client.ts) over a socket upgraded through the app's Worker. */
export class RoomClient extends SharedRoomClient {
  static async connect(gameId: string, player: { user: { id: string }; cookie: string }): Promise<RoomClient> {
    const response = await call(`/api/games/${gameId}/ws`, {
      cookie: player.cookie,
      origin: null,
      headers: { Upgrade: "websocket", Origin: ORIGIN },
    });
    if (response.status !== 101) throw new Error(`WebSocket refused: ${response.status} ${await response.text()}`);
    const ws = response.webSocket!;
    ws.accept();
    return new RoomClient(ws, player.user.id);
  }
}

export function roomStub(gameId: string) {
  return env.GAME_ROOM.get(env.GAME_ROOM.idFromName(gameId));
}

/** Every card-like thing in a frame: objects with rank and suit, and card-id strings in cardId fields. */
export function cardIdsIn(value: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) {
    for (const item of value) cardIdsIn(item, out);
  } else if (value && typeof value === "object") {
    const record = value as Record<string, unknown>;
    if (typeof record.id === "string" && typeof record.rank === "string" && typeof record.suit === "string") out.add(record.id);
    if (typeof record.cardId === "string") out.add(record.cardId);
    for (const child of Object.values(record)) cardIdsIn(child, out);
  }
  return out;
}
