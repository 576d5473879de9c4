import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser } from "~/services/auth.server";
import { findGame, inviteOf, readsInFull, summaryOf } from "~/services/games.server";
import { apiRoute, jsonError, jsonOk } from "~/services/http.server";
import { serverT } from "~/services/i18n.server";

/** GET → the game (spec §3); without its join code for anyone not at the table (nor an admin). */
async function readGame({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireApiUser(request, context);
  const game = await findGame(context, params.id ?? "");
  if (!game) {
    const t = await serverT(request);
    return jsonError(404, t("errors:gameNotFound"));
  }
  return jsonOk((await readsInFull(context, game, user)) ? summaryOf(game) : inviteOf(game));
}

export const loader = apiRoute({ GET: readGame });
export const action = loader;
