import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { RequestIdParamSchema } from "~/schemas/friends";
import { requireApiUser } from "~/services/auth.server";
import { cancelRequest } from "~/services/friends.server";
import { answerOf, apiRoute, jsonError } from "~/services/http.server";
import { serverT } from "~/services/i18n.server";

/** POST → withdraws a friend request the player sent and is still waiting (id: the request's; only its sender may). */
async function post({ request, context, params }: ActionFunctionArgs) {
  const user = await requireApiUser(request, context);
  const id = RequestIdParamSchema.safeParse(params.id);
  if (!id.success) return jsonError(400, (await serverT(request))("errors:invalidBody"));
  return answerOf(await cancelRequest(context, request, user, id.data));
}

export const loader = apiRoute({ POST: post });
export const action = loader;
