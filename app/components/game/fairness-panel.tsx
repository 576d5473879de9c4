import { memo, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { sha256Hex } from "../../../game/truco/sha256";

export interface HandProof {
  hand: number;
  commitment: string;
  seed: string | null;
}

/**
 * "Verificar baralho": every hand's published SHA-256 commitment and, once the hand is over, its
 * revealed seed, checked here in the browser (commit before the deal, reveal after).
 */
export const FairnessPanel = memo(function FairnessPanel({ hands }: { hands: HandProof[] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [checks, setChecks] = useState<Record<number, boolean>>({});
  useEffect(() => {
    if (!open) return;
    const next: Record<number, boolean> = {};
    for (const h of hands) if (h.seed) next[h.hand] = sha256Hex(h.seed) === h.commitment.toLowerCase();
    setChecks(next);
  }, [open, hands]);
  const list = [...hands].sort((a, b) => b.hand - a.hand);
  return (
    <details
      className="felt-panel group px-3 py-2 text-sm"
      onToggle={(event) => setOpen((event.target as HTMLDetailsElement).open)}
      data-testid="fairness"
    >
      <summary className="flex min-h-9 cursor-pointer list-none items-center gap-2 font-semibold text-cream-50">
        <svg viewBox="0 0 24 24" className="h-4 w-4 text-gold-300" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden>
          <path d="M12 3l7 3v6c0 4.5-3 7.5-7 9-4-1.5-7-4.5-7-9V6l7-3Z" />
          <path d="M9 12l2 2 4-4" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        {t("game:fairness.title")}
        <span aria-hidden className="ml-auto text-cream-100/60 transition-transform group-open:rotate-180">
          ▾
        </span>
      </summary>
      <p className="mt-1 text-xs text-cream-100/70">{t("game:fairness.text")}</p>
      {list.length === 0 ? (
        <p className="mt-2 text-xs text-cream-100/60">{t("game:fairness.none")}</p>
      ) : (
        <ol className="mt-2 flex max-h-64 flex-col gap-2 overflow-y-auto pr-1">
          {list.map((h) => (
            <li key={h.hand} className="rounded-xl bg-black/25 p-2">
              <p className="flex items-center justify-between gap-2 text-xs font-bold text-cream-50">
                {t("game:fairness.hand", { n: h.hand })}
                {h.seed ? (
                  <span className={checks[h.hand] === false ? "text-red-300" : checks[h.hand] ? "text-emerald-300" : "text-cream-100/60"}>
                    {checks[h.hand] === undefined
                      ? t("game:fairness.checking")
                      : checks[h.hand]
                        ? t("game:fairness.verified")
                        : t("game:fairness.mismatch")}
                  </span>
                ) : (
                  <span className="font-normal text-cream-100/60">{t("game:fairness.pending")}</span>
                )}
              </p>
              <p className="mt-1 text-[10px] uppercase tracking-wide text-cream-100/50">{t("game:fairness.commitment")}</p>
              <p className="break-all font-mono text-[11px] text-cream-100/85">{h.commitment}</p>
              {h.seed ? (
                <>
                  <p className="mt-1 text-[10px] uppercase tracking-wide text-cream-100/50">{t("game:fairness.seed")}</p>
                  <p className="break-all font-mono text-[11px] text-cream-100/85">{h.seed}</p>
                </>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </details>
  );
});
