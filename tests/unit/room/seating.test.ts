import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  BOT_NAMES,
  commitSeat,
  connect,
  createRoom,
  disconnect,
  fillsTable,
  startsWithSeats,
  fillWithBots,
  leave,
  openRoom,
  participants,
  planSeat,
  seatComputerPlayers,
  type RoomSeat,
} from "../../../game/room/index";
import { assigned, assignedRoom, clockAt, request, seat, seated, seatsAreSound, summary, T0, TIMINGS } from "./helpers";

describe("a room players join by code", () => {
  it("seats players in order, alternating teams, each paying the table's entry", () => {
    const room = seated(["a", "b", "c"]);
    expect(room.seats.map((s) => [s.seat, s.team, s.userId, s.entryPaid])).toEqual([
      [0, "team1", "a", 50],
      [1, "team2", "b", 50],
      [2, "team1", "c", 50],
    ]);
    expect(room.version).toBe(3);
    expect(participants(room).map((p) => [p.player_id, p.is_ready, p.connected])).toEqual([
      ["a", false, false],
      ["b", false, false],
      ["c", false, false],
    ]);
  });

  it("refuses a full table, a started one, a player who left, and non-members at an exclusive table", () => {
    const full = seated(["a", "b"]);
    expect(planSeat(full, request("c"))).toEqual({ ok: false, error: "full" });
    expect(planSeat(full, request("a"))).toEqual({ ok: true, seat: null });
    const exclusive = openRoom(summary({ premium_only: true }), clockAt(T0));
    expect(planSeat(exclusive, request("x"))).toEqual({ ok: false, error: "premium_only" });
    expect(planSeat(exclusive, request("x", { isPremium: true })).ok).toBe(true);
    const left = leave(seated(["a", "b"]), "b", clockAt(T0));
    expect(left.ok && planSeat(left.step.room, request("b"))).toEqual({ ok: false, error: "left" });
    let playing = seated(["a", "b"]);
    playing = connect(connect(playing, "a", clockAt(T0)).room, "b", clockAt(T0)).room;
    expect(planSeat(playing, request("c"))).toEqual({ ok: false, error: "started" });
  });

  it("commits a plan only if its seat is still free (a seat is never held twice)", () => {
    const room = seated(["a"], { game_type: "2v2" });
    const first = planSeat(room, request("b"));
    const second = planSeat(room, request("c"));
    if (!first.ok || !second.ok || !first.seat || !second.seat) throw new Error("plans");
    expect(first.seat.seat).toBe(second.seat.seat);
    const committed = commitSeat(room, first.seat, clockAt(T0));
    if (!committed.ok) throw new Error("commit");
    expect(commitSeat(committed.step.room, second.seat, clockAt(T0))).toEqual({ ok: false, error: "full" });
  });

  it("returns a leaving player's entry, and cancels the room when the last human leaves", () => {
    const room = seated(["a", "b"]);
    const left = leave(room, "b", clockAt(T0 + 5));
    if (!left.ok) throw new Error(left.error);
    expect(left.step.effects.map((e) => e.type)).toEqual(["release_seat", "close", "send", "state"]);
    // The seat that filled the table wrote its start: giving it up writes the table back to waiting.
    expect(left.step.effects[0]).toEqual({ type: "release_seat", userId: "b", entry: 50, reopen: true });
    expect(left.step.room.startWritten).toBe(false);
    expect(left.step.room.idleDeadline).toBe(T0 + 5 + TIMINGS.idleMs);
    const last = leave(left.step.room, "a", clockAt(T0 + 6));
    if (!last.ok) throw new Error(last.error);
    expect(last.step.room.game.status).toBe("cancelled");
    expect(last.step.effects.map((e) => e.type)).toEqual(["release_seat", "close", "cancel", "send", "send", "state", "close"]);
    expect(leave(last.step.room, "a", clockAt(T0))).toEqual({ ok: false, error: "not_seated" });
  });

  it("writes the start with the seat that fills the table, so the start itself writes nothing", () => {
    const twoOfFour = seated(["a", "b"], { game_type: "2v2" });
    const third = planSeat(twoOfFour, request("c"));
    if (!third.ok || !third.seat) throw new Error("plan");
    expect(fillsTable(twoOfFour, third.seat)).toBe(false);
    const threeOfFour = seated(["a", "b", "c"], { game_type: "2v2" });
    expect(threeOfFour.startWritten).toBeUndefined();
    const last = planSeat(threeOfFour, request("d"));
    if (!last.ok || !last.seat) throw new Error("plan");
    expect(fillsTable(threeOfFour, last.seat)).toBe(true);
    const full = seated(["a", "b", "c", "d"], { game_type: "2v2" });
    expect(full.startWritten).toBe(true);
    expect(full.game.status).toBe("waiting");
    // The room starts when the last socket arrives, with no D1 write of its own.
    let step = connect(full, "a", clockAt(T0));
    for (const id of ["b", "c", "d"]) step = connect(step.room, id, clockAt(T0));
    expect(step.room.game.status).toBe("active");
    expect(step.effects.some((e) => e.type === "mark_started")).toBe(false);
    // A server-assigned table's start is written when it starts.
    const assignedFull = assignedRoom(["p0", "p1"]);
    expect(assignedFull.startWritten).toBeUndefined();
    const started = connect(connect(assignedFull, "p0", clockAt(T0)).room, "p1", clockAt(T0));
    expect(started.effects.some((e) => e.type === "mark_started")).toBe(true);
    // Unless its absent players are replaced by the computer (quick match): it always starts, and its seat batch writes it.
    expect(startsWithSeats(assignedFull)).toBe(false);
    expect(startsWithSeats(assignedRoom(["p0", "p1"], { noShowMs: 60_000, rule: "forfeit" }))).toBe(false);
    expect(startsWithSeats(assignedRoom(["p0", "p1"], { noShowMs: 60_000, rule: "bots" }))).toBe(true);
    expect(startsWithSeats(full)).toBe(false);
  });

  it("lets only the creator of a casual waiting room fill it with computer players, returning the entries", () => {
    const room = seated(["u0", "b"], { game_type: "2v2" });
    expect(fillWithBots(room, "b", "easy", clockAt(T0))).toEqual({ ok: false, error: "not_creator" });
    expect(fillWithBots(seated(["u0"], { game_mode: "ranked" }), "u0", "easy", clockAt(T0))).toEqual({ ok: false, error: "not_casual" });
    expect(fillWithBots(seated(["u0", "b"]), "u0", "easy", clockAt(T0))).toEqual({ ok: false, error: "full" });
    const filled = fillWithBots(room, "u0", "hard", clockAt(T0));
    if (!filled.ok) throw new Error(filled.error);
    const next = filled.step.room;
    expect(next.game).toMatchObject({ entry_cost: 0, bot_level: "hard", status: "waiting" });
    expect(next.seats.map((s) => [s.userId, s.nickname, s.botLevel, s.entryPaid])).toEqual([
      ["u0", "N-u0", null, 0],
      ["b", "N-b", null, 0],
      [null, BOT_NAMES[2], "hard", 0],
      [null, BOT_NAMES[3], "hard", 0],
    ]);
    expect(filled.step.effects[0]).toMatchObject({
      type: "make_practice",
      level: "hard",
      refunds: [
        { userId: "u0", entry: 50 },
        { userId: "b", entry: 50 },
      ],
    });
    // Everyone connected: filling starts the game.
    const everyone = connect(connect(room, "u0", clockAt(T0)).room, "b", clockAt(T0)).room;
    const playing = fillWithBots(everyone, "u0", "easy", clockAt(T0));
    expect(playing.ok && playing.step.room.game.status).toBe("active");
    expect(playing.ok && playing.step.effects.map((e) => e.type).slice(0, 2)).toEqual(["make_practice", "mark_started"]);
  });

  it("seats computer players at once in a game created against the computer", () => {
    const room = seated(["u0"], { game_type: "2v2", entry_cost: 0, bot_level: "easy" });
    const step = seatComputerPlayers(room, "easy", clockAt(T0));
    expect(step.room.seats.map((s) => s.botLevel)).toEqual([null, "easy", "easy", "easy"]);
    expect(
      participants(step.room)
        .filter((p) => p.is_bot)
        .every((p) => p.is_ready && p.connected),
    ).toBe(true);
  });
});

describe("a room the server creates with its seats assigned", () => {
  it("seats only the assigned players, each in their own seat, with their entry", () => {
    const room = createRoom(
      { game: summary({ game_type: "2v2" }), seats: ["w", "x", "y", "z"].map((u, i) => assigned(u, i * 10)) },
      clockAt(T0),
    );
    expect(planSeat(room, request("intruder"))).toEqual({ ok: false, error: "full" });
    const plan = planSeat(room, request("y"));
    expect(plan.ok && plan.seat && [plan.seat.seat, plan.seat.team, plan.seat.entryPaid]).toEqual([2, "team1", 20]);
    expect(room.idleDeadline).toBe(T0 + TIMINGS.idleMs);
  });

  it("refuses a seat list that does not fit the table", () => {
    expect(() => createRoom({ game: summary(), seats: [assigned("a")] }, clockAt(T0))).toThrow(/2 seats/);
    expect(() => createRoom({ game: summary(), seats: [assigned("a"), assigned("a")] }, clockAt(T0))).toThrow(/one seat/);
  });

  it("cannot be left or filled with computer players, and starts when every assigned player has connected", () => {
    let room = assignedRoom(["a", "b"], { noShowMs: 120_000 });
    expect(room.noShow).toEqual({ deadline: T0 + 120_000, rule: "forfeit" });
    expect(room.idleDeadline).toBeNull();
    expect(leave(room, "a", clockAt(T0))).toEqual({ ok: false, error: "not_waiting" });
    expect(fillWithBots(room, "system", "easy", clockAt(T0))).toEqual({ ok: false, error: "not_creator" });
    room = connect(room, "a", clockAt(T0 + 1)).room;
    expect(room.game.status).toBe("waiting");
    room = connect(room, "b", clockAt(T0 + 2)).room;
    expect(room.game.status).toBe("active");
    expect(room.noShow).toBeNull();
  });
});

/** One operation on a waiting room, as the adapter could run them (plans may go stale before their commit). */
type Op =
  | { kind: "plan"; user: number }
  | { kind: "commit"; plan: number; paid: boolean }
  | { kind: "leave"; user: number }
  | { kind: "fill" }
  | { kind: "connect"; user: number }
  | { kind: "disconnect"; user: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant("plan" as const), user: fc.nat(5) }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant("commit" as const), plan: fc.nat(20), paid: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("leave" as const), user: fc.nat(5) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("fill" as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("connect" as const), user: fc.nat(5) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("disconnect" as const), user: fc.nat(5) }) },
);

describe("seating, whatever the order", () => {
  it("never has two occupants in one seat, nor a player in two seats or back after leaving", () => {
    fc.assert(
      fc.property(fc.constantFrom<"1v1" | "2v2">("1v1", "2v2"), fc.array(op, { maxLength: 60 }), (type, ops) => {
        let room = openRoom(summary({ game_type: type, created_by: "u0" }), clockAt(T0));
        const plans: RoomSeat[] = [];
        let now = T0;
        for (const o of ops) {
          now += 1000;
          const clock = clockAt(now);
          const user = "user" in o ? `u${o.user}` : "";
          if (o.kind === "plan") {
            const plan = planSeat(room, request(user));
            if (plan.ok && plan.seat) plans.push(plan.seat);
          } else if (o.kind === "commit" && plans.length > 0 && o.paid) {
            const committed = commitSeat(room, plans[o.plan % plans.length], clock);
            if (committed.ok) room = committed.step.room;
          } else if (o.kind === "leave") {
            const left = leave(room, user, clock);
            if (left.ok) room = left.step.room;
          } else if (o.kind === "fill") {
            const filled = fillWithBots(room, "u0", "easy", clock);
            if (filled.ok) room = filled.step.room;
          } else if (o.kind === "connect") {
            room = connect(room, user, clock).room;
          } else if (o.kind === "disconnect") {
            room = disconnect(room, user, clock).room;
          }
          if (!seatsAreSound(room)) return false;
        }
        return true;
      }),
      { numRuns: 400 },
    );
  });

  it("seats a server-created room's players only in their own seats", () => {
    fc.assert(
      fc.property(fc.array(fc.nat(5), { maxLength: 20 }), (order) => {
        let room = createRoom(
          { game: summary({ game_type: "2v2" }), seats: ["u0", "u1", "u2", "u3"].map((u) => assigned(u)) },
          clockAt(T0),
        );
        for (const user of order) {
          const plan = planSeat(room, request(`u${user}`));
          if (user > 3) {
            if (plan.ok) return false;
            continue;
          }
          if (plan.ok && plan.seat) {
            if (plan.seat.seat !== user) return false;
            room = seat(room, `u${user}`);
          }
          if (!seatsAreSound(room)) return false;
        }
        return true;
      }),
    );
  });
});
