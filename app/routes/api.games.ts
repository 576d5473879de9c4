import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { CreateGameSchema, houseRulesProblem } from "~/schemas/games";
import { requireApiUser } from "~/services/auth.server";
import { answerOf, apiRoute, parseJsonBody } from "~/services/http.server";
import { createGameFor } from "~/services/lobby.server";

/**
 * POST {game_type, game_mode, entry_cost, truco_variant, vs_computer?, bot_level?, premium_only?, is_public?, house_rules?}
 * → 201 the game (lobby.server.ts decides and counts the limit; the home page's form runs the same).
 */
async function createGame({ request, context }: ActionFunctionArgs) {
  const user = await requireApiUser(request, context);
  const input = await parseJsonBody(request, CreateGameSchema, {
    // House rules the variant does not offer are named; any other problem stays "Dados inválidos".
    refusal: (_error, raw, t) => {
      const problem = houseRulesProblem(raw);
      return problem ? t("errors:houseRules", { detail: problem }) : undefined;
    },
  });
  return answerOf(await createGameFor(context, request, user, input), { status: 201 });
}

export const loader = apiRoute({ POST: createGame });
export const action = loader;
