import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser } from "~/services/auth.server";
import { declineRequest } from "~/services/friends.server";
import { answerOf, apiRoute } from "~/services/http.server";

/** POST → declines the friend request (id: the request's; only its addressee may). */
async function post({ request, context, params }: ActionFunctionArgs) {
  const user = await requireApiUser(request, context);
  return answerOf(await declineRequest(context, request, user, params.id ?? ""));
}

export const loader = apiRoute({ POST: post });
export const action = loader;
