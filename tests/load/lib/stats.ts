// Latency samples and their summary (p50/p95/p99), and the shared counters of one scenario.

import { BUDGETS } from "./budgets";

export interface Summary {
  n: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  mean: number;
}

/** Latency samples in ms. */
export class Samples {
  private values: number[] = [];

  add(ms: number) {
    this.values.push(ms);
  }

  get count() {
    return this.values.length;
  }

  summary(): Summary {
    const sorted = Float64Array.from(this.values).sort();
    const at = (p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN);
    const mean = sorted.length ? sorted.reduce((a, b) => a + b, 0) / sorted.length : NaN;
    return { n: sorted.length, p50: at(50), p95: at(95), p99: at(99), max: sorted.length ? sorted[sorted.length - 1] : NaN, mean };
  }
}

export interface BenchError {
  kind: string;
  detail: string;
}

/** What scenario B counts as a slow move: the p95 target for 500 rooms × 4 sockets. */
const SLOW_MOVE_MS = BUDGETS.loadP95TargetMs;

/** What a scenario measures of its rooms' moves (tests/load/lib/table.ts writes it). */
export class MoveStats {
  /** Until the last of the 4 sockets has the new state. */
  readonly all = new Samples();
  readonly first = new Samples();
  readonly actor = new Samples();
  /** Every socket's own arrival. */
  readonly perSocket = new Samples();
  readonly bySeat = [new Samples(), new Samples(), new Samples(), new Samples()];
  /** All-4 latency of moves inside a hand. */
  readonly ordinary = new Samples();
  /** All-4 latency of moves that ended a hand (D1 writes, next deal). */
  readonly handEnd = new Samples();
  /** ping → pong: the runtime's auto-response, the room is not woken. */
  readonly ping = new Samples();
  /** sync → game_state for one socket: the room woken, one view built, no storage. */
  readonly sync = new Samples();
  moves = 0;
  matches = 0;
  rooms = 0;
  framesIn = 0;
  bytesIn = 0;
  /** Frames that carry a full game_state (a new socket, a sync) and their sizes. */
  fullFrames = 0;
  /** Why a full game_state came: a socket's first, the next version (a delta was due), after a jump, not newer. */
  readonly fullWhy = { first: 0, next: 0, jump: 0, stale: 0 };
  fullBytes = 0;
  fullMax = 0;
  /** Frames that carry a game_state_delta (ADR 055). */
  deltaFrames = 0;
  deltaBytes = 0;
  readonly errors: BenchError[] = [];
  /** The WebSocket extensions the room sockets negotiated ("" for none: frames go uncompressed, ADR 108). */
  readonly extensions = new Set<string>();
  /** Moves over the slow mark (all 4 sockets), by the second they were sent in (since the process started). */
  readonly slowBySecond = new Map<number, number>();

  /** A move sent at `sentAt` (performance.now()) took `ms` until all 4 sockets had it. */
  timed(sentAt: number, ms: number) {
    if (ms <= SLOW_MOVE_MS) return;
    const second = Math.floor(sentAt / 1000);
    this.slowBySecond.set(second, (this.slowBySecond.get(second) ?? 0) + 1);
  }

  /**
   * Whether the slow moves come together (the whole server stalled for a moment) or spread out
   * (single rooms, e.g. each waking after hibernating): how many seconds held one, and the worst ones.
   */
  slowSummary(seconds: number): string {
    const counts = [...this.slowBySecond.values()].sort((a, b) => b - a);
    const total = counts.reduce((a, b) => a + b, 0);
    if (total === 0) return `moves over ${SLOW_MOVE_MS} ms: none`;
    // A tenth of the run's seconds: spread evenly, they would hold about a tenth of the slow moves.
    const worst = counts.slice(0, Math.max(1, Math.ceil(seconds / 10)));
    const share = (worst.reduce((a, b) => a + b, 0) / total) * 100;
    return (
      `moves over ${SLOW_MOVE_MS} ms: ${total}, sent in ${counts.length} of ${seconds.toFixed(0)} s; ` +
      `the worst ${worst.length} s (a tenth of the run) held ${share.toFixed(0)}% of them (worst seconds: ${counts.slice(0, 5).join(", ")})`
    );
  }

  error(kind: string, detail: unknown) {
    // Keep the first thousand in full; count the rest.
    this.errors.push({ kind, detail: this.errors.length < 1000 ? String(detail).slice(0, 300) : "" });
  }
}

export const fmtMs = (ms: number) => (Number.isFinite(ms) ? (ms < 10 ? ms.toFixed(2) : ms < 100 ? ms.toFixed(1) : ms.toFixed(0)) : "—");
export const fmtKB = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
