import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useChannel } from "~/components/channel/channel-provider";
import { buttonClasses } from "~/components/ui/button";
import type { LiveGame } from "../../../game/lobby/lobby";
import { LazyLink } from "~/components/ui/lazy-link";

/** How many live games the home lists. */
const SHOWN = 6;

/**
 * "Ao vivo": the games being played that anyone may watch, pushed with the lobby's view over the
 * player's channel (no request of its own). The player's friends' games come first (the channel
 * knows who the friends are), then the highest rated.
 */
export function LiveGames({ games }: { games: LiveGame[] }) {
  const { t } = useTranslation();
  const { presence } = useChannel();
  const shown = useMemo(() => {
    const isFriends = (game: LiveGame) => game.players.some((p) => p.user_id in presence);
    return [...games]
      .map((game, order) => ({ game, friends: isFriends(game), order }))
      .sort((a, b) => Number(b.friends) - Number(a.friends) || a.order - b.order)
      .slice(0, SHOWN);
  }, [games, presence]);

  return (
    <section aria-labelledby="live-games-title" className="felt-panel flex flex-col gap-3 p-4 sm:p-5" data-testid="live-games">
      <div className="flex items-center gap-2">
        <span aria-hidden className="h-2.5 w-2.5 animate-pulse rounded-full bg-red-500" />
        <h2 id="live-games-title" className="font-display text-xl font-bold text-cream-50">
          {t("spectate:live.title")}
        </h2>
      </div>
      {shown.length === 0 ? (
        <p className="text-sm text-cream-100/70" data-testid="live-games-empty">
          {t("spectate:live.empty")}
        </p>
      ) : (
        <ul className="grid gap-2 sm:grid-cols-2">
          {shown.map(({ game, friends }) => {
            const names = game.players.map((p) => p.nickname).join(" × ");
            return (
              <li
                key={game.id}
                className="flex items-center gap-3 rounded-2xl border border-white/10 bg-black/20 p-3"
                data-testid="live-game"
                data-game-id={game.id}
              >
                <div className="min-w-0 flex-1">
                  <p className="flex min-w-0 items-center gap-2 font-semibold text-cream-50">
                    <span className="truncate">{names}</span>
                    {friends ? (
                      <span className="shrink-0 rounded-full bg-emerald-400/20 px-2 py-0.5 text-[11px] font-bold text-emerald-200">
                        {t("spectate:live.friend")}
                      </span>
                    ) : null}
                  </p>
                  <p className="truncate text-xs text-cream-100/70">
                    {t(`variants:names.${game.truco_variant}`)} · {t(`modes:names.${game.game_mode}`)} ·{" "}
                    {t(`modes:types.${game.game_type}`)} ·{" "}
                    <span className="text-gold-300">{t("spectate:live.rating", { points: game.rating })}</span>
                  </p>
                </div>
                <LazyLink
                  to={`/game/${encodeURIComponent(game.id)}/watch`}
                  className={buttonClasses("secondary", "md", "shrink-0")}
                  aria-label={t("spectate:watchGame", { names })}
                  data-testid="live-watch"
                >
                  {t("spectate:watch")}
                </LazyLink>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
