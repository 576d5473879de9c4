import { memo, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { TEAM_STYLE } from "./scoreboard";
import { useTable } from "./table-context";

/** The end of a hand (phase round_end): who won it, how, the points, and when the next deal comes. */
export const HandSummary = memo(function HandSummary({ nextHandAt, serverOffset }: { nextHandAt: number | null; serverOffset: number }) {
  const { t } = useTranslation();
  const { view, teamName } = useTable();
  // Null while hydrating: the server's clock is not the page's (the countdown starts on the first tick).
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    if (!nextHandAt) return;
    setNow(Date.now());
    const id = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(id);
  }, [nextHandAt]);
  const result = view.lastHand;
  if (!result || view.gamePhase !== "round_end") return null;
  const left = nextHandAt && now !== null ? Math.max(0, Math.ceil((nextHandAt - (now + serverOffset)) / 1000)) : null;
  const ours = view.myTeam !== null && result.winnerTeam === view.myTeam;
  return (
    <div className="absolute inset-0 z-30 grid place-items-center" data-testid="hand-summary">
      <div
        role="status"
        style={{ animationDelay: "600ms" }}
        className={`animate-banner flex max-w-[92%] flex-col items-center gap-0.5 rounded-2xl border-2 bg-felt-950/92 px-5 py-3 text-center shadow-2xl ${
          result.winnerTeam === null ? "border-white/25" : ours ? "border-gold-400" : "border-rose-300/60"
        }`}
      >
        <p className="text-xs font-semibold uppercase tracking-wide text-cream-100/70">
          {t("game:handEnd.title", { n: view.currentRound })}
        </p>
        {result.winnerTeam === null ? (
          <p className="font-display text-lg font-bold text-cream-50">{t("game:handEnd.voided")}</p>
        ) : (
          <>
            <p className={`font-display text-lg font-bold ${TEAM_STYLE[result.winnerTeam].text}`}>
              {t("game:handEnd.won", { team: teamName(result.winnerTeam) })}
            </p>
            <p className="font-display text-2xl font-black text-gold-300">{t("game:handEnd.points", { count: result.points })}</p>
          </>
        )}
        <p className="text-xs text-cream-100/75">{t(`game:handEnd.reason.${result.reason}`)}</p>
        <p className="mt-1 text-xs font-semibold text-cream-100/60" aria-live="off">
          {left !== null && left > 0 ? t("game:handEnd.nextIn", { count: left }) : t("game:handEnd.nextSoon")}
        </p>
      </div>
    </div>
  );
});
