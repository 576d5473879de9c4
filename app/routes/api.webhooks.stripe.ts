import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { apiRoute, jsonError, jsonOk, readBodyText } from "~/services/http.server";
import { processStripeEvent } from "~/services/payments.server";
import { verifiedEvent, type Stripe } from "~/services/stripe.server";

const MAX_EVENT_BYTES = 512 * 1024;

/**
 * POST from Stripe (or the local payment emulator). Exempt from the Origin
 * check; authenticated by the Stripe-Signature over the raw body instead. A
 * bad, missing or stale signature is a 400 and changes nothing. Answers 200
 * for every verified event, processed or already seen, so Stripe stops
 * retrying; a failure to write answers 500 so it retries later.
 */
async function receiveEvent({ request, context }: ActionFunctionArgs) {
  const secret = context.env.STRIPE_WEBHOOK_SECRET;
  if (!secret) {
    console.error("STRIPE_WEBHOOK_SECRET is not configured: webhook refused");
    return jsonError(503, "Webhook endpoint not configured");
  }
  const signature = request.headers.get("Stripe-Signature");
  if (!signature) return jsonError(400, "Missing Stripe-Signature header");
  let body: string | null;
  try {
    body = await readBodyText(request, MAX_EVENT_BYTES);
  } catch {
    return jsonError(400, "Invalid body");
  }
  if (body === null) return jsonError(413, "Payload too large");
  let event: Stripe.Event;
  try {
    event = await verifiedEvent(body, signature, secret);
  } catch {
    return jsonError(400, "Invalid signature");
  }
  const outcome = await processStripeEvent(context.db, event);
  return jsonOk({ received: true, outcome });
}

export const loader = apiRoute({ POST: receiveEvent });
export const action = loader;
