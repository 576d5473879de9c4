import type { AppLoadContext } from "@remix-run/cloudflare";
import type { User } from "../../db/schema";
import {
  SESSION_HEADER,
  USER_HEADER,
  type RoomError,
  type RoomResult,
  type RoomRpc,
  type SeatCheck,
  type SeatRequest,
} from "../../game/room/api";
import { findGame } from "./games.server";
import { answerOf, jsonError, refusal, rejectSocketUpgrade, type Outcome } from "./http.server";
import { serverT } from "./i18n.server";
import { rateLimited } from "./rate-limit.server";
import { CREATE_ROOM_REFUSALS, ROOM_REFUSALS, refusalOf } from "./refusals.server";
import { isPremium } from "./users.server";
import { REQUEST_ID_HEADER } from "../../db/observability";
import { stubOf } from "../../db/stubs";
import { isGameId } from "../../game/protocol/ids";
import type { BotLevel } from "../../game/protocol/entities";
import { locationHintOf } from "../../game/placement";

/**
 * The game's room, over Durable Object RPC. The call that creates a room places it near the player
 * whose request this is; for a room that exists the hint changes nothing.
 */
export function room(context: AppLoadContext, gameId: string): RoomRpc {
  return stubOf<RoomRpc>(context.cloudflare.env.GAME_ROOM, gameId, { locationHint: locationHintOf(context.cloudflare.cf) });
}

/**
 * Whether the player sits at the game's table and the game's status, as its room holds them (the
 * room writes each seat and status to D1 before adopting it, so its answer is as current as the
 * primary's): a Durable Object call instead of a D1 read. Null when no room answers (none exists,
 * as for a game whose room was cleared, or a room of a release without the call): the caller
 * asks D1.
 */
export async function seatAtRoom(context: AppLoadContext, gameId: string, userId: string): Promise<SeatCheck | null> {
  if (!isGameId(gameId)) return null;
  try {
    return await room(context, gameId).seatCheck(userId);
  } catch {
    return null;
  }
}

export function seatRequestOf(user: User): SeatRequest {
  return {
    userId: user.id,
    nickname: user.nickname,
    avatarUrl: user.avatar_url,
    isPremium: isPremium(user),
    rating: user.ranking_points,
    ...(user.games_private ? { gamesPrivate: true } : {}),
  };
}

/**
 * A player's action on a room they name by its game id (leave, fill with bots): counts the
 * `game_action` limit, finds the game, asks its room; the refusals are the room's, in the
 * player's language.
 */
async function actOnRoom(
  context: AppLoadContext,
  request: Request,
  user: User,
  gameId: string,
  act: (room: RoomRpc) => Promise<RoomResult>,
  found?: (game: { bot_level: string | null }) => void,
): Promise<Outcome<{ ok: true }>> {
  const limited = await rateLimited(context, request, "game_action", user);
  if (limited) return limited;
  const game = await findGame(context, gameId);
  if (!game) {
    const t = await serverT(request);
    return refusal(404, t("errors:gameNotFound"));
  }
  found?.(game);
  const result = await act(room(context, game.id));
  if (!result.ok) return roomRefusal(request, result.error, game.entry_cost);
  return { ok: true, data: { ok: true } };
}

/**
 * Leaves a waiting room; the entry comes back (DESIGN.md §5). For `POST /api/games/{id}/leave` and
 * the game page's form (it works without JavaScript): the same limit, the same refusals.
 */
export function leaveGame(context: AppLoadContext, request: Request, user: User, gameId: string): Promise<Outcome<{ ok: true }>> {
  return actOnRoom(context, request, user, gameId, (room) => room.leave(user.id));
}

/**
 * Concedes a game in play ("Desistir"): a practice game stops and counts nowhere, at a human table
 * the player's team forfeits. For `POST /api/games/{id}/concede` and the game page's form. Answers
 * whether it was practice, so the page knows where the player goes next.
 */
export async function concedeGame(
  context: AppLoadContext,
  request: Request,
  user: User,
  gameId: string,
): Promise<Outcome<{ ok: true; practice: boolean }>> {
  let practice = false;
  const done = await actOnRoom(
    context,
    request,
    user,
    gameId,
    (room) => room.concede(user.id),
    (game) => {
      practice = game.bot_level !== null;
    },
  );
  return done.ok ? { ok: true, data: { ok: true, practice } } : done;
}

/**
 * The creator of a casual waiting room fills its free seats with computer players
 * (`POST /api/games/{id}/bots`); the table becomes a free practice game.
 */
export function fillWithBots(
  context: AppLoadContext,
  request: Request,
  user: User,
  gameId: string,
  level: BotLevel,
): Promise<Outcome<{ ok: true }>> {
  return actOnRoom(context, request, user, gameId, (room) => room.fillWithBots(user.id, level));
}

/** A room's refusal, in the player's language: for the API's answer and for a page's form. */
export async function roomRefusal(request: Request, error: RoomError, entryCost: number, creating = false): Promise<Outcome<never>> {
  return refusalOf(request, creating ? CREATE_ROOM_REFUSALS : ROOM_REFUSALS, error, { n: entryCost });
}

/** A room's refusal as an API answer, in the player's language. */
export async function roomErrorResponse(request: Request, error: RoomError, entryCost: number, creating = false) {
  return answerOf(await roomRefusal(request, error, entryCost, creating));
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
  const refused = await rejectSocketUpgrade(request);
  if (refused) return refused;
  const t = await serverT(request);
  if (!isGameId(gameId)) return jsonError(404, t("errors:gameNotFound"));
  // The request id (functions/[[path]].ts) goes along, so the room's lines about this socket carry it.
  const requestId = request.headers.get(REQUEST_ID_HEADER) ?? "";
  // The room holds the seats and accepts only a seated player's socket: its word is the seat check,
  // with no D1 read. Its refusal answers as the API always has.
  const answer = await stubOf(context.cloudflare.env.GAME_ROOM, gameId).fetch(`https://room.internal/games/${gameId}/ws`, {
    headers: { Upgrade: "websocket", [USER_HEADER]: user.id, [SESSION_HEADER]: sessionId, [REQUEST_ID_HEADER]: requestId },
  });
  if (answer.status === 403) return jsonError(403, t("errors:notSeated"));
  return answer;
}
