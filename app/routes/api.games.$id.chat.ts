import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { ChatPostSchema } from "~/schemas/games";
import { requireApiUser } from "~/services/auth.server";
import { recentChatAt, sendChatAt } from "~/services/chat.server";
import { answerOf, apiRoute, parseJsonBody } from "~/services/http.server";

/** GET → the table's recent messages, oldest first. Only for players at the table. */
async function readChat(args: LoaderFunctionArgs) {
  const user = await requireApiUser(args.request, args.context);
  return answerOf(await recentChatAt(args.context, args.request, user, args.params.id ?? ""));
}

/**
 * POST {message, message_type} → the stored message, also pushed to the table's sockets. A player
 * past the chat limit is muted for a while (429 with Retry-After); their game goes on. The body is
 * read after the seat check: a non-player is answered 403 whatever they sent.
 */
async function postMessage(args: LoaderFunctionArgs) {
  const user = await requireApiUser(args.request, args.context);
  const sent = await sendChatAt(args.context, args.request, user, args.params.id ?? "", () => parseJsonBody(args.request, ChatPostSchema));
  return answerOf(sent, { status: 201 });
}

export const loader = apiRoute({ GET: readChat, POST: postMessage });
export const action = loader;
