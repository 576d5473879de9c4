import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser } from "~/services/auth.server";
import { claimDailyRewardFor } from "~/services/daily-reward.server";
import { answerOf, apiRoute } from "~/services/http.server";

/** POST → {coins_awarded, streak_day}; 409 when today's reward was already collected. */
async function claim({ request, context }: ActionFunctionArgs) {
  const user = await requireApiUser(request, context);
  return answerOf(await claimDailyRewardFor(context.db, request, user));
}

export const loader = apiRoute({ POST: claim });
export const action = loader;
