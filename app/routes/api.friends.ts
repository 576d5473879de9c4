import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser } from "~/services/auth.server";
import { listFriends } from "~/services/friends.server";
import { jsonOk, methodNotAllowed } from "~/services/http.server";

/** GET → the player's friends (spec §3 Friend: id, nickname, avatar_url, ranking_points, is_online; plus status). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireApiUser(request, context);
  return jsonOk(await listFriends(context, user.id));
}

export async function action({ request }: ActionFunctionArgs) {
  return methodNotAllowed(request, ["GET"]);
}
