import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser } from "~/services/auth.server";
import { findGame } from "~/services/games.server";
import { apiRoute, jsonError, jsonOk } from "~/services/http.server";
import { serverT } from "~/services/i18n.server";
import { enforceRateLimit } from "~/services/rate-limit.server";
import { room, roomErrorResponse } from "~/services/rooms.server";

/** POST: leaves a waiting room; the entry comes back (DESIGN.md §5). */
async function leave({ request, context, params }: ActionFunctionArgs) {
  const user = await requireApiUser(request, context);
  await enforceRateLimit({ request, context }, "game_action", user);
  const game = await findGame(context, params.id ?? "");
  if (!game) {
    const t = await serverT(request);
    return jsonError(404, t("errors:gameNotFound"));
  }
  const left = await room(context, game.id).leave(user.id);
  if (!left.ok) return roomErrorResponse(request, left.error, game.entry_cost);
  return jsonOk({ ok: true });
}

export const loader = apiRoute({ POST: leave });
export const action = loader;
