import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { FriendRequestBodySchema } from "~/schemas/friends";
import { requireApiUser } from "~/services/auth.server";
import { sendRequest } from "~/services/friends.server";
import { answerOf, apiRoute, jsonOk, parseJsonBody } from "~/services/http.server";

/**
 * POST {user_id} → 201 {id, created_at, status: "pending"}; or, when that player had already sent
 * one, their request is accepted: 200 {status: "accepted", friend}.
 */
async function post({ request, context }: ActionFunctionArgs) {
  const user = await requireApiUser(request, context);
  const body = await parseJsonBody(request, FriendRequestBodySchema);
  const outcome = await sendRequest(context, request, user, body.user_id);
  if (!outcome.ok) return answerOf(outcome);
  if (outcome.data.status === "accepted") return jsonOk({ status: "accepted", friend: outcome.data.friend });
  return jsonOk({ ...outcome.data.request, status: "pending" }, { status: 201 });
}

export const loader = apiRoute({ POST: post });
export const action = loader;
