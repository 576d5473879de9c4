import { memo } from "react";
import { useTranslation } from "react-i18next";
import type { TeamId } from "../../../game/truco/index";
import { useTable } from "./table-context";

export const TEAM_STYLE: Record<TeamId, { ring: string; text: string; bg: string; dot: string }> = {
  team1: { ring: "ring-sky-300", text: "text-sky-200", bg: "bg-sky-400/15", dot: "bg-sky-300" },
  team2: { ring: "ring-rose-300", text: "text-rose-200", bg: "bg-rose-400/15", dot: "bg-rose-300" },
};

/** Both scores, the points at stake, hand number, trick results and the phase (spec §2 board). */
export const Scoreboard = memo(function Scoreboard({ turnText }: { turnText: string }) {
  const { t } = useTranslation();
  const { view, teamName } = useTable();
  const mine: TeamId = view.myTeam ?? "team1";
  const order: TeamId[] = mine === "team1" ? ["team1", "team2"] : ["team2", "team1"];
  const score = (team: TeamId) => (team === "team1" ? view.team1Score : view.team2Score);
  const phase = t(`game:board.phase.${view.gamePhase}`);
  const special = view.specialHand ? t(`game:board.specialHands.${view.specialHand}`) : null;
  return (
    <div className="grid grid-cols-[1fr_1fr_1.35fr] gap-1.5 sm:gap-2" data-testid="scoreboard">
      <h2 className="sr-only">{t("game:board.score")}</h2>
      {order.map((team) => {
        const us = team === mine && view.myTeam !== null;
        const style = TEAM_STYLE[team];
        return (
          <div
            key={team}
            className={`flex min-w-0 flex-col justify-center rounded-xl border px-2 py-1 sm:px-3 ${us ? "border-gold-400/40 bg-black/35" : "border-white/10 bg-black/25"}`}
            data-testid={`score-${team}`}
          >
            <span className={`flex items-center gap-1 truncate text-[11px] font-semibold uppercase tracking-wide ${style.text}`}>
              <span aria-hidden className={`h-2 w-2 shrink-0 rounded-full ${style.dot}`} />
              <span className="truncate">{us ? t("game:teams.us") : view.myTeam ? t("game:teams.them") : t(`game:teams.${team}`)}</span>
            </span>
            <span className="flex items-center gap-1">
              <span className="font-display text-2xl font-black leading-tight text-cream-50 tabular-nums sm:text-3xl" aria-hidden>
                {score(team)}
              </span>
              <span className="line-clamp-2 min-w-0 text-[11px] leading-tight text-cream-100/60 [overflow-wrap:anywhere]" aria-hidden>
                {view.seats.length === 2 ? teamName(team) : t(`game:teams.${team}`)}
              </span>
            </span>
            <span className="sr-only">{t("game:board.scoreLine", { team: teamName(team), count: score(team) })}</span>
          </div>
        );
      })}
      <div className="flex min-w-0 flex-col justify-center rounded-xl border border-white/10 bg-black/25 px-2 py-1 text-right sm:px-3">
        <span className="flex items-center justify-end gap-1.5 text-xs font-semibold text-cream-100/80">
          <span data-testid="hand-number">{t("game:board.hand", { count: view.currentRound })}</span>
          <span aria-hidden>·</span>
          <span
            className="rounded-md bg-gold-400/20 px-1.5 py-0.5 font-bold text-gold-300"
            aria-label={t("game:board.stakeLabel", { count: view.roundPoints })}
            data-testid="stake"
          >
            {t("game:board.stake", { count: view.roundPoints })}
          </span>
        </span>
        {/* The status wraps rather than truncates: "Aguardando resposta…" is read in full on a 360 px phone. */}
        <span className="text-xs leading-tight text-cream-100/70 [overflow-wrap:anywhere]" data-testid="phase-label">
          {special ? `${special} · ` : ""}
          {phase}
        </span>
        <span className="text-xs font-bold leading-tight text-gold-300 [overflow-wrap:anywhere]" aria-live="off">
          {turnText}
        </span>
        <span className="sr-only">
          {view.rules.halfTarget
            ? t("game:board.targetHalves", { count: view.targetScore, half: view.rules.halfTarget })
            : t("game:board.target", { count: view.targetScore })}
        </span>
      </div>
    </div>
  );
});
