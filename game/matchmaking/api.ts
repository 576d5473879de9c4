import { z } from "zod";
import type { Queue } from "./pairing";

// What the Pages app and the players' channels may ask a Matchmaker Durable Object over DO RPC:
// one object per queue, `namespace.idFromName(queueKey(queue))`. The object keeps who waits in
// its queue in its own storage (ADR 122); each player's PlayerChannel says which queue they are in
// and tells the object who enters, leaves, and whose sockets all closed.

export interface MatchReport {
  /** Games created by this run. */
  games: number;
  /** Players still waiting after it. */
  waiting: number;
  /** Players dropped (every channel socket closed for too long, or unable to pay). */
  dropped: number;
}

/** One player waiting in a Matchmaker's list. */
export const WaitingEntrySchema = z
  .object({
    userId: z.string().min(1).max(64),
    rating: z.number(),
    joinedAt: z.number(),
    /** Epoch ms since when the player has had no channel socket open; null while they have one. */
    awaySince: z.number().nullable(),
    /** Ranked: the player took the wider search (any rating difference on their side). */
    widened: z.boolean().optional(),
  })
  .strict();
export type WaitingEntry = z.infer<typeof WaitingEntrySchema>;

export interface MatchmakerRpc {
  /** A look at the queue now: pair, and keep looking every second while anyone waits. */
  kick(queue: Queue): Promise<MatchReport>;
  /**
   * One pass at the given time (the alarm passes the clock; tests pass a later one to stand for
   * the waiting that time would bring).
   */
  run(queue: Queue, now: number): Promise<MatchReport>;
  /** The player's channel puts them in this queue (or again, keeping their place), then a pass runs. */
  join(queue: Queue, entry: WaitingEntry): Promise<MatchReport>;
  /** The player's channel takes them out (cancel, another queue, a seat elsewhere). */
  leave(queue: Queue, userId: string): Promise<void>;
  /** The player's channel lost its last socket (`since`), or has one again (null). */
  away(queue: Queue, userId: string, since: number | null): Promise<void>;
  /** The player takes the wider search (ranked); false when they are not waiting in this queue. */
  widen(queue: Queue, userId: string): Promise<boolean>;
  /** Where the player stands: how many search, whether they widened, the estimated wait (ms). */
  standing(queue: Queue, userId: string): Promise<{ searching: number; widened: boolean; estimateMs: number }>;
  /** How many wait in this queue now. */
  waitingCount(queue: Queue): Promise<number>;
}
