import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData, useLocation, useNavigate } from "@remix-run/react";
import { AppearOfflineForm } from "~/components/profile/appear-offline-form";
import { PrivateGamesForm } from "~/components/profile/private-games-form";
import { AppearOfflineFormSchema } from "~/schemas/friends";
import { GamesPrivateFormSchema } from "~/schemas/user";
import { setGamesPrivate } from "~/services/replay.server";
import { setAppearOffline } from "~/services/friends.server";
import { useTranslation } from "react-i18next";
import { CoinIcon, StarIcon, TrophyIcon } from "~/components/icons";
import { Avatar } from "~/components/avatar";
import { NicknameEditor } from "~/components/nickname-editor";
import { Button, buttonClasses } from "~/components/ui/button";
import { HistoryTab } from "~/components/profile/history-tab";
import { StatsTab } from "~/components/profile/stats-tab";
import { TransactionsTab } from "~/components/profile/transactions-tab";
import { FormNotice } from "~/components/ui/form-notice";
import { BackHeader } from "~/components/ui/page";
import { Tabs } from "~/components/ui/tabs";
import type { FormResult } from "~/schemas/home-forms";
import { pageContext } from "~/services/replica.server";
import { requireUser } from "~/services/auth.server";
import { parseEnv } from "~/services/env.server";
import { profileAction } from "~/services/profile-actions.server";
import { practiceStatsOf } from "~/services/games.server";
import { profileOf } from "~/services/users.server";
import { withParam } from "~/utils/ui-params";
import { SiteHeader } from "~/components/site-header";

const TABS = ["stats", "history", "transactions"] as const;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const profile = profileOf(user);
  // Priority support is a premium feature: only members get the address.
  const supportEmail = profile.is_premium ? parseEnv(context.cloudflare.env).SUPPORT_EMAIL : null;
  return {
    profile,
    supportEmail,
    appearOffline: user.appear_offline,
    gamesPrivate: user.games_private,
    practice: await practiceStatsOf(pageContext(request, context), user.id),
  };
}

/**
 * The page's forms (they work before the page hydrates): the "appear offline" and "private games"
 * switches, or the nickname and the other profile forms (profile-actions.server.ts).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  // Not a form (JSON from another client) or not the switch: the profile forms answer, and refuse a non-form body.
  const fields = await request
    .clone()
    .formData()
    .catch(() => null);
  if (fields?.has("games_private")) {
    const user = await requireUser(request, context);
    const parsed = GamesPrivateFormSchema.safeParse(Object.fromEntries(fields));
    if (!parsed.success) return { ok: false as const };
    await setGamesPrivate(context, user.id, parsed.data.games_private);
    return { ok: true as const };
  }
  if (!fields?.has("appear_offline")) return profileAction(request, context);
  const user = await requireUser(request, context);
  const parsed = AppearOfflineFormSchema.safeParse(Object.fromEntries(fields));
  if (!parsed.success) return { ok: false as const };
  await setAppearOffline(context, user.id, parsed.data.appear_offline);
  return { ok: true as const };
}

/** 'Perfil não encontrado' with a way back (spec §2), when the profile cannot be loaded. */
export function ErrorBoundary() {
  const { t } = useTranslation();
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-6 p-6 text-center">
      <p className="font-display text-3xl font-bold text-gold-400">{t("profile:notFound")}</p>
      <Link to="/" className={buttonClasses("primary", "lg")}>
        {t("common:back")}
      </Link>
    </main>
  );
}

export default function ProfilePage() {
  const { profile, supportEmail, appearOffline, gamesPrivate, practice } = useLoaderData<typeof loader>();
  const posted = useActionData<FormResult>();
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  // The tabs are links (`?tab=…`), so a tap before hydration switches too.
  const wanted = new URLSearchParams(location.search).get("tab");
  const tab = TABS.find((id) => id === wanted) ?? "stats";
  const tabHref = (id: string) => withParam(withParam(location.search, "edit", null), "tab", id === "stats" ? null : id);

  return (
    <>
      <SiteHeader />
      <div className="mx-auto flex w-full max-w-3xl flex-col px-3 pb-10 sm:px-6">
        <BackHeader label={t("common:back")}>
          {/* A plain form: the server ends the session and goes to the landing page (works before hydration). */}
          <form method="post" action="/api/logout">
            <Button type="submit" variant="secondary" size="sm">
              {t("auth:logout")}
            </Button>
          </form>
        </BackHeader>

        <main id="main" className="flex flex-col gap-5">
          <section className="felt-panel flex flex-col items-center gap-4 p-5 text-center sm:flex-row sm:text-left">
            <Avatar name={profile.nickname} url={profile.avatar_url} seed={profile.id} size={88} premium={profile.is_premium} />
            <div className="flex min-w-0 flex-1 flex-col gap-2">
              <NicknameEditor nickname={profile.nickname} />
              {profile.is_premium ? (
                <span className="flex flex-wrap items-center justify-center gap-x-2 gap-y-1 sm:justify-start">
                  <span className="rounded-full bg-gold-400/15 px-3 py-0.5 text-xs font-bold uppercase tracking-wide text-gold-300">
                    <StarIcon className="mr-1 inline h-3.5 w-3.5" />
                    {t("profile:premiumMember")}
                  </span>
                  {profile.premium_until ? (
                    <span className="text-xs text-cream-100/70" data-testid="premium-until">
                      {t("profile:premiumUntil", {
                        // The product's calendar (DESIGN.md §5), so the server and the browser print the same day.
                        date: new Date(profile.premium_until).toLocaleDateString(i18n.language, {
                          day: "numeric",
                          month: "long",
                          year: "numeric",
                          timeZone: "America/Sao_Paulo",
                        }),
                      })}
                    </span>
                  ) : null}
                </span>
              ) : null}
              <div className="flex flex-wrap justify-center gap-2 sm:justify-start">
                <span className="inline-flex items-center gap-1.5 rounded-xl bg-black/25 px-3 py-1.5 text-sm font-semibold text-gold-300">
                  <CoinIcon /> {t("common:coinsCount", { count: profile.virtual_coins })}
                </span>
                <span className="inline-flex items-center gap-1.5 rounded-xl bg-black/25 px-3 py-1.5 text-sm font-semibold text-cream-50">
                  <TrophyIcon className="h-5 w-5 text-gold-300" /> {t("common:pointsCount", { count: profile.ranking_points })}
                </span>
              </div>
            </div>
          </section>

          <AppearOfflineForm appearOffline={appearOffline} />
          <PrivateGamesForm gamesPrivate={gamesPrivate} />

          {supportEmail ? (
            <section className="felt-panel flex flex-col gap-3 p-4 sm:flex-row sm:items-center" aria-labelledby="support-title">
              <div className="min-w-0 flex-1">
                <h2 id="support-title" className="font-display text-lg font-bold text-cream-50">
                  {t("profile:supportTitle")}
                </h2>
                <p className="text-sm text-cream-100/75">{t("profile:supportText")}</p>
              </div>
              <a
                href={`mailto:${supportEmail}?subject=${encodeURIComponent(t("profile:supportSubject", { id: profile.id }))}`}
                className={buttonClasses("secondary", "md")}
                data-testid="priority-support"
              >
                {t("profile:supportButton")}
              </a>
            </section>
          ) : null}

          <Tabs
            label={t("profile:title")}
            value={tab}
            onChange={(id) => navigate(tabHref(id), { replace: true, preventScrollReset: true })}
            hrefOf={tabHref}
            items={[
              { id: "stats", label: t("profile:tabStats"), content: <StatsTab profile={profile} practice={practice} /> },
              { id: "history", label: t("profile:tabHistory"), content: <HistoryTab /> },
              { id: "transactions", label: t("profile:tabTransactions"), content: <TransactionsTab /> },
            ]}
          />
        </main>
        <FormNotice result={posted && !posted.ok ? posted : null} />
      </div>
    </>
  );
}
