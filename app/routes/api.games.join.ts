import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { JoinGameSchema } from "~/schemas/games";
import { requireApiUser } from "~/services/auth.server";
import { findOpenGameByCode } from "~/services/games.server";
import { answerOf, apiRoute, jsonError, parseJsonBody } from "~/services/http.server";
import { serverT } from "~/services/i18n.server";
import { enforceRateLimit, refundRateLimit } from "~/services/rate-limit.server";
import { takeSeat } from "~/services/lobby.server";

/** POST {game_code} → {game_id}: takes a seat at the game with that code. */
async function join({ request, context }: ActionFunctionArgs) {
  const user = await requireApiUser(request, context);
  // A code that cannot exist is simply not found (the dialog's own message).
  const body = await parseJsonBody(request, JoinGameSchema, { refusal: (_error, _raw, t) => t("errors:gameNotFound") });
  // Every try counts as a wrong code until the code turns out right: guesses sent all at once
  // cannot all get past a count that none of them is in yet (ADR 080).
  await enforceRateLimit({ request, context }, ["game_join", "join_code_failure"], user);
  const t = await serverT(request);
  const game = await findOpenGameByCode(context, body.game_code);
  if (!game) return jsonError(404, t("errors:gameNotFound"));
  await refundRateLimit({ request, context }, "join_code_failure", user);
  // Back to a table where the player already sits (another tab, a reload) counts as joined.
  return answerOf(await takeSeat(context, request, user, game));
}

export const loader = apiRoute({ POST: join });
export const action = loader;
