import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { GameRecord } from "../../../game/protocol/record";
import type { Position, ReplayHand } from "../../../game/replay/timeline";
import { Button } from "~/components/ui/button";
import type { Opinion } from "./analysis-protocol";
import { actionText } from "./describe";

// The computer's second opinion (docs/decisions/128-the-computers-second-opinion.md): on demand,
// in a Web Worker loaded only then, with its progress shown; then the choice at each decision and
// the key moments strip.

type AnalysisState =
  | { phase: "idle" }
  | { phase: "running"; done: number; total: number }
  | { phase: "done"; opinions: Opinion[]; keyMoments: number[] }
  | { phase: "failed" };

export interface Analysis {
  state: AnalysisState;
  start: () => void;
  /** Hands (indexes) holding a key moment, for the timeline's marks. */
  keyHands: ReadonlySet<number>;
}

export function useAnalysis(record: GameRecord): Analysis {
  const [state, setState] = useState<AnalysisState>({ phase: "idle" });
  const worker = useRef<Worker | null>(null);
  /** The latest start (or the unmount): a start whose code arrives late gives way. */
  const run = useRef(0);
  useEffect(
    () => () => {
      run.current += 1;
      worker.current?.terminate();
    },
    [],
  );
  const start = useCallback(() => {
    worker.current?.terminate();
    const mine = (run.current += 1);
    setState({ phase: "running", done: 0, total: 0 });
    // The reply's schema (and zod with it) loads with the first start, not with the page.
    import("./analysis-protocol")
      .then(({ AnalysisReplySchema }) => {
        if (run.current !== mine) return;
        const w = new Worker(new URL("./analysis.worker.ts", import.meta.url), { type: "module" });
        worker.current = w;
        w.onmessage = (event: MessageEvent<unknown>) => {
          const reply = AnalysisReplySchema.safeParse(event.data);
          if (!reply.success || reply.data.type === "failed") {
            setState({ phase: "failed" });
            w.terminate();
            return;
          }
          const data = reply.data;
          if (data.type === "progress") setState({ phase: "running", done: data.done, total: data.total });
          else {
            setState({ phase: "done", opinions: data.opinions, keyMoments: data.keyMoments });
            w.terminate();
          }
        };
        w.onerror = () => setState({ phase: "failed" });
        w.postMessage(record);
      })
      .catch(() => {
        if (run.current === mine) setState({ phase: "failed" });
      });
  }, [record]);
  const keyHands = useMemo(
    () => new Set(state.phase === "done" ? state.keyMoments.map((i) => state.opinions[i]?.hand ?? -1) : []),
    [state],
  );
  return { state, start, keyHands };
}

const percent = (p: number, language: string) => p.toLocaleString(language, { style: "percent", maximumFractionDigits: 0 });

export function OpinionPanel({
  analysis,
  at,
  hands,
  nick,
  nameOfCard,
  onJump,
}: {
  analysis: Analysis;
  at: Position;
  hands: ReplayHand[];
  nick: Map<string, string>;
  nameOfCard: (id: string) => string;
  onJump: (at: Position) => void;
}) {
  const { t, i18n } = useTranslation();
  const { state } = analysis;
  const here = state.phase === "done" ? state.opinions.find((o) => o.hand === at.hand && o.move === at.move) : undefined;
  return (
    <section className="felt-panel flex flex-col gap-3 p-3 sm:p-4" aria-labelledby="replay-opinion-title" data-testid="replay-opinion">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 flex-1">
          <h2 id="replay-opinion-title" className="font-display text-lg font-bold text-cream-50">
            {t("replay:opinion.title")}
          </h2>
          <p className="text-sm text-cream-100/75">{t("replay:opinion.intro")}</p>
        </div>
        {state.phase === "idle" || state.phase === "failed" ? (
          <Button variant="primary" size="md" onClick={analysis.start} data-testid="opinion-start">
            {t("replay:opinion.start")}
          </Button>
        ) : null}
      </div>
      {state.phase === "running" ? (
        <div className="flex flex-col gap-1" data-testid="opinion-progress">
          <progress className="h-2 w-full overflow-hidden rounded-full accent-gold-400" max={Math.max(1, state.total)} value={state.done} />
          <p className="text-xs text-cream-100/70" aria-live="polite">
            {t("replay:opinion.progress", { done: state.done, total: state.total })}
          </p>
        </div>
      ) : null}
      {state.phase === "failed" ? <p className="text-sm text-red-200">{t("replay:opinion.failed")}</p> : null}
      {state.phase === "done" ? (
        <>
          <div className="rounded-xl bg-black/25 p-3 text-sm" aria-live="polite" data-testid="opinion-here">
            {here ? (
              <>
                <p className="font-semibold text-cream-50" data-testid="opinion-choice">
                  {here.agrees
                    ? t("replay:opinion.agrees")
                    : t("replay:opinion.choice", { action: actionText(t, here.choice, nameOfCard) })}
                </p>
                <p className="mt-1 text-cream-100/80">
                  <span className="font-semibold text-gold-300">{nick.get(here.playerId) ?? here.playerId}</span> ·{" "}
                  {t("replay:opinion.chances", {
                    played: percent(here.played, i18n.language),
                    chosen: percent(here.chosen, i18n.language),
                  })}
                </p>
                <ChanceBars played={here.played} chosen={here.chosen} />
              </>
            ) : (
              <p className="text-cream-100/70">{t("replay:opinion.noDecision")}</p>
            )}
          </div>
          <div className="flex flex-col gap-2">
            <h3 className="text-sm font-bold uppercase tracking-wide text-cream-100/70">{t("replay:opinion.keyMoments")}</h3>
            <ol className="flex gap-2 overflow-x-auto pb-1" data-testid="key-moments">
              {state.keyMoments.map((i) => {
                const o = state.opinions[i];
                if (!o) return null;
                const current = o.hand === at.hand && o.move === at.move;
                return (
                  <li key={i} className="shrink-0">
                    <button
                      type="button"
                      onClick={() => onJump({ hand: o.hand, move: o.move })}
                      className={`flex min-h-11 flex-col items-start rounded-xl px-3 py-1.5 text-left text-xs ring-1 ${
                        current ? "bg-gold-400/20 ring-gold-400" : "bg-black/25 ring-white/10 hover:bg-white/10"
                      }`}
                    >
                      <span className="font-semibold text-cream-50">
                        {t("replay:opinion.moment", { hand: hands[o.hand]?.hand ?? o.hand + 1, move: o.move })}
                      </span>
                      <span className={o.agrees ? "text-emerald-200" : "text-gold-300"}>
                        {nick.get(o.playerId) ?? o.playerId} · {percent(o.played, i18n.language)}
                        {o.agrees ? " ✓" : ` → ${percent(o.chosen, i18n.language)}`}
                      </span>
                    </button>
                  </li>
                );
              })}
            </ol>
            <p className="text-xs text-cream-100/60">{t("replay:opinion.done", { count: state.opinions.length })}</p>
          </div>
        </>
      ) : null}
    </section>
  );
}

function ChanceBars({ played, chosen }: { played: number; chosen: number }) {
  return (
    <div className="mt-2 flex flex-col gap-1" aria-hidden>
      <span className="h-2 rounded-full bg-white/10">
        <span className="block h-2 rounded-full bg-cream-100/70" style={{ width: `${Math.round(played * 100)}%` }} />
      </span>
      <span className="h-2 rounded-full bg-white/10">
        <span className="block h-2 rounded-full bg-gold-400" style={{ width: `${Math.round(chosen * 100)}%` }} />
      </span>
    </div>
  );
}
