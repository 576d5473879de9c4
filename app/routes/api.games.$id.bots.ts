import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { FillWithBotsSchema } from "~/schemas/games";
import { requireApiUser } from "~/services/auth.server";
import { findGame } from "~/services/games.server";
import { apiRoute, jsonError, jsonOk, parseJsonBody } from "~/services/http.server";
import { serverT } from "~/services/i18n.server";
import { enforceRateLimit } from "~/services/rate-limit.server";
import { room, roomErrorResponse } from "~/services/rooms.server";

/**
 * POST {bot_level}: the creator of a casual waiting room fills its free seats
 * with computer players. The table becomes a free practice game: entries are
 * returned and no coins or ranking points change (ADR 008).
 */
async function fillWithBots({ request, context, params }: ActionFunctionArgs) {
  const user = await requireApiUser(request, context);
  const { bot_level } = await parseJsonBody(request, FillWithBotsSchema);
  await enforceRateLimit({ request, context }, "game_action", user);
  const game = await findGame(context, params.id ?? "");
  if (!game) {
    const t = await serverT(request);
    return jsonError(404, t("errors:gameNotFound"));
  }
  const filled = await room(context, game.id).fillWithBots(user.id, bot_level);
  if (!filled.ok) return roomErrorResponse(request, filled.error, game.entry_cost);
  return jsonOk({ ok: true });
}

export const loader = apiRoute({ POST: fillWithBots });
export const action = loader;
