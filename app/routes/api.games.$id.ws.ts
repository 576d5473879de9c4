import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiSession } from "~/services/auth.server";
import { apiRoute } from "~/services/http.server";
import { openRoomSocket } from "~/services/rooms.server";

/**
 * GET with Upgrade: websocket → the game's room. The session, the Origin and the seat are checked
 * here; the room receives only the verified user id (and the session's id, so that logging out
 * closes the socket), never anything the browser claimed.
 */
async function openSocket({ request, context, params }: LoaderFunctionArgs) {
  const { user, sessionId } = await requireApiSession(request, context);
  return openRoomSocket(request, context, params.id ?? "", user, sessionId);
}

export const loader = apiRoute({ GET: openSocket });
export const action = loader;
