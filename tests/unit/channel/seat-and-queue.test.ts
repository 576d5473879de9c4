import { describe, expect, it } from "vitest";
import type { WaitingEntry } from "../../../game/matchmaking/api";
import type { Queue } from "../../../game/matchmaking/pairing";
import type { ChannelEvent } from "../../../game/protocol/channel";
import { MAX_LEASE_MS, giveBack, takeLease } from "../../../game/channel/seat-lease";
import { LEASE_KEY, QUEUE_KEY, SeatAndQueueHost } from "../../../game/channel/seat-and-queue";

// The player's seat lease and quick-match membership (game/channel/seat-and-queue.ts) through
// in-memory ports: a storage map that outlives each host (an eviction is a new host over it), the
// socket count, and a Matchmaker that records what it is told.

const CASUAL: Queue = { variant: "paulista", type: "1v1", mode: "casual" };
const RANKED: Queue = { ...CASUAL, mode: "ranked" };

class World {
  now = 1_000_000;
  sockets = 1;
  readonly storage = new Map<string, unknown>();
  readonly told: string[] = [];
  readonly pushed: ChannelEvent[] = [];
  /** What a join's pass does before it answers (a match claims the player here). */
  onJoin: (host: SeatAndQueueHost, entry: WaitingEntry) => Promise<void> = async () => {};
  waiting = 1;

  host(): SeatAndQueueHost {
    const host: SeatAndQueueHost = new SeatAndQueueHost({
      store: {
        read: async (key) => structuredClone(this.storage.get(key)),
        write: async (key, value) => void this.storage.set(key, structuredClone(value)),
        remove: async (key) => void this.storage.delete(key),
      },
      sockets: () => this.sockets,
      matchmaker: (queue) => ({
        join: async (_q, entry) => {
          this.told.push(`join ${queue.mode} ${entry.userId} away=${entry.awaySince}`);
          await this.onJoin(host, entry);
          return { games: 0, waiting: this.waiting, dropped: 0 };
        },
        leave: async (_q, userId) => void this.told.push(`leave ${queue.mode} ${userId}`),
        away: async (_q, userId, since) => void this.told.push(`away ${queue.mode} ${userId} ${since}`),
      }),
      push: (event) => void this.pushed.push(event),
      clock: { now: () => this.now },
      warn: () => {},
    });
    return host;
  }
}

describe("the seat lease", () => {
  it("one claim at a time, renewed by the same claim, free once given back or lapsed", () => {
    const held = takeLease(null, "g1", 20_000, 0)!;
    expect(held).toEqual({ claim: "g1", expiresAt: 20_000 });
    expect(takeLease(held, "g2", 20_000, 19_999)).toBeNull();
    expect(takeLease(held, "g1", 20_000, 10_000)).toEqual({ claim: "g1", expiresAt: 30_000 });
    expect(takeLease(held, "g2", 20_000, 20_000)).toEqual({ claim: "g2", expiresAt: 40_000 });
    expect(giveBack(held, "g2")).toBe(held);
    expect(giveBack(held, "g1")).toBeNull();
    expect(takeLease(null, "g1", 10 * MAX_LEASE_MS, 0)!.expiresAt).toBe(MAX_LEASE_MS);
  });

  it("is kept in storage: a fresh host after an eviction refuses another claim until it is given back", async () => {
    const world = new World();
    const first = world.host();
    const answers = await Promise.all([first.claimSeat("create:a", 20), first.claimSeat("g1", 20)]);
    expect(answers.filter(Boolean)).toHaveLength(1);
    const winner = answers[0] ? "create:a" : "g1";
    const evicted = world.host();
    expect(await evicted.claimSeat("g2", 20)).toBe(false);
    await evicted.releaseSeat("g2");
    expect(world.storage.has(LEASE_KEY)).toBe(true);
    await evicted.releaseSeat(winner);
    expect(world.storage.has(LEASE_KEY)).toBe(false);
    expect(await world.host().claimSeat("g2", 20)).toBe(true);
  });
});

describe("the quick-match membership", () => {
  it("enters, moves (the old queue told), keeps the place on a second press, and leaves", async () => {
    const world = new World();
    const host = world.host();
    const first = await host.enterQueue("ana", CASUAL, 1000);
    expect(first).toMatchObject({ state: "waiting", searching: 1, membership: { queueKey: "paulista:1v1:casual", joinedAt: world.now } });
    world.now += 5_000;
    expect(await host.enterQueue("ana", CASUAL, 1000)).toMatchObject({ membership: { joinedAt: world.now - 5_000 } });
    expect(await host.enterQueue("ana", RANKED, 1000)).toMatchObject({
      membership: { queueKey: "paulista:1v1:ranked", joinedAt: world.now },
    });
    expect(world.told).toEqual(["join casual ana away=null", "join casual ana away=null", "leave casual ana", "join ranked ana away=null"]);
    expect(await world.host().leaveQueue()).toEqual({ left: true, gameId: null });
    expect(world.told.at(-1)).toBe("leave ranked ana");
    expect(world.storage.has(QUEUE_KEY)).toBe(false);
    expect(await world.host().queueState()).toBeNull();
  });

  it("a claim made during the join's pass answers the game; a claimed player cannot leave, and goes there", async () => {
    const world = new World();
    world.onJoin = async (host) => void expect(await host.claimForMatch("paulista:1v1:casual", "game-1")).toBe(true);
    const host = world.host();
    expect(await host.enterQueue("ana", CASUAL, 1000)).toEqual({ state: "matched", gameId: "game-1" });
    expect(await host.claimForMatch("paulista:1v1:casual", "game-2")).toBe(false);
    expect(await host.leaveQueue()).toEqual({ left: false, gameId: "game-1" });
    expect(await host.enterQueue("ana", RANKED, 1000)).toEqual({ state: "matched", gameId: "game-1" });
    await host.releaseMatch("game-1");
    expect(await host.queueState()).toMatchObject({ gameId: null });
    expect(await host.claimForMatch("paulista:1v1:ranked", "game-3")).toBe(false);
    expect(await host.claimForMatch("paulista:1v1:casual", "game-3")).toBe(true);
    await host.forgetMatch("game-3");
    expect(await world.host().queueState()).toBeNull();
  });

  it("the last socket closing makes the player away (the Matchmaker told), one opening brings them back; a drop tells the page", async () => {
    const world = new World();
    world.sockets = 0;
    const host = world.host();
    await host.enterQueue("ana", CASUAL, 1000);
    expect(world.told).toEqual([`join casual ana away=${world.now}`]);
    world.sockets = 1;
    await host.socketsChanged();
    await host.socketsChanged();
    world.now += 1;
    world.sockets = 0;
    await world.host().socketsChanged();
    expect(world.told.slice(1)).toEqual(["away casual ana null", `away casual ana ${world.now}`]);
    await world.host().droppedFromQueue("paulista:1v1:ranked", "away");
    expect(world.pushed).toEqual([]);
    await world.host().droppedFromQueue("paulista:1v1:casual", "away");
    expect(world.pushed).toEqual([{ type: "queue_left", payload: { queue_key: "paulista:1v1:casual", reason: "away" } }]);
    expect(world.storage.has(QUEUE_KEY)).toBe(false);
  });
});
