import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser } from "~/services/auth.server";
import { acceptRequest, friendErrorResponse } from "~/services/friends.server";
import { apiRoute, jsonOk } from "~/services/http.server";
import { enforceRateLimit } from "~/services/rate-limit.server";

/** POST → accepts the friend request (id: the request's; only its addressee may): {friend}. */
async function post({ request, context, params }: ActionFunctionArgs) {
  const user = await requireApiUser(request, context);
  await enforceRateLimit({ request, context }, "friend_response", user);
  const accepted = await acceptRequest(context, user, params.id ?? "");
  return accepted.ok ? jsonOk({ friend: accepted.friend }) : friendErrorResponse(request, accepted.error);
}

export const loader = apiRoute({ POST: post });
export const action = loader;
