import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { DIALOG_PARAM } from "~/utils/ui-params";
import { variantFromCookie } from "~/utils/variant";
import { getUser } from "./auth.server";
import { clearJoinIntent, joinIntentFrom } from "./join-intent.server";
import { refundEligibleGames, type EligibleGame } from "./refunds.server";

/**
 * What the home page needs besides the root's user: the remembered variant (checked in the
 * server's HTML) and, when the refund dialog is open by its URL, the games it offers, so the
 * dialog is complete before the page hydrates.
 */
export async function homeLoader(request: Request, context: AppLoadContext) {
  const url = new URL(request.url);
  // Back from signing in with an invite link's code waiting: the join dialog opens with it (issue 16).
  const join = joinIntentFrom(request);
  if (join && (await getUser(request, context))) {
    throw redirect(`/?join=${join}`, { headers: { "Set-Cookie": clearJoinIntent(url.protocol === "https:") } });
  }
  const variant = variantFromCookie(request.headers.get("Cookie")) ?? "paulista";
  let refundGames: EligibleGame[] | null = null;
  if (url.searchParams.get(DIALOG_PARAM) === "refund") {
    const user = await getUser(request, context);
    if (user) refundGames = await refundEligibleGames(context.db, user.id);
  }
  return { variant, refundGames };
}
