import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import type { Language } from "~/i18n";
import { CoinPurchaseSchema } from "~/schemas/payments";
import { requireApiUser } from "~/services/auth.server";
import { apiRoute, jsonError, jsonOk, parseJsonBody } from "~/services/http.server";
import { i18nServer, serverT } from "~/services/i18n.server";
import { enforceRateLimit } from "~/services/rate-limit.server";
import { createCoinCheckout } from "~/services/payments.server";
import { findPack } from "~/utils/catalog";

/** POST {pack_id, amount (cents)} → {session_url}: a Stripe Checkout Session for the pack. */
async function buyCoins({ request, context }: ActionFunctionArgs) {
  const user = await requireApiUser(request, context);
  const body = await parseJsonBody(request, CoinPurchaseSchema);
  await enforceRateLimit({ request, context }, "checkout", user);
  const t = await serverT(request);
  const pack = findPack(body.pack_id);
  if (!pack) return jsonError(400, t("payments:invalidPack"));
  // The price list is the server's: a tampered amount is refused, never charged.
  if (body.amount !== pack.priceCents) return jsonError(400, t("payments:amountMismatch"));
  const language = (await i18nServer.getLocale(request)) as Language;
  try {
    const url = await createCoinCheckout(context, request, user, pack, language, t);
    return jsonOk({ session_url: url });
  } catch (error) {
    console.error("Creating the coin checkout failed:", error);
    return jsonError(502, t("payments:paymentError"));
  }
}

export const loader = apiRoute({ POST: buyCoins });
export const action = loader;
