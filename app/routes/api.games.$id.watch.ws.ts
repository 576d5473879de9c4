import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiSession } from "~/services/auth.server";
import { apiRoute } from "~/services/http.server";
import { openSpectatorSocket } from "~/services/spectate.server";

/**
 * GET with Upgrade: websocket → the game's spectator relay. The session and the Origin are checked
 * here and the room says whether this user may watch; the relay receives only the verified user.
 */
async function openSocket({ request, context, params }: LoaderFunctionArgs) {
  const { user, sessionId } = await requireApiSession(request, context);
  return openSpectatorSocket(request, context, params.id ?? "", user, sessionId);
}

export const loader = apiRoute({ GET: openSocket });
export const action = loader;
