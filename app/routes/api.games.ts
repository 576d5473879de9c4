import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { CreateGameSchema } from "~/schemas/games";
import { requireApiUser } from "~/services/auth.server";
import { answerOf, apiRoute, parseJsonBody } from "~/services/http.server";
import { createGameFor } from "~/services/lobby.server";

/**
 * POST {game_type, game_mode, entry_cost, truco_variant, vs_computer?, bot_level?, premium_only?}
 * → 201 the game (lobby.server.ts decides and counts the limit; the home page's form runs the same).
 */
async function createGame({ request, context }: ActionFunctionArgs) {
  const user = await requireApiUser(request, context);
  const input = await parseJsonBody(request, CreateGameSchema);
  return answerOf(await createGameFor(context, request, user, input), { status: 201 });
}

export const loader = apiRoute({ POST: createGame });
export const action = loader;
