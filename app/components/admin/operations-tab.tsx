import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { CARD_TABLE, cardTableLabels } from "./card-table";
import { formatInteger } from "~/utils/integer-format";

// The admin's "Operações" tab: per-hour bars in plain SVG, like the overview's.

interface HourRow {
  hour: string;
  game_started: number;
  move: number;
  error: number;
  game_settled: number;
}
interface Finding {
  id: number;
  user_id: string;
  nickname: string | null;
  balance: number;
  ledger_sum: number;
  found_at: string;
}
interface Run {
  job: string;
  last_run_at: string;
  detail: string;
}
interface Summary {
  day: string;
  new_users: number;
  active_players: number;
  games_started: number;
  games_completed: number;
  coins_purchased: number;
  revenue_cents: number;
}

const SERIES = ["game_started", "move", "error", "game_settled"] as const;
const FINDINGS = ["player", "balance", "ledgerSum", "found"] as const;
const SUMMARIES = ["day", "newPlayers", "active", "started", "completed", "coinsBought", "revenue"] as const;

function HourlyBars({ title, points, testId }: { title: string; points: { hour: string; value: number }[]; testId: string }) {
  const width = 300;
  const height = 90;
  const max = Math.max(1, ...points.map((p) => p.value));
  const step = width / Math.max(1, points.length);
  const total = points.reduce((sum, p) => sum + p.value, 0);
  const { t, i18n } = useTranslation();
  return (
    <figure className="rounded-2xl border border-cream-100/10 bg-black/25 p-4" data-testid={testId}>
      <figcaption className="flex items-baseline justify-between gap-2">
        <span className="text-sm font-semibold text-cream-100">{title}</span>
        <span className="text-xs text-cream-100/60" data-testid={`${testId}-total`}>
          24 h: {formatInteger(total, i18n.language)}
        </span>
      </figcaption>
      <svg viewBox={`0 0 ${width} ${height}`} className="mt-3 h-24 w-full" role="img" aria-label={t("admin:ops.perHour", { title })}>
        <line x1="0" y1={height - 0.5} x2={width} y2={height - 0.5} className="stroke-cream-100/20" strokeWidth="1" />
        {points.map((p, i) => {
          const h = p.value === 0 ? 0 : Math.max(2, (p.value / max) * (height - 4));
          return (
            <rect key={p.hour} x={i * step + step * 0.15} y={height - h} width={step * 0.7} height={h} rx="1.5" className="fill-gold-400">
              <title>{`${p.hour.slice(11, 16)} UTC: ${p.value}`}</title>
            </rect>
          );
        })}
      </svg>
      <div className="mt-1 flex justify-between text-[10px] text-cream-100/50">
        <span>{points[0]?.hour.slice(11, 16)}</span>
        <span>{points.at(-1)?.hour.slice(11, 16)} UTC</span>
      </div>
    </figure>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="felt-panel flex flex-col gap-3 p-4">
      <h2 className="font-display text-lg font-bold text-cream-50">{title}</h2>
      {children}
    </section>
  );
}

export function OperationsTab({
  data,
}: {
  data: {
    source: "analytics-engine" | "local";
    sourceError: string | null;
    hours: HourRow[];
    findings: Finding[];
    runs: Run[];
    summaries: Summary[];
  };
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-4" data-testid="admin-operations">
      <p className="text-xs text-cream-100/60" data-testid="operations-source">
        {data.source === "local" ? t("admin:ops.sourceLocal") : t("admin:ops.sourceAnalytics")}
      </p>
      {data.sourceError ? (
        <p role="alert" className="rounded-xl border border-red-400/50 bg-red-900/40 px-3 py-2 text-sm text-red-100">
          {t("admin:ops.sourceError", { error: data.sourceError })}
        </p>
      ) : null}
      <section aria-label={t("admin:ops.last24")} className="grid gap-3 md:grid-cols-2 xl:grid-cols-4">
        {SERIES.map((series) => (
          <HourlyBars
            key={series}
            title={t(`admin:ops.series.${series}`)}
            testId={`operations-${series}`}
            points={data.hours.map((row) => ({ hour: row.hour, value: row[series] }))}
          />
        ))}
      </section>
      <Section title={t("admin:ops.ledgerAudit")}>
        {data.findings.length === 0 ? (
          <p className="text-sm text-cream-100/70" data-testid="ledger-audit-clean">
            {t("admin:ops.ledgerClean")}
          </p>
        ) : (
          <table
            className={`${CARD_TABLE} w-full text-left text-sm`}
            style={cardTableLabels(FINDINGS.map((k) => t(`admin:ops.findingsHead.${k}`)))}
            data-testid="ledger-audit-findings"
          >
            <thead>
              <tr className="text-xs text-cream-100/60 uppercase">
                {FINDINGS.map((k, i) => (
                  <th key={k} className={i === 0 ? "py-1" : undefined}>
                    {t(`admin:ops.findingsHead.${k}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.findings.map((finding) => (
                <tr key={finding.id} className="border-t border-cream-100/10">
                  <td className="py-1">{finding.nickname ?? finding.user_id}</td>
                  <td className="tabular-nums">{finding.balance}</td>
                  <td className="tabular-nums">{finding.ledger_sum}</td>
                  <td>{finding.found_at.replace("T", " ").slice(0, 16)} UTC</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Section>
      <Section title={t("admin:ops.jobs")}>
        {data.runs.length === 0 ? (
          <p className="text-sm text-cream-100/70">{t("admin:ops.noJobs")}</p>
        ) : (
          <ul className="text-sm" data-testid="scheduled-runs">
            {data.runs.map((run) => (
              <li key={run.job}>
                <span className="font-semibold">{run.job}</span>:{" "}
                {t("admin:ops.lastRun", { at: run.last_run_at.replace("T", " ").slice(0, 16) })} · {run.detail}
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section title={t("admin:ops.summaries")}>
        {data.summaries.length === 0 ? (
          <p className="text-sm text-cream-100/70">{t("admin:ops.noSummaries")}</p>
        ) : (
          <table
            className={`${CARD_TABLE} w-full text-left text-sm`}
            style={cardTableLabels(SUMMARIES.map((k) => t(`admin:ops.summariesHead.${k}`)))}
            data-testid="daily-summaries"
          >
            <thead>
              <tr className="text-xs text-cream-100/60 uppercase">
                {SUMMARIES.map((k, i) => (
                  <th key={k} className={i === 0 ? "py-1" : undefined}>
                    {t(`admin:ops.summariesHead.${k}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.summaries.map((row) => (
                <tr key={row.day} className="border-t border-cream-100/10 tabular-nums">
                  <td className="py-1">{row.day}</td>
                  <td>{row.new_users}</td>
                  <td>{row.active_players}</td>
                  <td>{row.games_started}</td>
                  <td>{row.games_completed}</td>
                  <td>{row.coins_purchased}</td>
                  <td>${(row.revenue_cents / 100).toFixed(2)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Section>
    </div>
  );
}
