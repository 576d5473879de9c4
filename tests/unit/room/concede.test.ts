import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { concede, CONCEDED, disconnect, nextDeadline, ratingsNeeded, seatComputerPlayers, type Step } from "../../../game/room/index";
import { clockAt, seated, Sim, started, T0 } from "./helpers";

describe("conceding a game in play", () => {
  it("stops a practice game at once, counting nowhere: cancelled, no settlement, nothing left to wait for", () => {
    const room = seated(["a"], { bot_level: "easy", entry_cost: 0 });
    const sim = new Sim(seatComputerPlayers(room, "easy", clockAt(T0)).room);
    sim.connect("a");
    expect(sim.room.game.status).toBe("active");
    const result = concede(sim.room, "a", sim.clock());
    if (!result.ok) throw new Error(result.error);
    sim.commit(result.step);
    expect(sim.room.game).toMatchObject({ status: "cancelled", end_reason: CONCEDED });
    expect(sim.count("settle")).toBe(0);
    expect(sim.done.find((e) => e.type === "cancel")).toMatchObject({ reason: CONCEDED, refunds: [] });
    expect(ratingsNeeded(sim.room)).toBeNull();
    expect(nextDeadline(sim.room, sim.timings)).toBeNull();
  });

  it("forfeits a human game for the conceding team: the others win with the score as it stands, settled once", () => {
    const sim = started(["a", "b", "c", "d"], { game_mode: "ranked", entry_cost: 100 }, { scores: { team1: 4, team2: 7 } });
    sim.ratings = new Map([
      ["a", 1000],
      ["b", 1000],
      ["c", 1000],
      ["d", 1000],
    ]);
    const result = concede(sim.room, "b", sim.clock());
    if (!result.ok) throw new Error(result.error);
    expect(result.step.room.ending).toMatchObject({ winner: "team1", scores: [4, 7], reason: "forfeit", by: "b" });
    sim.commit(sim.settling(result.step));
    expect(sim.count("settle")).toBe(1);
    expect(sim.done.find((e) => e.type === "settle")).toMatchObject({ winner: "team1", reason: "forfeit", ranked: true });
    expect(sim.room.game).toMatchObject({ status: "completed", winner_team: "team1", end_reason: "forfeit" });
    const byUser = new Map(sim.room.results!.map((r) => [r.user_id, r]));
    // The conceding team (b and d sit on team2) loses its entries and its points.
    expect(byUser.get("b")).toMatchObject({ result: "loss", coins_change: -100 });
    expect(byUser.get("d")).toMatchObject({ result: "loss", coins_change: -100 });
    expect(byUser.get("a")).toMatchObject({ result: "win", coins_change: 100 });
    expect(byUser.get("b")!.rating_change).toBeLessThan(0);
    expect(byUser.get("a")!.rating_change).toBeGreaterThan(0);
    // A second concession, or a partner's, finds the game decided.
    expect(concede(sim.room, "d", sim.clock())).toEqual({ ok: false, error: "closed" });
  });

  it("refuses a player with no seat and a game that has not started", () => {
    const sim = started(["a", "b"]);
    expect(concede(sim.room, "z", sim.clock())).toEqual({ ok: false, error: "not_seated" });
    const waiting = started(["a", "b", "c", "d"]);
    waiting.disconnect("d");
    const room = { ...waiting.room, game: { ...waiting.room.game, status: "waiting" as const } };
    expect(concede(room, "a", waiting.clock())).toEqual({ ok: false, error: "closed" });
  });

  it("says 'abandoned' when the match ends on points while a computer player holds a seat for a player who left", () => {
    const sim = started(["a", "b"], {}, { scores: { team1: 11, team2: 11 } });
    sim.disconnect("b");
    sim.alarm(T0 + sim.timings.graceMs + 1);
    expect(sim.room.seats.find((s) => s.userId === "b")!.botControlled).toBe(true);
    for (let i = 0; i < 500 && !sim.room.settled; i++) if (!sim.play()) sim.fireNext();
    expect(sim.room.settled).toBe(true);
    expect(sim.room.game.end_reason).toBe("abandoned");
    expect(sim.done.find((e) => e.type === "settle")).toMatchObject({ reason: "abandoned" });
  });

  it("settles once whatever the order of concessions and disconnections around it", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom("concede", "disconnect"), fc.constantFrom("a", "b")), { minLength: 1, maxLength: 8 }),
        (events) => {
          const sim = started(["a", "b"], { entry_cost: 50 });
          let first: string | null = null;
          for (const [kind, user] of events) {
            let step: Step;
            if (kind === "concede") {
              const result = concede(sim.room, user, sim.clock());
              if (!result.ok) continue;
              first ??= user;
              step = sim.settling(result.step);
            } else {
              step = disconnect(sim.room, user, sim.clock());
            }
            sim.commit(step);
          }
          if (first === null) return sim.count("settle") === 0;
          const winner = first === "a" ? "team2" : "team1";
          return sim.count("settle") === 1 && sim.room.game.winner_team === winner && sim.room.settled;
        },
      ),
    );
  });
});
