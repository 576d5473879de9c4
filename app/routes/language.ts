import { json, redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { LANGUAGE_COOKIE_MAX_AGE, LANGUAGE_KEY } from "~/i18n";
import { LanguageFormSchema } from "~/schemas/home-forms";
import { getUser } from "~/services/auth.server";
import { localPath, readFormBody } from "~/services/http.server";
import { updateLanguage } from "~/services/users.server";

/** Nothing to show: the switcher only posts here. */
export function loader() {
  return redirect("/");
}

/**
 * The language switcher's form (spec §1: saved in the browser and sent to the server): the `lng`
 * cookie the server renders from, the account's language for a signed-in player, and back to the
 * page. It works before the page has hydrated; once it has, the switcher also keeps the choice in
 * local storage and posts `stay`: the answer is then a plain one and the fetcher's revalidation
 * re-renders whatever page is shown. (A redirect to the path captured when the form was rendered
 * would pull back a player who had meanwhile moved on: a fetcher's redirect is a navigation.)
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readFormBody(request, LanguageFormSchema);
  if (!form.ok) return redirect("/");
  const { language, redirect_to, stay } = form.data;
  const user = await getUser(request, context);
  if (user) await updateLanguage(context, user.id, language);
  const secure = new URL(request.url).protocol === "https:" ? "; Secure" : "";
  const headers = {
    "Set-Cookie": `${LANGUAGE_KEY}=${encodeURIComponent(language)}; Path=/; Max-Age=${LANGUAGE_COOKIE_MAX_AGE}; SameSite=Lax${secure}`,
  };
  if (stay) return json({ ok: true, language }, { headers });
  return redirect(localPath(redirect_to), { headers });
}
