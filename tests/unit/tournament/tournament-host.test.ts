import { describe, expect, it } from "vitest";
import type { ChannelEvent } from "../../../game/protocol/channel";
import type { GameSummary } from "../../../game/protocol/entities";
import type { AssignedRoomOptions, AssignedSeat } from "../../../game/room/api";
import { TOURNAMENT_NO_SHOW_SECONDS } from "../../../game/tournament/api";
import { BracketSchema, type Bracket } from "../../../game/tournament/bracket";
import type { Refund, TournamentRecord } from "../../../game/tournament/ports";
import { prizePool } from "../../../game/tournament/prizes";
import { REGISTRY_RETRY_MS, TOURNAMENT_POLL_MS, TournamentHost } from "../../../game/tournament/tournament-host";
import { summary } from "../room/helpers";

// game/tournament/tournament-host.ts driven through in-memory ports (ADR 113): the tournament's
// row, its registrations, a ledger keyed like D1's (one row per idempotency key), the games, the
// rooms and the channels are plain fields; the tests move the clock by hand.

const START = Date.UTC(2026, 10, 27, 20);
const iso = (ms: number) => new Date(ms).toISOString();

class MemoryTournament {
  now = START - 60 * 60_000;
  t: TournamentRecord;
  readonly registrations: { user_id: string; entry_paid: number }[] = [];
  /** The ledger: idempotency key → amount; a second row with a key is refused, as D1's unique index does. */
  readonly ledger = new Map<string, number>();
  readonly balances = new Map<string, number>();
  readonly places = new Map<string, number | null>();
  readonly games = new Map<string, GameSummary>();
  readonly opened: { gameId: string; seats: AssignedSeat[]; options: AssignedRoomOptions | undefined }[] = [];
  readonly notified: [string, ChannelEvent][] = [];
  readonly audits: string[] = [];
  schedules = 0;
  completions = 0;
  alarm: number | null = null;
  remembered: string | undefined;
  /** The object's stored registration list. */
  stored: unknown;
  /** D1 answers with an error while this is set. */
  failing = false;
  private queue: Promise<unknown> = Promise.resolve();
  private gameCount = 0;

  constructor(over: Partial<TournamentRecord> = {}) {
    this.t = {
      id: "t1",
      name: "Copa",
      status: "registration",
      game_type: "1v1",
      truco_variant: "paulista",
      entry_cost: 100,
      guaranteed_prize: 0,
      max_participants: 8,
      min_participants: 4,
      registration_opens_at: null,
      start_time: iso(START),
      series: null,
      bracket: null,
      ...over,
    };
  }

  player(userId: string, coins = 1000): string {
    this.balances.set(userId, coins);
    return userId;
  }

  /** A ledger row: refused (thrown) when its key exists, as the unique index aborts a D1 batch. */
  private move(key: string, userId: string, amount: number): void {
    if (this.ledger.has(key)) throw new Error(`UNIQUE constraint failed: ${key}`);
    this.ledger.set(key, amount);
    this.balances.set(userId, (this.balances.get(userId) ?? 0) + amount);
  }

  private refund(refunds: Refund[]): void {
    for (const { userId, amount } of refunds) {
      if (amount <= 0) continue;
      this.move(`tournament:t1:refund:${userId}`, userId, amount);
      const line = this.registrations.find((r) => r.user_id === userId);
      if (line) line.entry_paid = 0;
    }
  }

  /** A game's room reports its end: the row says how it ended. */
  finish(gameId: string, winner: "team1" | "team2" | null, status: "completed" | "cancelled" = "completed"): void {
    const game = this.games.get(gameId)!;
    this.games.set(gameId, { ...game, status, winner_team: winner, team1_score: winner ? 12 : 0, team2_score: winner ? 7 : 0 });
  }

  host(random: () => number = () => 0.5): TournamentHost {
    const yieldOnce = () => new Promise((resolve) => setTimeout(resolve, 0));
    return new TournamentHost({
      store: {
        remember: async (id) => void (this.remembered = id),
        recall: async () => this.remembered,
        loadRegistry: async () => this.stored,
        saveRegistry: async (registry) => void (this.stored = structuredClone(registry)),
        setAlarm: async (at) => void (this.alarm = at),
        deleteAlarm: async () => void (this.alarm = null),
      },
      records: {
        find: async (id) => (id === this.t.id ? { ...this.t } : null),
        registrations: async () => {
          await yieldOnce();
          return this.registrations.map((r) => ({ ...r }));
        },
        register: async (t, userId) => {
          await yieldOnce();
          if (this.failing) throw new Error("D1_ERROR: network connection lost");
          if (this.ledger.has(`tournament:t1:entry:${userId}`)) return "duplicate";
          if ((this.balances.get(userId) ?? 0) < t.entry_cost) return "insufficient";
          this.move(`tournament:t1:entry:${userId}`, userId, -t.entry_cost);
          this.registrations.push({ user_id: userId, entry_paid: t.entry_cost });
          return "registered";
        },
        isRegistered: async (_id, userId) => this.registrations.some((r) => r.user_id === userId),
        unregister: async (_t, userId, entryPaid) => {
          await yieldOnce();
          if (this.failing) throw new Error("D1_ERROR: network connection lost");
          // One batch: a second run finds the refund's key and changes nothing.
          if (this.ledger.has(`tournament:t1:refund:${userId}`)) return;
          const at = this.registrations.findIndex((r) => r.user_id === userId);
          if (at >= 0) this.registrations.splice(at, 1);
          this.refund([{ userId, amount: entryPaid }]);
        },
        close: async (_t, refunds, closing, audit) => {
          this.refund(refunds);
          if (["upcoming", "registration", "active"].includes(this.t.status)) this.t = { ...this.t, status: closing.status };
          if (audit) this.audits.push(audit.id);
        },
        ensureSchedule: async () => void (this.schedules += 1),
        start: async (_t, bracket, refunds) => {
          this.refund(refunds);
          if (this.t.status === "upcoming" || this.t.status === "registration")
            this.t = { ...this.t, status: "active", bracket: JSON.stringify(bracket) };
        },
        saveBracket: async (_t, bracket) => {
          if (this.t.status === "active") this.t = { ...this.t, bracket: JSON.stringify(bracket) };
        },
        games: async (ids) => ids.flatMap((id) => (this.games.has(id) ? [this.games.get(id)!] : [])),
        game: async (id) => this.games.get(id) ?? null,
        players: async (ids) => ids.map((id) => ({ id, nickname: id, avatar_url: null, premium_until: null, ranking_points: 1000 })),
        createGame: async (t, createdBy) => {
          const id = `game-${++this.gameCount}`;
          this.games.set(id, summary({ id, game_mode: "tournament", game_type: t.game_type, entry_cost: 0, created_by: createdBy }));
          return id;
        },
        complete: async (_t, bracket, places, prizes) => {
          this.completions += 1;
          try {
            if (this.t.status !== "active") throw new Error("UNIQUE constraint failed: prize");
            for (const [userId, amount] of prizes) if (amount > 0) this.move(`tournament:t1:prize:${userId}`, userId, amount);
            for (const [userId, place] of places) this.places.set(userId, place);
            this.t = { ...this.t, status: "completed", bracket: JSON.stringify(bracket) };
          } catch {
            // Paid already: the completion ran before.
          }
        },
      },
      peers: {
        room: (gameId) => ({
          openAssigned: async (_game, seats, options) => {
            this.opened.push({ gameId, seats, options });
            return { ok: true };
          },
        }),
        channel: (userId) => ({ notify: async (event) => (this.notified.push([userId, event]), 1) }),
      },
      clock: { now: () => this.now },
      random,
      // blockConcurrencyWhile: one event at a time.
      exclusive: <T>(fn: () => Promise<T>) => {
        const run = this.queue.then(fn);
        this.queue = run.catch(() => {});
        return run;
      },
      warn: () => {},
    });
  }

  /** The rooms opened, once each (a waiting game's room is opened again on a later pass: opening is idempotent). */
  rooms(): { gameId: string; seats: AssignedSeat[]; options: AssignedRoomOptions | undefined }[] {
    return [...new Map(this.opened.map((room) => [room.gameId, room])).values()];
  }

  bracket(): Bracket {
    return BracketSchema.parse(JSON.parse(this.t.bracket!));
  }

  /** Sum of the prizes paid. */
  prizesPaid(): number {
    return [...this.ledger].filter(([key]) => key.includes(":prize:")).reduce((sum, [, amount]) => sum + amount, 0);
  }
}

describe("registration", () => {
  it("takes the fee once, refuses the wrong cases, and gives the last place to one of two racing players", async () => {
    const world = new MemoryTournament({ max_participants: 2 });
    const host = world.host();
    const [ana, beto, caio] = ["ana", "beto", "caio"].map((id) => world.player(id));
    const poor = world.player("poor", 99);
    expect(await host.register("t1", ana!)).toEqual({ ok: true });
    expect(await host.register("t1", ana!)).toEqual({ ok: false, error: "already_registered" });
    expect(await host.register("t1", poor)).toEqual({ ok: false, error: "insufficient_coins" });
    const race = await Promise.all([host.register("t1", beto!), host.register("t1", caio!)]);
    expect(race.filter((result) => result.ok)).toHaveLength(1);
    expect(race.filter((result) => !result.ok)).toEqual([{ ok: false, error: "full" }]);
    expect(world.registrations).toHaveLength(2);
    expect(world.alarm).toBe(START);
    expect(world.balances.get(ana!)).toBe(900);
  });

  it("opens at registration_opens_at, closes at the start, and returns the fee to a player who leaves", async () => {
    const world = new MemoryTournament({ status: "upcoming", registration_opens_at: iso(START - 30 * 60_000) });
    const host = world.host();
    const ana = world.player("ana");
    expect(await host.register("t1", ana)).toEqual({ ok: false, error: "not_registration" });
    world.now = START - 30 * 60_000;
    expect(await host.register("t1", ana)).toEqual({ ok: true });
    expect(await host.unregister("t1", ana)).toEqual({ ok: true });
    expect(world.balances.get(ana)).toBe(1000);
    expect(await host.unregister("t1", ana)).toEqual({ ok: false, error: "not_registered" });
    world.now = START;
    expect(await host.register("t1", ana)).toEqual({ ok: false, error: "not_registration" });
    expect(await host.register("t2", ana)).toEqual({ ok: false, error: "not_found" });
  });
});

describe("the draw and the games", () => {
  it("too few players: cancelled at the start with every fee returned, once however often the alarm fires", async () => {
    const world = new MemoryTournament();
    const host = world.host();
    for (const id of ["ana", "beto", "caio"]) await host.register("t1", world.player(id));
    world.now = START;
    for (let i = 0; i < 3; i++) await host.alarm();
    expect(world.t.status).toBe("cancelled");
    for (const id of ["ana", "beto", "caio"]) expect(world.balances.get(id)).toBe(1000);
    expect(world.opened).toEqual([]);
  });

  it("a 2v2 draw with an odd count returns the fee of the player left without a partner", async () => {
    const world = new MemoryTournament({ game_type: "2v2" });
    const host = world.host();
    const ids = ["a", "b", "c", "d", "e"].map((id) => world.player(id));
    for (const id of ids) await host.register("t1", id);
    world.now = START;
    await host.alarm();
    expect(world.t.status).toBe("active");
    const refunded = ids.filter((id) => world.balances.get(id) === 1000);
    expect(refunded).toHaveLength(1);
    expect(world.rooms()).toHaveLength(1);
    expect(world.rooms()[0]!.seats).toHaveLength(4);
    expect(world.rooms()[0]!.seats.map((seat) => seat.userId)).not.toContain(refunded[0]);
  });

  it("plays a 4-player tournament to the end and pays the prizes once under a repeated alarm", async () => {
    const world = new MemoryTournament({ series: "nightly" });
    const host = world.host();
    const ids = ["ana", "beto", "caio", "duda"].map((id) => world.player(id));
    for (const id of ids) await host.register("t1", id);
    world.now = START;
    await host.alarm();
    expect(world.t.status).toBe("active");
    expect(world.schedules).toBe(1);
    expect(world.rooms().map((room) => room.options)).toEqual([
      { noShowSeconds: TOURNAMENT_NO_SHOW_SECONDS, noShowRule: "forfeit" },
      { noShowSeconds: TOURNAMENT_NO_SHOW_SECONDS, noShowRule: "forfeit" },
    ]);
    expect(world.rooms().flatMap((room) => room.seats.map((seat) => seat.entry))).toEqual([0, 0, 0, 0]);
    expect(world.notified.map(([, event]) => event.type)).toEqual(Array(4).fill("tournament_game_ready"));
    expect(world.alarm).toBe(START + TOURNAMENT_POLL_MS);

    // The poll while the semi-finals are played starts nothing more.
    await host.alarm();
    expect(world.games.size).toBe(2);

    for (const { gameId } of world.rooms()) world.finish(gameId, "team1");
    await host.tick("t1");
    expect(world.rooms()).toHaveLength(3);
    const final = world.rooms()[2]!;
    expect(world.notified.at(-1)![1]).toMatchObject({ payload: { final: true, round: 1 } });

    world.finish(final.gameId, "team2");
    for (let i = 0; i < 3; i++) {
      await host.alarm();
      await host.tick("t1");
    }
    expect(world.t.status).toBe("completed");
    expect(world.prizesPaid()).toBe(prizePool(400, 0));
    expect([...world.ledger.keys()].filter((key) => key.includes(":prize:"))).toHaveLength(4);
    expect(world.places.get(final.seats[1]!.userId)).toBe(1);
    expect(world.places.get(final.seats[0]!.userId)).toBe(2);
    // The ledger holds every coin: the fees in, the prizes out.
    expect([...world.balances.values()].reduce((sum, coins) => sum + coins, 0)).toBe(4000);
  });

  it("a game nobody showed up for is void: its rival goes through, and without a champion every fee is returned", async () => {
    const world = new MemoryTournament({ min_participants: 2 });
    const host = world.host();
    for (const id of ["ana", "beto"]) await host.register("t1", world.player(id));
    world.now = START;
    await host.alarm();
    world.finish(world.rooms()[0]!.gameId, null, "cancelled");
    await host.alarm();
    expect(world.bracket().rounds.at(-1)![0]).toMatchObject({ result: "void", winner: null });
    expect(world.t.status).toBe("completed");
    expect(world.prizesPaid()).toBe(0);
    for (const id of ["ana", "beto"]) expect(world.balances.get(id)).toBe(1000);
  });

  it("an admin's cancel returns every fee, is audited, clears the alarm, and cannot run twice", async () => {
    const world = new MemoryTournament();
    const host = world.host();
    await host.register("t1", world.player("ana"));
    const audit = { id: "7c2b1f8e-2f5e-4c1a-9d3e-1b2c3d4e5f60", adminId: "admin", reason: "test" };
    expect(await host.cancel("t1", audit)).toEqual({ ok: true });
    expect(world.t.status).toBe("cancelled");
    expect(world.balances.get("ana")).toBe(1000);
    expect(world.audits).toEqual([audit.id]);
    expect(world.alarm).toBeNull();
    expect(await host.cancel("t1", audit)).toEqual({ ok: false, error: "not_registration" });
  });
});

describe("the registration list in the object's storage", () => {
  it("a place is held while its fee batch fails, and the alarm takes the fee once", async () => {
    const world = new MemoryTournament({ max_participants: 2 });
    const host = world.host();
    const [ana, beto, caio] = ["ana", "beto", "caio"].map((id) => world.player(id));
    world.failing = true;
    await expect(host.register("t1", ana!)).rejects.toThrow(/D1_ERROR/);
    expect(world.alarm).toBe(world.now + REGISTRY_RETRY_MS);
    world.failing = false;
    expect(await host.register("t1", beto!)).toEqual({ ok: true });
    // Ana's place is still hers: the list is full although D1 holds one row.
    expect(await host.register("t1", caio!)).toEqual({ ok: false, error: "full" });
    expect(world.alarm).toBe(world.now + REGISTRY_RETRY_MS);
    await host.alarm();
    expect(world.registrations.map((r) => r.user_id).sort()).toEqual(["ana", "beto"]);
    expect(world.balances.get(ana!)).toBe(900);
    expect(world.alarm).toBe(START);
    await host.alarm();
    expect([...world.ledger.keys()].filter((key) => key.includes(":entry:"))).toHaveLength(2);
  });

  it("a list reloaded after an eviction finishes its lines under way, and the same player racing themselves pays once", async () => {
    const world = new MemoryTournament();
    const ana = world.player("ana");
    const beto = world.player("beto");
    const first = world.host();
    const twice = await Promise.all([first.register("t1", ana), first.register("t1", ana)]);
    expect(twice).toContainEqual({ ok: true });
    expect(twice).toContainEqual({ ok: false, error: "already_registered" });
    world.failing = true;
    await expect(first.unregister("t1", ana)).rejects.toThrow(/D1_ERROR/);
    await expect(first.register("t1", beto)).rejects.toThrow(/D1_ERROR/);
    world.failing = false;
    // A new instance over the same storage (the object was evicted).
    const second = world.host();
    await second.alarm();
    expect(world.registrations.map((r) => r.user_id)).toEqual(["beto"]);
    expect(world.balances.get(ana)).toBe(1000);
    expect(world.balances.get(beto)).toBe(900);
    expect(await second.unregister("t1", ana)).toEqual({ ok: false, error: "not_registered" });
    expect(await second.register("t1", ana)).toEqual({ ok: false, error: "already_registered" });
  });

  it("the draw finishes a place whose batch failed before it reads the players", async () => {
    const world = new MemoryTournament({ min_participants: 2 });
    const host = world.host();
    const [ana, beto] = ["ana", "beto"].map((id) => world.player(id));
    expect(await host.register("t1", ana!)).toEqual({ ok: true });
    world.failing = true;
    await expect(host.register("t1", beto!)).rejects.toThrow(/D1_ERROR/);
    world.failing = false;
    world.now = START;
    await host.alarm();
    expect(world.t.status).toBe("active");
    expect(
      world
        .rooms()[0]!
        .seats.map((seat) => seat.userId)
        .sort(),
    ).toEqual(["ana", "beto"]);
    expect(await host.register("t1", world.player("caio"))).toEqual({ ok: false, error: "started" });
  });

  it("a tournament registered into before the object kept a list starts from D1's rows", async () => {
    const world = new MemoryTournament({ max_participants: 2 });
    world.registrations.push({ user_id: "old", entry_paid: 100 });
    const host = world.host();
    expect(await host.register("t1", world.player("ana"))).toEqual({ ok: true });
    expect(await host.register("t1", world.player("beto"))).toEqual({ ok: false, error: "full" });
    expect(await host.register("t1", "old")).toEqual({ ok: false, error: "already_registered" });
  });
});
