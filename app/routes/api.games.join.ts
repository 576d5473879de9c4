import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { JoinGameSchema } from "~/schemas/games";
import { requireApiUser } from "~/services/auth.server";
import { answerOf, methodNotAllowed, parseJsonBody } from "~/services/http.server";
import { joinGameByCode } from "~/services/lobby.server";

/** POST {game_code} → {game_id}: takes a seat at the game with that code. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(request);
  const user = await requireApiUser(request, context);
  // A code that cannot exist is simply not found (the dialog's own message).
  const body = await parseJsonBody(request, JoinGameSchema, { refusal: (_error, _raw, t) => t("errors:gameNotFound") });
  return answerOf(await joinGameByCode(context, request, user, body.game_code));
}
