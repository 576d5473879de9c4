import { describe, expect, it } from "vitest";
import { roomTimings } from "../../../workers/game-room/src/env";

describe("the room Worker's vars", () => {
  it("default to the product's timings (DESIGN.md §5): a 30 s turn, a seat held 60 s, a waiting room idle 10 minutes", () => {
    expect(roomTimings({})).toMatchObject({ turnMs: 30_000, graceMs: 60_000, idleMs: 600_000 });
  });

  it("read wrangler's strings: seconds, milliseconds and minutes", () => {
    expect(
      roomTimings({ TURN_SECONDS: "600", BOT_DELAY_MS: "0", NEXT_HAND_DELAY_MS: "0", DISCONNECT_GRACE_SECONDS: "5", IDLE_MINUTES: "1" }),
    ).toEqual({ turnMs: 600_000, botDelayMs: 0, nextHandDelayMs: 0, graceMs: 5_000, idleMs: 60_000 });
  });

  it.each([
    ["a word", { TURN_SECONDS: "thirty" }, /TURN_SECONDS/],
    ["a negative delay", { BOT_DELAY_MS: "-1" }, /BOT_DELAY_MS/],
    ["a zero turn", { TURN_SECONDS: "0" }, /TURN_SECONDS must be above 0/],
  ])("refuse %s instead of running odd clocks", (_what, vars, message) => {
    expect(() => roomTimings(vars)).toThrow(message);
  });
});
