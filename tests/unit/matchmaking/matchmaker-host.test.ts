import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ChannelEvent } from "../../../game/protocol/channel";
import { MatchmakerHost } from "../../../game/matchmaking/matchmaker-host";
import { MATCH_NO_SHOW_SECONDS, MATCHMAKER_TICK_MS, QUEUE_STALE_MS, queueKey, type Queue } from "../../../game/matchmaking/pairing";
import type { MatchPlayer } from "../../../game/matchmaking/ports";
import { CAPACITY, ENTRY_COST } from "../../../game/protocol/constants";
import type { AssignedRoomOptions, AssignedSeat, RoomResult } from "../../../game/room/api";
import { summary } from "../room/helpers";

// game/matchmaking/matchmaker-host.ts driven through in-memory ports (ADR 113): the queue's rows,
// the players, the rooms and the channels are plain fields; the tests move the clock by hand.

interface Row {
  queueKey: string;
  rating: number;
  joinedAt: number;
  seenAt: number;
  gameId: string | null;
}

class MemoryQueue {
  now = 1_000_000;
  readonly rows = new Map<string, Row>();
  readonly players = new Map<string, MatchPlayer>();
  readonly online = new Set<string>();
  readonly games = new Map<string, { status: string; endReason: string | null }>();
  readonly opened: { gameId: string; seats: AssignedSeat[]; options: AssignedRoomOptions | undefined }[] = [];
  readonly notified: [string, ChannelEvent][] = [];
  alarm: number | null = null;
  remembered: unknown = undefined;
  /** What the room answers to `openAssigned` (a throw stands for a room that cannot be reached). */
  room: (gameId: string) => RoomResult = () => ({ ok: true });
  /** Runs inside createAndClaim before its claims: another writer's move at that moment. */
  beforeClaim: () => void = () => {};
  passesRunning = 0;
  mostAtOnce = 0;
  private gameCount = 0;

  enter(userId: string, queue: Queue, over: Partial<Row & { coins: number; rating: number }> = {}): void {
    this.rows.set(userId, {
      queueKey: queueKey(queue),
      rating: over.rating ?? 1000,
      joinedAt: over.joinedAt ?? this.now,
      seenAt: over.seenAt ?? this.now,
      gameId: null,
    });
    this.players.set(userId, {
      id: userId,
      nickname: userId,
      avatar_url: null,
      premium_until: null,
      ranking_points: over.rating ?? 1000,
      virtual_coins: over.coins ?? 1000,
      banned_at: null,
    });
  }

  host(): MatchmakerHost {
    return new MatchmakerHost({
      store: {
        remember: async (queue) => void (this.remembered = queue),
        recall: async () => this.remembered,
        setAlarm: async (at) => void (this.alarm = at),
        deleteAlarm: async () => void (this.alarm = null),
      },
      records: {
        staleWaiting: async (key, before) => this.waitingIds(key).filter((id) => this.rows.get(id)!.seenAt < before),
        online: async (ids) => ids.filter((id) => this.online.has(id)),
        dropWaiting: async (ids) => {
          for (const id of ids) if (this.rows.get(id)?.gameId === null) this.rows.delete(id);
        },
        waiting: async (key) => {
          // A pass starts here: count how many run at once.
          this.passesRunning += 1;
          this.mostAtOnce = Math.max(this.mostAtOnce, this.passesRunning);
          await new Promise((resolve) => setTimeout(resolve, 0));
          this.passesRunning -= 1;
          return this.waitingIds(key).map((id) => ({
            userId: id,
            rating: this.rows.get(id)!.rating,
            joinedAt: this.rows.get(id)!.joinedAt,
          }));
        },
        players: async (ids) => ids.flatMap((id) => (this.players.has(id) ? [this.players.get(id)!] : [])),
        createAndClaim: async (queue, key, matches) => {
          this.beforeClaim();
          return matches.map((ids) => {
            const id = `game-${++this.gameCount}`;
            this.games.set(id, { status: "waiting", endReason: null });
            const claimed = ids.filter((userId) => {
              const row = this.rows.get(userId);
              if (!row || row.queueKey !== key || row.gameId !== null) return false;
              row.gameId = id;
              return true;
            });
            return { game: summary({ id, game_type: queue.type, game_mode: queue.mode, created_by: ids[0]! }), claimed };
          });
        },
        fallThrough: async (failed) => {
          for (const { gameId, claimed, close } of failed) {
            for (const userId of claimed) if (this.rows.get(userId)?.gameId === gameId) this.rows.get(userId)!.gameId = null;
            if (close) this.games.set(gameId, { status: "cancelled", endReason: "match_fell_through" });
          }
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
        channel: (userId) => ({ notify: async (event) => (this.notified.push([userId, event]), 1) }),
      },
      clock: { now: () => this.now, ticks: () => 0 },
      warn: () => {},
    });
  }

  waitingIds(key: string): string[] {
    return [...this.rows].filter(([, row]) => row.queueKey === key && row.gameId === null).map(([id]) => id);
  }

  /** Each player's games, from the rooms opened. */
  seatsOf(userId: string): string[] {
    return this.opened.filter((room) => room.seats.some((seat) => seat.userId === userId)).map((room) => room.gameId);
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
    expect(world.notified.map(([id, event]) => [id, event.type])).toEqual(["a", "b", "c", "d"].map((id) => [id, "match_found"]));
    expect(world.alarm).toBe(world.now + MATCHMAKER_TICK_MS);

    // The alarm, again and again: nobody is seated twice; the last one waits until someone comes.
    for (let i = 0; i < 3; i++) await host.alarm();
    for (const id of ids) expect(world.seatsOf(id).length).toBeLessThanOrEqual(1);
    expect(world.seatsOf("e")).toEqual([]);
    world.enter("f", CASUAL);
    await host.alarm();
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
    expect(world.rows.has("poor")).toBe(false);
    expect(world.rows.get("rich")).toMatchObject({ gameId: null });
    expect(world.games.size).toBe(0);
  });

  it("drops a closed tab (stale and offline), and keeps a stale player who is still online", async () => {
    const world = new MemoryQueue();
    const long = world.now - QUEUE_STALE_MS - 1;
    world.enter("gone", CASUAL, { seenAt: long });
    world.enter("elsewhere", CASUAL, { seenAt: long });
    world.online.add("elsewhere");
    expect(await world.host().run(CASUAL, world.now)).toEqual({ games: 0, waiting: 1, dropped: 1 });
    expect([...world.rows.keys()]).toEqual(["elsewhere"]);
  });

  it("a match whose player left before the claim falls through: its game closes and the other keeps the place", async () => {
    const world = new MemoryQueue();
    world.enter("a", CASUAL);
    world.enter("b", CASUAL);
    world.beforeClaim = () => void (world.rows.get("b")!.queueKey = "paulista:1v1:ranked");
    expect(await world.host().run(CASUAL, world.now)).toEqual({ games: 0, waiting: 1, dropped: 0 });
    expect([...world.games.values()]).toEqual([{ status: "cancelled", endReason: "match_fell_through" }]);
    expect(world.rows.get("a")).toMatchObject({ gameId: null, queueKey: queueKey(CASUAL) });
    expect(world.notified).toEqual([]);
  });

  it("a room that refuses the seats sends both back to waiting; one that cannot be reached keeps them claimed and fails the pass", async () => {
    const world = new MemoryQueue();
    world.enter("a", CASUAL);
    world.enter("b", CASUAL);
    world.room = () => ({ ok: false, error: "insufficient_coins" });
    const host = world.host();
    expect(await host.run(CASUAL, world.now)).toEqual({ games: 0, waiting: 2, dropped: 0 });
    expect(world.waitingIds(queueKey(CASUAL))).toEqual(["a", "b"]);
    expect([...world.games.values()]).toEqual([{ status: "waiting", endReason: null }]);

    world.room = () => {
      throw new Error("unreachable");
    };
    await expect(host.run(CASUAL, world.now)).rejects.toThrow("unreachable");
    expect(world.waitingIds(queueKey(CASUAL))).toEqual([]);
    expect(world.notified).toEqual([]);
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
          expect(world.mostAtOnce).toBe(1);
          const seated = world.opened.flatMap((room) => room.seats.map((seat) => seat.userId));
          expect(new Set(seated).size).toBe(seated.length);
          for (const room of world.opened) expect(room.seats).toHaveLength(CAPACITY[type]);
          for (const id of seated) expect(world.players.get(id)!.virtual_coins).toBeGreaterThanOrEqual(ENTRY_COST[mode]);
          // Everyone able to pay is seated or still waiting; nobody is left claimed without a room.
          for (const [id, row] of world.rows) if (row.gameId !== null) expect(seated).toContain(id);
        },
      ),
      { numRuns: 150 },
    );
  });
});
