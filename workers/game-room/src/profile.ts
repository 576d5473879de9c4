import type { RoomHostPorts } from "../../../game/room/host/index";

// Where a move's time goes inside the room, for `npm run bench` only (BENCH_MODE=1). The profiler
// wraps the room host's ports and times what crosses them while a move is handled: the save, the
// sends and the game record; the rest of the handler is the room's own work (parse, rules,
// views). The bench reads the sums through GET /api/bench/profile?game=… and prints them.
//
// Inside workerd the clock advances in whole milliseconds, so one move's phases are rounded; over
// many moves the rounding evens out, so the report gives means, not percentiles.

/** The phases of a move. */
export const PHASES = [
  "room", // everything the ports do not do: the frame's parse, the rules, each socket's view and text
  "persist", // the room handed to storage (the put call; the write completes later)
  "send", // ws.send on every socket
  "records", // the game's record to R2, after the frames (the game's last move only)
  "relay", // the call that hands the new version to the spectators' relay (not its answer)
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
  /** Calls to the spectators' relay made while moves were handled (one per version while anyone watches, whatever the audience). */
  relayCalls: number;
  /**
   * GameRoom instances this runtime has constructed so far, all rooms together: a room is built
   * once when it opens and again each time it wakes after an eviction, so the bench can count
   * evictions between two reads.
   */
  instances: number;
}

let instances = 0;

interface Move {
  start: number;
  lastSend: number | null;
  ports: Record<Exclude<Phase, "room">, number>;
  relayCalls: number;
  /** Whether the move handed the room to storage (a put can take under the clock's millisecond). */
  stored: boolean;
  exclusive: boolean;
}

export class MoveProfiler {
  private report: ProfileReport = MoveProfiler.empty();
  private move: Move | null = null;

  constructor(private readonly clock: () => number = () => Date.now()) {
    instances += 1;
  }

  private static empty(): ProfileReport {
    return {
      moves: 0,
      sums: { room: 0, persist: 0, send: 0, records: 0, relay: 0 },
      toSent: 0,
      durable: { moves: 0, sum: 0 },
      exclusive: 0,
      relayCalls: 0,
      instances: 0,
    };
  }

  /** The same ports, timed while a move is handled. */
  wrap<S>(ports: RoomHostPorts<S>): RoomHostPorts<S> {
    const timed = <A extends unknown[], R>(phase: Exclude<Phase, "room">, fn: (...args: A) => R) => {
      return (...args: A): R => {
        const move = this.move;
        if (!move) return fn(...args);
        const start = this.clock();
        try {
          return fn(...args);
        } finally {
          const end = this.clock();
          move.ports[phase] += end - start;
          if (phase === "send") move.lastSend = end;
        }
      };
    };
    const put = timed("persist", ports.store.put.bind(ports.store));
    const archive = ports.archive.put.bind(ports.archive);
    const relay = ports.relay;
    const publish = relay ? timed("relay", relay.publish.bind(relay)) : null;
    return {
      ...ports,
      store: {
        ...ports.store,
        get: ports.store.get.bind(ports.store),
        list: ports.store.list.bind(ports.store),
        setAlarm: ports.store.setAlarm.bind(ports.store),
        put: (entries) => {
          if (this.move) this.move.stored = true;
          const putAt = this.clock();
          const done = put(entries);
          if (this.move) void done.then(() => this.durable(putAt));
          return done;
        },
      },
      sockets: { ...ports.sockets, send: timed("send", ports.sockets.send.bind(ports.sockets)) },
      relay:
        relay && publish
          ? {
              unwatchable: relay.unwatchable.bind(relay),
              publish: (gameId, frame) => {
                if (this.move) this.move.relayCalls += 1;
                return publish(gameId, frame);
              },
            }
          : relay,
      archive: {
        put: async (key, text) => {
          const move = this.move;
          const start = this.clock();
          await archive(key, text);
          if (move) move.ports.records += this.clock() - start;
        },
      },
      exclusive: (fn) => {
        if (this.move) this.move.exclusive = true;
        return ports.exclusive(fn);
      },
    };
  }

  /** Times one handled frame; only a frame that reached the rules and sent something counts as a move. */
  async measure(handle: () => Promise<void>): Promise<void> {
    const move: Move = {
      start: this.clock(),
      lastSend: null,
      ports: { persist: 0, send: 0, records: 0, relay: 0 },
      relayCalls: 0,
      stored: false,
      exclusive: false,
    };
    this.move = move;
    try {
      await handle();
    } finally {
      this.move = null;
      const end = this.clock();
      if (move.lastSend !== null && move.stored) {
        const r = this.report;
        r.moves += 1;
        r.sums.persist += move.ports.persist;
        r.sums.send += move.ports.send;
        r.sums.records += move.ports.records;
        r.sums.relay += move.ports.relay;
        r.sums.room += end - move.start - move.ports.persist - move.ports.send - move.ports.records - move.ports.relay;
        r.relayCalls += move.relayCalls;
        r.toSent += move.lastSend - move.start;
        if (move.exclusive) r.exclusive += 1;
      }
    }
  }

  private durable(putAt: number): void {
    this.report.durable.moves += 1;
    this.report.durable.sum += this.clock() - putAt;
  }

  /** What was measured since the last call; starts over. */
  take(): ProfileReport {
    const report = this.report;
    this.report = MoveProfiler.empty();
    return { ...report, instances };
  }
}
