import { describe, expect, it } from "vitest";
import { eloChange, settle, teamOfSeat } from "../../game/room/settlement";

describe("settlement", () => {
  it("seats alternate teams so partners sit opposite", () => {
    expect([0, 1, 2, 3].map(teamOfSeat)).toEqual(["team1", "team2", "team1", "team2"]);
  });

  it("pays the whole 1v1 pot to the winner and nothing else moves", () => {
    const outcome = settle(
      [
        { userId: "a", team: "team1", entryPaid: 100, rating: 1000 },
        { userId: "b", team: "team2", entryPaid: 100, rating: 1000 },
      ],
      "team1",
      true,
    );
    expect(outcome).toEqual([
      { userId: "a", team: "team1", result: "win", payout: 200, coinsChange: 100, ratingChange: 16 },
      { userId: "b", team: "team2", result: "loss", payout: 0, coinsChange: -100, ratingChange: -16 },
    ]);
    const paid = outcome.reduce((sum, seat) => sum + seat.payout, 0);
    expect(paid).toBe(200);
  });

  it("splits a 2v2 pot equally and uses team averages for Elo", () => {
    const outcome = settle(
      [
        { userId: "a", team: "team1", entryPaid: 50, rating: 1200 },
        { userId: "b", team: "team2", entryPaid: 50, rating: 1000 },
        { userId: "c", team: "team1", entryPaid: 50, rating: 1000 },
        { userId: "d", team: "team2", entryPaid: 50, rating: 1000 },
      ],
      "team2",
      true,
    );
    expect(outcome.map((seat) => seat.payout)).toEqual([0, 100, 0, 100]);
    // team1 average 1100 vs 1000: the upset moves more than 16 points.
    expect(outcome[1].ratingChange).toBe(eloChange(1000, 1100, 1));
    expect(outcome[1].ratingChange).toBeGreaterThan(16);
    expect(outcome[0].ratingChange).toBe(-outcome[1].ratingChange);
  });

  it("changes no points in casual games", () => {
    const outcome = settle(
      [
        { userId: "a", team: "team1", entryPaid: 50, rating: 1000 },
        { userId: "b", team: "team2", entryPaid: 50, rating: 1000 },
      ],
      "team2",
      false,
    );
    expect(outcome.every((seat) => seat.ratingChange === 0)).toBe(true);
  });

  it("leaves computer players out and never loses a coin to rounding", () => {
    const outcome = settle(
      [
        { userId: "a", team: "team1", entryPaid: 51, rating: 1000 },
        { userId: null, team: "team2", entryPaid: 0, rating: 1000 },
        { userId: "c", team: "team1", entryPaid: 50, rating: 1000 },
        { userId: "d", team: "team2", entryPaid: 50, rating: 1000 },
      ],
      "team1",
      false,
    );
    expect(outcome).toHaveLength(3);
    expect(outcome.reduce((sum, seat) => sum + seat.payout, 0)).toBe(151);
  });

  it("never takes ranking points below zero", () => {
    const [, loser] = settle(
      [
        { userId: "a", team: "team1", entryPaid: 100, rating: 10 },
        { userId: "b", team: "team2", entryPaid: 100, rating: 5 },
      ],
      "team1",
      true,
    );
    expect(loser.ratingChange).toBeGreaterThanOrEqual(-5);
  });
});
