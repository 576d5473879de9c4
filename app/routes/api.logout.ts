import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { endSession, getUser } from "~/services/auth.server";
import { channel } from "~/services/channels.server";
import { jsonError, jsonOk } from "~/services/http.server";
import { serverT } from "~/services/i18n.server";

async function logout(request: Request, context: LoaderFunctionArgs["context"]) {
  const user = await getUser(request, context);
  const setCookie = await endSession(request, context);
  // The live channel was opened with this session: its sockets close now. Other devices' tabs
  // reconnect with their own sessions; this one's is gone, so it stays closed.
  if (user)
    await channel(context, user.id)
      .closeAll("signed_out")
      .catch((error: unknown) => console.warn("channel not closed", error));
  return jsonOk({ ok: true }, { headers: { "Set-Cookie": setCookie } });
}

/**
 * GET (spec §7) or POST: revokes the session at once. A GET that another site
 * triggered (Sec-Fetch-Site: cross-site) is refused, so links elsewhere
 * cannot sign players out.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  if (request.headers.get("Sec-Fetch-Site") === "cross-site") {
    const t = await serverT(request);
    return jsonError(403, t("errors:forbiddenOrigin"));
  }
  return logout(request, context);
}

export async function action({ request, context }: ActionFunctionArgs) {
  return logout(request, context);
}
