import { useTranslation } from "react-i18next";
import type { Profile } from "~/services/users.server";
import { formatInteger } from "~/utils/integer-format";

/** Games played, won, lost and ranking points (spec §2, home). */
export function StatsBlock({ user, practice }: { user: Profile; practice: { games: number; wins: number } | null }) {
  const { t, i18n } = useTranslation();
  const items = [
    { label: t("home:gamesPlayed"), value: user.games_played, tone: "text-cream-50" },
    { label: t("home:gamesWon"), value: user.games_won, tone: "text-emerald-300" },
    { label: t("home:gamesLost"), value: user.games_lost, tone: "text-red-300" },
    { label: t("home:rankingPoints"), value: user.ranking_points, tone: "text-gold-300" },
  ];
  return (
    <section aria-labelledby="stats-title" className="felt-panel p-4 sm:p-5">
      <h2 id="stats-title" className="mb-3 font-display text-lg font-bold text-cream-50">
        {t("home:stats")}
      </h2>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {items.map((item) => (
          <div key={item.label} className="rounded-xl bg-black/20 p-3 text-center">
            <dt className="text-xs font-medium uppercase tracking-wide text-cream-100/70">{item.label}</dt>
            <dd className={`mt-1 text-2xl font-bold tabular-nums ${item.tone}`}>{formatInteger(item.value, i18n.language)}</dd>
          </div>
        ))}
      </dl>
      {practice ? <PracticeStats practice={practice} /> : null}
    </section>
  );
}

/**
 * Games against the computer: free and unranked, so they stay out of the stats above,
 * but a player who practised sees that they did.
 */
export function PracticeStats({ practice }: { practice: { games: number; wins: number } }) {
  const { t, i18n } = useTranslation();
  return (
    <p className="mt-3 rounded-xl bg-emerald-400/10 px-3 py-2 text-center text-sm text-emerald-100" data-testid="practice-stats">
      {t("home:practiceStats", {
        games: formatInteger(practice.games, i18n.language),
        wins: formatInteger(practice.wins, i18n.language),
        count: practice.games,
      })}
    </p>
  );
}
