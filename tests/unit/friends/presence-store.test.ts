import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  applyReport,
  CHECKED_AT_TOLERANCE_MS,
  gamesToCheck,
  heartbeat,
  INITIAL_PRESENCE,
  liveStatus,
  nextWake,
  presenceToStore,
  settle,
  type GameReport,
  type PresenceState,
} from "../../../game/channel/presence";
import { reportFieldsArb, timings } from "./presence-arbitraries";

// game/channel/presence.ts `presenceToStore` (ADR 101): the PlayerChannel writes its presence
// only when a fresh instance (after an eviction) would otherwise decide differently. A room's check
// that only confirms what is held stays in memory until the stored one is a tolerance old.

type Step =
  | { kind: "report"; report: Omit<GameReport, "at" | "seq"> }
  | { kind: "check" }
  | { kind: "sockets"; sockets: number }
  | { kind: "wait"; ms: number }
  | { kind: "alarm" };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant("report" as const), report: reportFieldsArb }),
  { weight: 3, arbitrary: fc.constant<Step>({ kind: "check" }) },
  fc.record({ kind: fc.constant("sockets" as const), sockets: fc.integer({ min: 0, max: 2 }) }),
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("wait" as const), ms: fc.integer({ min: 0, max: 60_000 }) }) },
  fc.constant<Step>({ kind: "alarm" }),
);

/** Runs a channel's life the way the adapter does, writing only what `presenceToStore` asks for. */
function live(steps: Step[], check: (memory: PresenceState, stored: PresenceState, sockets: number, now: number) => void): number {
  let now = 1_000_000;
  let seq = 0;
  let sockets = 0;
  let memory = INITIAL_PRESENCE;
  let stored = INITIAL_PRESENCE;
  let writes = 0;
  const adopt = (next: PresenceState) => {
    memory = next;
    if (presenceToStore(stored, next)) {
      stored = next;
      writes += 1;
    }
  };
  for (const step of steps) {
    if (step.kind === "wait") now += step.ms;
    else if (step.kind === "sockets") sockets = step.sockets;
    else if (step.kind === "report") adopt(applyReport(memory, { ...step.report, at: now, seq: ++seq }, now));
    else if (step.kind === "check") {
      // The room confirms what the channel holds (the most frequent event of the bench's B).
      for (const entry of Object.values(memory.games)) adopt(applyReport(memory, { ...entry, at: now, seq: ++seq }, now));
    } else {
      adopt(
        heartbeat(
          memory,
          Array.from({ length: sockets }, () => ({ connectedAt: 0, answeredAt: now })),
          now,
          timings,
        ).state,
      );
      for (const gameId of gamesToCheck(memory, sockets, now, timings)) {
        adopt(applyReport(memory, { ...memory.games[gameId], at: now, seq: ++seq }, now));
      }
    }
    adopt(settle(memory, sockets, false, now, timings).state);
    check(memory, stored, sockets, now);
  }
  return writes;
}

describe("what the PlayerChannel writes", () => {
  it("never writes a state over itself", () => {
    expect(presenceToStore(INITIAL_PRESENCE, INITIAL_PRESENCE)).toBe(false);
  });

  it("keeps a room's check that changed nothing in memory, until the stored one is a tolerance old", () => {
    const report: GameReport = { gameId: "g", seated: true, sockets: 1, status: "active", full: true, at: 1, seq: 1 };
    const stored = applyReport(INITIAL_PRESENCE, report, 1_000);
    const checked = applyReport(stored, { ...report, at: 2, seq: 2 }, 21_000);
    expect(presenceToStore(stored, checked)).toBe(false);
    expect(presenceToStore(stored, applyReport(stored, { ...report, at: 3, seq: 3 }, 1_000 + CHECKED_AT_TOLERANCE_MS))).toBe(true);
    // What the room says changed: written at once.
    expect(presenceToStore(stored, applyReport(stored, { ...report, sockets: 0, at: 2, seq: 2 }, 1_500))).toBe(true);
    expect(presenceToStore(stored, applyReport(stored, { ...report, gameId: "h", at: 2, seq: 2 }, 1_500))).toBe(true);
  });

  it("writes every change of what is published, of the grace and of the heartbeat", () => {
    const online = settle(INITIAL_PRESENCE, 1, false, 10_000, timings).state;
    expect(presenceToStore(INITIAL_PRESENCE, online)).toBe(true);
    const away = settle(online, 0, false, 11_000, timings).state;
    expect(presenceToStore(online, away)).toBe(true);
    const beat = heartbeat(online, [{ connectedAt: 0, answeredAt: null }], 10_000, timings).state;
    expect(presenceToStore(online, beat)).toBe(true);
  });

  it("leaves a fresh instance publishing the same, with checks no later than the live ones", () => {
    fc.assert(
      fc.property(fc.array(stepArb, { maxLength: 80 }), (steps) => {
        live(steps, (memory, stored, sockets, now) => {
          // Friends and D1 see the same from the stored state as from the one in memory.
          expect(stored.published).toEqual(memory.published);
          expect(stored.awaySince).toBe(memory.awaySince);
          expect(stored.heartbeatAt).toBe(memory.heartbeatAt);
          expect(liveStatus(stored, sockets)).toEqual(liveStatus(memory, sockets));
          // A fresh instance wakes no later than this one would (it may check a room sooner).
          const fresh = nextWake(stored, sockets, timings);
          const held = nextWake(memory, sockets, timings);
          if (held !== null) expect(fresh).not.toBeNull();
          if (held !== null && fresh !== null) expect(fresh).toBeLessThanOrEqual(held);
          // ... and by at most the tolerance.
          for (const [id, entry] of Object.entries(memory.games)) {
            expect(entry.checkedAt - stored.games[id].checkedAt).toBeLessThan(CHECKED_AT_TOLERANCE_MS);
          }
          void now;
        });
      }),
    );
  });

  it("writes a checked room a few times per tolerance, not on every check", () => {
    const report = { gameId: "g1", seated: true, sockets: 1, status: "active" as const, full: true };
    const steps: Step[] = [{ kind: "report", report }];
    for (let i = 0; i < 60; i += 1) steps.push({ kind: "wait", ms: timings.heartbeatMs }, { kind: "alarm" });
    // 60 checks over 20 minutes: the first report, then one write per tolerance.
    const writes = live(steps, () => {});
    expect(writes).toBeLessThanOrEqual(2 + (60 * timings.heartbeatMs) / CHECKED_AT_TOLERANCE_MS);
  });
});
