import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser } from "~/services/auth.server";
import { friendErrorResponse, removeFriend } from "~/services/friends.server";
import { apiRoute, jsonOk } from "~/services/http.server";

/** DELETE → removes the friend (id: the friend's user id), on both sides. */
async function remove({ request, context, params }: ActionFunctionArgs) {
  const user = await requireApiUser(request, context);
  const removed = await removeFriend(context, user, params.id ?? "");
  return removed.ok ? jsonOk({ id: removed.id, removed: true }) : friendErrorResponse(request, removed.error);
}

export const loader = apiRoute({ DELETE: remove });
export const action = loader;
