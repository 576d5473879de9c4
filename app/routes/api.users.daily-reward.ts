import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser } from "~/services/auth.server";
import { claimDailyReward } from "~/services/daily-reward.server";
import { apiRoute, jsonError, jsonOk } from "~/services/http.server";
import { serverT } from "~/services/i18n.server";

/** POST → {coins_awarded, streak_day}; 409 when today's reward was already collected. */
async function claim({ request, context }: ActionFunctionArgs) {
  const user = await requireApiUser(request, context);
  const outcome = await claimDailyReward(context.db, user);
  if (outcome.status === "already_claimed") {
    const t = await serverT(request);
    return jsonError(409, t("payments:dailyAlreadyClaimed"));
  }
  return jsonOk({ coins_awarded: outcome.coins_awarded, streak_day: outcome.streak_day });
}

export const loader = apiRoute({ POST: claim });
export const action = loader;
