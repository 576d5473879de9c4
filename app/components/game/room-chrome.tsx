import { memo } from "react";
import { useTranslation } from "react-i18next";
import type { GameStatus, GameSummary, Participant } from "../../../game/protocol/entities";
import { Avatar } from "~/components/avatar";
import { CoinIcon } from "~/components/icons";
import type { ConnectionStatus } from "./use-game-socket";
import { TEAM_STYLE } from "./scoreboard";
import { formatInteger } from "~/utils/integer-format";

/** Spec §4 status colours: waiting yellow, active green, completed blue, cancelled red. */
const STATUS_STYLE: Record<GameStatus, string> = {
  waiting: "border-yellow-300/50 bg-yellow-400/15 text-yellow-200",
  active: "border-emerald-300/50 bg-emerald-400/15 text-emerald-200",
  completed: "border-sky-300/50 bg-sky-400/15 text-sky-200",
  cancelled: "border-red-300/50 bg-red-400/15 text-red-200",
};

export function StatusLabel({ status }: { status: GameStatus }) {
  const { t } = useTranslation();
  return (
    <span
      className={`inline-flex items-center whitespace-nowrap rounded-full border px-2.5 py-0.5 text-xs font-bold ${STATUS_STYLE[status]}`}
      data-testid="game-status"
      data-status={status}
    >
      {t(`game:room.status.${status}`)}
    </span>
  );
}

export function ConnectionDot({ status }: { status: ConnectionStatus }) {
  const { t } = useTranslation();
  const open = status === "open";
  const connecting = status === "connecting";
  return (
    <span
      className="inline-flex items-center gap-1.5 text-xs font-semibold text-cream-100/80"
      data-testid="connection"
      data-connected={open}
    >
      <span
        aria-hidden
        className={`h-2.5 w-2.5 rounded-full ${open ? "bg-emerald-400 shadow-[0_0_8px_rgb(52_211_153/0.8)]" : connecting ? "animate-pulse bg-amber-300" : "bg-red-400"}`}
      />
      <span className={open || connecting ? "" : "text-red-200"}>
        {t(open ? "game:room.connected" : connecting ? "game:room.connectingShort" : "game:room.disconnected")}
      </span>
    </span>
  );
}

/** The room header of spec §2: back, 'Sala #' + code, connection, status. */
export function RoomHeader({
  game,
  connection,
  showConnection,
  onBack,
  chatButton,
}: {
  game: GameSummary;
  connection: ConnectionStatus;
  showConnection: boolean;
  onBack(): void;
  chatButton?: React.ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <header className="sticky top-0 z-30 border-b border-white/10 bg-felt-950/90 backdrop-blur">
      <div className="mx-auto flex max-w-6xl items-center gap-2 px-2 py-1.5 sm:px-6 sm:py-2">
        {/* Home, as a link before hydration and without JavaScript; hydrated, `onBack` may ask first (a hand in play). */}
        <a
          href="/"
          onClick={(event) => {
            event.preventDefault();
            onBack();
          }}
          className="grid h-10 w-10 shrink-0 place-items-center rounded-xl text-cream-50 hover:bg-white/10"
          aria-label={t("game:room.back")}
          data-testid="back"
        >
          <svg viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2.2" aria-hidden>
            <path d="M15 5l-7 7 7 7" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </a>
        <div className="flex min-w-0 flex-1 flex-col gap-0.5 leading-tight sm:flex-row sm:items-center sm:gap-3">
          <h1 className="whitespace-nowrap font-display text-lg font-bold text-cream-50 sm:text-xl" data-testid="room-title">
            {t("game:room.title", { code: game.game_code })}
          </h1>
          <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-0.5">
            <StatusLabel status={game.status} />
            {showConnection ? <ConnectionDot status={connection} /> : null}
          </div>
        </div>
        {chatButton}
      </div>
    </header>
  );
}

/** The info panel of spec §2: type (upper case) and mode, entry cost, players current/capacity. */
export const InfoPanel = memo(function InfoPanel({ game, participants }: { game: GameSummary; participants: Participant[] }) {
  const { t, i18n } = useTranslation();
  const practice = game.bot_level !== null;
  const items = [
    {
      label: t(`modes:names.${game.game_mode}`),
      value: game.game_type.toUpperCase(),
      testId: "info-type",
    },
    {
      label: t("game:room.variant"),
      value: t(`variants:names.${game.truco_variant}`),
      testId: "info-variant",
    },
    {
      label: t("game:room.entry"),
      value:
        game.entry_cost > 0 ? (
          <span className="inline-flex items-center gap-1">
            <CoinIcon className="h-4 w-4" />
            <span aria-hidden>{formatInteger(game.entry_cost, i18n.language)}</span>
            <span className="sr-only">{t("common:coinsCount", { count: game.entry_cost, lng: i18n.language })}</span>
          </span>
        ) : (
          t("game:room.freeEntry")
        ),
      testId: "info-entry",
    },
    {
      label: t("game:room.players"),
      value: t("game:room.playersCount", { current: participants.length, capacity: game.capacity }),
      testId: "info-players",
    },
  ];
  return (
    <section aria-label={t("game:room.info")} className="felt-panel px-3 py-1.5">
      <dl className="grid grid-cols-4 gap-1 text-center">
        {items.map((item) => (
          <div key={item.testId} className="min-w-0" data-testid={item.testId}>
            <dt className="truncate text-[10px] font-semibold uppercase tracking-wide text-cream-100/60">{item.label}</dt>
            <dd className="truncate text-sm font-bold text-cream-50">{item.value}</dd>
          </div>
        ))}
      </dl>
      {practice ? (
        <p className="mt-1 text-center text-[11px] text-emerald-200/80">
          {t("modes:vsComputer")} · {t(`modes:botLevels.${game.bot_level}`)}
        </p>
      ) : null}
      {game.premium_only ? (
        <p className="mt-1 text-center text-[11px] font-semibold text-gold-300" data-testid="info-premium-only">
          ★ {t("game:room.exclusive")}
        </p>
      ) : null}
    </section>
  );
});

/** Spec §2 player list: 'Time 1' and 'Time 2', each seat with its nickname and '✓ Pronto'. */
export const TeamsPanel = memo(function TeamsPanel({
  game,
  participants,
  userId,
}: {
  game: GameSummary;
  participants: Participant[];
  userId: string;
}) {
  const { t } = useTranslation();
  const perTeam = game.capacity / 2;
  return (
    <section aria-labelledby="teams-title" className="felt-panel p-3" data-testid="teams">
      <h2 id="teams-title" className="sr-only">
        {t("game:teams.title")}
      </h2>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-1">
        {(["team1", "team2"] as const).map((team) => {
          const seats = participants.filter((p) => p.team === team).sort((a, b) => a.seat - b.seat);
          const style = TEAM_STYLE[team];
          return (
            <div key={team} className="min-w-0" data-testid={`team-${team}`}>
              <h3 className={`mb-1.5 flex items-center gap-1.5 text-sm font-bold ${style.text}`}>
                <span aria-hidden className={`h-2.5 w-2.5 rounded-full ${style.dot}`} />
                {t(`game:teams.${team}`)}
              </h3>
              <ul className="flex flex-col gap-1.5">
                {seats.map((p) => {
                  const me = p.user_id === userId;
                  return (
                    <li
                      key={p.seat}
                      className={`flex min-w-0 items-center gap-2 rounded-xl px-2 py-1.5 ${me ? "bg-gold-400/10 ring-1 ring-gold-400/30" : "bg-black/20"}`}
                    >
                      <span className="relative">
                        <Avatar name={p.nickname} url={p.avatar_url} seed={p.user_id ?? `bot-${p.seat}`} size={28} premium={p.is_premium} />
                        {!p.is_bot ? (
                          <span
                            aria-hidden
                            className={`absolute -bottom-0.5 -right-0.5 h-2.5 w-2.5 rounded-full border-2 border-felt-900 ${p.connected ? "bg-emerald-400" : "bg-zinc-500"}`}
                          />
                        ) : null}
                      </span>
                      <span className="min-w-0 flex-1">
                        <span className="block truncate text-sm font-semibold text-cream-50" title={p.nickname}>
                          {p.nickname}
                          {me ? <span className="font-normal text-cream-100/60"> ({t("game:teams.you")})</span> : null}
                        </span>
                        {p.is_ready ? (
                          <span className="block text-[11px] font-bold text-emerald-300" data-testid="ready">
                            {t("game:teams.ready")}
                          </span>
                        ) : null}
                        <span className="block truncate text-[11px] text-cream-100/60">
                          {p.is_bot
                            ? p.bot_level
                              ? t("game:teams.computerLevel", { level: t(`modes:botLevels.${p.bot_level}`) })
                              : t("game:teams.computer")
                            : p.bot_controlled
                              ? t("game:teams.botPlaying")
                              : p.connected
                                ? t("game:teams.online")
                                : t("game:teams.offline")}
                        </span>
                      </span>
                    </li>
                  );
                })}
                {Array.from({ length: Math.max(0, perTeam - seats.length) }, (_, i) => (
                  <li
                    key={`free-${i}`}
                    className="flex items-center gap-2 rounded-xl border border-dashed border-white/15 px-2 py-1.5 text-sm text-cream-100/50"
                  >
                    <span aria-hidden className="grid h-7 w-7 place-items-center rounded-full border border-dashed border-white/25">
                      ?
                    </span>
                    {t("game:room.freeSeat")}
                  </li>
                ))}
              </ul>
            </div>
          );
        })}
      </div>
    </section>
  );
});
