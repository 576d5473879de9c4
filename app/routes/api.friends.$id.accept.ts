import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser } from "~/services/auth.server";
import { acceptRequest } from "~/services/friends.server";
import { answerOf, apiRoute } from "~/services/http.server";

/** POST → accepts the friend request (id: the request's; only its addressee may): {friend}. */
async function post({ request, context, params }: ActionFunctionArgs) {
  const user = await requireApiUser(request, context);
  return answerOf(await acceptRequest(context, request, user, params.id ?? ""));
}

export const loader = apiRoute({ POST: post });
export const action = loader;
