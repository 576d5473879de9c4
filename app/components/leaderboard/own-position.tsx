import { Link, useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Avatar } from "~/components/avatar";
import { buttonClasses } from "~/components/ui/button";
import type { loader as rootLoader } from "~/root";
import type { LeaderboardEntry } from "~/services/leaderboard.server";
import type { LeaderboardPeriod } from "../../../game/leaderboard";
import { Change, medalClasses, placeText, pointsText, winRateText } from "./figures";

/** The player's own position and points on the board (spec §2), or an invitation to play ranked. */
export function OwnPosition({
  entry,
  period,
  hrefOf,
}: {
  entry: LeaderboardEntry | null;
  period: LeaderboardPeriod;
  hrefOf(playerId: string): string;
}) {
  const { t, i18n } = useTranslation();
  const user = useRouteLoaderData<typeof rootLoader>("root")?.user;
  const language = i18n.language;
  if (!entry) {
    return (
      <section
        className="felt-panel flex flex-col items-center gap-3 p-4 text-center sm:flex-row sm:text-left"
        aria-labelledby="own-title"
        data-testid="own-position"
        data-ranked="false"
      >
        {user ? <Avatar name={user.nickname} url={user.avatar_url} seed={user.id} size={44} premium={user.is_premium} /> : null}
        <div className="min-w-0 flex-1">
          <h2 id="own-title" className="text-xs font-semibold uppercase tracking-wide text-cream-100/65">
            {t("leaderboard:yourPosition")}
          </h2>
          <p className="text-cream-100/85">{t("leaderboard:notRanked")}</p>
        </div>
        <Link to="/" className={buttonClasses("secondary", "sm", "shrink-0")}>
          {t("leaderboard:playRanked")}
        </Link>
      </section>
    );
  }
  return (
    <section aria-labelledby="own-title" data-testid="own-position" data-ranked="true">
      <Link
        to={hrefOf(entry.user.id)}
        preventScrollReset
        className="felt-panel flex items-center gap-3 border-gold-400/50 bg-gold-400/10 p-3 transition-colors hover:bg-gold-400/15 sm:gap-4 sm:p-4"
      >
        <span
          className={`grid h-14 w-14 shrink-0 place-items-center rounded-2xl text-xl font-bold tabular-nums ring-1 sm:h-16 sm:w-16 sm:text-2xl ${medalClasses(entry.rank)}`}
          data-testid="own-rank"
        >
          {placeText(t, entry)}
        </span>
        <span className="flex min-w-0 flex-1 flex-col leading-tight">
          <span id="own-title" className="text-xs font-semibold uppercase tracking-wide text-cream-100/65">
            {t("leaderboard:yourPosition")}
          </span>
          <span className="truncate font-semibold text-cream-50">{entry.user.nickname}</span>
          <span className="truncate text-xs text-cream-100/70">
            {t("leaderboard:gamesCount", { count: entry.user.games_played })} ·{" "}
            {t("leaderboard:winRateLong", { value: winRateText(entry, language) })}
          </span>
        </span>
        <span className="flex shrink-0 flex-col items-end leading-tight">
          <span className="text-xl font-bold tabular-nums text-gold-300 sm:text-2xl" data-testid="own-points">
            {pointsText(entry, period, language)}
          </span>
          <span className="text-xs text-cream-100/65">{t("leaderboard:points")}</span>
          <Change value={entry.change} />
        </span>
      </Link>
    </section>
  );
}
