import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { FriendRequestBodySchema } from "~/schemas/friends";
import { requireApiUser } from "~/services/auth.server";
import { friendErrorResponse, sendRequest } from "~/services/friends.server";
import { apiRoute, jsonOk, parseJsonBody } from "~/services/http.server";
import { enforceRateLimit } from "~/services/rate-limit.server";

/**
 * POST {user_id} → 201 {id, created_at, status: "pending"}; or, when that player had already sent
 * one, their request is accepted: 200 {status: "accepted", friend}.
 */
async function post({ request, context }: ActionFunctionArgs) {
  const user = await requireApiUser(request, context);
  await enforceRateLimit({ request, context }, "friend_request", user);
  const body = await parseJsonBody(request, FriendRequestBodySchema);
  const outcome = await sendRequest(context, user, body.user_id);
  if (!outcome.ok) return friendErrorResponse(request, outcome.error);
  if (outcome.status === "accepted") return jsonOk({ status: "accepted", friend: outcome.friend });
  return jsonOk({ ...outcome.request, status: "pending" }, { status: 201 });
}

export const loader = apiRoute({ POST: post });
export const action = loader;
