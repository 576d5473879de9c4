import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { LeaderboardQuerySchema } from "~/schemas/leaderboard";
import { requireApiUser } from "~/services/auth.server";
import { apiRoute, jsonError, jsonOk } from "~/services/http.server";
import { serverT } from "~/services/i18n.server";
import { leaderboardOf } from "~/services/leaderboard.server";

/** GET ?period=all|monthly|weekly → { leaderboard, userRank } (spec §3, §7): the first 100 lines and the player's own. */
async function get({ request, context }: LoaderFunctionArgs) {
  const user = await requireApiUser(request, context);
  const query = LeaderboardQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) {
    const t = await serverT(request);
    return jsonError(400, t("leaderboard:badPeriod"));
  }
  const { leaderboard, userRank } = await leaderboardOf(context.reads.replica, query.data.period, user.id);
  return jsonOk({ leaderboard, userRank });
}

export const loader = apiRoute({ GET: get });
export const action = loader;
