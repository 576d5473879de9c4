import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { JoinGameSchema } from "~/schemas/games";
import { requireApiUser } from "~/services/auth.server";
import { findOpenGameByCode, isSeated } from "~/services/games.server";
import { jsonError, jsonOk, methodNotAllowed, parseJsonBody } from "~/services/http.server";
import { serverT } from "~/services/i18n.server";
import { room, roomErrorResponse, seatRequestOf } from "~/services/rooms.server";
import { isPremium } from "~/services/users.server";

/** POST {game_code} → {game_id}: takes a seat at the game with that code. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(request);
  const user = await requireApiUser(request, context);
  // A code that cannot exist is simply not found (the dialog's own message).
  const body = await parseJsonBody(request, JoinGameSchema, { refusal: (_error, _raw, t) => t("errors:gameNotFound") });
  const t = await serverT(request);
  const game = await findOpenGameByCode(context, body.game_code);
  if (!game) return jsonError(404, t("errors:gameNotFound"));
  // Back to a table where the player already sits (another tab, a reload).
  if (await isSeated(context, game.id, user.id)) return jsonOk({ game_id: game.id });
  if (game.status !== "waiting") return jsonError(409, t("errors:gameStarted"));
  if (game.premium_only && !isPremium(user)) return jsonError(403, t("errors:premiumOnlyJoin"));
  if (user.virtual_coins < game.entry_cost) return jsonError(400, t("errors:joinInsufficient", { n: game.entry_cost }));
  const joined = await room(context, game.id).join(seatRequestOf(user));
  if (!joined.ok) return roomErrorResponse(request, joined.error, game.entry_cost);
  return jsonOk({ game_id: game.id });
}
