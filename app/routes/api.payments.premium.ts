import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { PremiumPurchaseSchema } from "~/schemas/payments";
import { requireApiUser } from "~/services/auth.server";
import { premiumCheckoutFor } from "~/services/checkout.server";
import { answerOf, methodNotAllowed, parseJsonBody } from "~/services/http.server";

/** POST {plan_type, amount (cents)} → {session_url}: a Stripe Checkout Session (subscription). */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(request);
  const user = await requireApiUser(request, context);
  const body = await parseJsonBody(request, PremiumPurchaseSchema);
  return answerOf(await premiumCheckoutFor(context, request, user, body));
}
