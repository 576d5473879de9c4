import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser } from "~/services/auth.server";
import { openRoomSocket } from "~/services/rooms.server";

/**
 * GET with Upgrade: websocket → the game's room. The session, the Origin and
 * (once games exist) the seat are checked here; the room receives only the
 * verified user id, never anything the browser claimed.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireApiUser(request, context);
  return openRoomSocket(request, context, params.id ?? "", user);
}
