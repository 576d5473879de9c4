import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import lighthouse from "lighthouse";
import { CHROMIUM_ARGS, chromiumPath } from "../../e2e/browser";
import { budget, BUDGETS, row } from "../lib/report";
import type { AppClient } from "../lib/client";
import type { Player, Scenario } from "../lib/scenario";
import { errorMessage, log } from "../lib/util";

// Lighthouse (DESIGN.md §9): the landing page signed out, and the home page and a game
// room (a table against the computer, in play) signed in, each audited with Lighthouse's default
// mobile settings (a simulated mid-range phone on slow 4G). Performance varies from run to run, so
// it is audited RUNS times per page and the median is reported; the other categories do not.
// Chromium is the browser tests' (tests/e2e/browser.ts: CHROMIUM_PATH or Debian's), started here with its DevTools
// port open; Lighthouse drives it over that port. The session cookie travels as a request header.
// BENCH_LIGHTHOUSE_DIR=<dir> keeps each page's median report (JSON, open it in the Lighthouse viewer).

const RUNS = 3;
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
type Category = (typeof CATEGORIES)[number];
type Scores = Record<Category, number | null>;

const CHROME_FLAGS = [...CHROMIUM_ARGS, "--headless=new", "--remote-debugging-port=0"];

interface Chrome {
  port: number;
  process: ChildProcess;
  profile: string;
}

export function startChrome(): Promise<Chrome> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "bench-lighthouse-"));
  const binary = chromiumPath();
  // Its own process group, so that stopping it stops its renderer and utility processes too.
  const child = spawn(binary, [...CHROME_FLAGS, `--user-data-dir=${profile}`, "about:blank"], {
    stdio: ["ignore", "ignore", "pipe"],
    detached: true,
  });
  return new Promise((resolve, reject) => {
    let stderr = "";
    const timer = setTimeout(() => reject(new Error(`${binary} opened no DevTools port in 30 s`)), 30_000);
    child.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.stderr!.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
      const port = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(stderr)?.[1];
      if (port) {
        clearTimeout(timer);
        resolve({ port: Number(port), process: child, profile });
      }
    });
  });
}

export async function stopChrome(chrome: Chrome) {
  const exited = new Promise((resolve) => chrome.process.once("exit", resolve));
  // The whole group: a child process left behind still writes the profile's cache while it is removed.
  try {
    process.kill(-chrome.process.pid!, "SIGKILL");
  } catch {
    chrome.process.kill("SIGKILL");
  }
  await exited;
  fs.rmSync(chrome.profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
}

interface Audit {
  scores: Scores;
  /** Lighthouse's total blocking time, and the same from its trace's thread CPU (see blockingFromTrace). */
  tbtMs: number | null;
  threadTbtMs: number | null;
  /** The machine's one-minute load average when the run ended. */
  load: number;
  failing: string[];
  /** First and largest contentful paint on the simulated phone, ms. */
  fcpMs: number | null;
  lcpMs: number | null;
  report: string;
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
}

/**
 * Lighthouse's simulated blocking time multiplies each main-thread task's observed wall time by 4
 * (the simulated phone's CPU) and counts what passes 50 ms. On a shared machine a task's wall time
 * includes the time the renderer waited for a core, so the figure moves with the machine's load.
 * This recomputes it from the same trace with each task's thread CPU time (`tdur`) instead: the
 * page's own work, the same way multiplied, from the first contentful paint on as Lighthouse counts
 * (Lighthouse stops at the page's time to interactive, this at the trace's end). It is printed
 * beside Lighthouse's figure, never instead of it (the budget is Lighthouse's score).
 */
export function blockingFromTrace(events: TraceEvent[] | undefined): number | null {
  if (!events) return null;
  const parse = events.find((e) => e.name === "ParseHTML");
  const fcp = events.find((e) => e.name === "firstContentfulPaint");
  if (!parse || !fcp) return null;
  let total = 0;
  for (const e of events) {
    if (e.name !== "RunTask" || e.ph !== "X" || e.pid !== parse.pid || e.tid !== parse.tid || e.ts < fcp.ts) continue;
    total += Math.max(0, ((e.tdur ?? e.dur ?? 0) * 4) / 1000 - 50);
  }
  return total;
}

/** One DevTools command to the browser itself (not a page). */
async function browserCommand(chrome: Chrome, method: string, params: Record<string, unknown>): Promise<void> {
  const version = (await (await fetch(`http://127.0.0.1:${chrome.port}/json/version`)).json()) as { webSocketDebuggerUrl: string };
  const socket = new WebSocket(version.webSocketDebuggerUrl);
  await new Promise<void>((resolve, reject) => {
    socket.onopen = () => socket.send(JSON.stringify({ id: 1, method, params }));
    socket.onmessage = (event) => {
      const answer = JSON.parse(String(event.data)) as { id?: number; error?: { message: string } };
      if (answer.id !== 1) return;
      socket.close();
      if (answer.error) reject(new Error(`${method}: ${answer.error.message}`));
      else resolve();
    };
    socket.onerror = () => reject(new Error(`${method}: the DevTools socket failed`));
  });
}

/**
 * The browser's cookie jar holds the session (or nothing, signed out). A `Cookie` header passed
 * as Lighthouse's extraHeaders does not reach the server: Chromium sends the jar's cookies
 * instead, so the "signed-in" pages would be audited signed out.
 */
async function useSession(chrome: Chrome, url: string, cookie: string | null) {
  await browserCommand(chrome, "Storage.clearCookies", {});
  if (!cookie) return;
  const at = cookie.indexOf("=");
  await browserCommand(chrome, "Storage.setCookies", {
    cookies: [{ name: cookie.slice(0, at), value: cookie.slice(at + 1), url: new URL(url).origin, path: "/", httpOnly: true }],
  });
}

async function audit(chrome: Chrome, url: string, cookie: string | null): Promise<Audit> {
  await useSession(chrome, url, cookie);
  const result = await lighthouse(url, {
    port: chrome.port,
    output: "json",
    logLevel: "error",
    onlyCategories: [...CATEGORIES],
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  // The root asks for the player's translations when it rendered for a signed-in player.
  const requests = (lhr.audits["network-requests"]?.details as { items?: { url?: string }[] } | undefined)?.items ?? [];
  const signedIn = requests.some((r) => r.url?.includes("set=player"));
  if (Boolean(cookie) !== signedIn) throw new Error(`${url} rendered ${signedIn ? "signed in" : "signed out"}, not as the audit asked`);
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
  const scores = Object.fromEntries(CATEGORIES.map((id) => [id, lhr.categories[id]?.score ?? null])) as Scores;
  // The audits that cost points, for the report (so a score under budget says why).
  const failing = Object.values(lhr.audits)
    .filter((a) => a.score !== null && a.score < 0.9 && (a.scoreDisplayMode === "binary" || a.scoreDisplayMode === "numeric"))
    .map((a) => `${a.id}${a.displayValue ? ` (${a.displayValue})` : ""}`);
  return {
    scores,
    failing,
    tbtMs: lhr.audits["total-blocking-time"]?.numericValue ?? null,
    threadTbtMs: blockingFromTrace((result.artifacts as { Trace?: { traceEvents?: TraceEvent[] } }).Trace?.traceEvents),
    load: os.loadavg()[0],
    fcpMs: lhr.audits["first-contentful-paint"]?.numericValue ?? null,
    lcpMs: lhr.audits["largest-contentful-paint"]?.numericValue ?? null,
    report: typeof result.report === "string" ? result.report : result.report.join(""),
  };
}

/** The report's line on blocking time: Lighthouse's per run, beside the page's own thread CPU. */
export function blockingLine(page: PageResult): string {
  const ms = (value: number | null) => (value === null ? "n/a" : `${Math.round(value)} ms`);
  const runs = page.blockingRuns.map((r) => `${ms(r.tbtMs)} / ${ms(r.threadTbtMs)} (load ${r.load.toFixed(1)})`);
  return `  blocking time per run, Lighthouse (wall time) / the page's thread CPU (×4 alike): ${runs.join(", ")}`;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
export const pct = (score: number | null) => (score === null ? "n/a" : String(Math.round(score * 100)));

export interface PageResult {
  name: string;
  scores: Scores;
  performanceRuns: number[];
  /** Per run: Lighthouse's blocking time, the same from thread CPU, and the load average, ms. */
  blockingRuns: { tbtMs: number | null; threadTbtMs: number | null; load: number }[];
  failing: string[];
  /** The median run's paints. */
  fcpMs: number | null;
  lcpMs: number | null;
}

export async function auditPage(chrome: Chrome, name: string, url: string, cookie: string | null): Promise<PageResult> {
  const runs: Awaited<ReturnType<typeof audit>>[] = [];
  for (let i = 0; i < RUNS; i += 1) runs.push(await audit(chrome, url, cookie));
  const performanceRuns = runs.map((r) => r.scores.performance ?? 0);
  const middle = runs.find((r) => (r.scores.performance ?? 0) === median(performanceRuns))!;
  log(`lighthouse ${name}: performance ${performanceRuns.map(pct).join(" / ")}`);
  const keep = process.env.BENCH_LIGHTHOUSE_DIR;
  if (keep) {
    fs.mkdirSync(keep, { recursive: true });
    fs.writeFileSync(path.join(keep, `${name.split(" ")[0]}-${cookie ? "in" : "out"}.json`), middle.report);
  }
  const blockingRuns = runs.map(({ tbtMs, threadTbtMs, load }) => ({ tbtMs, threadTbtMs, load }));
  return { name, scores: middle.scores, performanceRuns, blockingRuns, failing: middle.failing, fcpMs: middle.fcpMs, lcpMs: middle.lcpMs };
}

/**
 * A table against the computer, in play: the room starts the match when the player's socket first
 * connects, so a socket opens until the deal, then closes. Otherwise the first audit would load a
 * room that is still starting, and draw the table twice (ADR 064).
 */
async function botTable(base: string, app: AppClient, player: Player): Promise<string> {
  const response = await fetch(`${base}/api/games`, {
    method: "POST",
    headers: { Cookie: player.cookie, Origin: base, "Content-Type": "application/json" },
    body: JSON.stringify({ game_type: "1v1", game_mode: "casual", truco_variant: "paulista", vs_computer: true, bot_level: "normal" }),
  });
  const body = (await response.json()) as { id?: string; error?: string };
  if (!response.ok || !body.id) throw new Error(`creating the computer table: ${response.status} ${body.error ?? ""}`);
  const client = await app.openRoom(body.id, player);
  try {
    await client.until(() => Boolean(client.state?.view), 30_000, "the deal");
  } finally {
    client.close();
  }
  return `/game/${body.id}`;
}

export const lighthouseScenario: Scenario = {
  id: "lighthouse",
  players: () => ({ signIn: 1, bulk: 0 }),

  async run({ server, app }, players) {
    const [player] = players;
    let chrome: Chrome | null = null;
    const pages: PageResult[] = [];
    try {
      chrome = await startChrome();
      pages.push(await auditPage(chrome, "landing `/` (signed out)", `${server.base}/`, null));
      pages.push(await auditPage(chrome, "home `/` (signed in)", `${server.base}/`, player.cookie));
      pages.push(
        await auditPage(
          chrome,
          "game room (vs computer, in play)",
          server.base + (await botTable(server.base, app, player)),
          player.cookie,
        ),
      );
    } catch (error) {
      return { lines: [], budgets: [], failures: [`lighthouse: ${errorMessage(error)}`] };
    } finally {
      if (chrome) await stopChrome(chrome);
    }

    const lines = ["", `Lighthouse ${RUNS}× per page, mobile defaults (performance: median of the runs)`];
    const w = [36, 12, 14, 15, 5, 18];
    lines.push(row(["", "performance", "accessibility", "best practices", "SEO", "performance runs"], w));
    for (const page of pages) {
      const s = page.scores;
      lines.push(
        row(
          [
            page.name,
            pct(s.performance),
            pct(s.accessibility),
            pct(s["best-practices"]),
            pct(s.seo),
            page.performanceRuns.map(pct).join(" "),
          ],
          w,
        ),
      );
      if (page.failing.length) lines.push(`  costs points: ${page.failing.join(", ")}`);
      lines.push(blockingLine(page));
    }

    const budgets = pages.flatMap((page) => {
      const s = page.scores;
      return [
        budget(
          `Lighthouse ${page.name}: performance`,
          `≥ ${BUDGETS.lighthousePerformance}`,
          pct(s.performance),
          (s.performance ?? 0) * 100 >= BUDGETS.lighthousePerformance,
        ),
        budget(
          `Lighthouse ${page.name}: accessibility / best practices`,
          "100 / 100",
          `${pct(s.accessibility)} / ${pct(s["best-practices"])}`,
          s.accessibility === 1 && s["best-practices"] === 1,
        ),
      ];
    });
    return { lines, budgets, failures: [] };
  },
};
