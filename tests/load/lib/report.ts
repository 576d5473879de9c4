import os from "node:os";
import { fmtMs, type MoveStats, type Samples } from "./stats";

// The bench's report: each scenario's tables, then one table of the budgets
// of DESIGN.md §9 with PASS or OVER. Over a budget is reported, not failed.

export { BUDGETS } from "./budgets";

export interface BudgetRow {
  name: string;
  budget: string;
  measured: string;
  /** null: not measured. */
  ok: boolean | null;
}

export const budget = (name: string, limit: string, measured: string, ok: boolean | null): BudgetRow => ({
  name,
  budget: limit,
  measured,
  ok,
});

export const row = (cols: (string | number)[], widths: number[]) => cols.map((c, i) => String(c).padEnd(widths[i])).join("  ");

/** A latency table of one scenario's moves, with optional per-seat rows and extra rows. */
export function latencyTable(
  title: string,
  stats: MoveStats,
  { seats = false, extra = [] }: { seats?: boolean; extra?: [string, Samples][] } = {},
): string[] {
  const lines: string[] = [];
  const widths = [44, 7, 8, 8, 8, 8, 8];
  lines.push("", title);
  lines.push(row(["", "n", "p50", "p95", "p99", "max", "mean"], widths));
  const rows: [string, Samples][] = [
    ["move → state on all 4 sockets (last one)", stats.all],
    ["move → state on the first socket", stats.first],
    ["move → state on the acting socket", stats.actor],
    ["move → state, each socket's own", stats.perSocket],
    ...(seats ? stats.bySeat.map((s, i): [string, Samples] => [`  seat ${i} socket`, s]) : []),
    ["all 4, moves inside a hand", stats.ordinary],
    ["all 4, moves ending a hand (D1 + next deal)", stats.handEnd],
    ...extra,
  ];
  for (const [name, samples] of rows) {
    const s = samples.summary();
    if (s.n === 0) continue;
    lines.push(row([name, s.n, fmtMs(s.p50), fmtMs(s.p95), fmtMs(s.p99), fmtMs(s.max), fmtMs(s.mean)], widths));
  }
  lines.push("(ms, measured from sending the move on the acting socket)");
  if (stats.fullFrames || stats.deltaFrames) {
    const avg = (bytes: number, n: number) => (n ? `${(bytes / n / 1024).toFixed(2)} KB` : "—");
    lines.push(
      `frames: full game_state ${avg(stats.fullBytes, stats.fullFrames)} on average (${stats.fullFrames}: ${Object.entries(stats.fullWhy)
        .map(([why, n]) => `${n} ${why}`)
        .join(", ")}; largest ${(stats.fullMax / 1024).toFixed(2)} KB); ` +
        `delta ${avg(stats.deltaBytes, stats.deltaFrames)} on average (${stats.deltaFrames})`,
      `received per move, 4 sockets: ${(stats.framesIn / Math.max(1, stats.moves)).toFixed(1)} frames, ${(stats.bytesIn / Math.max(1, stats.moves) / 1024).toFixed(2)} KB as text` +
        (stats.extensions.size ? `; WebSocket extensions negotiated: ${[...stats.extensions].map((e) => e || "none").join(", ")}` : ""),
    );
  }
  return lines;
}

export interface ReportInput {
  /** What served the app (one line). */
  server: string;
  /** How the players were made (one line), if any. */
  players: string | null;
  /** Each scenario's part, in the order of the scenario list. */
  sections: string[][];
  budgets: BudgetRow[];
  /** Notes after the budgets (the local server issue, the ledger check). */
  notes: string[];
  failures: string[];
}

export function printReport(input: ReportInput) {
  const lines: string[] = [];
  lines.push("", "═".repeat(96), "  npm run bench: summary", "═".repeat(96));
  lines.push(
    `machine: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? "?"}), Node ${process.version}, load average now ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );
  lines.push(input.server);
  if (input.players) lines.push(`players: ${input.players}`);
  for (const section of input.sections) lines.push(...section);

  lines.push("", "Budgets (DESIGN.md §9)");
  const w = [46, 14, 14, 6];
  lines.push(row(["", "budget", "measured", ""], w));
  for (const b of input.budgets) lines.push(row([b.name, b.budget, b.measured, b.ok === null ? "—" : b.ok ? "PASS" : "OVER"], w));
  for (const note of input.notes) lines.push("", note);
  if (input.failures.length) {
    lines.push("", "BENCH FAILED:");
    for (const f of input.failures) lines.push(`  ✗ ${f}`);
  }
  lines.push("", "The rules engine has its own benchmark: npm run bench:engine (≥ 50,000 random hands/s per core).");
  console.log(lines.join("\n"));
}
