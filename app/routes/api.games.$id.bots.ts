import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { FillWithBotsSchema } from "~/schemas/games";
import { requireApiUser } from "~/services/auth.server";
import { answerOf, apiRoute, parseJsonBody } from "~/services/http.server";
import { fillWithBots } from "~/services/rooms.server";

/**
 * POST {bot_level}: the creator of a casual waiting room fills its free seats
 * with computer players. The table becomes a free practice game: entries are
 * returned and no coins or ranking points change.
 */
async function fillWithBotsRoute({ request, context, params }: ActionFunctionArgs) {
  const user = await requireApiUser(request, context);
  const { bot_level } = await parseJsonBody(request, FillWithBotsSchema);
  return answerOf(await fillWithBots(context, request, user, params.id ?? "", bot_level));
}

export const loader = apiRoute({ POST: fillWithBotsRoute });
export const action = loader;
