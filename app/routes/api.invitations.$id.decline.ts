import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser } from "~/services/auth.server";
import { apiRoute, jsonOk } from "~/services/http.server";
import { declineInvitation } from "~/services/invitations.server";
import { enforceRateLimit } from "~/services/rate-limit.server";

/** POST → declines the invitation; the inviter is told. */
async function post({ request, context, params }: ActionFunctionArgs) {
  const user = await requireApiUser(request, context);
  await enforceRateLimit({ request, context }, "friend_response", user);
  const refused = await declineInvitation(request, context, user, params.id ?? "");
  return refused ?? jsonOk({ id: params.id, status: "declined" });
}

export const loader = apiRoute({ POST: post });
export const action = loader;
