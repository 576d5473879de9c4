import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser } from "~/services/auth.server";
import { findGame, summaryOf } from "~/services/games.server";
import { jsonError, jsonOk } from "~/services/http.server";
import { serverT } from "~/services/i18n.server";

/** GET → the game (spec §3). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireApiUser(request, context);
  const game = await findGame(context, params.id ?? "");
  if (!game) {
    const t = await serverT(request);
    return jsonError(404, t("errors:gameNotFound"));
  }
  return jsonOk(summaryOf(game));
}
