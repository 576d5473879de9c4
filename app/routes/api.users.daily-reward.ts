import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser } from "~/services/auth.server";
import { claimDailyRewardFor } from "~/services/daily-reward.server";
import { answerOf, methodNotAllowed } from "~/services/http.server";

/** POST → {coins_awarded, streak_day}; 409 when today's reward was already collected. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(request);
  const user = await requireApiUser(request, context);
  return answerOf(await claimDailyRewardFor(context.db, request, user));
}
