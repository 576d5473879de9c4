import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { BotLevel, GameMode, GameType } from "../../../game/protocol/entities";
import type { Variant } from "../../../game/truco/index";
import { CoinIcon } from "~/components/icons";
import { api } from "~/utils/api";
import { formatDate, gameTitle, signed } from "~/utils/format";
import { ReplayLink } from "~/components/replay/replay-link";

/** One finished game as GET /api/games/history answers it (app/services/games.server.ts HistoryEntry). */
export interface HistoryEntry {
  id: string;
  game_type: GameType;
  game_mode: GameMode;
  truco_variant: Variant;
  bot_level: BotLevel | null;
  result: "win" | "loss" | string;
  coins_change: number;
  rating_change: number;
  team1_score: number;
  team2_score: number;
  team: "team1" | "team2";
  /** "forfeit" (W.O.), "abandoned", or null for a game decided on points (absent from older servers). */
  end_reason?: string | null;
  completed_at: string | null;
  created_at: string;
}

/** The 'Histórico de Jogos' tab of spec §2: type and mode, date, VITÓRIA/DERROTA, signed coin change. */
export function HistoryTab() {
  const { t, i18n } = useTranslation();
  const [entries, setEntries] = useState<HistoryEntry[] | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    api<HistoryEntry[]>("/api/games/history", { signal: controller.signal })
      .then((result) => {
        if (result.ok && Array.isArray(result.data)) setEntries(result.data);
        else {
          // Spec §8: failed loads are logged and leave the list empty.
          console.warn("history failed to load", !result.ok ? result.status : "bad body");
          setFailed(true);
          setEntries([]);
        }
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, []);

  if (entries === null) {
    return (
      <div role="status" className="flex flex-col gap-2" aria-label={t("game:history.loading")}>
        {[0, 1, 2].map((i) => (
          <div key={i} className="h-[4.5rem] animate-pulse rounded-2xl bg-white/5" />
        ))}
      </div>
    );
  }

  if (entries.length === 0) {
    return (
      <div className="felt-panel flex flex-col items-center gap-2 px-4 py-10 text-center">
        <svg viewBox="0 0 64 48" className="h-12 w-16 opacity-70" aria-hidden>
          <rect x="6" y="6" width="26" height="36" rx="4" fill="#fffdf7" stroke="#cdbb8f" transform="rotate(-10 19 24)" />
          <rect x="30" y="6" width="26" height="36" rx="4" fill="#fffdf7" stroke="#cdbb8f" transform="rotate(10 43 24)" />
        </svg>
        <p className="font-semibold text-cream-50">{t("game:history.empty")}</p>
        {failed ? <p className="text-sm text-cream-100/60">{t("game:history.error")}</p> : null}
      </div>
    );
  }

  return (
    <ul className="flex flex-col gap-2" aria-label={t("game:history.title")} data-testid="history-list">
      {entries.map((entry) => {
        const win = entry.result === "win";
        const ours = entry.team === "team1" ? entry.team1_score : entry.team2_score;
        const theirs = entry.team === "team1" ? entry.team2_score : entry.team1_score;
        const practice = entry.bot_level !== null;
        const date = entry.completed_at ?? entry.created_at;
        return (
          <li
            key={entry.id}
            className={`flex items-center gap-3 rounded-2xl border bg-felt-900/70 p-3 ${win ? "border-emerald-400/25" : "border-red-400/20"}`}
          >
            <span
              className={`flex h-12 min-w-12 shrink-0 flex-col px-1 items-center justify-center rounded-xl text-[11px] font-extrabold leading-tight tracking-wide ${
                win ? "bg-emerald-400/15 text-emerald-300" : "bg-red-400/15 text-red-300"
              }`}
            >
              {win ? t("game:history.win") : t("game:history.loss")}
              {entry.end_reason === "forfeit" ? (
                <abbr title={t("game:history.forfeitLabel")} className="no-underline" data-testid="history-forfeit">
                  {t("game:history.forfeit")}
                </abbr>
              ) : null}
            </span>
            <div className="min-w-0 flex-1">
              <p className="truncate font-semibold text-cream-50">{gameTitle(t, entry)}</p>
              <p className="truncate text-sm text-cream-100/70">
                <time dateTime={date}>{formatDate(date, i18n.language)}</time>
                {" · "}
                {t("game:history.score", { us: ours, them: theirs })}
                {practice ? ` · ${t("game:history.practice")}` : ""}
                {entry.end_reason === "abandoned" ? ` · ${t("game:history.abandoned")}` : ""}
              </p>
              <ReplayLink gameId={entry.id} className="text-xs" />
            </div>
            <div className="flex shrink-0 flex-col items-end gap-0.5">
              <span
                className={`inline-flex items-center gap-1 font-bold tabular-nums ${
                  entry.coins_change > 0 ? "text-emerald-300" : entry.coins_change < 0 ? "text-red-300" : "text-cream-100/70"
                }`}
                aria-label={`${t("game:history.coins")}: ${signed(entry.coins_change, i18n.language)}`}
              >
                <CoinIcon className="h-4 w-4" />
                {signed(entry.coins_change, i18n.language)}
              </span>
              {entry.game_mode === "ranked" ? (
                <span className="text-xs font-semibold tabular-nums text-gold-300">
                  {t("game:history.rating")} {signed(entry.rating_change, i18n.language)}
                </span>
              ) : null}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
