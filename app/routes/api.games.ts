import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { CreateGameSchema } from "~/schemas/games";
import { requireApiUser } from "~/services/auth.server";
import { abandonGame, entryCostFor, findGame, insertGame, summaryOf } from "~/services/games.server";
import { apiRoute, jsonError, jsonOk, parseJsonBody } from "~/services/http.server";
import { serverT } from "~/services/i18n.server";
import { enforceRateLimit } from "~/services/rate-limit.server";
import { room, roomErrorResponse, seatRequestOf } from "~/services/rooms.server";
import { isPremium } from "~/services/users.server";

/**
 * POST {game_type, game_mode, entry_cost, truco_variant, vs_computer?, bot_level?, premium_only?}
 * → 201 the game. The entry cost comes from the mode (spec §9), never from the
 * client; the creator takes seat 0 in the room, paying the entry there. Only a
 * premium member may open an exclusive (premium-only) table.
 */
async function createGame({ request, context }: ActionFunctionArgs) {
  const user = await requireApiUser(request, context);
  const input = await parseJsonBody(request, CreateGameSchema);
  await enforceRateLimit({ request, context }, "game_create", user);
  const t = await serverT(request);
  const entry = entryCostFor(input);
  if (input.premium_only && !input.vs_computer && !isPremium(user)) return jsonError(403, t("errors:premiumOnlyCreate"));
  if (user.virtual_coins < entry) return jsonError(400, t("errors:createInsufficient", { n: entry }));

  const game = await insertGame(context, user, input);
  const opened = await room(context, game.id).open(summaryOf(game), seatRequestOf(user));
  if (!opened.ok) {
    await abandonGame(context, game.id, "creation_failed");
    return roomErrorResponse(request, opened.error, entry, true);
  }
  return jsonOk(summaryOf((await findGame(context, game.id))!), { status: 201 });
}

export const loader = apiRoute({ POST: createGame });
export const action = loader;
