import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { ChatPostSchema } from "~/schemas/games";
import { requireApiUser } from "~/services/auth.server";
import { checkChatMessage, postChat, recentChat } from "~/services/chat.server";
import { findGame, isSeated } from "~/services/games.server";
import { apiRoute, jsonError, jsonOk, parseJsonBody } from "~/services/http.server";
import { serverT } from "~/services/i18n.server";
import { enforceRateLimit } from "~/services/rate-limit.server";
import { room } from "~/services/rooms.server";

const PROBLEMS = {
  empty: "errors:chatEmpty",
  too_long: "errors:chatTooLong",
  bad_emoji: "errors:chatBadEmoji",
  too_fast: "errors:chatTooFast",
} as const;

async function seatedGame(args: LoaderFunctionArgs) {
  const user = await requireApiUser(args.request, args.context);
  const t = await serverT(args.request);
  const game = await findGame(args.context, args.params.id ?? "");
  if (!game) throw jsonError(404, t("errors:gameNotFound"));
  if (!(await isSeated(args.context, game.id, user.id))) throw jsonError(403, t("errors:notSeated"));
  return { user, game, t };
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
async function sendChat(args: LoaderFunctionArgs) {
  const { user, game, t } = await seatedGame(args);
  const body = await parseJsonBody(args.request, ChatPostSchema);
  const checked = checkChatMessage(body.message, body.message_type);
  if ("problem" in checked) return jsonError(400, t(PROBLEMS[checked.problem]));
  await enforceRateLimit(args, "chat", user);
  const message = await postChat(args.context, game.id, user, checked.text, body.message_type);
  if (message === "too_fast") return jsonError(429, t(PROBLEMS.too_fast));
  if (game.status === "waiting" || game.status === "active") {
    await room(args.context, game.id).pushChat(message);
  }
  return jsonOk(message, { status: 201 });
}

export const loader = apiRoute({ GET: readChat, POST: sendChat });
export const action = loader;
