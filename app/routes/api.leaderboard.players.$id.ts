import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { PlayerIdSchema } from "~/schemas/leaderboard";
import { requireApiUser } from "~/services/auth.server";
import { apiRoute, jsonError, jsonOk } from "~/services/http.server";
import { serverT } from "~/services/i18n.server";
import { playerCardOf } from "~/services/leaderboard.server";

/** GET → { player }: a player's public card (nickname, avatar, points, games, win rate, rank; nothing private). */
async function get({ request, context, params }: LoaderFunctionArgs) {
  await requireApiUser(request, context);
  const id = PlayerIdSchema.safeParse(params.id);
  const player = id.success ? await playerCardOf(context.reads.replica, id.data) : null;
  if (!player) {
    const t = await serverT(request);
    return jsonError(404, t("leaderboard:playerNotFound"));
  }
  return jsonOk({ player });
}

export const loader = apiRoute({ GET: get });
export const action = loader;
