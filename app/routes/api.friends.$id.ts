import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser } from "~/services/auth.server";
import { removeFriend } from "~/services/friends.server";
import { answerOf, apiRoute } from "~/services/http.server";

/** DELETE → removes the friend (id: the friend's user id), on both sides. */
async function remove({ request, context, params }: ActionFunctionArgs) {
  const user = await requireApiUser(request, context);
  return answerOf(await removeFriend(context, request, user, params.id ?? ""));
}

export const loader = apiRoute({ DELETE: remove });
export const action = loader;
