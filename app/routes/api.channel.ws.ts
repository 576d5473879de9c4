import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser } from "~/services/auth.server";
import { openChannelSocket } from "~/services/channels.server";
import { apiRoute } from "~/services/http.server";

/**
 * GET with Upgrade: websocket → the signed-in player's live channel: presence,
 * friend events and invitations. Every signed-in page opens it.
 */
async function get({ request, context }: LoaderFunctionArgs) {
  const user = await requireApiUser(request, context);
  return openChannelSocket(request, context, user);
}

export const loader = apiRoute({ GET: get });
export const action = loader;
