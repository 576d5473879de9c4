import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import type { Language } from "~/i18n";
import { PremiumPurchaseSchema } from "~/schemas/payments";
import { requireApiUser } from "~/services/auth.server";
import { apiRoute, jsonError, jsonOk, parseJsonBody } from "~/services/http.server";
import { i18nServer, serverT } from "~/services/i18n.server";
import { enforceRateLimit } from "~/services/rate-limit.server";
import { createPremiumCheckout } from "~/services/payments.server";
import { isPremium } from "~/services/users.server";
import { findPlan } from "~/utils/catalog";

/** POST {plan_type, amount (cents)} → {session_url}: a Stripe Checkout Session (subscription). */
async function buyPremium({ request, context }: ActionFunctionArgs) {
  const user = await requireApiUser(request, context);
  const body = await parseJsonBody(request, PremiumPurchaseSchema);
  await enforceRateLimit({ request, context }, "checkout", user);
  const t = await serverT(request);
  const plan = findPlan(body.plan_type);
  if (!plan) return jsonError(400, t("payments:invalidPlan"));
  if (body.amount !== plan.priceCents) return jsonError(400, t("payments:amountMismatch"));
  if (isPremium(user)) return jsonError(409, t("payments:alreadyPremium"));
  const language = (await i18nServer.getLocale(request)) as Language;
  try {
    const url = await createPremiumCheckout(context, request, user, plan, language, t);
    return jsonOk({ session_url: url });
  } catch (error) {
    console.error("Creating the premium checkout failed:", error);
    return jsonError(502, t("payments:paymentError"));
  }
}

export const loader = apiRoute({ POST: buyPremium });
export const action = loader;
