import { describe, expect, it } from "vitest";
import { acceptRematch, rematchFailed, rematchOpened, statePayload, type Room } from "../../../game/room/index";
import { clockAt, seated, T0, TIMINGS } from "./helpers";

// "Jogar de novo": each human accepts; the last acceptance makes the rematch due once.

function finished(users: string[], over = {}): Room {
  const room = seated(users, over);
  return { ...room, game: { ...room.game, status: "completed" } };
}

describe("a rematch", () => {
  it("is due once every human at the table has accepted, and only once", () => {
    const clock = clockAt(T0);
    let room = finished(["a", "b"]);
    const first = acceptRematch(room, "a", clock);
    expect(first).toMatchObject({ ok: true, due: false });
    room = first.ok ? first.step.room : room;
    expect(statePayload(room, "b", TIMINGS).rematch).toEqual({ accepted: ["a"], gameId: null });
    // Asking twice changes nothing.
    const again = acceptRematch(room, "a", clock);
    expect(again.ok && again.step.room).toBe(room);

    const second = acceptRematch(room, "b", clock);
    expect(second).toMatchObject({ ok: true, due: true });
    room = second.ok ? second.step.room : room;
    const late = acceptRematch(room, "b", clock);
    expect(late).toMatchObject({ ok: true, due: false });

    room = rematchOpened(room, "g2", clock).room;
    expect(statePayload(room, "a", TIMINGS).rematch).toEqual({ accepted: ["a", "b"], gameId: "g2" });
    expect(rematchOpened(room, "g3", clock).room).toBe(room);
  });

  it("against the computer alone, is due at once", () => {
    const room = finished(["a"], { bot_level: "easy", entry_cost: 0 });
    const practice = {
      ...room,
      seats: [...room.seats, { ...room.seats[0], seat: 1, team: "team2" as const, userId: null, botLevel: "easy" as const }],
    };
    expect(acceptRematch(practice, "a", clockAt(T0))).toMatchObject({ ok: true, due: true });
  });

  it("is refused to outsiders and before the game is over; a failed opening starts the offer over", () => {
    const clock = clockAt(T0);
    expect(acceptRematch(finished(["a", "b"]), "z", clock)).toEqual({ ok: false, error: "not_seated" });
    expect(acceptRematch(seated(["a", "b"]), "a", clock)).toEqual({ ok: false, error: "not_finished" });
    let room = finished(["a"]);
    const due = acceptRematch(room, "a", clock);
    room = due.ok ? due.step.room : room;
    room = rematchFailed(room, clock).room;
    expect(room.rematch).toBeNull();
    expect(acceptRematch(room, "a", clock)).toMatchObject({ ok: true, due: true });
  });

  it("leaves the state of a room without a rematch as it was", () => {
    expect("rematch" in statePayload(finished(["a", "b"]), "a", TIMINGS)).toBe(false);
  });
});
