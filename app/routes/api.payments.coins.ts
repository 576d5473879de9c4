import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { CoinPurchaseSchema } from "~/schemas/payments";
import { requireApiUser } from "~/services/auth.server";
import { coinCheckoutFor } from "~/services/checkout.server";
import { answerOf, apiRoute, parseJsonBody } from "~/services/http.server";

/** POST {pack_id, amount (cents)} → {session_url}: a Stripe Checkout Session for the pack. */
async function buyCoins({ request, context }: ActionFunctionArgs) {
  const user = await requireApiUser(request, context);
  const body = await parseJsonBody(request, CoinPurchaseSchema);
  return answerOf(await coinCheckoutFor(context, request, user, body));
}

export const loader = apiRoute({ POST: buyCoins });
export const action = loader;
