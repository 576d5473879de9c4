import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { ChatPostSchema } from "~/schemas/games";
import { requireApiUser } from "~/services/auth.server";
import { recentChat, sendChat } from "~/services/chat.server";
import { findGame, isSeated } from "~/services/games.server";
import { answerOf, apiRoute, jsonError, jsonOk, parseJsonBody } from "~/services/http.server";
import { serverT } from "~/services/i18n.server";

async function seatedGame(args: LoaderFunctionArgs) {
  const user = await requireApiUser(args.request, args.context);
  const t = await serverT(args.request);
  const game = await findGame(args.context, args.params.id ?? "");
  if (!game) throw jsonError(404, t("errors:gameNotFound"));
  if (!(await isSeated(args.context, game.id, user.id))) throw jsonError(403, t("errors:notSeated"));
  return { user, game };
}

/** GET → the table's recent messages, oldest first. Only for players at the table. */
async function readChat(args: LoaderFunctionArgs) {
  const { game } = await seatedGame(args);
  return jsonOk(await recentChat(args.context, game.id));
}

/**
 * POST {message, message_type} → the stored message, also pushed to the table's sockets. A player
 * past the chat limit is muted for a while (429 with Retry-After); their game goes on.
 */
async function postMessage(args: LoaderFunctionArgs) {
  const { user, game } = await seatedGame(args);
  const body = await parseJsonBody(args.request, ChatPostSchema);
  return answerOf(await sendChat(args.context, args.request, user, game, body), { status: 201 });
}

export const loader = apiRoute({ GET: readChat, POST: postMessage });
export const action = loader;
