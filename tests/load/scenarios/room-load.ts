import os from "node:os";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { HttpError, type AppClient } from "../lib/client";
import type { Profile } from "../lib/floor";
import { machineCpu } from "../lib/cpu";
import { budget, BUDGETS, latencyTable } from "../lib/report";
import { startPerf } from "../lib/perf";
import type { BenchContext, Scenario } from "../lib/scenario";
import { RUNTIME_LABEL } from "../lib/server";
import { fmtMs, MoveStats } from "../lib/stats";
import { Table } from "../lib/table";
import { errorMessage, log, pool, sleep } from "../lib/util";

// B. N rooms × 4 sockets at once (500 by default; loopback): the same latency
// as A, errors (error frames, unexpected closes, failed HTTP, timeouts) and
// throughput, each room playing with a human-like think time (B1); then the
// same rooms with no think time, to find the server's capacity (B2, the
// saturation probe). Its players are made in bulk before the server starts.

interface Load {
  think: number;
  rooms: number;
  playSeconds: number;
  reopened: number;
  moves: number;
  frames: number;
  serverCores: number;
  byProcess: Record<string, number>;
  clientCores: number;
  machineBusyCores: number | null;
  machineIowaitCores: number | null;
  loopDelayP99: number;
  loopDelayMax: number;
}

export const roomLoad: Scenario = {
  id: "b",
  players: (options) => ({ signIn: 0, bulk: options.rooms * 4 }),

  async run(context, players) {
    const { options, app } = context;
    const { rooms: ROOMS, concurrency: CONCURRENCY } = options;
    const stats = new MoveStats();
    const tables = Array.from({ length: ROOMS }, (_, i) => new Table(app, players.slice(i * 4, i * 4 + 4), stats, 1000 + i));
    log(`scenario B: ${ROOMS} rooms × 4 sockets; setting up with ${CONCURRENCY} at a time`);
    const setupStart = performance.now();
    let seated = 0;
    let opened = 0;
    let failed = 0;
    const setupError = (table: Table, error: unknown) => {
      failed += 1;
      table.dead = true;
      const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
      const detail = `${errorMessage(error)}${cause ? ` (${cause.code ?? cause.message ?? cause})` : ""}`;
      // The first few at once: a failing setup says why while it runs, not minutes later.
      if (failed <= 3) log(`  B setup error: ${detail}`);
      stats.error(error instanceof HttpError ? "http" : "setup", detail);
    };
    // HTTP first (create + 3 joins per room, CONCURRENCY at a time), then the sockets (one handshake at a time).
    await pool(tables, CONCURRENCY, async (table) => {
      try {
        await table.seat();
        seated += 1;
      } catch (error) {
        setupError(table, error);
      }
      if ((seated + failed) % 100 === 0) log(`  B setup: ${seated + failed}/${ROOMS} rooms seated (${failed} failed)`);
    });
    log(`  B setup: ${seated} rooms seated in ${((performance.now() - setupStart) / 1000).toFixed(1)} s; opening ${seated * 4} sockets`);
    await pool(
      tables.filter((t) => !t.dead),
      8,
      async (table) => {
        try {
          await table.connect();
          opened += 1;
        } catch (error) {
          setupError(table, error);
        }
        if ((opened + failed) % 50 === 0) log(`  B setup: ${opened}/${seated} rooms connected (${failed} failed)`);
      },
    );
    const setupSeconds = (performance.now() - setupStart) / 1000;
    log(`  B setup done in ${setupSeconds.toFixed(1)} s: ${opened} rooms active, ${opened * 4} sockets open`);

    const failures: string[] = [];
    if (opened === 0) failures.push("scenario B: no room could be set up");
    const lines = [
      "",
      `B. ${ROOMS} rooms × 4 sockets: ${opened}/${ROOMS} rooms (${opened * 4} sockets) set up in ${setupSeconds.toFixed(0)} s`,
    ];

    // B1: every room plays at a human-like pace.
    const instancesBefore = await roomInstances(app, tables);
    const load = await play(context, tables, stats, { think: options.think, seconds: options.duration, label: "B", reopen: true });
    const instancesAfter = await roomInstances(app, tables);
    log(`scenario B done: ${stats.moves} moves in ${load.playSeconds.toFixed(0)} s, ${stats.errors.length} errors`);
    lines.push(...latencyTable(`B1. all rooms at a human pace: ${stats.moves} moves in ${load.playSeconds.toFixed(0)} s`, stats));
    lines.push(...loadLines(load, stats));
    if (instancesBefore !== null && instancesAfter !== null) {
      const built = instancesAfter - instancesBefore;
      lines.push(
        `room instances built during B1: ${built} (${load.reopened} rooms opened meanwhile; the other ${Math.max(0, built - load.reopened)} are rooms woken after hibernating: idle over 10 s, mostly since setup)`,
      );
    }
    // The memory one local workerd needs for every room and socket at once.
    for (const { label, rssMb, peakMb } of context.server.workerdMemory()) {
      lines.push(`  memory of ${label}: ${rssMb.toFixed(0)} MB resident now, ${peakMb.toFixed(0)} MB at its peak`);
    }

    // B2: the same rooms as fast as they may (only the flood pacing): the server's capacity.
    let movesPerSecond: number | null = null;
    if (options.saturation > 0) {
      const saturation = new MoveStats();
      for (const table of tables) table.stats = saturation;
      log(`saturation probe: the same rooms with no think time for ${options.saturation} s`);
      // --perf (ADR 109): the runtime's CPU over the probe, by part and by function.
      const recording = startPerf(options.perf, context.server, "perf-b2.data", "scenario B2's moves");
      const probe = await play(context, tables, saturation, { think: 0, seconds: options.saturation, label: "B2", reopen: false });
      const perf = recording ? await recording.stop(saturation.moves) : [];
      movesPerSecond = saturation.moves / probe.playSeconds;
      log(`saturation probe done: ${saturation.moves} moves, ${movesPerSecond.toFixed(0)} moves/s`);
      lines.push(
        ...latencyTable(
          `B2. saturation probe, the same rooms with no think time: ${saturation.moves} moves in ${probe.playSeconds.toFixed(0)} s`,
          saturation,
        ),
      );
      lines.push(...loadLines(probe, saturation), ...perf);
    }
    for (const table of tables) table.close();

    const s = stats.all.summary();
    const budgets = [
      budget(
        `${ROOMS}×4 at ${options.think} ms think: p95 (all 4 sockets)`,
        `≤ ${BUDGETS.loadP95Ms} ms`,
        `${fmtMs(s.p95)} ms`,
        s.p95 <= BUDGETS.loadP95Ms,
      ),
      budget(`${ROOMS}×4 p95`, `≤ ${BUDGETS.loadP95TargetMs} ms`, `${fmtMs(s.p95)} ms`, s.p95 <= BUDGETS.loadP95TargetMs),
      budget(`${ROOMS}×4 errors (setup + play)`, "0", String(stats.errors.length), stats.errors.length === 0),
    ];
    if (movesPerSecond !== null)
      budgets.push(
        budget(
          "saturation (workerd's share of a core is in B2's lines)",
          `≥ ${BUDGETS.saturationMovesPerS.toLocaleString("en")} moves/s`,
          `${movesPerSecond.toFixed(0)} moves/s`,
          movesPerSecond >= BUDGETS.saturationMovesPerS,
        ),
      );
    if (ROOMS < BUDGETS.loadRooms)
      budgets.push(budget(`rooms (the budget is for ${BUDGETS.loadRooms})`, String(BUDGETS.loadRooms), String(ROOMS), false));
    return { lines, budgets, failures };
  },
};

/**
 * Every live room plays (think time uniform in [0.5, 1.5] × think) for
 * `seconds`, opening a new room when its match ends (if `reopen`; else the
 * play ends once a tenth of the rooms' matches ended, so nine in ten rooms play throughout); answers
 * load figures: throughput, the server's CPU by process, the client's.
 */
async function play(
  { server }: BenchContext,
  tables: Table[],
  stats: MoveStats,
  { think, seconds, label, reopen }: { think: number; seconds: number; label: string; reopen: boolean },
): Promise<Load> {
  const cpu0 = server.cpu();
  const clientCpu0 = process.cpuUsage();
  const machine0 = machineCpu();
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const errors0 = stats.errors.length;
  const live = tables.filter((t) => !t.dead);
  const playStart = performance.now();
  let endAt = playStart + seconds * 1000;
  const framesAtStart = stats.framesIn;
  const movesAtStart = stats.moves;
  let reopened = 0;
  let ended = 0;
  const progress = setInterval(() => {
    const s = stats.all.summary();
    log(
      `  ${label}: ${stats.moves} moves, ${stats.matches} matches done, ${stats.errors.length - errors0} errors, p50 ${fmtMs(s.p50)} ms, p95 ${fmtMs(s.p95)} ms`,
    );
  }, 10_000);
  await Promise.all(
    live.map(async (table) => {
      await sleep(table.rng() * think);
      while (performance.now() < endAt && !table.dead) {
        await sleep(think * (0.5 + table.rng()));
        if (performance.now() >= endAt) break;
        try {
          const result = await table.move();
          if (result === "completed") {
            table.close();
            if (!reopen) {
              // Without new rooms, fewer and fewer rooms would play: the probe ends once a tenth of them ended.
              table.dead = true;
              ended += 1;
              if (ended > live.length / 10) endAt = Math.min(endAt, performance.now());
              break;
            }
            reopened += 1;
            await table.open();
          }
        } catch (error) {
          table.dead = true;
          stats.error(error instanceof HttpError ? "http" : "move", errorMessage(error));
          table.close();
        }
      }
    }),
  );
  clearInterval(progress);
  loop.disable();
  const playSeconds = (performance.now() - playStart) / 1000;
  const machine1 = machineCpu();
  const cpu1 = server.cpu();
  const byProcess: Record<string, number> = {};
  for (const [pid, { label: name, seconds: used }] of cpu1) {
    byProcess[name] = (byProcess[name] ?? 0) + (used - (cpu0.get(pid)?.seconds ?? 0)) / playSeconds;
  }
  const u = process.cpuUsage(clientCpu0);
  return {
    think,
    rooms: live.length,
    playSeconds,
    reopened,
    moves: stats.moves - movesAtStart,
    frames: stats.framesIn - framesAtStart,
    serverCores: Object.values(byProcess).reduce((a, b) => a + b, 0),
    byProcess,
    clientCores: (u.user + u.system) / 1e6 / playSeconds,
    machineBusyCores: machine0 && machine1 ? (machine1.busy - machine0.busy) / playSeconds : null,
    machineIowaitCores: machine0 && machine1 ? (machine1.iowait - machine0.iowait) / playSeconds : null,
    loopDelayP99: loop.percentile(99) / 1e6,
    loopDelayMax: loop.max / 1e6,
  };
}

function loadLines(l: Load, stats: MoveStats): string[] {
  const kinds: Record<string, number> = {};
  for (const e of stats.errors) kinds[e.kind] = (kinds[e.kind] ?? 0) + 1;
  const split = Object.entries(l.byProcess)
    .filter(([, cores]) => cores >= 0.005)
    .sort((x, y) => y[1] - x[1])
    .map(([name, cores]) => `${name} ${(cores * 100).toFixed(0)}%`)
    .join(", ");
  const perMove = (cores: number) => ((cores * 1000 * l.playSeconds) / Math.max(1, l.moves)).toFixed(2);
  const lines = [
    `throughput: ${(l.moves / l.playSeconds).toFixed(0)} moves/s, ${(l.frames / l.playSeconds).toFixed(0)} frames/s received, ${l.rooms} rooms playing` +
      (l.think ? ` (think time ${l.think} ms mean: offered ≈ ${((l.rooms * 1000) / l.think).toFixed(0)} moves/s)` : " (no think time)") +
      `; ${stats.matches} matches ended, ${l.reopened} new rooms opened meanwhile`,
    `CPU: server ${(l.serverCores * 100).toFixed(0)}% of a core (${split}); bench client ${(l.clientCores * 100).toFixed(0)}%` +
      (l.machineBusyCores !== null
        ? `; whole machine ${(l.machineBusyCores * 100).toFixed(0)}% of ${os.cpus().length * 100}% busy, ${((l.machineIowaitCores ?? 0) * 100).toFixed(0)}% iowait`
        : "") +
      `; client event-loop delay p99 ${fmtMs(l.loopDelayP99)} ms`,
    `server CPU per move: ${perMove(l.serverCores)} ms (${RUNTIME_LABEL} ${perMove(l.byProcess[RUNTIME_LABEL] ?? 0)} ms)` +
      (l.think ? "; at a human pace this includes the idle server's background" : ""),
    `errors: ${stats.errors.length}${
      stats.errors.length
        ? ` (${Object.entries(kinds)
            .map(([k, n]) => `${k} ${n}`)
            .join(", ")})`
        : ""
    }`,
  ];
  if (l.think) lines.push(stats.slowSummary(l.playSeconds));
  for (const e of stats.errors.slice(0, 5)) lines.push(`  - ${e.kind}: ${e.detail}`);
  return lines;
}

/** GameRoom instances the runtime has built so far (bench mode), read through one live table's room; null when unreadable. */
async function roomInstances(app: AppClient, tables: Table[]): Promise<number | null> {
  const table = tables.find((t) => !t.dead && t.gameId);
  if (!table) return null;
  try {
    return (await app.api<Profile>("GET", `/api/bench/profile?game=${table.gameId}`, table.players[0])).instances ?? null;
  } catch {
    return null;
  }
}
