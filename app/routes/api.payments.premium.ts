import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { PremiumPurchaseSchema } from "~/schemas/payments";
import { requireApiUser } from "~/services/auth.server";
import { premiumCheckoutFor } from "~/services/checkout.server";
import { answerOf, apiRoute, parseJsonBody } from "~/services/http.server";

/** POST {plan_type, amount (cents)} → {session_url}: a Stripe Checkout Session (subscription). */
async function buyPremium({ request, context }: ActionFunctionArgs) {
  const user = await requireApiUser(request, context);
  const body = await parseJsonBody(request, PremiumPurchaseSchema);
  return answerOf(await premiumCheckoutFor(context, request, user, body));
}

export const loader = apiRoute({ POST: buyPremium });
export const action = loader;
