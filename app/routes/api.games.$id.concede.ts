import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser } from "~/services/auth.server";
import { answerOf, apiRoute } from "~/services/http.server";
import { concedeGame } from "~/services/rooms.server";

/** POST: concedes a game in play (practice: it stops, counting nowhere; otherwise the player's team forfeits). The game page's form uses the same service. */
async function concede({ request, context, params }: ActionFunctionArgs) {
  const user = await requireApiUser(request, context);
  return answerOf(await concedeGame(context, request, user, params.id ?? ""));
}

export const loader = apiRoute({ POST: concede });
export const action = loader;
