import type { AppLoadContext } from "@remix-run/cloudflare";
import type { User } from "../../db/schema";
import { primaryUser } from "./auth.server";
import type { Language } from "~/i18n";
import { findPack, findPlan } from "~/utils/catalog";
import { refusal, type Outcome } from "./http.server";
import { i18nServer, serverT } from "./i18n.server";
import { createCoinCheckout, createPremiumCheckout } from "./payments.server";
import { rateLimited } from "./rate-limit.server";
import { isPremium } from "./users.server";

// The store's checkout: one decision behind `POST /api/payments/coins|premium` and the purchase
// modal's form (which works before the page has hydrated). The price list is the
// server's: an amount that does not match is refused, never charged. Both count `checkout`.

export async function coinCheckoutFor(
  context: AppLoadContext,
  request: Request,
  user: User,
  body: { pack_id: number; amount?: number },
): Promise<Outcome<{ session_url: string }>> {
  const limited = await rateLimited(context, request, "checkout", user);
  if (limited) return limited;
  const t = await serverT(request);
  const pack = findPack(body.pack_id);
  if (!pack) return refusal(400, t("payments:invalidPack"));
  if (body.amount !== undefined && body.amount !== pack.priceCents) return refusal(400, t("payments:amountMismatch"));
  const language = (await i18nServer.getLocale(request)) as Language;
  try {
    return { ok: true, data: { session_url: await createCoinCheckout(context, request, user, pack, language, t) } };
  } catch (error) {
    console.error("Creating the coin checkout failed:", error);
    return refusal(502, t("payments:paymentError"));
  }
}

export async function premiumCheckoutFor(
  context: AppLoadContext,
  request: Request,
  user: User,
  body: { plan_type: string; amount?: number },
): Promise<Outcome<{ session_url: string }>> {
  const limited = await rateLimited(context, request, "checkout", user);
  if (limited) return limited;
  const t = await serverT(request);
  const plan = findPlan(body.plan_type);
  if (!plan) return refusal(400, t("payments:invalidPlan"));
  if (body.amount !== undefined && body.amount !== plan.priceCents) return refusal(400, t("payments:amountMismatch"));
  // On the primary's row: a replica's may not have a membership a payment's webhook just wrote.
  if (isPremium(await primaryUser(context, user))) return refusal(409, t("payments:alreadyPremium"));
  const language = (await i18nServer.getLocale(request)) as Language;
  try {
    return { ok: true, data: { session_url: await createPremiumCheckout(context, request, user, plan, language, t) } };
  } catch (error) {
    console.error("Creating the premium checkout failed:", error);
    return refusal(502, t("payments:paymentError"));
  }
}
