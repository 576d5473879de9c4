import * as z from "zod/mini";
import { VariantSchema } from "../protocol/engine-schemas";
import { GameTypeSchema } from "../protocol/entities";
import { CAPACITY } from "../protocol/constants";

// Quick match: who plays whom, as a pure function of the queue and the time.
// The matchmaker (matchmaker-host.ts, one per queue) reads who waits from its storage, asks
// `pairQueue`, and claims each match's players on their channels before it creates the game;
// nothing here knows about I/O.

/** The modes a player can queue for (tournament games are made by tournaments, never queued). */
export const QueueModeSchema = z.enum(["casual", "ranked"]);
export type QueueMode = z.infer<typeof QueueModeSchema>;

/** A queue: one per (variant, game type, mode). */
export const QueueSchema = z.strictObject({ variant: VariantSchema, type: GameTypeSchema, mode: QueueModeSchema });
export type Queue = z.infer<typeof QueueSchema>;

/** The queue's name, e.g. `paulista:1v1:ranked` (the Matchmaker object's name, and the player's channel's word for it). */
export function queueKey(queue: Queue): string {
  return `${queue.variant}:${queue.type}:${queue.mode}`;
}

export function parseQueueKey(key: string): Queue | null {
  const [variant, type, mode] = key.split(":");
  const parsed = QueueSchema.safeParse({ variant, type, mode });
  return parsed.success ? parsed.data : null;
}

/** One player waiting. */
export interface QueueEntry {
  userId: string;
  rating: number;
  /** Epoch ms when the player entered the queue. */
  joinedAt: number;
  /** Ranked: the player took the wider search and accepts any rating difference (the others still choose theirs). */
  widened?: boolean;
}

/**
 * How far apart two ratings may be. Ranked: 100 points at first, 50 more every 5 s of waiting,
 * at most 600 (after 50 s); a pair is allowed when it is within what BOTH players accept, so a
 * newcomer is never paired far away just because the other has waited long. Casual: any gap.
 * A ranked player who took the wider search (search-policy.ts) accepts any gap on their side.
 */
export interface GapPolicy {
  baseGap: number;
  stepGap: number;
  stepMs: number;
  maxGap: number;
}

export const RANKED_GAP: GapPolicy = { baseGap: 100, stepGap: 50, stepMs: 5_000, maxGap: 600 };

/** The gap a player who has waited `waitedMs` accepts (ranked); casual accepts any. */
export function allowedGap(mode: QueueMode, waitedMs: number, policy: GapPolicy = RANKED_GAP): number {
  if (mode === "casual") return Number.POSITIVE_INFINITY;
  const steps = Math.floor(Math.max(0, waitedMs) / policy.stepMs);
  return Math.min(policy.maxGap, policy.baseGap + steps * policy.stepGap);
}

/** A match: the players in seat order (seat i → teamOfSeat(i); partners sit opposite). */
export interface Match {
  seats: QueueEntry[];
}

export interface Pairing {
  matches: Match[];
  /** Everyone not matched, in the order they came. */
  waiting: QueueEntry[];
}

/** Sorted by rating, ties by who came first then by id: the same queue always pairs the same way. */
function byRating(a: QueueEntry, b: QueueEntry): number {
  return a.rating - b.rating || a.joinedAt - b.joinedAt || (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0);
}

function byArrival(a: QueueEntry, b: QueueEntry): number {
  return a.joinedAt - b.joinedAt || (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0);
}

/**
 * The 2v2 seats of four players: the strongest with the weakest against the two in the middle
 * (sorted r0 ≤ r1 ≤ r2 ≤ r3: {r0, r3} vs {r1, r2}), the split whose team sums differ least.
 * Seats 0 and 2 are team 1, seats 1 and 3 team 2.
 */
export function balancedSeats(four: QueueEntry[]): QueueEntry[] {
  const [r0, r1, r2, r3] = [...four].sort(byRating);
  return [r0!, r1!, r3!, r2!];
}

/**
 * Pairs a queue at time `now`. Ranked: among the groups that fit in what every member accepts,
 * the tightest first (1v1: neighbours in rating order; 2v2: four neighbours), each player in at
 * most one match. Casual: by arrival, any ratings. A player who entered after `now` (a clock
 * skew between writers) counts as having waited 0.
 */
export function pairQueue(entries: readonly QueueEntry[], queue: Pick<Queue, "type" | "mode">, now: number): Pairing {
  const size = CAPACITY[queue.type];
  // A player listed twice (never in a Matchmaker's list, whose key is the player) counts once.
  const unique = [...new Map(entries.map((entry) => [entry.userId, entry])).values()];
  const accepts = (entry: QueueEntry) => (entry.widened ? Number.POSITIVE_INFINITY : allowedGap(queue.mode, now - entry.joinedAt));

  const matches: Match[] = [];
  const taken = new Set<string>();
  if (queue.mode === "casual") {
    const ordered = [...unique].sort(byArrival);
    for (let i = 0; i + size <= ordered.length; i += size) {
      const group = ordered.slice(i, i + size);
      group.forEach((entry) => taken.add(entry.userId));
      matches.push({ seats: size === 4 ? balancedSeats(group) : group });
    }
  } else {
    // Every window of `size` neighbours in rating order, tightest first; then again among those
    // left (two players whose neighbour between them was taken become neighbours), until a pass
    // finds nothing.
    let left = [...unique].sort(byRating);
    for (let found = true; found && left.length >= size;) {
      found = false;
      const windows: { start: number; spread: number }[] = [];
      for (let start = 0; start + size <= left.length; start++) {
        windows.push({ start, spread: left[start + size - 1]!.rating - left[start]!.rating });
      }
      windows.sort((a, b) => a.spread - b.spread || a.start - b.start);
      for (const { start, spread } of windows) {
        const group = left.slice(start, start + size);
        if (group.some((entry) => taken.has(entry.userId))) continue;
        if (group.some((entry) => spread > accepts(entry))) continue;
        group.forEach((entry) => taken.add(entry.userId));
        matches.push({ seats: size === 4 ? balancedSeats(group) : group });
        found = true;
      }
      left = left.filter((entry) => !taken.has(entry.userId));
    }
  }
  const waiting = unique.filter((entry) => !taken.has(entry.userId)).sort(byArrival);
  return { matches, waiting };
}

export { BOTS_OFFER_MS } from "./search-policy";
/** A queued player with no channel socket open (every tab closed) leaves the queue after this. */
export const QUEUE_STALE_MS = 20_000;
/** The matchmaker looks at its queue this often while anyone waits. */
export const MATCHMAKER_TICK_MS = 1_000;
/** Seconds the matched players have to open the room before computer players take their seats. */
export const MATCH_NO_SHOW_SECONDS = 45;
