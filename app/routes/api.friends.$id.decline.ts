import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser } from "~/services/auth.server";
import { declineRequest, friendErrorResponse } from "~/services/friends.server";
import { jsonOk, methodNotAllowed } from "~/services/http.server";
import { enforceRateLimit } from "~/services/rate-limit.server";

/** POST → declines the friend request (id: the request's; only its addressee may). */
export async function action({ request, context, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(request, ["POST"]);
  const user = await requireApiUser(request, context);
  await enforceRateLimit({ request, context }, "friend_response", user);
  const declined = await declineRequest(context, user, params.id ?? "");
  return declined.ok ? jsonOk({ id: declined.id, status: "declined" }) : friendErrorResponse(request, declined.error);
}

export async function loader({ request }: LoaderFunctionArgs) {
  return methodNotAllowed(request, ["POST"]);
}
