import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser } from "~/services/auth.server";
import { answerOf, apiRoute } from "~/services/http.server";
import { acceptInvitation } from "~/services/invitations.server";

/** POST → takes the invited player's seat at the table (paying the entry): {game_id}. */
async function post({ request, context, params }: ActionFunctionArgs) {
  const user = await requireApiUser(request, context);
  return answerOf(await acceptInvitation(request, context, user, params.id ?? ""));
}

export const loader = apiRoute({ POST: post });
export const action = loader;
