import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser } from "~/services/auth.server";
import { declineRequest, friendErrorResponse } from "~/services/friends.server";
import { apiRoute, jsonOk } from "~/services/http.server";
import { enforceRateLimit } from "~/services/rate-limit.server";

/** POST → declines the friend request (id: the request's; only its addressee may). */
async function post({ request, context, params }: ActionFunctionArgs) {
  const user = await requireApiUser(request, context);
  await enforceRateLimit({ request, context }, "friend_response", user);
  const declined = await declineRequest(context, user, params.id ?? "");
  return declined.ok ? jsonOk({ id: declined.id, status: "declined" }) : friendErrorResponse(request, declined.error);
}

export const loader = apiRoute({ POST: post });
export const action = loader;
