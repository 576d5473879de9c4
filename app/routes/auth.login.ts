import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { joinCodeOfSignInForm, joinIntentCookie } from "~/services/join-intent.server";
import { beginSignIn } from "~/services/sign-in.server";

/** Nothing to show: the sign-in buttons post here. */
export function loader() {
  return redirect("/");
}

/**
 * The landing page's sign-in buttons (a plain form, so a tap before hydration signs in too):
 * the provider's authorization URL, as `GET /api/oauth/google/redirect_url` answers it, with the
 * cookie holding state and PKCE verifier. A provider that cannot be reached leaves the visitor on
 * the landing page (spec §8: login failures are only logged).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  try {
    const { redirectUrl, setCookie } = await beginSignIn(request, context.env);
    const headers = new Headers();
    if (setCookie) headers.append("Set-Cookie", setCookie);
    // An invite link opened while signed out: its code waits for the player's return.
    const join = await joinCodeOfSignInForm(request);
    if (join) headers.append("Set-Cookie", joinIntentCookie(join, new URL(request.url).protocol === "https:"));
    return redirect(redirectUrl, { headers });
  } catch (error) {
    console.warn("Sign-in provider unavailable", error);
    return redirect("/");
  }
}
