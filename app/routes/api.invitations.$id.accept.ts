import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser } from "~/services/auth.server";
import { apiRoute, jsonOk } from "~/services/http.server";
import { acceptInvitation } from "~/services/invitations.server";
import { enforceRateLimit } from "~/services/rate-limit.server";

/** POST → takes the invited player's seat at the table (paying the entry): {game_id}. */
async function post({ request, context, params }: ActionFunctionArgs) {
  const user = await requireApiUser(request, context);
  await enforceRateLimit({ request, context }, "friend_response", user);
  const accepted = await acceptInvitation(request, context, user, params.id ?? "");
  return accepted.ok ? jsonOk({ game_id: accepted.gameId }) : accepted.response;
}

export const loader = apiRoute({ POST: post });
export const action = loader;
