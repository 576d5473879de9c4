import { useTranslation } from "react-i18next";
import type { LeaderboardEntry } from "~/services/leaderboard.server";
import { formatPercent, signed } from "~/utils/format";
import { RANK_EXACT_LIMIT, type LeaderboardPeriod } from "../../../game/leaderboard";
import { formatInteger } from "~/utils/integer-format";

// The figures a board line shows, the same in the list, the podium and the player's own card.

/** The board's points: current ranking points on Geral; points gained, signed, on a month or week. */
export function pointsText(entry: LeaderboardEntry, period: LeaderboardPeriod, language: string): string {
  const points = entry.user.ranking_points;
  return period === "all" ? formatInteger(points, language) : signed(points, language);
}

/** A place as a line shows it, translated: its rank, or beyond the exact ranks its percentile (or just "beyond"). */
export function placeText(
  t: (key: string, options?: Record<string, unknown>) => string,
  place: Pick<LeaderboardEntry, "rank" | "percentile">,
): string {
  if (place.percentile === undefined) return t("leaderboard:rankValue", { rank: place.rank });
  if (place.percentile === null) return t("leaderboard:beyondValue", { rank: RANK_EXACT_LIMIT });
  return t("leaderboard:percentileValue", { percentile: place.percentile });
}

/** The win rate as the list shows it: rounded (spec §9). */
export function winRateText(entry: LeaderboardEntry, language: string): string {
  return formatPercent(entry.winRate, language, 0);
}

/** ▲/▼ and the points moved since yesterday; nothing when the line has not moved today. */
export function Change({ value, className = "" }: { value: number; className?: string }) {
  const { t } = useTranslation();
  if (value === 0) return null;
  const up = value > 0;
  return (
    <span
      className={`inline-flex items-center gap-0.5 text-xs font-semibold tabular-nums ${up ? "text-emerald-300" : "text-red-300"} ${className}`}
      data-testid="change"
      data-change={value}
    >
      <span aria-hidden>
        {up ? "▲" : "▼"}
        {Math.abs(value)}
      </span>
      <span className="sr-only">{t(up ? "leaderboard:changeUp" : "leaderboard:changeDown", { count: Math.abs(value) })}</span>
    </span>
  );
}

/** The medal colours of the first three places. */
export function medalClasses(rank: number): string {
  if (rank === 1) return "bg-gradient-to-b from-gold-300 to-gold-500 text-felt-950 ring-gold-300";
  if (rank === 2) return "bg-gradient-to-b from-slate-100 to-slate-400 text-felt-950 ring-slate-200";
  if (rank === 3) return "bg-gradient-to-b from-amber-500 to-amber-700 text-cream-50 ring-amber-400";
  return "bg-black/25 text-cream-100/85 ring-white/10";
}
