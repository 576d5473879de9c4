import { Link, useNavigate } from "@remix-run/react";
import { useEffect, useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Avatar } from "~/components/avatar";
import { TrophyIcon } from "~/components/icons";
import { AddFriendButton, type FriendRelation } from "~/components/add-friend-button";
import type { PlayerCard } from "~/services/leaderboard.server";
import { formatPercent } from "~/utils/format";
import { placeText } from "./figures";
import { formatInteger } from "~/utils/integer-format";

/**
 * A player's public card over the board (beyond the spec): nickname, avatar, points, games and
 * win rate, nothing private. It is part of the server-rendered page (`?player=<id>`), so a tap on
 * a row shows it before hydration too; closing is a link back to the board. Once hydrated,
 * Escape closes it and focus moves into it.
 */
export function PlayerCardDialog({
  card,
  closeHref,
  isViewer,
  relationship,
}: {
  card: PlayerCard;
  closeHref: string;
  isViewer: boolean;
  /** How the viewer relates to this player (null on the viewer's own card). */
  relationship: FriendRelation | null;
}) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const titleId = useId();
  const closeRef = useRef<HTMLAnchorElement>(null);
  const language = i18n.language;

  useEffect(() => {
    closeRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") navigate(closeHref, { preventScrollReset: true });
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [closeHref, navigate]);

  const stats = [
    { label: t("leaderboard:cardPoints"), value: formatInteger(card.ranking_points, language), testId: "card-points" },
    { label: t("leaderboard:cardGames"), value: formatInteger(card.games_played, language), testId: "card-games" },
    { label: t("leaderboard:cardWins"), value: formatInteger(card.games_won, language), testId: "card-wins" },
    { label: t("leaderboard:cardWinRate"), value: formatPercent(card.winRate, language, 1), testId: "card-win-rate" },
  ];

  return (
    <div className="fixed inset-0 z-40 grid place-items-center p-3">
      <Link
        to={closeHref}
        preventScrollReset
        tabIndex={-1}
        aria-label={t("common:close")}
        className="absolute inset-0 bg-black/70 backdrop-blur-[2px]"
      />
      <section
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        data-testid="player-card"
        className="relative w-[min(100%,26rem)] rounded-2xl border border-gold-400/40 bg-felt-900 p-5 text-center shadow-2xl shadow-black/60"
      >
        <div className="flex items-center justify-between">
          <p className="text-xs font-semibold uppercase tracking-wide text-cream-100/60">{t("leaderboard:cardTitle")}</p>
          <Link
            ref={closeRef}
            to={closeHref}
            preventScrollReset
            aria-label={t("common:close")}
            data-testid="card-close"
            className="-mr-2 -mt-1 grid h-10 w-10 place-items-center rounded-xl text-cream-100/80 hover:bg-white/10"
          >
            <span aria-hidden className="text-lg">
              ✕
            </span>
          </Link>
        </div>
        <div className="mt-1 flex flex-col items-center gap-2">
          <Avatar name={card.nickname} url={card.avatar_url} seed={card.id} size={88} />
          <h2 id={titleId} className="max-w-full truncate font-display text-2xl font-bold text-cream-50" data-testid="card-nickname">
            {card.nickname}
            {isViewer ? <span className="ml-2 text-base font-semibold text-gold-300">{t("leaderboard:you")}</span> : null}
          </h2>
          <p
            className="inline-flex items-center gap-1.5 rounded-full bg-gold-400/15 px-3 py-1 text-sm font-semibold text-gold-300"
            data-testid="card-rank"
          >
            <TrophyIcon className="h-4 w-4" />
            {card.rank === null
              ? t("leaderboard:cardUnranked")
              : card.percentile === undefined
                ? t("leaderboard:cardRank", { rank: card.rank })
                : t("leaderboard:cardBeyond", { place: placeText(t, { rank: card.rank, percentile: card.percentile }) })}
          </p>
        </div>
        <dl className="mt-4 grid grid-cols-2 gap-2">
          {stats.map((stat) => (
            <div key={stat.testId} className="rounded-xl bg-black/25 p-3">
              <dt className="text-xs font-medium uppercase tracking-wide text-cream-100/65">{stat.label}</dt>
              <dd className="mt-0.5 text-xl font-bold tabular-nums text-cream-50" data-testid={stat.testId}>
                {stat.value}
              </dd>
            </div>
          ))}
        </dl>
        {!isViewer && relationship ? (
          <div className="mt-4 flex justify-center">
            <AddFriendButton key={card.id} userId={card.id} nickname={card.nickname} relationship={relationship} />
          </div>
        ) : null}
      </section>
    </div>
  );
}
