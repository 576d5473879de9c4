import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { JoinGameSchema } from "~/schemas/games";
import { requireApiUser } from "~/services/auth.server";
import { answerOf, apiRoute, parseJsonBody } from "~/services/http.server";
import { joinGameByCode } from "~/services/lobby.server";

/** POST {game_code} → {game_id}: takes a seat at the game with that code (lobby.server.ts decides and counts). */
async function join({ request, context }: ActionFunctionArgs) {
  const user = await requireApiUser(request, context);
  // A code that cannot exist is simply not found (the dialog's own message).
  const body = await parseJsonBody(request, JoinGameSchema, { refusal: (_error, _raw, t) => t("errors:gameNotFound") });
  // Back to a table where the player already sits (another tab, a reload) counts as joined.
  return answerOf(await joinGameByCode(context, request, user, body.game_code));
}

export const loader = apiRoute({ POST: join });
export const action = loader;
