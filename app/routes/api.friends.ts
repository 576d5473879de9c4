import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser } from "~/services/auth.server";
import { listFriends } from "~/services/friends.server";
import { apiRoute, jsonOk } from "~/services/http.server";
import { replicaContext } from "~/services/replica.server";

/** GET → the player's friends (spec §3 Friend: id, nickname, avatar_url, ranking_points, is_online; plus status). */
async function get({ request, context }: LoaderFunctionArgs) {
  const user = await requireApiUser(request, context);
  return jsonOk(await listFriends(replicaContext(context), user.id));
}

export const loader = apiRoute({ GET: get });
export const action = loader;
