// Where a move's time goes inside the room, for `npm run bench` only (BENCH_MODE=1, ADR 057).
// Each move a player sends is timed phase by phase; the bench reads the sums through
// GET /api/bench/profile?game=… (the room's fetch at /bench/profile) and prints them.
//
// Inside workerd the clock advances in whole milliseconds, so one move's phases are rounded;
// over many moves the rounding evens out (a phase that starts at a random point of a millisecond
// is counted 1 ms as often as its share of one), so the report gives means, not percentiles.

/** The phases of a move, in order. */
export const PHASES = [
  "parse", // the frame through the protocol's schema
  "apply", // the room's rules and the engine (rules.act)
  "persist", // the room handed to storage (the put call; the write completes later)
  "views", // each player's view and the change from what their socket holds
  "serialise", // the frames as text
  "send", // ws.send on every socket
  "records", // the hand records to D1, after the frames (a hand's end only)
] as const;
export type Phase = (typeof PHASES)[number];

export interface ProfileReport {
  moves: number;
  /** Sum of each phase over every move, ms. */
  sums: Record<Phase, number>;
  /** Sum of each move's time from its frame arriving to its last send, ms. */
  toSent: number;
  /** Moves whose storage write completed, and the sum of their times from the put to its completion, ms. */
  durable: { moves: number; sum: number };
  /** Moves that ran exclusively (a match's end: its settlement awaits D1). */
  exclusive: number;
  /**
   * GameRoom instances this runtime has constructed so far, all rooms together: a room is built
   * once when it opens and again each time it wakes after an eviction, so the bench can count
   * evictions between two reads.
   */
  instances: number;
}

let instances = 0;

/** A GameRoom was constructed (bench mode only). */
export function countRoomInstance(): void {
  instances += 1;
}

export class MoveProfiler {
  private report: ProfileReport = MoveProfiler.empty();
  private move: { start: number; last: number; phases: Partial<Record<Phase, number>> } | null = null;

  private static empty(): ProfileReport {
    return {
      moves: 0,
      sums: Object.fromEntries(PHASES.map((phase) => [phase, 0])) as Record<Phase, number>,
      toSent: 0,
      durable: { moves: 0, sum: 0 },
      exclusive: 0,
      instances: 0,
    };
  }

  /** A move's frame arrived. */
  begin(now: number): void {
    this.move = { start: now, last: now, phases: {} };
  }

  get active(): boolean {
    return this.move !== null;
  }

  /** The phase that ended now. */
  lap(phase: Phase, now: number): void {
    const move = this.move;
    if (!move) return;
    move.phases[phase] = (move.phases[phase] ?? 0) + (now - move.last);
    move.last = now;
  }

  /** The frames are sent: everything but the records is known. */
  sent(now: number): void {
    if (this.move) this.report.toSent += now - this.move.start;
  }

  exclusive(): void {
    if (this.move) this.report.exclusive += 1;
  }

  /** The storage write handed over at `putAt` completed now. */
  durable(putAt: number, now: number): void {
    this.report.durable.moves += 1;
    this.report.durable.sum += now - putAt;
  }

  /** The handler is done; only a move the rules applied counts (not a ping, a sync or a refused frame). */
  end(): void {
    const move = this.move;
    this.move = null;
    if (!move || move.phases.apply === undefined) return;
    this.report.moves += 1;
    for (const phase of PHASES) this.report.sums[phase] += move.phases[phase] ?? 0;
  }

  /** What was measured since the last call; starts over. */
  take(): ProfileReport {
    const report = this.report;
    this.report = MoveProfiler.empty();
    return { ...report, instances };
  }
}
