import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { CreateGameSchema } from "~/schemas/games";
import { requireApiUser } from "~/services/auth.server";
import { summaryOf } from "~/services/games.server";
import { apiRoute, jsonOk, parseJsonBody } from "~/services/http.server";
import { enforceRateLimit } from "~/services/rate-limit.server";
import { createGameFor } from "~/services/rooms.server";

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
  const created = await createGameFor(request, context, user, input);
  if (!created.ok) return created.response;
  return jsonOk(summaryOf(created.game), { status: 201 });
}

export const loader = apiRoute({ POST: createGame });
export const action = loader;
