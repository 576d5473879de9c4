import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { JoinGameSchema } from "~/schemas/games";
import { requireApiUser } from "~/services/auth.server";
import { findOpenGameByCode } from "~/services/games.server";
import { jsonError, jsonOk, methodNotAllowed, parseJsonBody } from "~/services/http.server";
import { serverT } from "~/services/i18n.server";
import { takeSeatAt } from "~/services/rooms.server";

/** POST {game_code} → {game_id}: takes a seat at the game with that code. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(request);
  const user = await requireApiUser(request, context);
  // A code that cannot exist is simply not found (the dialog's own message).
  const body = await parseJsonBody(request, JoinGameSchema, { refusal: (_error, _raw, t) => t("errors:gameNotFound") });
  const t = await serverT(request);
  const game = await findOpenGameByCode(context, body.game_code);
  if (!game) return jsonError(404, t("errors:gameNotFound"));
  // Back to a table where the player already sits (another tab, a reload) counts as joined.
  const refused = await takeSeatAt(request, context, user, game);
  return refused ?? jsonOk({ game_id: game.id });
}
