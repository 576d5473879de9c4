import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser } from "~/services/auth.server";
import { answerOf, apiRoute } from "~/services/http.server";
import { declineInvitation } from "~/services/invitations.server";

/** POST → declines the invitation; the inviter is told. */
async function post({ request, context, params }: ActionFunctionArgs) {
  const user = await requireApiUser(request, context);
  return answerOf(await declineInvitation(request, context, user, params.id ?? ""));
}

export const loader = apiRoute({ POST: post });
export const action = loader;
