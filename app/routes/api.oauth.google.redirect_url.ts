import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { answerOf, apiRoute, jsonError, jsonOk } from "~/services/http.server";
import { serverT } from "~/services/i18n.server";
import { rateLimited } from "~/services/rate-limit.server";
import { beginSignIn } from "~/services/sign-in.server";

/** GET → {redirectUrl}: the provider's authorization URL (code flow, state, PKCE). */
async function beginSignInUrl({ request, context }: LoaderFunctionArgs) {
  const limited = await rateLimited(context, request, "signin", null);
  if (limited) return answerOf(limited);
  try {
    const { redirectUrl, setCookie } = await beginSignIn(request, context.env);
    return jsonOk({ redirectUrl }, { headers: setCookie ? { "Set-Cookie": setCookie } : undefined });
  } catch (error) {
    console.warn("Sign-in provider unavailable", error);
    const t = await serverT(request);
    return jsonError(502, t("errors:signInFailed"));
  }
}

export const loader = apiRoute({ GET: beginSignInUrl });
export const action = loader;
