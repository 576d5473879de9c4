import type { AppLoadContext } from "@remix-run/cloudflare";
import type { Game, User } from "../../db/schema";
import { SESSION_HEADER, USER_HEADER, type RoomError, type RoomRpc, type SeatRequest } from "../../game/room-api";
import type { CreateGame } from "~/schemas/games";
import { abandonGame, entryCostFor, findGame, insertGame, isSeated, summaryOf } from "./games.server";
import { jsonError } from "./http.server";
import { serverT } from "./i18n.server";
import { isPremium } from "./users.server";

function roomStub(context: AppLoadContext, gameId: string) {
  const namespace = context.cloudflare.env.GAME_ROOM;
  return namespace.get(namespace.idFromName(gameId));
}

/** The game's room, over Durable Object RPC. */
export function room(context: AppLoadContext, gameId: string): RoomRpc {
  return roomStub(context, gameId) as unknown as RoomRpc;
}

export function seatRequestOf(user: User): SeatRequest {
  return {
    userId: user.id,
    nickname: user.nickname,
    avatarUrl: user.avatar_url,
    isPremium: isPremium(user),
    rating: user.ranking_points,
  };
}

/** A room's refusal as an API answer, in the player's language. */
export async function roomErrorResponse(request: Request, error: RoomError, entryCost: number, creating = false) {
  const t = await serverT(request);
  switch (error) {
    case "not_found":
      return jsonError(404, t("errors:gameNotFound"));
    case "full":
      return jsonError(409, t("errors:gameFull"));
    case "started":
      return jsonError(409, t("errors:gameStarted"));
    case "closed":
      return jsonError(409, t("errors:gameClosed"));
    case "left":
      return jsonError(409, t("errors:gameLeft"));
    case "insufficient_coins":
      return jsonError(400, t(creating ? "errors:createInsufficient" : "errors:joinInsufficient", { n: entryCost }));
    case "not_seated":
      return jsonError(403, t("errors:notSeated"));
    case "not_creator":
      return jsonError(403, t("errors:notCreator"));
    case "not_casual":
      return jsonError(409, t("errors:notCasual"));
    case "not_waiting":
      return jsonError(409, t("errors:notWaiting"));
    case "premium_only":
      return jsonError(403, t("errors:premiumOnlyJoin"));
  }
}

/**
 * Creates a game and seats its creator, who pays the entry in the room (POST /api/games, and a new
 * table a friend is invited to). Answers the game, or the refusal as an API answer.
 */
export async function createGameFor(
  request: Request,
  context: AppLoadContext,
  user: User,
  input: CreateGame,
): Promise<{ ok: true; game: Game } | { ok: false; response: Response }> {
  const t = await serverT(request);
  const entry = entryCostFor(input);
  if (input.premium_only && !input.vs_computer && !isPremium(user))
    return { ok: false, response: jsonError(403, t("errors:premiumOnlyCreate")) };
  if (user.virtual_coins < entry) return { ok: false, response: jsonError(400, t("errors:createInsufficient", { n: entry })) };
  const game = await insertGame(context, user, input);
  const opened = await room(context, game.id).open(summaryOf(game), seatRequestOf(user));
  if (!opened.ok) {
    await abandonGame(context, game.id, "creation_failed");
    return { ok: false, response: await roomErrorResponse(request, opened.error, entry, true) };
  }
  return { ok: true, game: (await findGame(context, game.id))! };
}

/**
 * Takes a seat at an open game, paying its entry (POST /api/games/join, and an accepted
 * invitation). Null once seated (or already seated: another tab, a reload), else the refusal.
 */
export async function takeSeatAt(request: Request, context: AppLoadContext, user: User, game: Game): Promise<Response | null> {
  const t = await serverT(request);
  if (await isSeated(context, game.id, user.id)) return null;
  if (game.status !== "waiting") return jsonError(409, t(game.status === "active" ? "errors:gameStarted" : "errors:gameClosed"));
  if (game.premium_only && !isPremium(user)) return jsonError(403, t("errors:premiumOnlyJoin"));
  if (user.virtual_coins < game.entry_cost) return jsonError(400, t("errors:joinInsufficient", { n: game.entry_cost }));
  const joined = await room(context, game.id).join(seatRequestOf(user));
  return joined.ok ? null : roomErrorResponse(request, joined.error, game.entry_cost);
}

/**
 * GET with Upgrade: websocket. The session (by the route), the Origin and
 * the seat are checked here; the room then receives only the verified user
 * id and session id, never anything the browser claimed.
 */
export async function openRoomSocket(
  request: Request,
  context: AppLoadContext,
  gameId: string,
  user: User,
  sessionId: string,
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
  if (!/^[A-Za-z0-9-]{1,64}$/.test(gameId)) return jsonError(404, t("errors:gameNotFound"));
  if (!(await isSeated(context, gameId, user.id))) return jsonError(403, t("errors:notSeated"));
  return roomStub(context, gameId).fetch(`https://room.internal/games/${gameId}/ws`, {
    headers: { Upgrade: "websocket", [USER_HEADER]: user.id, [SESSION_HEADER]: sessionId },
  });
}
