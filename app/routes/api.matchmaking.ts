import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { EnterQueueSchema } from "~/schemas/matchmaking";
import { requireApiUser } from "~/services/auth.server";
import { answerOf, apiRoute, jsonOk, parseJsonBody } from "~/services/http.server";
import { cancelQueueFor, enterQueueFor, queueStateOf } from "~/services/matchmaking.server";

// Quick match: enter a queue, see where you stand (which also keeps you in it), leave it.

/** GET → the player's queue state: none, waiting (time, searching, the bots offer) or matched {game_id}. */
async function status({ request, context }: LoaderFunctionArgs) {
  const user = await requireApiUser(request, context);
  return jsonOk(await queueStateOf(context, user.id));
}

/** POST {truco_variant, game_type, game_mode} → the queue state (matched at once when someone was waiting). */
async function enter({ request, context }: ActionFunctionArgs) {
  const user = await requireApiUser(request, context);
  const body = await parseJsonBody(request, EnterQueueSchema);
  return answerOf(await enterQueueFor(context, request, user, { variant: body.truco_variant, type: body.game_type, mode: body.game_mode }));
}

/** DELETE → {left, game_id}: leaves the queue (nothing was charged); game_id when a match already seated the player. */
async function cancel({ request, context }: ActionFunctionArgs) {
  const user = await requireApiUser(request, context);
  return jsonOk(await cancelQueueFor(context, user.id));
}

export const loader = apiRoute({ GET: status, POST: enter, DELETE: cancel });
export const action = loader;
