import type { AppLoadContext } from "@remix-run/cloudflare";
import type { User } from "../../db/schema";
import { jsonError } from "./http.server";
import { serverT } from "./i18n.server";

/** Must match workers/game-room/src/game-room.ts (app/ never imports workers/). */
const USER_HEADER = "X-Truco-User";

export function roomStub(context: AppLoadContext, gameId: string) {
  const namespace = context.cloudflare.env.GAME_ROOM;
  return namespace.get(namespace.idFromName(gameId));
}

export async function openRoomSocket(
  request: Request,
  context: AppLoadContext,
  gameId: string,
  user: User,
): Promise<Response> {
  const t = await serverT(request);
  if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") {
    return jsonError(426, "Expected a WebSocket upgrade");
  }
  // Browsers always send Origin on WebSocket handshakes; another site's page
  // must not ride on the player's cookie.
  if (request.headers.get("Origin") !== new URL(request.url).origin) {
    return jsonError(403, t("errors:forbiddenOrigin"));
  }
  if (!/^[A-Za-z0-9-]{1,64}$/.test(gameId)) return jsonError(404, t("errors:notFound"));
  return roomStub(context, gameId).fetch(`https://room.internal/games/${gameId}/ws`, {
    headers: { Upgrade: "websocket", [USER_HEADER]: user.id },
  });
}
