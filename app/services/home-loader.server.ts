import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { DIALOG_PARAM } from "~/utils/ui-params";
import { variantFromCookie } from "~/utils/variant";
import { getUser } from "./auth.server";
import { practiceStatsOf } from "./games.server";
import { clearJoinIntent, joinIntentFrom } from "./join-intent.server";
import { cachedLiveCounts, lobbyHomeFor, type LiveCounts } from "./lobby-live.server";
import type { LobbyPush } from "../../game/lobby/lobby";
import { pageContext } from "./replica.server";
import { refundEligibleGames, type EligibleGame } from "./refunds.server";

/**
 * What the home page needs besides the root's user: the remembered variant (checked in the
 * server's HTML), when the refund dialog is open by its URL the games it offers (so the dialog is
 * complete before the page hydrates), and the open tables and live counts.
 */
export async function homeLoader(request: Request, context: AppLoadContext) {
  const url = new URL(request.url);
  // Back from signing in with an invite link's code waiting: the join dialog opens with it.
  const user = await getUser(request, context);
  const join = joinIntentFrom(request);
  if (join && user) {
    throw redirect(`/?join=${join}`, { headers: { "Set-Cookie": clearJoinIntent(url.protocol === "https:") } });
  }
  const variant = variantFromCookie(request.headers.get("Cookie")) ?? "paulista";
  let refundGames: EligibleGame[] | null = null;
  if (url.searchParams.get(DIALOG_PARAM) === "refund") {
    if (user) refundGames = await refundEligibleGames(context.db, user.id);
  }
  // Practice games against the computer, counted apart from the ranked stats.
  const practice = user ? await practiceStatsOf(pageContext(request, context), user.id) : null;
  // The open tables and live counts for players; the cached counts for visitors.
  const lobby: LobbyPush | null = user ? await lobbyHomeFor(context, user) : null;
  const counts: LiveCounts = lobby ?? (await cachedLiveCounts(context));
  return { variant, refundGames, practice, lobby, counts };
}
