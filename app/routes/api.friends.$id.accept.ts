import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser } from "~/services/auth.server";
import { acceptRequest, friendErrorResponse } from "~/services/friends.server";
import { jsonOk, methodNotAllowed } from "~/services/http.server";
import { enforceRateLimit } from "~/services/rate-limit.server";

/** POST → accepts the friend request (id: the request's; only its addressee may): {friend}. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(request, ["POST"]);
  const user = await requireApiUser(request, context);
  await enforceRateLimit({ request, context }, "friend_response", user);
  const accepted = await acceptRequest(context, user, params.id ?? "");
  return accepted.ok ? jsonOk({ friend: accepted.friend }) : friendErrorResponse(request, accepted.error);
}

export async function loader({ request }: LoaderFunctionArgs) {
  return methodNotAllowed(request, ["POST"]);
}
