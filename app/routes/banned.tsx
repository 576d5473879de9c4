import { PRODUCT_TIME_ZONE } from "../../game/calendar";
import { data, redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Logo } from "~/components/logo";
import { buttonClasses } from "~/components/ui/button";
import { banOfSession } from "~/services/admin.server";
import { clearSessionCookie, sessionIdFrom } from "~/services/auth.server";

/**
 * `/banned`: a browser whose session a ban revoked (or whose sign-in a ban refused) learns why,
 * once: the revoked cookie is cleared with this answer, so the next visit is the landing page.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const ban = await banOfSession(context.db, await sessionIdFrom(request, context));
  if (!ban) throw redirect("/");
  return data(ban, { headers: { "Set-Cookie": await clearSessionCookie(context.env), "Cache-Control": "no-store" } });
}

export default function BannedPage() {
  const ban = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: "long", timeZone: PRODUCT_TIME_ZONE }).format(new Date(ban.banned_at));
  return (
    <main id="main" className="flex min-h-dvh flex-col items-center justify-center gap-5 p-6 text-center">
      <Logo className="h-16 w-16" />
      <h1 className="font-display text-3xl font-bold text-gold-400">{t("auth:bannedTitle")}</h1>
      <p className="max-w-md text-cream-100">{t("auth:bannedBody", { nickname: ban.nickname, date })}</p>
      <div className="max-w-md rounded-xl border border-red-400/40 bg-red-900/30 px-5 py-3" data-testid="ban-reason">
        <p className="text-sm font-semibold tracking-wide text-red-200 uppercase">{t("auth:bannedReason")}</p>
        <p className="mt-1 text-cream-50">{ban.reason || t("auth:bannedNoReason")}</p>
      </div>
      <a href="/" className={buttonClasses("secondary")}>
        {t("auth:bannedBack")}
      </a>
    </main>
  );
}
