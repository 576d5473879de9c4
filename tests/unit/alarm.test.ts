import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { alarmToSet } from "../../game/alarm";

// The room's alarm policy (game/alarm.ts, ADR 096): write the alarm only when it would
// otherwise fire late. These properties hold for any sequence of deadlines and firings.

const deadlineArb = fc.option(fc.integer({ min: 0, max: 1_000_000 }), { nil: null });
const armedArb = fc.oneof(fc.constant(undefined), fc.constant(null), fc.integer({ min: 0, max: 1_000_000 }));

/** One thing that happens to a room: a transition leaves it waiting for `next`, or its alarm fires. */
type Event = { type: "step"; next: number | null } | { type: "fire" };
const eventsArb = fc.array(
  fc.oneof(
    { weight: 4, arbitrary: deadlineArb.map((next): Event => ({ type: "step", next })) },
    { weight: 1, arbitrary: fc.constant<Event>({ type: "fire" }) },
  ),
  { maxLength: 60 },
);

describe("the room's alarm policy", () => {
  it("never leaves a deadline without an alarm at or before it", () => {
    fc.assert(
      fc.property(armedArb, deadlineArb, (armed, next) => {
        const set = alarmToSet(armed, next);
        const after = set ?? armed;
        if (next !== null) {
          expect(after).not.toBeUndefined();
          expect(after).not.toBeNull();
          expect(after!).toBeLessThanOrEqual(next);
        }
      }),
    );
  });

  it("writes only when the alarm is unknown, absent, or later than the deadline, and then the deadline itself", () => {
    fc.assert(
      fc.property(armedArb, deadlineArb, (armed, next) => {
        const set = alarmToSet(armed, next);
        const needed = next !== null && (armed === undefined || armed === null || next < armed);
        expect(set).toBe(needed ? next : null);
      }),
    );
  });

  it("over a room's life: every deadline is covered, and a deadline that only moves later costs no write", () => {
    fc.assert(
      fc.property(eventsArb, (events) => {
        // The adapter: what it knows it armed (undefined: a fresh instance), and the storage's alarm.
        let armed: number | null | undefined = undefined;
        let stored: number | null = null;
        let next: number | null = null;
        let writes = 0;
        let needed = 0;
        const schedule = () => {
          const set = alarmToSet(armed, next);
          if (set !== null) {
            armed = stored = set;
            writes += 1;
          }
        };
        for (const event of events) {
          if (event.type === "fire") {
            if (stored === null) continue;
            // The alarm fired (early or due): the adapter no longer knows an armed alarm and asks again.
            stored = null;
            armed = undefined;
            schedule();
          } else {
            const earlier = event.next !== null && (stored === null || event.next < stored);
            if (earlier) needed += 1;
            next = event.next;
            schedule();
          }
          if (next !== null) {
            expect(stored).not.toBeNull();
            expect(stored!).toBeLessThanOrEqual(next);
          }
        }
        // A step writes only when its deadline comes before the stored alarm (or there is none).
        expect(writes).toBeLessThanOrEqual(needed + events.filter((e) => e.type === "fire").length);
      }),
    );
  });

  it("keeps an earlier alarm when a move pushes the turn's deadline later", () => {
    expect(alarmToSet(1_000, 31_000)).toBeNull();
    expect(alarmToSet(31_000, 1_000)).toBe(1_000);
    expect(alarmToSet(undefined, 31_000)).toBe(31_000);
    expect(alarmToSet(null, 31_000)).toBe(31_000);
    expect(alarmToSet(1_000, null)).toBeNull();
  });
});
