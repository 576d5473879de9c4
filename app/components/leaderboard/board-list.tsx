import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Avatar } from "~/components/avatar";
import type { LeaderboardEntry } from "~/services/leaderboard.server";
import type { LeaderboardPeriod } from "../../../game/leaderboard";
import { Change, medalClasses, placeText, pointsText, winRateText } from "./figures";
import { formatInteger } from "~/utils/integer-format";

// The full list of spec §2: rank, avatar, nickname, games played, rounded win rate and points,
// the viewer's own line highlighted. Every line is a link to that player's public card.

const COLUMNS =
  "grid grid-cols-[2.25rem_auto_minmax(0,1fr)_auto] items-center gap-x-3 sm:grid-cols-[2.75rem_auto_minmax(0,1fr)_5.5rem_4.5rem_6.5rem]";

/**
 * A link that opens a player's public card (`?player=`), named by rank and nickname, shared by the
 * list's lines and the podium. `markCurrent` also says "você" and sets `aria-current` on the
 * viewer's own line.
 */
export function PlayerCardLink({
  entry,
  current,
  hrefOf,
  markCurrent = false,
  className,
  children,
  ...data
}: {
  entry: LeaderboardEntry;
  current: boolean;
  hrefOf(playerId: string): string;
  markCurrent?: boolean;
  className: string;
  children: ReactNode;
} & { [key: `data-${string}`]: string | number | undefined }) {
  const { t } = useTranslation();
  const you = markCurrent && current ? ` ${t("leaderboard:you")}` : "";
  return (
    <Link
      to={hrefOf(entry.user.id)}
      preventScrollReset
      {...data}
      data-current={current ? "true" : undefined}
      aria-current={markCurrent && current ? "true" : undefined}
      aria-label={`${placeText(t, entry)} ${entry.user.nickname}${you}, ${t("leaderboard:openCard", { name: entry.user.nickname })}`}
      className={className}
    >
      {children}
    </Link>
  );
}

interface RowProps {
  entry: LeaderboardEntry;
  period: LeaderboardPeriod;
  current: boolean;
  hrefOf(playerId: string): string;
}

function BoardRow({ entry, period, current, hrefOf }: RowProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  return (
    <PlayerCardLink
      entry={entry}
      current={current}
      hrefOf={hrefOf}
      markCurrent
      data-testid="board-row"
      data-user-id={entry.user.id}
      data-rank={entry.rank}
      className={`${COLUMNS} min-h-14 px-3 py-2 transition-colors sm:px-4 ${
        current ? "bg-gold-400/15 ring-1 ring-inset ring-gold-400/70 hover:bg-gold-400/20" : "hover:bg-white/5"
      }`}
    >
      <span
        className={`grid h-8 w-8 place-items-center rounded-full text-sm font-bold tabular-nums ring-1 sm:h-9 sm:w-9 ${medalClasses(entry.rank)}`}
        data-testid="row-rank"
      >
        {entry.percentile === undefined ? entry.rank : placeText(t, entry)}
      </span>
      <Avatar name={entry.user.nickname} url={entry.user.avatar_url} seed={entry.user.id} size={36} />
      <span className="flex min-w-0 flex-col leading-tight">
        <span className="flex min-w-0 items-baseline gap-1.5">
          <span className={`truncate font-semibold ${current ? "text-gold-300" : "text-cream-50"}`} data-testid="row-nickname">
            {entry.user.nickname}
          </span>
          {current ? <span className="shrink-0 text-xs font-semibold text-gold-300">{t("leaderboard:you")}</span> : null}
        </span>
        {/* On a phone the games and the win rate go under the name. */}
        <span className="truncate text-xs text-cream-100/65 sm:hidden">
          {t("leaderboard:gamesCount", { count: entry.user.games_played })} · {winRateText(entry, language)}
        </span>
      </span>
      <span className="hidden text-right text-sm tabular-nums text-cream-100/85 sm:block" data-testid="row-games">
        {formatInteger(entry.user.games_played, language)}
      </span>
      <span className="hidden text-right text-sm tabular-nums text-cream-100/85 sm:block" data-testid="row-win-rate">
        {winRateText(entry, language)}
      </span>
      <span className="flex flex-col items-end leading-tight">
        <span className="font-bold tabular-nums text-gold-300" data-testid="row-points">
          {pointsText(entry, period, language)}
        </span>
        <Change value={entry.change} />
      </span>
    </PlayerCardLink>
  );
}

export function BoardList({
  entries,
  viewerId,
  period,
  hrefOf,
}: {
  entries: LeaderboardEntry[];
  viewerId: string | null;
  period: LeaderboardPeriod;
  hrefOf(playerId: string): string;
}) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="board-title" className="felt-panel overflow-hidden">
      <h2 id="board-title" className="px-4 pt-4 font-display text-lg font-bold text-cream-50">
        {t("leaderboard:list")}
      </h2>
      {entries.length === 0 ? (
        <p className="px-4 pb-8 pt-6 text-center text-cream-100/75" data-testid="board-empty">
          {t("leaderboard:empty")}
        </p>
      ) : (
        <>
          <div
            aria-hidden
            className={`${COLUMNS} mt-2 border-b border-white/10 px-3 pb-2 text-xs font-semibold uppercase tracking-wide text-cream-100/60 sm:px-4`}
          >
            <span className="text-center">#</span>
            <span className="col-span-2">{t("leaderboard:player")}</span>
            <span className="hidden text-right sm:block">{t("leaderboard:games")}</span>
            <span className="hidden text-right sm:block">{t("leaderboard:winRate")}</span>
            <span className="text-right">{t("leaderboard:points")}</span>
          </div>
          <ol className="divide-y divide-white/5" data-testid="board-list">
            {entries.map((entry) => (
              <li key={entry.user.id}>
                <BoardRow entry={entry} period={period} current={entry.user.id === viewerId} hrefOf={hrefOf} />
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}

/** The viewer's own line when it is beyond the first page: pinned under the list, so it is always in reach. */
export function PinnedRow({
  entry,
  period,
  hrefOf,
}: {
  entry: LeaderboardEntry;
  period: LeaderboardPeriod;
  hrefOf(playerId: string): string;
}) {
  const { t } = useTranslation();
  return (
    <section className="felt-panel overflow-hidden" aria-label={t("leaderboard:pinnedNote")} data-testid="pinned-row">
      <p aria-hidden className="pt-1 text-center text-lg leading-none tracking-[0.3em] text-cream-100/40">
        ⋯
      </p>
      <BoardRow entry={entry} period={period} current hrefOf={hrefOf} />
    </section>
  );
}
