import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { languageFromCookie, LANGUAGE_COOKIE_MAX_AGE, LANGUAGE_KEY } from "~/i18n";
import { CreateSessionSchema } from "~/schemas/user";
import { bannedSessionCookie } from "~/services/admin.server";
import { startSession } from "~/services/auth.server";
import { answerOf, apiRoute, jsonError, jsonOk, parseJsonBody } from "~/services/http.server";
import { serverT } from "~/services/i18n.server";
import { rateLimited } from "~/services/rate-limit.server";
import { clearStateCookies, completeSignIn, type Identity } from "~/services/sign-in.server";
import { profileOf, userForIdentity } from "~/services/users.server";

/** POST {code, state} → a new server-side session for the signed-in user. */
async function createSession({ request, context }: ActionFunctionArgs) {
  const body = await parseJsonBody(request, CreateSessionSchema);
  const limited = await rateLimited(context, request, "session_create", null);
  if (limited) return answerOf(limited);
  const t = await serverT(request);
  let identity: Identity;
  try {
    identity = await completeSignIn(request, context.env, body);
  } catch (error) {
    console.warn("Sign-in exchange failed:", (error as Error)?.message ?? error);
    return jsonError(400, t("errors:signInFailed"));
  }
  const user = await userForIdentity(context, identity);
  if (user.banned_at) {
    // Refused; the cookie names a revoked session, so the next page is the banned page with the reason.
    const refusal = jsonError(403, t("errors:banned"));
    refusal.headers.append("Set-Cookie", await bannedSessionCookie(context, user.id));
    return refusal;
  }

  const headers = new Headers();
  headers.append("Set-Cookie", await startSession(request, context, user.id));
  for (const cookie of clearStateCookies(request, context.env)) headers.append("Set-Cookie", cookie);
  // A returning player on a new device gets the language saved on the account.
  if (user.language && !languageFromCookie(request.headers.get("Cookie"))) {
    headers.append(
      "Set-Cookie",
      `${LANGUAGE_KEY}=${encodeURIComponent(user.language)}; Path=/; Max-Age=${LANGUAGE_COOKIE_MAX_AGE}; SameSite=Lax`,
    );
  }
  return jsonOk({ user: profileOf(user) }, { status: 201, headers });
}

export const loader = apiRoute({ POST: createSession });
export const action = loader;
