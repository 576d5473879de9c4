import { useTranslation } from "react-i18next";
import { PracticeStats } from "~/components/stats-block";
import type { Profile } from "~/services/users.server";
import { formatDate, formatPercent, winRate } from "~/utils/format";
import { formatInteger } from "~/utils/integer-format";

/** Estatísticas (spec §2): totals, win rate with one decimal, account info. */
export function StatsTab({ profile, practice }: { profile: Profile; practice: { games: number; wins: number } }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const tiles = [
    { label: t("profile:totalGames"), value: formatInteger(profile.games_played, locale) },
    { label: t("profile:wins"), value: formatInteger(profile.games_won, locale) },
    { label: t("profile:losses"), value: formatInteger(profile.games_lost, locale) },
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
      <PracticeStats practice={practice} />
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
          <Row label={t("profile:rankingPoints")} value={formatInteger(profile.ranking_points, locale)} />
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
