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
    // Elo with K = 32 on team averages (DESIGN.md §5): team1's 1100 loses to team2's 1000, whose
    // expected score is 1 / (1 + 10^(100/400)) ≈ 0.36, so the winners gain round(32 × 0.64) = 20.
    expect(outcome[1].ratingChange).toBe(20);
    expect(outcome[0].ratingChange).toBe(-outcome[1].ratingChange);
  });

  it("rates with Elo from 1000 with K = 32 (DESIGN.md §5)", () => {
    expect(eloChange(1000, 1000, 1)).toBe(16);
    expect(eloChange(1000, 1000, 0)).toBe(-16);
    // Against a player 400 points above, the expected score is 1/11: a win gains round(32 × 10/11).
    expect(eloChange(1000, 1400, 1)).toBe(29);
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
