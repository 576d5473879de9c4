import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { calendarDate, monthOf, previousDate, weekStart } from "../../game/calendar";
import {
  boardKey,
  boardsAt,
  changeSinceYesterday,
  compareRank,
  isLeaderboardPeriod,
  percentileAt,
  percentileFromCuts,
  winRate,
  type PercentileCut,
  type RankKey,
} from "../../game/leaderboard";

// The leaderboard's pure rules (game/calendar.ts, game/leaderboard.ts): São Paulo's days, weeks
// and months, the boards a result counts on, the order and the figures of a line.

describe("the São Paulo calendar", () => {
  it("turns the day at São Paulo's midnight (03:00 UTC), not UTC's", () => {
    expect(calendarDate(new Date("2026-11-30T02:59:59Z"))).toBe("2026-11-29");
    expect(calendarDate(new Date("2026-11-30T03:00:00Z"))).toBe("2026-11-30");
    expect(previousDate("2026-03-01")).toBe("2026-02-28");
    expect(previousDate("2028-03-01")).toBe("2028-02-29");
  });

  it("starts a week on Monday, across months and years", () => {
    expect(weekStart("2026-11-30")).toBe("2026-11-30"); // a Monday
    expect(weekStart("2026-11-29")).toBe("2026-11-23"); // a Sunday
    expect(weekStart("2026-01-01")).toBe("2025-12-29"); // a Thursday
    expect(monthOf("2026-12-01")).toBe("2026-12");
  });

  it("every date's week starts on a Monday at most six days before it", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 20_000 }), (offset) => {
        const date = new Date(Date.UTC(2000, 0, 1 + offset)).toISOString().slice(0, 10);
        const monday = weekStart(date);
        const days = (Date.parse(date) - Date.parse(monday)) / 86_400_000;
        expect(new Date(`${monday}T00:00:00Z`).getUTCDay()).toBe(1);
        expect(days).toBeGreaterThanOrEqual(0);
        expect(days).toBeLessThanOrEqual(6);
      }),
    );
  });
});

describe("the boards of a ranked result", () => {
  it("a Sunday 23:30 game in São Paulo counts on that week, though it is Monday in UTC", () => {
    expect(boardsAt(new Date("2026-11-30T02:30:00Z"))).toEqual({
      day: "2026-11-29",
      keys: ["all", "month:2026-11", "week:2026-11-23"],
    });
    expect(boardKey("weekly", new Date("2026-11-30T03:30:00Z"))).toBe("week:2026-11-30");
    // 21:30 on the last day of the month in São Paulo is still that month.
    expect(boardKey("monthly", new Date("2026-12-01T00:30:00Z"))).toBe("month:2026-11");
    expect(boardKey("monthly", new Date("2026-12-01T03:30:00Z"))).toBe("month:2026-12");
    expect(boardKey("all", new Date())).toBe("all");
  });

  it("knows its periods", () => {
    expect(["all", "monthly", "weekly"].every(isLeaderboardPeriod)).toBe(true);
    expect(["daily", "", "ALL", 1, null].some(isLeaderboardPeriod)).toBe(false);
  });
});

describe("a line of a board", () => {
  it("win rate: wins ÷ games × 100 to one decimal, 0 without games (spec §9)", () => {
    expect(winRate(0, 0)).toBe(0);
    expect(winRate(2, 3)).toBe(66.7);
    expect(winRate(5, 5)).toBe(100);
  });

  it("change since yesterday: today's net change, nothing for a row last moved on an earlier day", () => {
    expect(changeSinceYesterday({ day: "2026-11-30", dayPoints: -12 }, "2026-11-30")).toBe(-12);
    expect(changeSinceYesterday({ day: "2026-11-29", dayPoints: 30 }, "2026-11-30")).toBe(0);
  });

  it("orders by points, then more wins, then the earlier account (DESIGN.md §5), as a total order", () => {
    const line = (points: number, wins: number, since: string, userId: string) => ({ points, wins, since, userId });
    const sorted = [
      line(10, 1, "2026-01-02", "a"),
      line(10, 2, "2026-01-03", "b"),
      line(10, 2, "2026-01-01", "c"),
      line(12, 0, "2026-01-05", "d"),
    ].sort(compareRank);
    expect(sorted.map((l) => l.userId)).toEqual(["d", "c", "b", "a"]);
    const arbitrary = fc.record({
      points: fc.integer({ min: -50, max: 50 }),
      wins: fc.integer({ min: 0, max: 3 }),
      since: fc.constantFrom("2026-01-01", "2026-01-02"),
      userId: fc.constantFrom("x", "y", "z"),
    });
    fc.assert(
      fc.property(arbitrary, arbitrary, (a, b) => {
        // Antisymmetric (a pair of equal lines compares 0 both ways; + 0 turns -0 into 0).
        expect(Math.sign(compareRank(a, b))).toBe(-Math.sign(compareRank(b, a)) + 0);
      }),
    );
  });
});

describe("a percentile beyond the exact ranks", () => {
  const keyArb = fc.record({
    points: fc.integer({ min: -50, max: 50 }),
    wins: fc.integer({ min: 0, max: 5 }),
    since: fc.constantFrom("2025-01-01T00:00:00.000Z", "2025-06-01T00:00:00.000Z"),
    userId: fc.uuid(),
  });

  /** The cuts as the scheduled job measures them: the last line within each top p%, with its own percentile. */
  function cutsOf(board: RankKey[]): PercentileCut[] {
    const cuts = new Map<number, PercentileCut>();
    for (let p = 1; p <= 100; p++) {
      const place = Math.floor((board.length * p) / 100);
      if (place >= 1) cuts.set(place, { ...board[place - 1]!, place, percentile: percentileAt(place, board.length) });
    }
    return [...cuts.values()];
  }

  it("on the board as measured, every player's percentile is the share of lines at or above them, rounded up", () => {
    fc.assert(
      fc.property(fc.uniqueArray(keyArb, { minLength: 1, maxLength: 300, selector: (k) => k.userId }), (keys) => {
        const board = [...keys].sort(compareRank);
        const cuts = cutsOf(board);
        board.forEach((key, i) => {
          const cut = percentileFromCuts(cuts, key)!;
          expect(cut.percentile).toBe(percentileAt(i + 1, board.length));
          // The cut's place bounds the rank: the player is at or above it.
          expect(i + 1).toBeLessThanOrEqual(cut.place);
        });
      }),
    );
  });

  it("the top line is in the first percent, the last line in the hundredth, a line below every cut too", () => {
    const board: RankKey[] = Array.from({ length: 250 }, (_, i) => ({ points: 1000 - i, wins: 0, since: "2025-01-01", userId: `u${i}` }));
    const cuts = cutsOf(board);
    expect(percentileFromCuts(cuts, board[0]!)!.percentile).toBe(1);
    expect(percentileFromCuts(cuts, board[249]!)!.percentile).toBe(100);
    expect(percentileFromCuts(cuts, { points: -5, wins: 0, since: "2026-01-01", userId: "late" })!.percentile).toBe(100);
    expect(percentileFromCuts([], board[0]!)).toBeNull();
  });
});
