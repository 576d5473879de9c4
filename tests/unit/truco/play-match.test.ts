// playMatch: one loop that drives a match with a chooser (bot arena, benchmark, property tests,
// scripted rooms).
import { describe, expect, it } from "vitest";
import {
  applyAction,
  createMatch,
  pendingPlayer,
  playMatch,
  startNextHand,
  type Chooser,
  type MatchState,
} from "../../../game/truco/index";
import { P2, P4 } from "./helpers";

const first: Chooser = (_s, _p, legal) => legal[0];

describe("playMatch", () => {
  it("plays to game_over and logs every step; replaying the log gives the same state", () => {
    const start = createMatch({ variant: "paulista", players: P4, seed: "pm" });
    const before = JSON.stringify(start);
    const run = playMatch(start, first);
    expect(run.stop).toBe("match_over");
    expect(run.error).toBeNull();
    expect(run.state.phase).toBe("game_over");
    expect(JSON.stringify(start)).toBe(before);
    expect(run.log.filter((x) => x.action !== null)).toHaveLength(run.actions);
    expect(run.log.filter((x) => x.action === null)).toHaveLength(run.hands - 1);
    expect(run.log.at(-1)!.events.some((e) => e.type === "match_ended")).toBe(true);

    let s: MatchState = start;
    for (const step of run.log) {
      if (step.action === null) {
        const r = startNextHand(s);
        if (!r.ok) throw new Error(r.message);
        expect(r.events).toEqual(step.events);
        s = r.state;
      } else {
        const r = applyAction(s, step.playerId!, step.action);
        if (!r.ok) throw new Error(r.message);
        expect(r.events).toEqual(step.events);
        s = r.state;
      }
    }
    expect(s).toEqual(run.state);
  });

  it("stops when the chooser returns null (a human's turn), in round_end with nextHand false, and after maxSteps", () => {
    const start = createMatch({ variant: "gaucho", players: P2, seed: "pm2" });
    const human = playMatch(start, (s, p, legal) => (p === "b" ? null : legal[0]));
    expect(human.stop).toBe("no_choice");
    expect(pendingPlayer(human.state)).toBe("b");

    const hand = playMatch(start, first, { nextHand: false });
    expect(hand.stop).toBe("hand_over");
    expect(hand.state.phase).toBe("round_end");
    expect(hand.hands).toBe(1);

    const one = playMatch(start, first, { maxSteps: 1 });
    expect(one).toMatchObject({ stop: "max_steps", actions: 1 });
    expect(one.state.actionCount).toBe(start.actionCount + 1);
  });

  it("returns an illegal choice instead of throwing, and gives onStep the states around each step", () => {
    const start = createMatch({ variant: "mineiro", players: P2, seed: "pm3" });
    const bad = playMatch(start, () => ({ type: "go_to_mazo" }));
    expect(bad).toMatchObject({ stop: "illegal_action", actions: 0, error: { code: "illegal_action", action: { type: "go_to_mazo" } } });
    expect(bad.state).toBe(start);

    let steps = 0;
    const run = playMatch(start, first, {
      log: false,
      onStep: (step) => {
        steps++;
        expect(step.state.actionCount).toBe(step.before.actionCount + 1);
      },
    });
    expect(run.log).toEqual([]);
    expect(steps).toBe(run.actions + run.hands - 1);
  });
});
