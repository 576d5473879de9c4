import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FLOOD_LIMIT, FLOOD_WINDOW_MS, MAX_SOCKETS_PER_PLAYER } from "../../../game/protocol/constants";
import { admitSocket, countFrame, type FrameVerdict, type SocketCount } from "../../../game/room/guard";

// The room's guard (game/room/guard.ts) is pure: these properties hold for any number of
// open sockets and any sequence of frame times.

/** Frame times, oldest first (gaps of 0 are frames in the same millisecond). */
const timesArb = fc.array(fc.integer({ min: 0, max: 2 * FLOOD_WINDOW_MS }), { minLength: 1, maxLength: 200 }).map((gaps) => {
  let at = 1_000_000;
  return gaps.map((gap) => (at += gap));
});
const burstArb = fc.array(fc.integer({ min: 0, max: 50 }), { minLength: FLOOD_LIMIT + 1, maxLength: 400 }).map((gaps) => {
  let at = 1_000_000;
  return gaps.map((gap) => (at += gap));
});

/** Runs a socket admitted at `start` through frames at `times`, as the adapter does (writing back only a changed count). */
function run(times: number[], start = times[0], openOfPlayer = 0): FrameVerdict[] {
  let stored: SocketCount = admitSocket(openOfPlayer, start);
  const verdicts: FrameVerdict[] = [];
  for (const now of times) {
    const { verdict, count } = countFrame(stored, now);
    if (count) stored = count;
    verdicts.push(verdict);
    // A closed socket gets nothing more: stop at the first close, as the runtime does.
    if (verdict !== "handle") break;
  }
  return verdicts;
}

describe("the socket cap", () => {
  it("admits MAX_SOCKETS_PER_PLAYER sockets of a player and marks every one past them", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 500 }), fc.integer({ min: 0, max: 1e12 }), (open, now) => {
        const count = admitSocket(open, now);
        expect(count.excess === true).toBe(open >= MAX_SOCKETS_PER_PLAYER);
        expect(count).toMatchObject({ windowStart: now, frames: 0 });
      }),
    );
  });

  it("closes an excess socket on whatever frame it sends, writing nothing", () => {
    fc.assert(
      fc.property(fc.integer({ min: MAX_SOCKETS_PER_PLAYER, max: 500 }), timesArb, (open, times) => {
        expect(run(times, times[0], open)).toEqual(["close_excess"]);
      }),
    );
  });
});

describe("the flood count", () => {
  it("handles 50 frames in 10 s and closes on the 51st (DESIGN.md §6)", () => {
    const start = 1_000_000;
    const burst = Array.from({ length: 51 }, (_, i) => start + i * 190);
    expect(run(burst, start)).toEqual([...Array<FrameVerdict>(50).fill("handle"), "close_flood"]);
    // The same 50, then one frame after the 10 s: a new window.
    expect(run([...burst.slice(0, 50), start + 10_001], start).every((verdict) => verdict === "handle")).toBe(true);
  });

  it("never closes a socket that sends at most FLOOD_LIMIT frames in any window", () => {
    // Frames spaced so that no window can hold more than FLOOD_LIMIT of them.
    const gap = Math.ceil(FLOOD_WINDOW_MS / FLOOD_LIMIT) + 1;
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 300 }), fc.integer({ min: 0, max: 5 * gap }), (n, extra) => {
        const times = Array.from({ length: n }, (_, i) => 1_000_000 + i * (gap + extra));
        expect(run(times).every((verdict) => verdict === "handle")).toBe(true);
      }),
    );
  });

  it("closes on the frame past FLOOD_LIMIT inside one window, handling every frame before it", () => {
    fc.assert(
      fc.property(burstArb, (gaps) => {
        // Squeeze the burst into one window.
        const start = gaps[0];
        const times = gaps.map((t) => start + ((t - start) % FLOOD_WINDOW_MS));
        times.sort((a, b) => a - b);
        const verdicts = run(times.slice(0, FLOOD_LIMIT + 1), start);
        expect(verdicts.slice(0, FLOOD_LIMIT).every((verdict) => verdict === "handle")).toBe(true);
        expect(verdicts[FLOOD_LIMIT]).toBe("close_flood");
      }),
    );
  });

  it("counts at most FLOOD_LIMIT handled frames per window, whatever the times", () => {
    fc.assert(
      fc.property(timesArb, (times) => {
        const verdicts = run(times);
        const handled = times.slice(0, verdicts.filter((v) => v === "handle").length);
        // Replaying the room's windows (each starts at the first frame past the previous one), no
        // window holds more than FLOOD_LIMIT handled frames.
        let windowStart = handled[0];
        let inWindow = 0;
        for (const at of handled) {
          if (at - windowStart > FLOOD_WINDOW_MS) {
            windowStart = at;
            inWindow = 0;
          }
          inWindow += 1;
          expect(inWindow).toBeLessThanOrEqual(FLOOD_LIMIT);
        }
      }),
    );
  });

  it("drops the frames queued behind a flood close without writing, and without closing again", () => {
    const start = 1_000_000;
    let stored = admitSocket(0, start);
    const verdicts: FrameVerdict[] = [];
    let writes = 0;
    for (let i = 0; i < FLOOD_LIMIT + 20; i += 1) {
      const { verdict, count } = countFrame(stored, start + i);
      if (count) {
        stored = count;
        writes += 1;
      }
      verdicts.push(verdict);
    }
    expect(verdicts.filter((v) => v === "close_flood")).toHaveLength(1);
    expect(verdicts.slice(FLOOD_LIMIT + 1).every((v) => v === "drop")).toBe(true);
    expect(writes).toBe(FLOOD_LIMIT + 1);
  });
});
