import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ChannelEvent } from "../../../game/protocol/channel";
import { COUNT_PUSH_MS, MatchmakerHost } from "../../../game/matchmaking/matchmaker-host";
import { MATCH_NO_SHOW_SECONDS, MATCHMAKER_TICK_MS, QUEUE_STALE_MS, queueKey, type Queue } from "../../../game/matchmaking/pairing";
import type { MatchPlayer } from "../../../game/matchmaking/ports";
import { estimateWaitMs, RANKED_BOTS_OFFER_MS, RANKED_WIDEN_OFFER_MS } from "../../../game/matchmaking/search-policy";
import type { WaitingEntry } from "../../../game/matchmaking/api";
import * as membership from "../../../game/channel/queue-membership";
import type { Membership } from "../../../game/channel/queue-membership";
import { CAPACITY, ENTRY_COST } from "../../../game/protocol/constants";
import type { AssignedRoomOptions, AssignedSeat, RoomResult } from "../../../game/room/api";
import { summary } from "../room/helpers";

// game/matchmaking/matchmaker-host.ts driven through in-memory ports (ADR 113): the stored waiting
// list, each player's channel membership (game/channel/queue-membership.ts, as the channel keeps
// it), the players, the rooms and the channels' events are plain fields; the tests move the clock by hand.

class MemoryQueue {
  now = 1_000_000;
  /** The matchmaker's stored list. */
  stored: WaitingEntry[] = [];
  /** Each player's channel membership. */
  readonly members = new Map<string, Membership>();
  readonly players = new Map<string, MatchPlayer>();
  readonly games = new Map<string, { status: string; endReason: string | null }>();
  readonly opened: { gameId: string; seats: AssignedSeat[]; options: AssignedRoomOptions | undefined }[] = [];
  readonly notified: [string, ChannelEvent][] = [];
  readonly dropped: [string, string][] = [];
  alarm: number | null = null;
  remembered: unknown = undefined;
  /** What the room answers to `openAssigned` (a throw stands for a room that cannot be reached). */
  room: (gameId: string) => RoomResult = () => ({ ok: true });
  /** Runs before each claim reaches a channel: another call's move at that moment. */
  beforeClaim: (userId: string) => void = () => {};
  passesRunning = 0;
  mostAtOnce = 0;
  private gameCount = 0;

  /** A player who entered the queue: their channel's membership and the matchmaker's stored entry. */
  enter(
    userId: string,
    queue: Queue,
    over: { coins?: number; rating?: number; joinedAt?: number; awaySince?: number | null } = {},
  ): WaitingEntry {
    const entry: WaitingEntry = {
      userId,
      rating: over.rating ?? 1000,
      joinedAt: over.joinedAt ?? this.now,
      awaySince: over.awaySince ?? null,
    };
    this.members.set(userId, {
      userId,
      queueKey: queueKey(queue),
      rating: entry.rating,
      joinedAt: entry.joinedAt,
      gameId: null,
      awaySince: entry.awaySince,
    });
    this.stored = [...this.stored.filter((e) => e.userId !== userId), entry];
    this.players.set(userId, {
      id: userId,
      nickname: userId,
      avatar_url: null,
      premium_until: null,
      ranking_points: entry.rating,
      virtual_coins: over.coins ?? 1000,
      banned_at: null,
    });
    return entry;
  }

  host(): MatchmakerHost {
    return new MatchmakerHost({
      store: {
        remember: async (queue) => void (this.remembered = queue),
        recall: async () => this.remembered,
        loadWaiting: async () => structuredClone(this.stored),
        saveWaiting: async (entries) => void (this.stored = structuredClone(entries)),
        setAlarm: async (at) => void (this.alarm = at),
        deleteAlarm: async () => void (this.alarm = null),
      },
      records: {
        players: async (ids) => {
          // A pass with matches reads its players: count how many run at once.
          this.passesRunning += 1;
          this.mostAtOnce = Math.max(this.mostAtOnce, this.passesRunning);
          await new Promise((resolve) => setTimeout(resolve, 0));
          this.passesRunning -= 1;
          return ids.flatMap((id) => (this.players.has(id) ? [this.players.get(id)!] : []));
        },
        createGames: async (queue, planned) =>
          planned.map(({ id, createdBy }) => {
            this.games.set(id, { status: "waiting", endReason: null });
            return summary({ id, game_type: queue.type, game_mode: queue.mode, created_by: createdBy });
          }),
        closeGames: async (ids) => {
          for (const id of ids) this.games.set(id, { status: "cancelled", endReason: "match_fell_through" });
        },
      },
      peers: {
        room: (gameId) => ({
          openAssigned: async (_game, seats, options) => {
            const result = this.room(gameId);
            if (result.ok) this.opened.push({ gameId, seats, options });
            return result;
          },
        }),
        channel: (userId) => ({
          notify: async (event) => (this.notified.push([userId, event]), 1),
          claimForMatch: async (key, gameId) => {
            this.beforeClaim(userId);
            const next = membership.claim(this.members.get(userId) ?? null, key, gameId);
            if (next) this.members.set(userId, next);
            return next !== null;
          },
          releaseMatch: async (gameId) => this.keep(userId, membership.release(this.members.get(userId) ?? null, gameId)),
          droppedFromQueue: async (key, reason) => {
            this.dropped.push([userId, reason]);
            this.keep(userId, membership.dropped(this.members.get(userId) ?? null, key));
          },
        }),
      },
      clock: { now: () => this.now, ticks: () => 0 },
      newId: () => `game-${++this.gameCount}`,
      warn: () => {},
    });
  }

  private keep(userId: string, next: Membership | null): void {
    if (next) this.members.set(userId, next);
    else this.members.delete(userId);
  }

  waitingIds(): string[] {
    return this.stored.map((e) => e.userId);
  }

  /** Each player's games, from the rooms opened. */
  seatsOf(userId: string): string[] {
    return this.opened.filter((room) => room.seats.some((seat) => seat.userId === userId)).map((room) => room.gameId);
  }

  /** The searching counts each player was told. */
  told(userId: string): number[] {
    return this.notified.flatMap(([id, event]) => (id === userId && event.type === "queue_update" ? [event.payload.searching] : []));
  }
}

const CASUAL: Queue = { variant: "paulista", type: "1v1", mode: "casual" };

describe("a matchmaker pass", () => {
  it("seats each player once, tells them through their channel, and keeps the alarm while someone waits", async () => {
    const world = new MemoryQueue();
    const ids = ["a", "b", "c", "d", "e"];
    for (const [i, id] of ids.entries()) world.enter(id, CASUAL, { joinedAt: world.now + i });
    const host = world.host();
    expect(await host.run(CASUAL, world.now)).toEqual({ games: 2, waiting: 1, dropped: 0 });
    expect(world.opened.map((room) => room.seats.map((seat) => seat.userId))).toEqual([
      ["a", "b"],
      ["c", "d"],
    ]);
    expect(world.opened[0]!.options).toEqual({ noShowSeconds: MATCH_NO_SHOW_SECONDS, noShowRule: "bots" });
    expect(world.opened[0]!.seats[0]).toMatchObject({ entry: 50, isPremium: false, rating: 1000 });
    expect(world.notified.map(([id, event]) => [id, event.type])).toEqual([
      ...["a", "b", "c", "d"].map((id) => [id, "match_found"]),
      ["e", "queue_update"],
    ]);
    expect(world.members.get("a")).toMatchObject({ gameId: world.seatsOf("a")[0] });
    expect(world.told("e")).toEqual([1]);
    expect(world.alarm).toBe(world.now + MATCHMAKER_TICK_MS);

    // The alarm, again and again: nobody is seated twice; the last one waits until someone comes.
    for (let i = 0; i < 3; i++) await host.alarm();
    for (const id of ids) expect(world.seatsOf(id).length).toBeLessThanOrEqual(1);
    expect(world.seatsOf("e")).toEqual([]);
    // The alarm tells nobody twice the same count.
    expect(world.told("e")).toEqual([1]);
    await host.join(CASUAL, world.enter("f", CASUAL));
    expect(world.seatsOf("e")).toHaveLength(1);
    expect(world.seatsOf("f")).toEqual(world.seatsOf("e"));
    expect(world.alarm).toBeNull();
  });

  it("never runs two passes at once; a caller who comes during a pass is answered by the next one", async () => {
    const world = new MemoryQueue();
    for (const id of ["a", "b", "c", "d"]) world.enter(id, CASUAL);
    const host = world.host();
    const reports = await Promise.all([host.run(CASUAL, world.now), host.run(CASUAL, world.now), host.run(CASUAL, world.now)]);
    expect(world.mostAtOnce).toBe(1);
    expect(reports[0]).toEqual({ games: 2, waiting: 0, dropped: 0 });
    // The two who came during the first pass share the second one's answer.
    expect(reports[1]).toEqual({ games: 0, waiting: 0, dropped: 0 });
    expect(reports[2]).toBe(reports[1]);
    for (const id of ["a", "b", "c", "d"]) expect(world.seatsOf(id)).toHaveLength(1);
  });

  it("drops who cannot pay before the claim; their partner keeps the place", async () => {
    const world = new MemoryQueue();
    world.enter("rich", CASUAL);
    world.enter("poor", CASUAL, { coins: 49 });
    expect(await world.host().run(CASUAL, world.now)).toEqual({ games: 0, waiting: 1, dropped: 1 });
    expect(world.members.has("poor")).toBe(false);
    expect(world.dropped).toEqual([["poor", "unable"]]);
    expect(world.waitingIds()).toEqual(["rich"]);
    expect(world.members.get("rich")).toMatchObject({ gameId: null });
    expect(world.games.size).toBe(0);
  });

  it("drops a player whose channel has had no socket for the grace, keeps one away for less, and one back in time", async () => {
    const world = new MemoryQueue();
    world.enter("gone", { ...CASUAL, mode: "ranked" }, { awaySince: world.now - QUEUE_STALE_MS });
    world.enter("brief", { ...CASUAL, mode: "ranked" }, { awaySince: world.now - QUEUE_STALE_MS + 1, rating: 2000 });
    world.enter("back", { ...CASUAL, mode: "ranked" }, { awaySince: world.now - QUEUE_STALE_MS, rating: 3000 });
    const host = world.host();
    const ranked: Queue = { ...CASUAL, mode: "ranked" };
    await host.away(ranked, "back", null);
    expect(await host.run(ranked, world.now)).toEqual({ games: 0, waiting: 2, dropped: 1 });
    expect(world.waitingIds()).toEqual(["brief", "back"]);
    expect(world.members.has("gone")).toBe(false);
    expect(world.dropped).toEqual([["gone", "away"]]);
    // Only the one with a socket hears the count.
    expect(world.notified.map(([id]) => id)).toEqual(["back"]);
  });

  it("a match whose player moved to another queue before the claim falls through: no game, the other keeps the place", async () => {
    const world = new MemoryQueue();
    world.enter("a", CASUAL);
    world.enter("b", CASUAL);
    world.beforeClaim = (id) => {
      if (id === "b") world.members.set("b", { ...world.members.get("b")!, queueKey: "paulista:1v1:ranked" });
    };
    expect(await world.host().run(CASUAL, world.now)).toEqual({ games: 0, waiting: 1, dropped: 0 });
    expect(world.games.size).toBe(0);
    expect(world.members.get("a")).toMatchObject({ gameId: null, queueKey: queueKey(CASUAL), joinedAt: world.now });
    expect(world.waitingIds()).toEqual(["a"]);
    expect(world.notified.map(([, event]) => event.type)).toEqual(["queue_update"]);
  });

  it("a room that refuses the seats sends both back to waiting; one that cannot be reached keeps them claimed and fails the pass", async () => {
    const world = new MemoryQueue();
    world.enter("a", CASUAL);
    world.enter("b", CASUAL);
    world.room = () => ({ ok: false, error: "insufficient_coins" });
    const host = world.host();
    expect(await host.run(CASUAL, world.now)).toEqual({ games: 0, waiting: 2, dropped: 0 });
    expect(world.waitingIds()).toEqual(["a", "b"]);
    expect([...world.members.values()].map((m) => m.gameId)).toEqual([null, null]);
    expect([...world.games.values()]).toEqual([{ status: "waiting", endReason: null }]);

    world.room = () => {
      throw new Error("unreachable");
    };
    await expect(host.run(CASUAL, world.now)).rejects.toThrow("unreachable");
    expect(world.waitingIds()).toEqual([]);
    expect([...world.members.values()].every((m) => m.gameId !== null)).toBe(true);
    expect(world.notified.filter(([, event]) => event.type === "match_found")).toEqual([]);
  });
});

describe("the count pushed to who waits", () => {
  it("a newcomer hears it at once, the others at most every COUNT_PUSH_MS", async () => {
    const world = new MemoryQueue();
    const ranked: Queue = { ...CASUAL, mode: "ranked" };
    const host = world.host();
    await host.join(ranked, world.enter("a", ranked, { rating: 1000 }));
    await host.join(ranked, world.enter("b", ranked, { rating: 3000 }));
    expect([world.told("a"), world.told("b")]).toEqual([[1], [2]]);
    world.now += COUNT_PUSH_MS;
    await host.alarm();
    expect(world.told("a")).toEqual([1, 2]);
    await host.leave(ranked, "b");
    await host.alarm();
    expect(world.told("a")).toEqual([1, 2]);
    world.now += COUNT_PUSH_MS;
    await host.alarm();
    expect(world.told("a")).toEqual([1, 2, 1]);
  });
});

describe("a lone ranked search: estimate and offers pushed over the channel", () => {
  const ranked: Queue = { ...CASUAL, mode: "ranked" };
  const updates = (world: MemoryQueue, userId: string) =>
    world.notified.flatMap(([id, event]) => (id === userId && event.type === "queue_update" ? [event.payload] : []));

  it("tells the estimate at once, the wider search at 30 s and the computer at 60 s, each once", async () => {
    const world = new MemoryQueue();
    const host = world.host();
    await host.join(ranked, world.enter("a", ranked));
    expect(updates(world, "a")).toEqual([
      {
        queue_key: queueKey(ranked),
        searching: 1,
        estimate_ms: RANKED_BOTS_OFFER_MS,
        offers: { widen: false, bots: false },
        widened: false,
      },
    ]);
    // The alarm's passes, a second apart: pushes only when an offer comes.
    for (let t = 1_000; t <= RANKED_BOTS_OFFER_MS + 2_000; t += MATCHMAKER_TICK_MS) {
      world.now += MATCHMAKER_TICK_MS;
      await host.alarm();
    }
    expect(updates(world, "a").map((u) => u.offers)).toEqual([
      { widen: false, bots: false },
      { widen: true, bots: false },
      { widen: true, bots: true },
    ]);
    expect(world.alarm).not.toBeNull();
  });

  it("the wider search pairs players the band kept apart, is kept when entering again, and feeds the estimate", async () => {
    const world = new MemoryQueue();
    const host = world.host();
    const joinedAt = world.now;
    await host.join(ranked, world.enter("low", ranked, { rating: 1000 }));
    await host.join(ranked, world.enter("high", ranked, { rating: 2000 }));
    world.now += RANKED_WIDEN_OFFER_MS;
    await host.alarm();
    expect(world.opened).toEqual([]);
    expect(await host.widen(ranked, "low")).toBe(true);
    // Entering again keeps it.
    await host.join(ranked, { ...world.stored.find((e) => e.userId === "low")!, widened: undefined });
    expect(world.stored.find((e) => e.userId === "low")?.widened).toBe(true);
    expect(await host.standing(ranked, "low")).toMatchObject({ searching: 2, widened: true });
    expect(world.opened).toEqual([]);
    expect(await host.widen(ranked, "high")).toBe(true);
    expect(world.opened.map((room) => room.seats.map((seat) => seat.userId).sort())).toEqual([["high", "low"]]);
    expect(await host.widen(ranked, "nobody")).toBe(false);
    expect(await host.widen(CASUAL, "low")).toBe(false);
    // The next player hears how long those two waited.
    await host.join(ranked, world.enter("next", ranked));
    expect(updates(world, "next")[0]?.estimate_ms).toBe(estimateWaitMs("ranked", [world.now - joinedAt, world.now - joinedAt]));
  });
});

describe("any queue, any arrivals", () => {
  it("seats each player at most once, only players who can pay, in full tables, whatever the passes' overlap", async () => {
    const playerArb = fc.record({
      rating: fc.integer({ min: 600, max: 2_000 }),
      joinedAgo: fc.integer({ min: 0, max: 60_000 }),
      coins: fc.constantFrom(0, 1_000),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<Queue["type"]>("1v1", "2v2"),
        fc.constantFrom<Queue["mode"]>("casual", "ranked"),
        fc.array(playerArb, { maxLength: 14 }),
        fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 1, maxLength: 4 }),
        async (type, mode, players, bursts) => {
          const queue: Queue = { variant: "paulista", type, mode };
          const world = new MemoryQueue();
          players.forEach((player, i) =>
            world.enter(`p${i}`, queue, { rating: player.rating, joinedAt: world.now - player.joinedAgo, coins: player.coins }),
          );
          const host = world.host();
          for (const burst of bursts) {
            await Promise.all(Array.from({ length: burst }, () => host.run(queue, world.now)));
            world.now += 5_000;
          }
          expect(world.mostAtOnce).toBeLessThanOrEqual(1);
          const seated = world.opened.flatMap((room) => room.seats.map((seat) => seat.userId));
          expect(new Set(seated).size).toBe(seated.length);
          for (const room of world.opened) expect(room.seats).toHaveLength(CAPACITY[type]);
          for (const id of seated) expect(world.players.get(id)!.virtual_coins).toBeGreaterThanOrEqual(ENTRY_COST[mode]);
          // Everyone able to pay is seated or still waiting; nobody is left claimed without a room.
          for (const [id, member] of world.members) if (member.gameId !== null) expect(seated).toContain(id);
          for (const id of world.waitingIds()) expect(world.members.get(id)?.gameId).toBeNull();
        },
      ),
      { numRuns: 150 },
    );
  });
});
