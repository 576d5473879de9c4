import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser } from "~/services/auth.server";
import { receivedRequests } from "~/services/friends.server";
import { jsonOk, methodNotAllowed } from "~/services/http.server";

/** GET → the friend requests the player received and has not answered (spec §3: id, created_at, friend_profile). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireApiUser(request, context);
  return jsonOk(await receivedRequests(context, user.id));
}

export async function action({ request }: ActionFunctionArgs) {
  return methodNotAllowed(request, ["GET"]);
}
