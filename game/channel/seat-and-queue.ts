import type { MatchmakerRpc } from "../matchmaking/api";
import { parseQueueKey, queueKey, type Queue } from "../matchmaking/pairing";
import type { ChannelEvent } from "../protocol/channel";
import * as membership from "./queue-membership";
import { MembershipSchema, type Membership } from "./queue-membership";
import { giveBack, SeatLeaseSchema, takeLease, type SeatLease } from "./seat-lease";

// The per-player state that decides where a player may sit (ADR 122), held by their PlayerChannel
// beside presence and invitations (channel-host.ts) but in values of its own: the seat lease
// (seat-lease.ts) and the quick-match membership (queue-membership.ts). Each decision is made on
// the value in memory (loaded once) with no await between the check and the change, then stored, so a fresh
// instance after an eviction finds it. The channel's sockets say whether the player is still there:
// when the last one closes the queue's Matchmaker hears it, and drops them after its grace.

export const LEASE_KEY = "seat-lease";
export const QUEUE_KEY = "queue";

export interface SeatAndQueuePorts {
  store: {
    read(key: string): Promise<unknown>;
    write(key: string, value: unknown): Promise<void>;
    remove(key: string): Promise<void>;
  };
  /** How many of the player's channel sockets are open. */
  sockets(): number;
  matchmaker(queue: Queue): Pick<MatchmakerRpc, "join" | "leave" | "away">;
  /** Pushes an event to the player's open sockets. */
  push(event: ChannelEvent): void;
  clock: { now(): number };
  warn(message: string, error: unknown): void;
}

export type QueueEntering =
  { state: "matched"; gameId: string } | { state: "waiting"; membership: Membership; searching: number } | { state: "none" };

export class SeatAndQueueHost {
  private lease: SeatLease | null | undefined;
  private member: Membership | null | undefined;

  constructor(private readonly ports: SeatAndQueuePorts) {}

  // ------------------------------------------------------------------ the seat lease

  private async heldLease(): Promise<SeatLease | null> {
    if (this.lease === undefined) {
      const stored = SeatLeaseSchema.safeParse(await this.ports.store.read(LEASE_KEY));
      this.lease ??= stored.success ? stored.data : null;
    }
    return this.lease;
  }

  /** Takes the lease for `claim` for `ttlSeconds`; false while another claim holds it. */
  async claimSeat(claim: string, ttlSeconds: number): Promise<boolean> {
    await this.heldLease();
    const taken = takeLease(this.lease ?? null, claim, ttlSeconds * 1000, this.ports.clock.now());
    if (!taken) return false;
    this.lease = taken;
    await this.ports.store.write(LEASE_KEY, taken);
    return true;
  }

  /** Gives the lease back (only if `claim` still holds it). */
  async releaseSeat(claim: string): Promise<void> {
    await this.heldLease();
    const held = this.lease ?? null;
    const next = giveBack(held, claim);
    if (next === held) return;
    this.lease = next;
    await this.ports.store.remove(LEASE_KEY);
  }

  // ------------------------------------------------------------------ quick-match membership

  private async held(): Promise<Membership | null> {
    if (this.member === undefined) {
      const stored = MembershipSchema.safeParse(await this.ports.store.read(QUEUE_KEY));
      this.member ??= stored.success ? stored.data : null;
    }
    return this.member;
  }

  private async keep(next: Membership | null): Promise<void> {
    if (next === this.member) return;
    this.member = next;
    if (next) await this.ports.store.write(QUEUE_KEY, next);
    else await this.ports.store.remove(QUEUE_KEY);
  }

  async queueState(): Promise<Membership | null> {
    return this.held();
  }

  /**
   * Puts the player in `queue` (moving them from another one) and has its Matchmaker pair at once.
   * A player already claimed for a game is answered that game.
   */
  async enterQueue(userId: string, queue: Queue, rating: number): Promise<QueueEntering> {
    const key = queueKey(queue);
    await this.held();
    const entering = membership.enter(this.member ?? null, userId, key, rating, this.ports.clock.now(), this.ports.sockets());
    if (entering.matched) return { state: "matched", gameId: entering.gameId };
    const { next, moved } = entering;
    await this.keep(next);
    if (moved) await this.tellLeft(moved, userId);
    let searching: number;
    try {
      ({ waiting: searching } = await this.ports.matchmaker(queue).join(queue, {
        userId,
        rating: next.rating,
        joinedAt: next.joinedAt,
        awaySince: next.awaySince,
      }));
    } catch (error) {
      // Not in the Matchmaker's list, so not in its queue either (unless its pass claimed them).
      if (this.member === next) await this.keep(null);
      throw error;
    }
    const now = this.member;
    if (now?.gameId) return { state: "matched", gameId: now.gameId };
    if (!now) return { state: "none" };
    return { state: "waiting", membership: now, searching };
  }

  /** Leaves the queue if still waiting; answers the game a matchmaker already claimed the player for, if so. */
  async leaveQueue(): Promise<{ left: boolean; gameId: string | null }> {
    await this.held();
    const held = this.member ?? null;
    const { next, left, gameId } = membership.leave(held);
    await this.keep(next);
    if (left && held) await this.tellLeft(held.queueKey, held.userId);
    return { left, gameId };
  }

  /** A matchmaker claims the player for a game: only while they wait in its queue. */
  async claimForMatch(key: string, gameId: string): Promise<boolean> {
    await this.held();
    const next = membership.claim(this.member ?? null, key, gameId);
    if (!next) return false;
    await this.keep(next);
    return true;
  }

  async releaseMatch(gameId: string): Promise<void> {
    await this.held();
    await this.keep(membership.release(this.member ?? null, gameId));
  }

  async forgetMatch(gameId: string): Promise<void> {
    await this.held();
    await this.keep(membership.forget(this.member ?? null, gameId));
  }

  /** The queue's Matchmaker dropped the player: the membership goes and every open page hears it. */
  async droppedFromQueue(key: string, reason: "away" | "unable"): Promise<void> {
    await this.held();
    const held = this.member ?? null;
    const next = membership.dropped(held, key);
    if (next === held) return;
    await this.keep(next);
    this.ports.push({ type: "queue_left", payload: { queue_key: key, reason } });
  }

  /**
   * The channel's sockets changed (one opened or closed): a waiting player whose last socket closed
   * is away from now on, and back when one opens; their queue's Matchmaker hears both.
   */
  async socketsChanged(): Promise<void> {
    await this.held();
    const next = membership.presenceChange(this.member ?? null, this.ports.sockets(), this.ports.clock.now());
    if (!next) return;
    await this.keep(next);
    const queue = parseQueueKey(next.queueKey);
    if (!queue) return;
    await this.ports
      .matchmaker(queue)
      .away(queue, next.userId, next.awaySince)
      .catch((error: unknown) => this.ports.warn("matchmaker not told", error));
  }

  private async tellLeft(key: string, userId: string): Promise<void> {
    const queue = parseQueueKey(key);
    if (!queue) return;
    await this.ports
      .matchmaker(queue)
      .leave(queue, userId)
      .catch((error: unknown) => this.ports.warn("matchmaker not told", error));
  }
}
