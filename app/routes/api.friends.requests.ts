import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser } from "~/services/auth.server";
import { receivedRequests } from "~/services/friends.server";
import { apiRoute, jsonOk } from "~/services/http.server";

/** GET → the friend requests the player received and has not answered (spec §3: id, created_at, friend_profile). */
async function get({ request, context }: LoaderFunctionArgs) {
  const user = await requireApiUser(request, context);
  return jsonOk(await receivedRequests(context, user.id));
}

export const loader = apiRoute({ GET: get });
export const action = loader;
