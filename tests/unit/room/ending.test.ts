import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { act, cancel, nextDeadline, ratingsNeeded, restoreRoom, settleRoom, type Step, type StoredRoom } from "../../../game/room/index";
import { legalActions, pendingPlayer } from "../../../game/truco/index";
import { clockAt, seated, type Sim, started, T0 } from "./helpers";

/** A 1v1 a truco away from its end: team1 on 11 (Paulista, first to 12). */
function nearTheEnd(over = {}) {
  return started(["a", "b"], { game_mode: "ranked", entry_cost: 100, ...over }, { scores: { team1: 11, team2: 10 }, dealerIndex: 1 });
}

/** Plays the hand out with first legal actions until the match is decided. */
function playToTheEnd(sim: Sim): void {
  for (let i = 0; i < 500 && !sim.room.ending; i++) {
    if (!sim.play()) sim.fireNext();
  }
}

describe("the end of a game", () => {
  it("settles a decided match once: the settlement, game_ended and the session before the state", () => {
    const sim = nearTheEnd();
    sim.ratings = new Map([
      ["a", 1200],
      ["b", 1000],
    ]);
    let last: Step | null = null;
    for (let i = 0; i < 500 && !sim.room.ending; i++) {
      const match = sim.room.match!;
      const playerId = pendingPlayer(match);
      if (!playerId) {
        sim.fireNext();
        continue;
      }
      const result = act(sim.room, playerId, legalActions(match, playerId)[0], sim.clock());
      if (!result.ok) throw new Error(result.code);
      if (ratingsNeeded(result.step.room) !== null) last = sim.settling(result.step);
      sim.commit(last ?? result.step);
    }
    expect(ratingsNeeded(sim.room)).toBeNull();
    const types = last!.effects.filter((e) => e.type !== "hand_ended").map((e) => (e.type === "send" ? e.message.type : e.type));
    expect(types.slice(-5)).toEqual(["game_event", "settle", "game_ended", "game_session_updated", "state"]);
    expect(last!.room.version).toBe(sim.room.version);
    const settleEffect = last!.effects.find((e) => e.type === "settle")!;
    const winner = sim.room.game.winner_team;
    expect(settleEffect).toMatchObject({ winner, countStats: true, ranked: true });
    // Ranked: the current points (not the ones at seating) set the Elo change.
    const results = sim.room.results!;
    const a = results.find((r) => r.user_id === "a")!;
    expect(Math.abs(a.rating_change)).not.toBe(16);
    expect(results.map((r) => r.coins_change).sort()).toEqual([-100, 100]);
    expect(sim.room.game).toMatchObject({ status: "completed", team1_score: expect.any(Number) });
    // Again: nothing.
    const again = settleRoom({ room: sim.room, effects: [] }, sim.ratings, sim.clock());
    expect(again.effects).toEqual([]);
    expect(nextDeadline(sim.room, sim.timings)).toBeNull();
  });

  it("keeps a practice game out of the stats and the pot", () => {
    const sim = nearTheEnd({ bot_level: "easy", entry_cost: 0 });
    playToTheEnd(sim);
    expect(sim.done.find((e) => e.type === "settle")).toMatchObject({
      countStats: false,
      ranked: false,
      seats: [{ payout: 0 }, { payout: 0 }],
    });
    expect(sim.room.results!.every((r) => r.coins_change === 0 && r.rating_change === 0)).toBe(true);
  });

  it("leaves a settlement that D1 refused to the alarm, and settles then", () => {
    const sim = nearTheEnd();
    sim.settleFails = true;
    playToTheEnd(sim);
    expect(sim.room.ending).not.toBeNull();
    expect(sim.room.settled).toBe(false);
    expect(nextDeadline(sim.room, sim.timings)).toBe(sim.room.ending!.at);
    expect(() => sim.alarm()).toThrow(/D1 down/);
    sim.settleFails = false;
    sim.alarm(sim.now + 1);
    expect(sim.room.settled).toBe(true);
    expect(sim.count("settle")).toBe(1);
  });

  it("cancels a room that never started with its entries, and one already over not at all", () => {
    const room = seated(["a", "b"]);
    expect(cancel(room, "seat_failed", clockAt(T0)).effects[0]).toEqual({
      type: "cancel",
      reason: "seat_failed",
      refunds: [
        { userId: "a", entry: 50 },
        { userId: "b", entry: 50 },
      ],
    });
    const cancelled = cancel(room, "x", clockAt(T0)).room;
    expect(cancel(cancelled, "again", clockAt(T0)).effects).toEqual([]);
  });

  it("lists every entry an opening may have taken once: the room's seats, then the owed ones it does not hold", () => {
    const room = seated(["a"]);
    const owed = [
      { userId: "a", entry: 50 },
      { userId: "b", entry: 50 },
      { userId: "c", entry: 0 },
    ];
    expect(cancel(room, "seat_failed", clockAt(T0), owed).effects[0]).toEqual({
      type: "cancel",
      reason: "seat_failed",
      refunds: [
        { userId: "a", entry: 50 },
        { userId: "b", entry: 50 },
      ],
    });
  });

  it("reads a room stored before presence and pending settlements existed", () => {
    const room = seated(["a", "b"]);
    const old = JSON.parse(JSON.stringify(room)) as Record<string, unknown> & { seats: Record<string, unknown>[] };
    for (const key of ["assigned", "setup", "noShow", "ending"]) delete old[key];
    for (const seat of old.seats) delete seat.connected;
    expect(restoreRoom(old as unknown as StoredRoom)).toEqual(room);
    expect(restoreRoom(room)).toBe(room);
  });
});

type Event =
  | { kind: "alarm"; late: number }
  | { kind: "twice" }
  | { kind: "move"; pick: number }
  | { kind: "disconnect"; who: number }
  | { kind: "connect"; who: number }
  | { kind: "d1"; down: boolean };

const event: fc.Arbitrary<Event> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant("alarm" as const), late: fc.oneof(fc.constant(0), fc.nat(120_000)) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("twice" as const) }) },
  { weight: 6, arbitrary: fc.record({ kind: fc.constant("move" as const), pick: fc.nat(6) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("disconnect" as const), who: fc.nat(3) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("connect" as const), who: fc.nat(3) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("d1" as const), down: fc.boolean() }) },
);

describe("settlement, however the alarms interleave", () => {
  it("happens exactly once: alarms late or twice, reconnects, moves, D1 failing and back", () => {
    // Lengths spread evenly up to 120 events (fast-check's default keeps arrays short): about three runs in four
    // decide the match among the events, the rest leave it to the timers. Both paths must be exercised.
    let decidedEarly = 0;
    let decidedByTimers = 0;
    fc.assert(
      fc.property(fc.boolean(), fc.array(event, { maxLength: 120, size: "max" }), (pairs, events) => {
        const users = pairs ? ["a", "b", "c", "d"] : ["a", "b"];
        const sim = started(users, { game_mode: "ranked", entry_cost: 100 }, { scores: { team1: 10, team2: 10 } });
        const alarm = (at: number) => {
          try {
            sim.alarm(at);
          } catch {
            // The alarm throws while D1 refuses the settlement; the runtime retries it later.
          }
        };
        for (const e of events) {
          if (e.kind === "alarm") {
            const at = nextDeadline(sim.room, sim.timings);
            if (at !== null) alarm(at + e.late);
          } else if (e.kind === "twice") {
            alarm(sim.now);
            alarm(sim.now);
          } else if (e.kind === "move") {
            sim.play(e.pick);
          } else if (e.kind === "disconnect") {
            sim.disconnect(users[e.who % users.length]);
          } else if (e.kind === "connect") {
            sim.connect(users[e.who % users.length]);
          } else {
            sim.settleFails = e.down;
          }
          if (sim.count("settle") > 1) return false;
        }
        if (sim.room.ending || sim.room.settled) decidedEarly += 1;
        else decidedByTimers += 1;
        // Then the table is left to its timers, D1 healthy again, until the game is over.
        sim.settleFails = false;
        for (let i = 0; i < 3000 && !sim.room.settled; i++) if (!sim.fireNext()) break;
        alarm(sim.now + 1);
        alarm(sim.now + 1);
        const ended = sim.done.filter((e) => e.type === "send" && e.message.type === "game_ended");
        return sim.room.settled && sim.count("settle") === 1 && ended.length === 1 && sim.room.game.status === "completed";
      }),
      { numRuns: 200 },
    );
    expect(decidedEarly).toBeGreaterThan(20);
    expect(decidedByTimers).toBeGreaterThan(20);
  });
});
