import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { endSession } from "~/services/auth.server";
import { jsonError, jsonOk } from "~/services/http.server";
import { serverT } from "~/services/i18n.server";

async function logout(request: Request, context: LoaderFunctionArgs["context"]) {
  return jsonOk({ ok: true }, { headers: { "Set-Cookie": await endSession(request, context) } });
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

/** The profile's 'Sair' button posts a plain form here (it works before hydration): back to the landing page. */
export async function action({ request, context }: ActionFunctionArgs) {
  const response = await logout(request, context);
  if (request.headers.get("Content-Type")?.startsWith("application/x-www-form-urlencoded")) {
    return redirect("/", { headers: { "Set-Cookie": response.headers.get("Set-Cookie") ?? "" } });
  }
  return response;
}
