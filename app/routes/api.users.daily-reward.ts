import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser } from "~/services/auth.server";
import { claimDailyReward } from "~/services/daily-reward.server";
import { jsonError, jsonOk, methodNotAllowed } from "~/services/http.server";
import { serverT } from "~/services/i18n.server";

/** POST → {coins_awarded, streak_day}; 409 when today's reward was already collected. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(request);
  const user = await requireApiUser(request, context);
  const outcome = await claimDailyReward(context.db, user);
  if (outcome.status === "already_claimed") {
    const t = await serverT(request);
    return jsonError(409, t("payments:dailyAlreadyClaimed"));
  }
  return jsonOk({ coins_awarded: outcome.coins_awarded, streak_day: outcome.streak_day });
}
