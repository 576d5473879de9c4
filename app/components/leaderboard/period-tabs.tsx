import { Link } from "@remix-run/react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { LEADERBOARD_PERIODS, type BoardKey, type LeaderboardPeriod } from "../../../game/leaderboard";

const LABELS: Record<LeaderboardPeriod, string> = {
  all: "leaderboard:allTime",
  monthly: "leaderboard:monthly",
  weekly: "leaderboard:weekly",
};

/** Geral / Mensal / Semanal as links (`?period=`): a tap before hydration still loads the right board. */
export function PeriodTabs({ period }: { period: LeaderboardPeriod }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t("leaderboard:periods")} className="flex gap-1 rounded-2xl bg-black/25 p-1">
      {LEADERBOARD_PERIODS.map((id) => {
        const selected = id === period;
        return (
          <Link
            key={id}
            to={`?period=${id}`}
            preventScrollReset
            aria-current={selected ? "page" : undefined}
            data-testid={`period-${id}`}
            className={`flex min-h-11 min-w-0 flex-1 items-center justify-center rounded-xl px-2 py-1.5 text-sm font-semibold transition-colors sm:text-base ${
              selected ? "bg-gold-400 text-felt-950 shadow" : "text-cream-100/80 hover:bg-white/10"
            }`}
          >
            {t(LABELS[id])}
          </Link>
        );
      })}
    </nav>
  );
}

function utcDate(date: string, days = 0): Date {
  const [year, month, day] = date.split("-").map(Number);
  return new Date(Date.UTC(year, month - 1, day + days));
}

/** What the board counts, in words: current points, or the month or the week (Monday to Sunday) it adds up. */
export function periodHint(t: TFunction, board: BoardKey, language: string): string {
  if (board.startsWith("month:")) {
    const month = new Intl.DateTimeFormat(language, { month: "long", year: "numeric", timeZone: "UTC" }).format(
      utcDate(`${board.slice(6)}-01`),
    );
    return t("leaderboard:hintMonthly", { month });
  }
  if (board.startsWith("week:")) {
    const format = new Intl.DateTimeFormat(language, { day: "numeric", month: "short", timeZone: "UTC" });
    const monday = board.slice(5);
    return t("leaderboard:hintWeekly", { from: format.format(utcDate(monday)), to: format.format(utcDate(monday, 6)) });
  }
  return t("leaderboard:hintAll");
}
