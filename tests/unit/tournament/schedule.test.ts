import { describe, expect, it } from "vitest";
import { countdown, nextStarts, scheduledTournaments, TOURNAMENT_SERIES } from "../../../game/tournament/index";

describe("the recurring schedule", () => {
  it("always has a free Relâmpago within 15 minutes, with stable ids", () => {
    const now = Date.parse("2026-11-23T23:07:12Z");
    const list = scheduledTournaments(now);
    const flash = list.filter((t) => t.series === "relampago");
    expect(flash.map((t) => t.start_time)).toEqual(["2026-11-23T23:15:00.000Z", "2026-11-23T23:30:00.000Z"]);
    expect(flash[0]).toMatchObject({ id: "relampago-202611232315", entry_cost: 0 });
    expect(Date.parse(flash[0].registration_opens_at)).toBeLessThanOrEqual(now);
    expect(scheduledTournaments(now + 1000).map((t) => t.id)).toEqual(list.map((t) => t.id));
    // A daily paid one per variant.
    expect(new Set(list.filter((t) => t.series.startsWith("daily-") && t.game_type === "1v1").map((t) => t.truco_variant)).size).toBe(5);
  });

  it("never lists a start at or before now", () => {
    for (const series of TOURNAMENT_SERIES) {
      const now = Date.parse("2026-11-23T23:00:00Z");
      for (const start of nextStarts(series, now)) expect(start).toBeGreaterThan(now);
    }
  });
});

describe("the countdown (spec §9)", () => {
  it("reads days and hours, hours and minutes, minutes, or past", () => {
    const now = 0;
    expect(countdown(now + (2 * 24 * 60 + 3 * 60 + 5) * 60_000, now)).toEqual({ kind: "days", days: 2, hours: 3 });
    expect(countdown(now + (3 * 60 + 5) * 60_000, now)).toEqual({ kind: "hours", hours: 3, minutes: 5 });
    expect(countdown(now + 30_000, now)).toEqual({ kind: "minutes", minutes: 1 });
    expect(countdown(now - 1, now)).toEqual({ kind: "past" });
  });
});
