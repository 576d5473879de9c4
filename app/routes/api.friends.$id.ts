import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser } from "~/services/auth.server";
import { friendErrorResponse, removeFriend } from "~/services/friends.server";
import { jsonOk, methodNotAllowed } from "~/services/http.server";

/** DELETE → removes the friend (id: the friend's user id), on both sides. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  if (request.method !== "DELETE") return methodNotAllowed(request, ["DELETE"]);
  const user = await requireApiUser(request, context);
  const removed = await removeFriend(context, user, params.id ?? "");
  return removed.ok ? jsonOk({ id: removed.id, removed: true }) : friendErrorResponse(request, removed.error);
}

export async function loader({ request }: LoaderFunctionArgs) {
  return methodNotAllowed(request, ["DELETE"]);
}
