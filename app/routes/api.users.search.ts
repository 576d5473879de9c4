import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { searchTerm, SEARCH_MIN_LENGTH } from "../../game/channel/friends";
import { SearchQuerySchema } from "~/schemas/friends";
import { requireApiUser } from "~/services/auth.server";
import { searchPlayers } from "~/services/friends.server";
import { answerOf, apiRoute, jsonError } from "~/services/http.server";
import { serverT } from "~/services/i18n.server";

/**
 * GET ?q= → players whose nickname contains q (spec §3 user search result, plus relationship):
 * at least 2 characters, case- and accent-insensitive, at most 20, without the searcher, banned
 * players and players the searcher already asked. Counts `user_search` (friends.server.ts).
 */
async function get({ request, context }: LoaderFunctionArgs) {
  const user = await requireApiUser(request, context);
  const t = await serverT(request);
  const parsed = SearchQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) return jsonError(400, t("errors:invalidBody"));
  const term = searchTerm(parsed.data.q);
  if (!term) return jsonError(400, t("friends:errors.searchTooShort", { n: SEARCH_MIN_LENGTH }));
  return answerOf(await searchPlayers(context, request, user, term));
}

export const loader = apiRoute({ GET: get });
export const action = loader;
