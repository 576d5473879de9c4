import { useTranslation } from "react-i18next";
import { Avatar } from "~/components/avatar";
import { TrophyIcon } from "~/components/icons";
import type { LeaderboardEntry } from "~/services/leaderboard.server";
import type { LeaderboardPeriod } from "../../../game/leaderboard";
import { PlayerCardLink } from "./board-list";
import { medalClasses, pointsText } from "./figures";

// The Top 3 podium (spec §2), shown when a board has at least three players: second, first and
// third side by side, the first raised. Each place opens that player's card.

// In rank order for screen readers; `order` puts the first in the middle.
const PLACES = [
  { index: 0, order: "order-2", pillar: "h-20 sm:h-24", avatar: 72, from: "from-gold-400/35" },
  { index: 1, order: "order-1", pillar: "h-14 sm:h-16", avatar: 56, from: "from-slate-300/30" },
  { index: 2, order: "order-3", pillar: "h-10 sm:h-12", avatar: 56, from: "from-amber-600/35" },
] as const;

export function Podium({
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
  const { t, i18n } = useTranslation();
  return (
    <section aria-labelledby="podium-title" className="felt-panel px-3 pb-0 pt-4 sm:px-6" data-testid="podium">
      <h2 id="podium-title" className="text-center font-display text-lg font-bold text-cream-50">
        {t("leaderboard:podium")}
      </h2>
      <ol className="mt-3 grid grid-cols-3 items-end gap-2 sm:gap-4">
        {PLACES.map(({ index, order, pillar, avatar, from }) => {
          const entry = entries[index];
          const current = entry.user.id === viewerId;
          return (
            <li key={entry.user.id} className={`min-w-0 ${order}`} data-testid={`podium-${entry.rank}`}>
              <PlayerCardLink
                entry={entry}
                current={current}
                hrefOf={hrefOf}
                className="group flex flex-col items-center gap-1.5 rounded-t-2xl text-center"
              >
                {entry.rank === 1 ? <TrophyIcon className="h-6 w-6 text-gold-400" /> : null}
                <span className="relative">
                  <span className={`block rounded-full ${current ? "ring-2 ring-gold-400 ring-offset-2 ring-offset-felt-900" : ""}`}>
                    <Avatar name={entry.user.nickname} url={entry.user.avatar_url} seed={entry.user.id} size={avatar} />
                  </span>
                  <span
                    className={`absolute -bottom-1.5 left-1/2 grid h-6 w-6 -translate-x-1/2 place-items-center rounded-full text-xs font-bold ring-2 ${medalClasses(entry.rank)}`}
                  >
                    {entry.rank}
                  </span>
                </span>
                <span className="mt-1 w-full truncate text-sm font-semibold text-cream-50 group-hover:text-gold-300 sm:text-base">
                  {entry.user.nickname}
                </span>
                <span className="text-sm font-bold tabular-nums text-gold-300">{pointsText(entry, period, i18n.language)}</span>
                <span
                  aria-hidden
                  className={`mt-1 w-full rounded-t-xl border border-b-0 border-white/10 bg-gradient-to-b ${from} to-transparent ${pillar}`}
                />
              </PlayerCardLink>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
