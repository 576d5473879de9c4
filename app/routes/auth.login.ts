import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
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
    return redirect(redirectUrl, { headers: setCookie ? { "Set-Cookie": setCookie } : undefined });
  } catch (error) {
    console.warn("Sign-in provider unavailable", error);
    return redirect("/");
  }
}
