import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser } from "~/services/auth.server";
import { findGame, participantsOf } from "~/services/games.server";
import { apiRoute, jsonError, jsonOk } from "~/services/http.server";
import { serverT } from "~/services/i18n.server";
import { room } from "~/services/rooms.server";

/**
 * GET → the seats, with who is connected while the room is live. Seats carry no join code, so
 * a player who is not at the table gets them too: an invitation shows who is sitting there.
 */
async function readParticipants({ request, context, params }: LoaderFunctionArgs) {
  await requireApiUser(request, context);
  const game = await findGame(context, params.id ?? "");
  if (!game) {
    const t = await serverT(request);
    return jsonError(404, t("errors:gameNotFound"));
  }
  if (game.status === "waiting" || game.status === "active") {
    const live = await room(context, game.id).snapshot(null);
    if (live) return jsonOk(live.participants);
  }
  return jsonOk(await participantsOf(context, game.id));
}

export const loader = apiRoute({ GET: readParticipants });
export const action = loader;
