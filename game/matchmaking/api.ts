import type { Queue } from "./pairing";

// What the Pages app may ask a Matchmaker Durable Object over DO RPC: one
// object per queue, `namespace.idFromName(queueKey(queue))`. The queue itself lives in D1
// (db/matchmaking.ts): the app writes who enters and leaves; the object pairs and seats.

export interface MatchReport {
  /** Games created by this run. */
  games: number;
  /** Players still waiting after it. */
  waiting: number;
  /** Players dropped (tab closed and channel offline, or unable to pay). */
  dropped: number;
}

export interface MatchmakerRpc {
  /** Someone entered the queue: pair now, and keep looking every second while anyone waits. */
  kick(queue: Queue): Promise<MatchReport>;
  /**
   * One pass at the given time (the alarm passes the clock; tests pass a later one to stand for
   * the waiting that time would bring).
   */
  run(queue: Queue, now: number): Promise<MatchReport>;
}
