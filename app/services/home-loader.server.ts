import type { AppLoadContext } from "@remix-run/cloudflare";
import { DIALOG_PARAM } from "~/utils/ui-params";
import { variantFromCookie } from "~/utils/variant";
import { getUser } from "./auth.server";
import { cachedLiveCounts, lobbyLiveFor, type LiveCounts, type LobbyLive } from "./lobby-live.server";
import { refundEligibleGames, type EligibleGame } from "./refunds.server";

/**
 * What the home page needs besides the root's user: the remembered variant (checked in the
 * server's HTML), when the refund dialog is open by its URL the games it offers (so the dialog is
 * complete before the page hydrates), and the open tables and live counts (issue 14).
 */
export async function homeLoader(request: Request, context: AppLoadContext) {
  const url = new URL(request.url);
  const variant = variantFromCookie(request.headers.get("Cookie")) ?? "paulista";
  let refundGames: EligibleGame[] | null = null;
  const user = await getUser(request, context);
  if (user && url.searchParams.get(DIALOG_PARAM) === "refund") refundGames = await refundEligibleGames(context.db, user.id);
  // Issue 14: the open tables and live counts for players; the cached counts for visitors.
  const lobby: LobbyLive | null = user ? await lobbyLiveFor(context, user) : null;
  const counts: LiveCounts = lobby ?? (await cachedLiveCounts(context));
  return { variant, refundGames, lobby, counts };
}
