import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { seatConflict, tableToResume, type HeldSeat } from "../../../game/room/one-seat";

const seat = (gameId: string, status: HeldSeat["status"], practice = false): HeldSeat => ({ gameId, status, practice });

describe("one table at a time", () => {
  it("refuses a second seat while the player sits at a waiting or active game", () => {
    expect(seatConflict([seat("a", "waiting")], "b")).toEqual(seat("a", "waiting"));
    expect(seatConflict([seat("a", "active")], null)).toEqual(seat("a", "active"));
  });

  it("lets a player back to their own table, past finished games, and out of practice games", () => {
    expect(seatConflict([seat("a", "active")], "a")).toBeNull();
    expect(seatConflict([seat("a", "completed"), seat("b", "cancelled")], null)).toBeNull();
    expect(seatConflict([seat("p", "active", true)], null)).toBeNull();
  });

  it("sends the player back to the binding table first, else to a running practice game", () => {
    expect(tableToResume([seat("p", "active", true), seat("a", "waiting")])).toEqual(seat("a", "waiting"));
    expect(tableToResume([seat("p", "active", true)])).toEqual(seat("p", "active", true));
    expect(tableToResume([seat("c", "completed")])).toBeNull();
  });

  it("never refuses when no other binding seat exists, and always names one that binds", () => {
    const held = fc.array(
      fc.record({
        gameId: fc.constantFrom("a", "b", "c"),
        status: fc.constantFrom("waiting", "active", "completed", "cancelled") as fc.Arbitrary<HeldSeat["status"]>,
        practice: fc.boolean(),
      }),
    );
    fc.assert(
      fc.property(held, fc.constantFrom("a", "b", null), (seats, target) => {
        const conflict = seatConflict(seats, target);
        const binding = seats.filter((s) => s.gameId !== target && !s.practice && (s.status === "waiting" || s.status === "active"));
        expect(conflict === null).toBe(binding.length === 0);
        if (conflict) expect(binding).toContain(conflict);
      }),
    );
  });
});
