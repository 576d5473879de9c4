import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser } from "~/services/auth.server";
import { jsonOk, methodNotAllowed } from "~/services/http.server";
import { declineInvitation } from "~/services/invitations.server";
import { enforceRateLimit } from "~/services/rate-limit.server";

/** POST → declines the invitation; the inviter is told. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(request, ["POST"]);
  const user = await requireApiUser(request, context);
  await enforceRateLimit({ request, context }, "friend_response", user);
  const refused = await declineInvitation(request, context, user, params.id ?? "");
  return refused ?? jsonOk({ id: params.id, status: "declined" });
}

export async function loader({ request }: LoaderFunctionArgs) {
  return methodNotAllowed(request, ["POST"]);
}
