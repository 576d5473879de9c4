import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { ROOT } from "../../../db/local-d1";
import type { BenchServer } from "./server";
import { log } from "./util";

// `npm run bench -- --perf` (ADR 109): where the runtime's CPU goes while a scenario plays, read
// with Linux perf. The bench's server then starts workerd with V8's perf map (--perf-basic-prof,
// through miniflare's MINIFLARE_WORKERD_V8_FLAGS), so the room's JavaScript shows by function
// name next to the runtime's own C++ (storage, sockets, GC). Linux only, with `perf` installed
// (Debian: linux-perf); a measurement aid, never a budget.

/** V8 flags for the runtime under `--perf`: a perf map of the JIT's code, at no cost to the code itself. */
export const PERF_V8_FLAGS = "--perf-basic-prof";

/** Sampling rate: about one sample per millisecond of CPU, so a sample count reads as CPU ms. */
const FREQUENCY = 999;

/** Why `--perf` cannot run here, or null when it can. */
export function perfUnavailable(): string | null {
  if (process.platform !== "linux") return "--perf needs Linux";
  const probe = spawnSync("perf", ["--version"], { encoding: "utf8" });
  if (probe.error || probe.status !== 0) return "--perf needs Linux perf on the PATH (Debian: apt-get install linux-perf)";
  return null;
}

/**
 * With `--perf`, a recording of the runtime that runs the Workers from now until `stop`, kept in
 * `.wrangler/<name>` (beside the bench server's log: the server's state directory is wiped per
 * run); without it, or when the runtime is not found, null.
 */
export function startPerf(enabled: boolean, server: BenchServer, name: string, what: string): PerfRecording | null {
  const pid = enabled ? server.runtimePid() : null;
  return pid === null ? null : new PerfRecording(pid, path.join(ROOT, ".wrangler", name), what);
}

/**
 * A running `perf record` of one process for one phase of a scenario. `stop` ends it and answers
 * its lines for the report; a recording that failed says so in them.
 */
class PerfRecording {
  private readonly child: ChildProcess;
  private readonly exited: Promise<number | null>;
  private errors = "";

  constructor(
    readonly pid: number,
    readonly file: string,
    readonly what: string,
  ) {
    fs.rmSync(file, { force: true });
    this.child = spawn("perf", ["record", "-F", String(FREQUENCY), "-g", "-p", String(pid), "-o", file], {
      stdio: ["ignore", "ignore", "pipe"],
    });
    this.child.stderr?.on("data", (chunk: Buffer) => (this.errors += chunk.toString()));
    this.exited = new Promise((resolve) => this.child.on("exit", (code) => resolve(code)));
    log(`perf: recording ${what} (pid ${pid}) into ${file}`);
  }

  /** Ends the recording and summarises it per move (`moves` the phase's moves). */
  async stop(moves: number): Promise<string[]> {
    this.child.kill("SIGINT");
    await this.exited;
    if (!fs.existsSync(this.file)) return [`perf (${this.what}): no recording (${this.errors.trim().split("\n").at(-1) ?? "?"})`];
    return summarise(this.file, this.what, moves);
  }
}

/** One row of `perf report --children`: the inclusive share of the samples, and the symbol. */
interface Row {
  children: number;
  symbol: string;
}

function report(file: string, extra: string[]): string {
  const result = spawnSync("perf", ["report", "-i", file, "--stdio", "-g", "none", ...extra], {
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
  });
  return result.stdout ?? "";
}

/** Samples of the recording in the runtime's main thread (comm `workerd`), where the rooms run. */
function mainThreadSamples(file: string): number {
  const text = report(file, ["--no-children", "-n", "--sort", "comm"]);
  const line = text.split("\n").find((l) => /\sworkerd\s*$/.test(l));
  return Number(/^\s*[\d.]+%\s+(\d+)/.exec(line ?? "")?.[1] ?? 0);
}

function rows(file: string): Row[] {
  const text = report(file, ["--children", "--sort", "symbol", "--comm", "workerd"]);
  const out: Row[] = [];
  for (const line of text.split("\n")) {
    const match = /^\s*([\d.]+)%\s+([\d.]+)%\s+\[.\]\s+(.+?)\s*(?:-\s+-\s*)?$/.exec(line);
    if (match) out.push({ children: Number(match[1]), symbol: match[3] });
  }
  return out;
}

/**
 * A JavaScript function's name in the perf map without its tier (`^` baseline, `+` Maglev, `*`
 * TurboFan, `~` interpreted) or V8's quote: the same function in two tiers is one row.
 */
function jsName(symbol: string): string | null {
  const match = /^JS:[~^+*]?'?(.*)$/.exec(symbol);
  return match ? match[1].trim() : null;
}

/**
 * What the report names, and how a symbol belongs to it (summed over the symbols that match). The
 * runtime's own frames only: their stacks are exact, where a JavaScript function's inclusive share
 * is not once the JIT optimised it (see the function list).
 */
const PARTS: [string, (symbol: string) => boolean][] = [
  [
    "socket events: a frame into a Durable Object, its JavaScript included",
    (s) => s === "workerd::api::HibernatableWebSocketCustomEvent::run",
  ],
  ["  storage.put (serialising the value, SQLite)", (s) => s === "workerd::api::DurableObjectStorageOperations::put"],
  ["  ws.send", (s) => s === "workerd::api::WebSocket::send"],
  ["storage commits (SQLite, before the output gate opens)", (s) => s === "vdbeCommit"],
  [
    "HTTP requests and RPC into the Workers (pages, API, local D1)",
    (s) => /^workerd::IoContext::runSingle<workerd::IoContext::run<workerd::\(anonymous namespace\)::WorkerEntrypoint::requestImpl/.test(s),
  ],
  ["V8 garbage collection", (s) => s === "v8::internal::Heap::CollectGarbage"],
];

function summarise(file: string, what: string, moves: number): string[] {
  const samples = mainThreadSamples(file);
  const all = rows(file);
  if (samples === 0 || all.length === 0) return [`perf (${what}): the recording has no samples of the runtime's main thread`];
  const msPerMove = (share: number) => (((share / 100) * samples * 1000) / FREQUENCY / Math.max(1, moves)).toFixed(3);
  const lines = [
    `perf (${what}): the runtime's main thread, ${samples} samples at ${FREQUENCY} Hz ≈ ${((samples * 1000) / FREQUENCY / Math.max(1, moves)).toFixed(2)} ms of CPU per move over ${moves} moves`,
    "  inclusive CPU per move (ms), by part of the runtime (a part includes the parts indented under it):",
  ];
  for (const [label, matches] of PARTS) {
    // A function seen in two tiers is two symbols; their stacks do not overlap, so they add.
    const share = all.filter((row) => matches(row.symbol)).reduce((sum, row) => sum + row.children, 0);
    lines.push(`    ${label.padEnd(58)} ${msPerMove(share).padStart(7)} ms  (${share.toFixed(1)}%)`);
  }
  // The JavaScript functions with the most inclusive time, tiers merged.
  const js = new Map<string, number>();
  for (const row of all) {
    const name = jsName(row.symbol);
    if (name) js.set(name, (js.get(name) ?? 0) + row.children);
  }
  const top = [...js].sort((a, b) => b[1] - a[1]).slice(0, 12);
  lines.push(
    "  JavaScript functions with the most inclusive CPU per move (ms; bundle line numbers). Exact for code that runs",
    "  unoptimised (scenario A's pace); once TurboFan has inlined and optimised it (B2), stacks through it can be wrong:",
  );
  for (const [name, share] of top)
    lines.push(`    ${name.slice(0, 58).padEnd(58)} ${msPerMove(share).padStart(7)} ms  (${share.toFixed(1)}%)`);
  lines.push(`  the recording: ${file} (perf report -i ${file} --children)`);
  return lines;
}
