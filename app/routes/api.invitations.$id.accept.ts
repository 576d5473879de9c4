import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser } from "~/services/auth.server";
import { jsonOk, methodNotAllowed } from "~/services/http.server";
import { acceptInvitation } from "~/services/invitations.server";
import { enforceRateLimit } from "~/services/rate-limit.server";

/** POST → takes the invited player's seat at the table (paying the entry): {game_id}. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(request, ["POST"]);
  const user = await requireApiUser(request, context);
  await enforceRateLimit({ request, context }, "friend_response", user);
  const accepted = await acceptInvitation(request, context, user, params.id ?? "");
  return accepted.ok ? jsonOk({ game_id: accepted.gameId }) : accepted.response;
}

export async function loader({ request }: LoaderFunctionArgs) {
  return methodNotAllowed(request, ["POST"]);
}
