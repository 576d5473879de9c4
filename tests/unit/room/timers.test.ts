import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  advance,
  chat,
  connect,
  deadlines,
  disconnect,
  fillWithBots,
  nextDeadline,
  participants,
  sharedState,
  withPresence,
  type RoomTimings,
} from "../../../game/room/index";
import { pendingPlayer } from "../../../game/truco/index";
import { assignedRoom, clockAt, seated, Sim, started, T0, TIMINGS } from "./helpers";

describe("the timers of a room", () => {
  it("cancels a waiting room after its idle time, returning every entry, and not a moment before", () => {
    const room = seated(["a", "b"], { game_type: "2v2" });
    const deadline = room.idleDeadline!;
    expect(nextDeadline(room, TIMINGS)).toBe(deadline);
    const early = advance(room, clockAt(deadline - 1));
    expect(early.room).toBe(room);
    expect(early.effects).toEqual([]);
    const idle = advance(room, clockAt(deadline));
    expect(idle.room.game).toMatchObject({ status: "cancelled", end_reason: "idle" });
    expect(idle.effects[0]).toEqual({
      type: "cancel",
      reason: "idle",
      refunds: [
        { userId: "a", entry: 50 },
        { userId: "b", entry: 50 },
      ],
    });
    expect(idle.effects.map((e) => e.type)).toEqual(["cancel", "send", "send", "state", "close"]);
    expect(nextDeadline(idle.room, TIMINGS)).toBeNull();
    // A repeated alarm finds nothing to do.
    expect(advance(idle.room, clockAt(deadline + 5)).effects).toEqual([]);
  });

  it("keeps a waiting room alive while players come, go and chat (chat is no new version)", () => {
    let room = seated(["a", "b"], { game_type: "2v2" });
    room = connect(room, "a", clockAt(T0 + 1000)).room;
    expect(room.idleDeadline).toBe(T0 + 1000 + TIMINGS.idleMs);
    const message = { id: 1, user_id: "a", nickname: "A", avatar_url: null, message: "oi", message_type: "text" as const, created_at: "" };
    const chatted = chat(room, message, clockAt(T0 + 5000));
    expect(chatted.room.idleDeadline).toBe(T0 + 5000 + TIMINGS.idleMs);
    expect(chatted.room.version).toBe(room.version);
    expect(chatted.effects).toEqual([{ type: "send", message: { type: "chat_message", payload: { message } } }]);
  });

  it("gives a human 30 s, then plays for them (the lowest card)", () => {
    const sim = started();
    const match = sim.room.match!;
    const pending = pendingPlayer(match)!;
    expect(sim.room.turn).toEqual({ playerId: pending, deadline: T0 + TIMINGS.turnMs, actionCount: match.actionCount });
    expect(sharedState(sim.room, TIMINGS).turn).toEqual({ playerId: pending, deadline: T0 + TIMINGS.turnMs, seconds: 30 });
    sim.alarm(T0 + TIMINGS.turnMs - 1);
    expect(sim.room.match!.actionCount).toBe(match.actionCount);
    sim.alarm(T0 + TIMINGS.turnMs);
    expect(sim.room.match!.actionCount).toBe(match.actionCount + 1);
    expect(sim.room.handActions).toEqual([{ playerId: pending, action: expect.objectContaining({ type: "play_card" }) }]);
    expect(sim.room.turn!.deadline).toBe(T0 + 2 * TIMINGS.turnMs);
  });

  it("lets a computer player think for its delay, then act", () => {
    let room = seated(["u0"], { game_type: "1v1" });
    room = connect(room, "u0", clockAt(T0)).room;
    const filled = fillWithBots(room, "u0", "easy", clockAt(T0));
    if (!filled.ok) throw new Error(filled.error);
    const sim = new Sim(filled.step.room);
    // Whoever starts, within one delay the computer player has acted or waits for the human.
    for (let i = 0; i < 20 && pendingPlayer(sim.room.match!) !== "u0"; i++) {
      const due = sim.room.botDueAt!;
      expect(due).toBeGreaterThan(sim.now);
      const before = sim.room.match!.actionCount;
      sim.alarm(due - 1);
      expect(sim.room.match!.actionCount).toBe(before);
      sim.alarm(due);
      expect(sim.room.match!.actionCount).toBeGreaterThan(before);
    }
    expect(pendingPlayer(sim.room.match!)).toBe("u0");
    expect(sim.room.botDueAt).toBeNull();
    expect(sim.room.turn?.playerId).toBe("u0");
  });

  it("pauses between hands, then deals the next one with its commitment", () => {
    const sim = started();
    for (let i = 0; i < 40 && sim.room.match!.phase !== "round_end"; i++) sim.play();
    expect(sim.room.match!.phase).toBe("round_end");
    expect(sim.room.nextHandAt).toBe(sim.now + TIMINGS.nextHandDelayMs);
    expect(sim.room.hands[0].seed).toMatch(/^[0-9a-f]{32}$/);
    const records = sim.count("hand_started");
    sim.fireNext();
    expect(sim.room.match!.handNumber).toBe(2);
    expect(sim.room.hands).toHaveLength(2);
    expect(sim.count("hand_started")).toBe(records + 1);
    expect(sim.done.filter((e) => e.type === "hand_ended")).toHaveLength(1);
  });

  it("holds a disconnected player's seat for the grace, then a computer player holds it until they return", () => {
    const sim = started();
    sim.now += 1000;
    sim.disconnect("b");
    expect(participants(sim.room).find((p) => p.user_id === "b")).toMatchObject({ connected: false, bot_controlled: false });
    expect(deadlines(sim.room, TIMINGS)).toContain(sim.now + TIMINGS.graceMs);
    sim.alarm(sim.now + TIMINGS.graceMs);
    expect(sim.room.seats.find((s) => s.userId === "b")!.botControlled).toBe(true);
    sim.now += 5000;
    sim.connect("b");
    const back = sim.room.seats.find((s) => s.userId === "b")!;
    expect(back).toMatchObject({ connected: true, botControlled: false, awaySince: null });
    expect(sim.done.at(-2)).toEqual({ type: "send", message: { type: "player_connected", payload: { userId: "b" } } });
  });

  it("marks seats whose sockets are gone as away when the adapter finds them (a deploy drops sockets silently)", () => {
    const sim = started();
    const found = withPresence(sim.room, new Set(["a"]), T0 + 10);
    expect(found.seats.map((s) => [s.userId, s.connected, s.awaySince])).toEqual([
      ["a", true, null],
      ["b", false, T0 + 10],
    ]);
    expect(withPresence(found, new Set(["a"]), T0 + 99)).toBe(found);
  });
});

describe("no-shows in a server-created room", () => {
  it("forfeits the team whose players never came, and settles it like any result", () => {
    const sim = new Sim(assignedRoom(["a", "b"], { noShowMs: 120_000, entry: 100 }));
    sim.connect("a");
    sim.alarm(T0 + 119_999);
    expect(sim.room.ending).toBeNull();
    sim.alarm(T0 + 120_000);
    expect(sim.room.game).toMatchObject({ status: "completed", winner_team: "team1" });
    expect(sim.room.results!.map((r) => [r.user_id, r.result, r.coins_change])).toEqual([
      ["a", "win", 100],
      ["b", "loss", -100],
    ]);
    expect(sim.done.find((e) => e.type === "send" && e.message.type === "game_ended")).toMatchObject({
      message: { payload: { reason: "forfeit", winnerTeam: "team1" } },
    });
  });

  it("cancels when both teams have absent players, returning the entries the room debited", () => {
    const sim = new Sim(assignedRoom(["a", "b", "c", "d"], { noShowMs: 120_000, entry: 30 }));
    sim.connect("a");
    sim.connect("b");
    sim.alarm(T0 + 120_000);
    expect(sim.room.game).toMatchObject({ status: "cancelled", end_reason: "no_show" });
    expect(sim.done.find((e) => e.type === "cancel")).toMatchObject({
      refunds: ["a", "b", "c", "d"].map((u) => ({ userId: u, entry: 30 })),
    });
  });

  it("with the bots rule, starts with computer players in the absent seats, handed back when their owners come", () => {
    const sim = new Sim(assignedRoom(["a", "b"], { noShowMs: 120_000, rule: "bots" }));
    sim.connect("a");
    sim.alarm(T0 + 120_000);
    expect(sim.room.game.status).toBe("active");
    expect(sim.room.seats.find((s) => s.userId === "b")).toMatchObject({ botControlled: true, connected: false });
    sim.now += 10;
    sim.connect("b");
    expect(sim.room.seats.find((s) => s.userId === "b")).toMatchObject({ botControlled: false, connected: true });
  });
});

/** What can happen to a live table, in any order: moves, alarms (on time, late, twice), sockets coming and going. */
type Event =
  | { kind: "alarm"; late: number }
  | { kind: "early"; by: number }
  | { kind: "move"; pick: number }
  | { kind: "disconnect"; who: number }
  | { kind: "connect"; who: number }
  | { kind: "wait"; ms: number };

const event: fc.Arbitrary<Event> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant("alarm" as const), late: fc.oneof(fc.constant(0), fc.nat(90_000)) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("early" as const), by: fc.integer({ min: 1, max: 5000 }) }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant("move" as const), pick: fc.nat(6) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("disconnect" as const), who: fc.nat(3) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("connect" as const), who: fc.nat(3) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("wait" as const), ms: fc.nat(70_000) }) },
);

const timings: fc.Arbitrary<RoomTimings> = fc.record({
  turnMs: fc.integer({ min: 1, max: 40_000 }),
  botDelayMs: fc.integer({ min: 1, max: 2_000 }),
  nextHandDelayMs: fc.integer({ min: 1, max: 3_000 }),
  graceMs: fc.integer({ min: 1, max: 90_000 }),
  idleMs: fc.integer({ min: 1, max: 600_000 }),
});

/** Runs events on a started table; `check` runs after each one. */
function run(sim: Sim, users: string[], events: Event[], check: (sim: Sim, event: Event) => void): void {
  for (const e of events) {
    if (e.kind === "alarm") {
      const at = nextDeadline(sim.room, sim.timings);
      if (at !== null) sim.alarm(at + e.late);
    } else if (e.kind === "early") {
      const at = nextDeadline(sim.room, sim.timings);
      if (at !== null && at - e.by > sim.now) sim.alarm(at - e.by);
    } else if (e.kind === "move") {
      sim.play(e.pick);
    } else if (e.kind === "disconnect") {
      sim.disconnect(users[e.who % users.length]);
    } else if (e.kind === "connect") {
      sim.connect(users[e.who % users.length]);
    } else {
      sim.now += e.ms;
    }
    check(sim, e);
  }
}

describe("timers, whatever happens in between", () => {
  it("fire in the order they fall due, and an alarm leaves nothing due behind it", () => {
    fc.assert(
      fc.property(timings, fc.boolean(), fc.array(event, { maxLength: 40 }), (t, pairs, events) => {
        const users = pairs ? ["a", "b", "c", "d"] : ["a", "b"];
        const sim = started(users, {}, undefined, t);
        run(sim, users, events, () => undefined);
        // Drain: always the earliest deadline next; each is no earlier than the last, and once it
        // fired nothing is due at or before it.
        let last = -Infinity;
        for (let i = 0; i < 300; i++) {
          const at = nextDeadline(sim.room, t);
          if (at === null) break;
          const fireAt = Math.max(at, sim.now);
          if (fireAt < last) return false;
          sim.alarm(fireAt);
          last = fireAt;
          const next = nextDeadline(sim.room, t);
          if (next !== null && next <= fireAt) return false;
        }
        return true;
      }),
      { numRuns: 150 },
    );
  });

  it("never leave a computer player in a seat whose owner is back", () => {
    let takeovers = 0;
    fc.assert(
      fc.property(fc.boolean(), fc.array(event, { maxLength: 60 }), (pairs, events) => {
        const users = pairs ? ["a", "b", "c", "d"] : ["a", "b"];
        const sim = started(users);
        let ok = true;
        run(sim, users, events, (s, e) => {
          for (const seat of s.room.seats) {
            if (seat.botControlled) takeovers += 1;
            if (seat.connected && seat.botControlled) ok = false;
            if (seat.botControlled && (seat.awaySince === null || s.now < seat.awaySince + s.timings.graceMs)) ok = false;
          }
          if (e.kind === "connect") {
            const seat = s.room.seats.find((x) => x.userId === users[e.who % users.length])!;
            if (seat.botControlled || !seat.connected) ok = false;
          }
        });
        return ok;
      }),
      { numRuns: 300 },
    );
    expect(takeovers).toBeGreaterThan(0);
  });
});

describe("disconnect", () => {
  it("in a waiting room makes the player not ready (no grace, nothing written to D1)", () => {
    let room = seated(["a", "b"], { game_type: "2v2" });
    room = connect(room, "a", clockAt(T0)).room;
    const step = disconnect(room, "a", clockAt(T0 + 1));
    expect(step.effects.map((e) => e.type)).toEqual(["send", "send", "state"]);
    expect(step.room.seats[0]).toMatchObject({ connected: false, awaySince: null });
    expect(disconnect(step.room, "a", clockAt(T0 + 2)).room).toBe(step.room);
  });
});
