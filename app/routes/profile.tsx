import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { CoinIcon } from "~/components/app-header";
import { Avatar } from "~/components/avatar";
import { NicknameEditor } from "~/components/nickname-editor";
import { Button, buttonClasses } from "~/components/ui/button";
import { Tabs } from "~/components/ui/tabs";
import { requireUser } from "~/services/auth.server";
import { profileOf, type Profile } from "~/services/users.server";
import { api } from "~/utils/api";
import { formatDate, formatPercent, winRate } from "~/utils/format";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  return { profile: profileOf(user) };
}

export default function ProfilePage() {
  const { profile } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const [tab, setTab] = useState("stats");

  async function logout() {
    // Clears the user, then tells the server (spec §4).
    await api("/api/logout");
    window.location.assign("/");
  }

  return (
    <div className="mx-auto flex min-h-dvh max-w-3xl flex-col px-3 pb-10 sm:px-6">
      <header className="flex items-center justify-between py-3">
        <Link to="/" className={buttonClasses("ghost", "sm")}>
          <span aria-hidden>←</span> {t("common:back")}
        </Link>
        <Button variant="secondary" size="sm" onClick={logout}>
          {t("auth:logout")}
        </Button>
      </header>

      <main id="main" className="flex flex-col gap-5">
        <section className="felt-panel flex flex-col items-center gap-4 p-5 text-center sm:flex-row sm:text-left">
          <Avatar name={profile.nickname} url={profile.avatar_url} seed={profile.id} size={88} premium={profile.is_premium} />
          <div className="flex min-w-0 flex-1 flex-col gap-2">
            <NicknameEditor nickname={profile.nickname} />
            {profile.is_premium ? (
              <span className="self-center rounded-full bg-gold-400/15 px-3 py-0.5 text-xs font-bold uppercase tracking-wide text-gold-300 sm:self-start">
                ★ {t("profile:premiumMember")}
              </span>
            ) : null}
            <div className="flex flex-wrap justify-center gap-2 sm:justify-start">
              <span className="inline-flex items-center gap-1.5 rounded-xl bg-black/25 px-3 py-1.5 text-sm font-semibold text-gold-300">
                <CoinIcon /> {t("common:coinsCount", { count: profile.virtual_coins })}
              </span>
              <span className="inline-flex items-center gap-1.5 rounded-xl bg-black/25 px-3 py-1.5 text-sm font-semibold text-cream-50">
                🏆 {t("common:pointsCount", { count: profile.ranking_points })}
              </span>
            </div>
          </div>
        </section>

        <Tabs
          label={t("profile:title")}
          value={tab}
          onChange={setTab}
          items={[{ id: "stats", label: t("profile:tabStats"), content: <StatsTab profile={profile} /> }]}
        />
      </main>
    </div>
  );
}

function StatsTab({ profile }: { profile: Profile }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const tiles = [
    { label: t("profile:totalGames"), value: profile.games_played.toLocaleString(locale) },
    { label: t("profile:wins"), value: profile.games_won.toLocaleString(locale) },
    { label: t("profile:losses"), value: profile.games_lost.toLocaleString(locale) },
    { label: t("profile:winRate"), value: formatPercent(winRate(profile.games_won, profile.games_played), locale, 1) },
  ];
  return (
    <div className="flex flex-col gap-4">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {tiles.map((tile) => (
          <div key={tile.label} className="felt-panel p-4 text-center">
            <dt className="text-xs font-medium uppercase tracking-wide text-cream-100/70">{tile.label}</dt>
            <dd className="mt-1 text-2xl font-bold tabular-nums text-cream-50">{tile.value}</dd>
          </div>
        ))}
      </dl>
      <section className="felt-panel p-4 sm:p-5" aria-labelledby="account-info">
        <h2 id="account-info" className="mb-3 font-display text-lg font-bold text-cream-50">
          {t("profile:accountInfo")}
        </h2>
        <dl className="divide-y divide-white/10 text-sm">
          <Row label={t("profile:memberSince")} value={formatDate(profile.created_at, locale)} />
          <Row
            label={t("profile:lastDailyReward")}
            value={profile.last_daily_reward_at ? formatDate(profile.last_daily_reward_at, locale) : t("profile:neverCollected")}
          />
          <Row label={t("profile:rankingPoints")} value={profile.ranking_points.toLocaleString(locale)} />
        </dl>
      </section>
    </div>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex items-center justify-between gap-4 py-2.5">
      <dt className="text-cream-100/75">{label}</dt>
      <dd className="font-semibold text-cream-50">{value}</dd>
    </div>
  );
}
