import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  applyReport,
  heartbeat,
  INITIAL_PRESENCE,
  liveStatus,
  nextWake,
  settle,
  type GameReport,
  type PresenceState,
} from "../../../game/channel/presence";
import { reportFieldsArb, timings } from "./presence-arbitraries";

// game/channel/presence.ts, the PlayerChannel's policy: online while any channel or game
// socket is held, playing while seated in an active game, offline only after the grace, and the
// published stamps strictly increase whatever happens.

const reportArb = fc
  .tuple(
    reportFieldsArb,
    fc.record({
      at: fc.integer({ min: 0, max: 1_000 }),
      seq: fc.integer({ min: 0, max: 10 }),
    }),
  )
  .map(([fields, clock]) => ({ ...fields, ...clock }));

const stepArb = fc.oneof(
  fc.record({ kind: fc.constant("report" as const), report: reportArb }),
  fc.record({ kind: fc.constant("sockets" as const), sockets: fc.integer({ min: 0, max: 3 }) }),
  fc.record({ kind: fc.constant("wait" as const), ms: fc.integer({ min: 0, max: 3_000 }) }),
  fc.record({ kind: fc.constant("appear" as const), offline: fc.boolean() }),
);

describe("presence", () => {
  it("goes online at once on the first socket, and offline only after the grace", () => {
    const online = settle(INITIAL_PRESENCE, 1, false, 10_000, timings);
    expect(online.changed).toBe(true);
    expect(online.state.published).toMatchObject({ status: "online", visible: "online" });
    const closing = settle(online.state, 0, false, 11_000, timings);
    expect(closing.changed).toBe(false);
    expect(nextWake(closing.state, 0, timings)).toBe(12_000);
    // Back inside the grace (a reload): nothing published.
    expect(settle(closing.state, 1, false, 11_500, timings).changed).toBe(false);
    const gone = settle(closing.state, 0, false, 12_000, timings);
    expect(gone.changed).toBe(true);
    expect(gone.state.published.status).toBe("offline");
  });

  it("counts a game socket as online and a seat in an active game as playing", () => {
    const report: GameReport = { gameId: "g", seated: true, sockets: 1, status: "active", full: true, at: 1, seq: 1 };
    const state = applyReport(INITIAL_PRESENCE, report, 0);
    expect(liveStatus(state, 0)).toEqual({ status: "playing", gameId: "g" });
    expect(liveStatus(applyReport(state, { ...report, sockets: 0, at: 2 }, 0), 0)).toEqual({ status: "offline", gameId: null });
    // An older report changes nothing.
    expect(applyReport(state, { ...report, sockets: 0, at: 0 }, 0)).toBe(state);
  });

  it("shows friends offline while the player appears offline", () => {
    const settled = settle(INITIAL_PRESENCE, 1, true, 5, timings);
    expect(settled.state.published).toMatchObject({ status: "online", visible: "offline" });
  });

  it("publishes strictly increasing stamps, and what it publishes matches the live status once the grace has passed", () => {
    fc.assert(
      fc.property(fc.array(stepArb, { maxLength: 40 }), (steps) => {
        let state: PresenceState = INITIAL_PRESENCE;
        let sockets = 0;
        let appearOffline = false;
        let now = 1_000;
        let last = state.published.at;
        for (const step of steps) {
          if (step.kind === "report") state = applyReport(state, step.report, now);
          else if (step.kind === "sockets") sockets = step.sockets;
          else if (step.kind === "wait") now += step.ms;
          else appearOffline = step.offline;
          const settled = settle(state, sockets, appearOffline, now, timings);
          state = settled.state;
          if (settled.changed) {
            expect(state.published.at).toBeGreaterThan(last);
            last = state.published.at;
          }
          expect(state.published.visible).toBe(appearOffline ? "offline" : state.published.status);
        }
        const final = settle(state, sockets, appearOffline, now + timings.graceMs, timings).state;
        expect(final.published.status).toBe(liveStatus(final, sockets).status);
      }),
    );
  });

  it("closes a socket that did not answer the previous heartbeat, and only such a socket", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ connectedAt: fc.integer({ min: 0, max: 100 }), answered: fc.option(fc.integer({ min: 0, max: 30_000 })) }), {
          maxLength: 5,
        }),
        (raw) => {
          const sent = 1_000;
          const sockets = raw.map((socket) => ({ connectedAt: socket.connectedAt, answeredAt: socket.answered }));
          const beat = heartbeat({ ...INITIAL_PRESENCE, heartbeatAt: sent }, sockets, sent + timings.heartbeatMs, timings);
          sockets.forEach((socket, i) => {
            const silent = socket.answeredAt === null || socket.answeredAt < sent;
            expect(beat.dead.includes(i)).toBe(silent);
          });
        },
      ),
    );
  });
});
