import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { LinkTabs } from "~/components/ui/page";
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
    <LinkTabs
      label={t("leaderboard:periods")}
      current={period}
      tabs={LEADERBOARD_PERIODS.map((id) => ({ id, label: t(LABELS[id]), to: `?period=${id}`, testId: `period-${id}` }))}
    />
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
