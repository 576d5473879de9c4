import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser } from "~/services/auth.server";
import { answerOf, apiRoute } from "~/services/http.server";
import { acceptRematch } from "~/services/rematch.server";

/**
 * POST: "Jogar de novo" at a finished table. Answers `{ game_id }`: the new table once
 * every player has accepted (the last acceptance opens it), null while others still have to.
 */
async function rematch({ request, context, params }: ActionFunctionArgs) {
  const user = await requireApiUser(request, context);
  return answerOf(await acceptRematch(context, request, user, params.id ?? ""));
}

export const loader = apiRoute({ POST: rematch });
export const action = loader;
