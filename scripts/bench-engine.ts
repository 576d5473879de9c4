// `npm run bench:engine`: random full hands per second per core (DESIGN.md §9 budget: ≥ 50,000)
// and the computer players' win rates in every variant, with fixed seeds.
//
// Options: --matches N (1v1 matches per pair, default 500), --matches2v2 N (default 200),
//          --seconds S (each of the 5 throughput runs per variant and mode, default 0.6), --no-bots,
//          --workers N (default: available parallelism).
import { availableParallelism } from "node:os";
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";
import { createMatch, playMatch, type Chooser, type Variant } from "../game/truco/index";
import { winRate } from "../game/truco/bots/arena";
import type { BotLevel } from "../game/truco/bots/index";
import { sfc32 } from "../game/truco/random";

const VARIANTS: Variant[] = ["paulista", "mineiro", "gaucho", "argentino", "international"];
const PAIRS: [BotLevel, BotLevel][] = [
  ["normal", "easy"],
  ["hard", "normal"],
];

interface Job {
  variant: Variant;
  mode: 2 | 4;
  strong: BotLevel;
  weak: BotLevel;
  from: number;
  count: number;
}

if (!isMainThread) {
  const job = workerData as Job;
  const r = winRate(job.variant, job.mode, job.strong, job.weak, job.count, "bench", job.from);
  parentPort!.postMessage(r.wins);
} else {
  await main();
}

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

/** Random legal actions through the public API (playMatch) until `seconds` elapse; full hands per second. */
function throughput(variant: Variant, mode: 2 | 4, seconds: number): number {
  const rng = sfc32(7, 11, mode, variant.length);
  const players = Array.from({ length: mode }, (_, i) => ({ id: `p${i}`, team: (i % 2 ? "team2" : "team1") as "team1" | "team2" }));
  const random: Chooser = (_state, _player, legal) => legal[rng.int(legal.length)];
  let hands = 0;
  let matches = 0;
  const start = performance.now();
  const end = start + seconds * 1000;
  while (performance.now() < end) {
    for (let batch = 0; batch < 20; batch++) {
      const run = playMatch(createMatch({ variant, players, seed: `bench-${matches++}` }), random, { log: false });
      if (run.stop !== "match_over") throw new Error(`bench match stopped: ${run.stop} ${run.error?.message ?? ""}`);
      hands += run.hands;
    }
  }
  return hands / ((performance.now() - start) / 1000);
}

function runJob(job: Job): Promise<number> {
  return new Promise((resolve, reject) => {
    const w = new Worker(new URL(import.meta.url), { workerData: job });
    w.once("message", resolve);
    w.once("error", reject);
  });
}

async function main(): Promise<void> {
  const seconds = arg("seconds", 0.6);
  const matches1 = arg("matches", 500);
  const matches2 = arg("matches2v2", 200);
  const workers = Math.max(1, arg("workers", availableParallelism()));
  console.log(`Truco engine benchmark — Node ${process.version}`);
  console.log("\nRandom full hands per second on one core (public API: playMatch = legal actions + applyAction + startNextHand;");
  console.log(`random legal actions; best of 5 runs of ${seconds} s, as the machine may be shared)`);
  console.log("  variant          1v1        2v2");
  throughput("paulista", 2, 0.5); // warm-up
  let min = Infinity;
  for (const v of VARIANTS) {
    const best = (mode: 2 | 4) => Math.max(...[1, 2, 3, 4, 5].map(() => throughput(v, mode, seconds)));
    const a = best(2);
    const b = best(4);
    min = Math.min(min, a, b);
    console.log(`  ${v.padEnd(14)} ${fmt(a).padStart(9)}  ${fmt(b).padStart(9)}`);
  }
  console.log(`  slowest: ${fmt(min)} hands/s — budget ≥ 50,000: ${min >= 50_000 ? "OK" : "BELOW BUDGET"}`);

  if (process.argv.includes("--no-bots")) return;
  console.log(`\nBot win rates (fixed seeds; seats alternate; ${workers} worker thread(s))`);
  console.log("  variant        mode  pair            matches  win rate   95% CI");
  const t0 = performance.now();
  const checks: string[] = [];
  for (const mode of [2, 4] as const) {
    for (const v of VARIANTS) {
      for (const [strong, weak] of PAIRS) {
        const total = mode === 2 ? matches1 : matches2;
        if (total <= 0) continue;
        const chunk = Math.ceil(total / workers);
        const jobs: Promise<number>[] = [];
        for (let from = 0; from < total; from += chunk) {
          jobs.push(runJob({ variant: v, mode, strong, weak, from, count: Math.min(chunk, total - from) }));
        }
        const wins = (await Promise.all(jobs)).reduce((a, b) => a + b, 0);
        const p = wins / total;
        const ci = 1.96 * Math.sqrt((p * (1 - p)) / total);
        const pair = `${strong} > ${weak}`;
        console.log(
          `  ${v.padEnd(14)} ${mode === 2 ? "1v1" : "2v2"}   ${pair.padEnd(15)} ${String(total).padStart(7)}  ${(p * 100).toFixed(1).padStart(6)}%   ±${(ci * 100).toFixed(1)}`,
        );
        if (v === "paulista" && mode === 2) {
          const need = strong === "normal" ? 0.75 : 0.55;
          checks.push(
            `paulista 1v1 ${pair}: ${(p * 100).toFixed(1)}% (target ≥ ${Math.round(need * 100)}%) ${p >= need ? "OK" : "MISSED"}`,
          );
        }
      }
    }
  }
  console.log(`\nTargets:\n  ${checks.join("\n  ")}`);
  console.log(`Bot matches took ${((performance.now() - t0) / 1000).toFixed(0)} s.`);
}

function fmt(x: number): string {
  return Math.round(x).toLocaleString("en-US");
}
