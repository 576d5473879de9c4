import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { endSession } from "~/services/auth.server";
import { apiRoute, jsonError, jsonOk } from "~/services/http.server";
import { serverT } from "~/services/i18n.server";
import { closeSessionSockets } from "~/services/sockets.server";

/**
 * GET (spec §7) or POST: revokes the session at once and closes every socket opened with it.
 * A GET that another site triggered (Sec-Fetch-Site: cross-site) is refused, so links elsewhere
 * cannot sign players out.
 */
async function logout({ request, context }: LoaderFunctionArgs) {
  if (request.method !== "POST" && request.headers.get("Sec-Fetch-Site") === "cross-site") {
    const t = await serverT(request);
    return jsonError(403, t("errors:forbiddenOrigin"));
  }
  const { setCookie, ended } = await endSession(request, context);
  if (ended) await closeSessionSockets(context, ended.userId, ended.sessionId);
  return jsonOk({ ok: true }, { headers: { "Set-Cookie": setCookie } });
}

/** The profile's 'Sair' button posts a plain form here (it works before hydration): back to the landing page. */
async function logoutByForm(args: LoaderFunctionArgs) {
  const response = await logout(args);
  if (response.ok && args.request.headers.get("Content-Type")?.startsWith("application/x-www-form-urlencoded")) {
    return redirect("/", { headers: { "Set-Cookie": response.headers.get("Set-Cookie") ?? "" } });
  }
  return response;
}

export const loader = apiRoute({ GET: logout, POST: logoutByForm });
export const action = loader;
