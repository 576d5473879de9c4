import fc from "fast-check";
import type { GameReport, PresenceTimings } from "../../../game/channel/presence";

// What the presence property tests (presence.test.ts, presence-store.test.ts) draw from.

export const timings: PresenceTimings = { heartbeatMs: 20_000, graceMs: 1_000 };

/** A room's report on one player, without its clock and sequence (each test adds its own). */
export const reportFieldsArb = fc.record({
  gameId: fc.constantFrom("g1", "g2"),
  seated: fc.boolean(),
  sockets: fc.integer({ min: 0, max: 2 }),
  status: fc.constantFrom("waiting", "active", "finished", "cancelled") as fc.Arbitrary<GameReport["status"]>,
  full: fc.boolean(),
});
