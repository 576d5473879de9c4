import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { ROOT } from "../../../db/local-d1";
import { cpuByProcess, descendants } from "./cpu";
import { log, sleep } from "./util";

// The bench's server: owns the child process that serves the app (by default
// `npm start`'s scripts/start.mjs on the bench's own ports and state dir) and
// can start, stop and restart it, keeping its database in between. Scenarios
// that inject faults stop or restart it; the runner stops it at the end.

export interface ServerConfig {
  port: number;
  authPort: number;
  paymentPort: number;
  /** Its local D1 and Durable Object storage (wrangler --persist-to). */
  stateDir: string;
  /** Where its output goes. */
  logFile: string;
  /** Extra vars for both Workers (start.mjs's TRUCO_BINDINGS). */
  bindings: Record<string, string>;
  /** Reuse the existing build on the first start (later starts always do). */
  skipBuild: boolean;
  /** What serves the app: start.mjs by default; another launcher (e.g. one without wrangler's file watcher) fits here. */
  command?: readonly string[];
  /** More environment for the command. */
  env?: Record<string, string>;
}

/** Children run on this Node (22, from the node@22 devDependency under npm run), whatever PATH says. */
export const childEnv = (): NodeJS.ProcessEnv => ({
  ...process.env,
  CI: "1",
  PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ""}`,
});

/** How cpu() labels the workerd that runs the Workers. */
export const RUNTIME_LABEL = "workerd: app + rooms + D1";

export const wranglerBin = path.join(ROOT, "node_modules", ".bin", "wrangler");

/** Runs a command to its end; throws with the tail of its output when it fails. */
export function run(command: string, args: string[], what: string): string {
  const result = spawnSync(command, args, { cwd: ROOT, encoding: "utf8", env: childEnv() });
  if (result.status !== 0) {
    throw new Error(`${what} failed (exit ${result.status ?? result.signal}):\n${(result.stderr || result.stdout || "").slice(-2000)}`);
  }
  return result.stdout;
}

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}

export class BenchServer {
  readonly base: string;
  private child: ChildProcess | null = null;
  private exited: string | number | null = null;
  private started = 0;

  constructor(readonly config: ServerConfig) {
    this.base = `http://127.0.0.1:${config.port}`;
  }

  get running() {
    return this.child !== null && this.exited === null;
  }

  async checkPorts() {
    const { port, authPort, paymentPort } = this.config;
    for (const p of [port, authPort, paymentPort]) {
      if (!(await portFree(p))) throw new Error(`port ${p} is in use (another bench running?). Use --port to pick other ports.`);
    }
  }

  /** An empty state dir with a migrated database, for players to be created in before the first start. */
  resetDatabase() {
    const { stateDir } = this.config;
    fs.rmSync(stateDir, { recursive: true, force: true });
    fs.mkdirSync(stateDir, { recursive: true });
    log("migrating the bench database");
    run(wranglerBin, ["d1", "migrations", "apply", "DB", "--local", "--persist-to", stateDir, "-c", "wrangler.toml"], "migrations");
  }

  /** Starts the server on the current state dir and waits until the app answers. */
  async start() {
    if (this.running) throw new Error("the server is already running");
    await this.checkPorts();
    const { config } = this;
    const first = this.started === 0;
    log(`starting the server on ${this.base}; its output goes to ${path.relative(ROOT, config.logFile)}`);
    fs.mkdirSync(path.dirname(config.logFile), { recursive: true });
    const out = fs.openSync(config.logFile, first ? "w" : "a");
    const [command, ...args] = config.command ?? [process.execPath, path.join(ROOT, "scripts", "start.mjs")];
    const child = spawn(command, args, {
      cwd: ROOT,
      detached: true, // its own process group, stopped as a whole
      stdio: ["ignore", out, out],
      env: {
        ...childEnv(),
        PORT: String(config.port),
        AUTH_EMULATOR_PORT: String(config.authPort),
        PAYMENT_EMULATOR_PORT: String(config.paymentPort),
        TRUCO_STATE_DIR: config.stateDir,
        TRUCO_FRESH_STATE: "0",
        TRUCO_BINDINGS: Object.entries(config.bindings)
          .map(([key, value]) => `${key}=${value}`)
          .join(" "),
        SKIP_BUILD: config.skipBuild || !first ? "1" : "0",
        WRANGLER_LOG: "warn",
        // Pre-bundled Workers with no file watchers (ADR 091): nothing polls or reloads mid-measurement.
        TRUCO_SERVER: "bundled",
        ...config.env,
      },
    });
    fs.closeSync(out);
    this.child = child;
    this.exited = null;
    this.started += 1;
    child.on("exit", (code, signal) => {
      this.exited = code ?? signal ?? "?";
    });

    // Relay the steps start.mjs prints; wait until the app answers.
    const logStart = first ? 0 : this.logText().length;
    let shown = 0;
    const relay = () => {
      const lines = this.logText().slice(logStart).split("\n");
      for (; shown < lines.length - 1; shown++) {
        const line = lines[shown].trim();
        if (/^(▸|✓|✗)|error|Error/.test(line) && !/workers\.cloudflare\.com/.test(line)) log(`[server] ${line}`);
      }
    };
    const deadline = Date.now() + 8 * 60_000;
    let up = false;
    while (Date.now() < deadline) {
      relay();
      if (this.exited !== null) throw new Error(`the server exited (${this.exited}) before answering; see ${config.logFile}`);
      if (this.logText().slice(logStart).includes("is running at")) {
        try {
          const response = await fetch(`${this.base}/`, { redirect: "manual" });
          await response.arrayBuffer();
          if (response.status < 500) {
            up = true;
            break;
          }
        } catch {
          // Not yet.
        }
      }
      await sleep(500);
    }
    relay();
    if (!up) throw new Error(`the server did not answer within 8 minutes; see ${config.logFile}`);
    log(`server up (${this.pids().length} processes)`);
  }

  /** Stops everything it started: the process group, then any descendant that outlived it. */
  async stop() {
    const child = this.child;
    if (!child || this.exited !== null) {
      this.child = null;
      return;
    }
    const known = new Set(this.pids());
    log("stopping the server");
    try {
      process.kill(-child.pid!, "SIGTERM");
    } catch {
      // Already gone.
    }
    for (let i = 0; i < 40 && this.exited === null; i++) await sleep(250);
    await sleep(500);
    for (const pid of known) {
      try {
        process.kill(pid, 0);
        process.kill(pid, "SIGKILL");
      } catch {
        // Gone.
      }
    }
    this.child = null;
  }

  /** Stops and starts it again on the same database (for fault injection). */
  async restart() {
    await this.stop();
    await this.start();
  }

  /** The pids of the server: the launcher and every process under it. */
  pids(): number[] {
    const pid = this.child?.pid;
    return pid ? [pid, ...descendants(pid)] : [];
  }

  /** The workerd process that runs the Workers (the app, the rooms, local D1), or null. */
  runtimePid(): number | null {
    for (const [pid, { label }] of this.cpu()) if (label === RUNTIME_LABEL) return pid;
    return null;
  }

  /** CPU seconds so far of each of its processes, labelled by kind. */
  cpu() {
    const port = this.config.port;
    return cpuByProcess(this.pids(), (cmd) => {
      if (/workerd/.test(cmd)) return cmd.includes(`entry=127.0.0.1:${port}`) ? "workerd: wrangler's proxy" : RUNTIME_LABEL;
      if (/esbuild/.test(cmd)) return "esbuild (wrangler's watcher)";
      if (/wrangler/.test(cmd)) return "wrangler (node)";
      if (/start\.mjs/.test(cmd)) return "start.mjs: sign-in + payment emulators";
      return "other";
    });
  }

  /**
   * The base URL of workerd's own listener for the app, behind wrangler's proxy (`--direct`): the
   * workerd that runs the Workers listens on a port of its choosing (`entry=127.0.0.1:0`); the one
   * of its listening ports that serves the app's static file is it. Null when it cannot be found
   * (not Linux, no `ss`). Requests there reach the same Workers, without the proxy's hop, as in
   * production, where there is no such proxy.
   */
  async directBase(): Promise<string | null> {
    const runtime = this.runtimePid();
    if (runtime === null) return null;
    const listing = spawnSync("ss", ["-ltnpH"], { encoding: "utf8" });
    if (listing.status !== 0) return null;
    const ports = listing.stdout
      .split("\n")
      .filter((line) => line.includes(`pid=${runtime},`))
      .map((line) => /127\.0\.0\.1:(\d+)/.exec(line)?.[1])
      .filter((port): port is string => port !== undefined);
    for (const port of ports) {
      try {
        const response = await fetch(`http://127.0.0.1:${port}/favicon.svg`, { signal: AbortSignal.timeout(3_000) });
        await response.arrayBuffer();
        if (response.status === 200) return `http://127.0.0.1:${port}`;
      } catch {
        // Not the app's listener.
      }
    }
    return null;
  }

  /** Resident and peak memory (MB) of the server's workerd processes, from /proc (Linux only; empty elsewhere). */
  workerdMemory(): { label: string; rssMb: number; peakMb: number }[] {
    const out: { label: string; rssMb: number; peakMb: number }[] = [];
    for (const [pid, { label }] of this.cpu()) {
      if (!label.startsWith("workerd")) continue;
      try {
        const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
        const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? Number.NaN);
        out.push({ label, rssMb: kb("VmRSS") / 1024, peakMb: kb("VmHWM") / 1024 });
      } catch {
        // Gone, or not Linux.
      }
    }
    return out;
  }

  private logText() {
    try {
      return fs.readFileSync(this.config.logFile, "utf8");
    } catch {
      return "";
    }
  }
}
