import { describe, expect, it } from "vitest";
import { adminCancel, connect, expel, planSeat, type RoomEffect } from "../../../game/room/index";
import { assignedRoom, clockAt, request, seated, T0 } from "./helpers";

const AUDIT = { id: "00000000-0000-4000-8000-000000000001", adminId: "admin", reason: "stuck" };
const writes = (effects: RoomEffect[]) => effects.filter((e) => e.type !== "send" && e.type !== "state");

describe("an admin's acts on a room", () => {
  it("expels a banned player from a waiting room: seat released with its entry, sockets closed, no way back", () => {
    const step = expel(seated(["a", "b"], { game_type: "2v2" }), "b", clockAt(T0));
    expect(writes(step.effects)).toEqual([
      { type: "release_seat", userId: "b", entry: 50 },
      { type: "close", userId: "b", code: 4003, reason: "Banned" },
    ]);
    expect(step.room.seats.map((s) => s.userId)).toEqual(["a"]);
    expect(planSeat(step.room, request("b"))).toEqual({ ok: false, error: "left" });
  });

  it("cancels a waiting room left without humans, and a server-assigned one, returning every entry", () => {
    const alone = expel(seated(["a"]), "a", clockAt(T0));
    expect(alone.room.game.status).toBe("cancelled");
    const assigned = expel(assignedRoom(["a", "b"]), "b", clockAt(T0));
    expect(assigned.room.game.status).toBe("cancelled");
    const cancel = assigned.effects.find((e) => e.type === "cancel");
    expect(cancel && cancel.type === "cancel" && cancel.refunds.map((r) => r.userId)).toEqual(["a", "b"]);
  });

  it("hands an active game's seat to a computer player at once", () => {
    let room = seated(["a", "b"]);
    room = connect(connect(room, "a", clockAt(T0)).room, "b", clockAt(T0)).room;
    expect(room.game.status).toBe("active");
    const step = expel(room, "b", clockAt(T0 + 1000));
    const seat = step.room.seats.find((s) => s.userId === "b");
    expect(seat).toMatchObject({ botControlled: true, connected: false });
    expect(step.effects).toContainEqual({ type: "close", userId: "b", code: 4003, reason: "Banned" });
  });

  it("cancels a stuck game with every entry returned, even once it started, and carries the audit row", () => {
    let room = seated(["a", "b"]);
    room = connect(connect(room, "a", clockAt(T0)).room, "b", clockAt(T0)).room;
    const result = adminCancel(room, AUDIT, clockAt(T0 + 1000));
    if (!result.ok) throw new Error("refused");
    expect(result.step.room.game.status).toBe("cancelled");
    const cancel = result.step.effects.find((e) => e.type === "cancel");
    expect(cancel).toMatchObject({
      reason: "admin",
      audit: AUDIT,
      refunds: [
        { userId: "a", entry: 50 },
        { userId: "b", entry: 50 },
      ],
    });
    expect(adminCancel(result.step.room, AUDIT, clockAt(T0 + 2000))).toEqual({ ok: false, error: "closed" });
  });
});
