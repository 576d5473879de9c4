import type { AppLoadContext } from "@remix-run/cloudflare";
import type { User } from "../../db/schema";
import { stubOf } from "../../db/stubs";
import { isGameId } from "../../game/protocol/ids";
import type { WatchResult } from "../../game/room/api";
import { SPECTATOR_GAME_HEADER, SPECTATOR_PROFILE_HEADER, SPECTATOR_SESSION_HEADER, SPECTATOR_USER_HEADER } from "../../game/spectate/api";
import { channel } from "./channels.server";
import { jsonError, rejectSocketUpgrade } from "./http.server";
import { room } from "./rooms.server";
import { serverT } from "./i18n.server";

// Watching a game being played (docs/decisions/134-spectating-through-a-relay.md). The room decides
// who may watch (game/spectate/access.ts: it knows its seats, whether its table is open and whether
// a player keeps their games private), with no D1 read; the spectator's socket then goes to the
// game's SpectatorRelay, which the room feeds.

/** Whether this signed-in user may watch the game, and its first frame. */
export async function watchOf(context: AppLoadContext, gameId: string, user: Pick<User, "id">): Promise<WatchResult> {
  if (!isGameId(gameId)) return { ok: false, reason: "not_found" };
  return room(context, gameId).watch(user.id);
}

/** GET with Upgrade: websocket → the game's relay, for a user the room lets watch. */
export async function openSpectatorSocket(
  request: Request,
  context: AppLoadContext,
  gameId: string,
  user: User,
  sessionId: string,
): Promise<Response> {
  const refused = await rejectSocketUpgrade(request);
  if (refused) return refused;
  const t = await serverT(request);
  const watch = await watchOf(context, gameId, user);
  if (!watch.ok) return watch.reason === "not_found" ? jsonError(404, t("errors:gameNotFound")) : jsonError(403, t("errors:cannotWatch"));
  // The player's channel remembers the game, so that signing out or a ban closes this socket too (sockets.server).
  await channel(context, user.id).watching(gameId);
  const profile = encodeURIComponent(JSON.stringify({ nickname: user.nickname, avatarUrl: user.avatar_url }));
  return stubOf(context.cloudflare.env.SPECTATOR_RELAY, gameId).fetch(`https://relay.internal/games/${gameId}/watch`, {
    headers: {
      Upgrade: "websocket",
      [SPECTATOR_USER_HEADER]: user.id,
      [SPECTATOR_SESSION_HEADER]: sessionId,
      [SPECTATOR_GAME_HEADER]: gameId,
      [SPECTATOR_PROFILE_HEADER]: profile,
    },
  });
}
