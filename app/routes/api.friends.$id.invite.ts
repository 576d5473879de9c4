import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { InviteBodySchema } from "~/schemas/friends";
import { requireApiUser } from "~/services/auth.server";
import { answerOf, apiRoute, jsonOk, parseJsonBody } from "~/services/http.server";
import { inviteFriend } from "~/services/invitations.server";

/**
 * POST {game_id} (the inviter's waiting room) or {truco_variant} (a new casual 1v1) → 201
 * {invitation, game_id}: the friend (id: their user id) sees it on whatever page they are on.
 */
async function post({ request, context, params }: ActionFunctionArgs) {
  const user = await requireApiUser(request, context);
  const body = await parseJsonBody(request, InviteBodySchema);
  const invited = await inviteFriend(request, context, user, params.id ?? "", body);
  if (!invited.ok) return answerOf(invited);
  return jsonOk({ invitation: invited.data, game_id: invited.data.game.id }, { status: 201 });
}

export const loader = apiRoute({ POST: post });
export const action = loader;
