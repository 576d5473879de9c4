import { describe, expect, it } from "vitest";
import { GameIdSchema, isGameId } from "../../game/protocol/ids";

describe("GameIdSchema", () => {
  it("takes the app's UUIDs and the short ids of the seed and the tests", () => {
    for (const id of ["0b6f0c2e-5a43-4b1f-9a51-3f2d1c0e9b7a", "g1", "demo-game-7", "A".repeat(64)]) {
      expect(GameIdSchema.safeParse(id).success).toBe(true);
      expect(isGameId(id)).toBe(true);
    }
  });

  it("refuses the empty id, a long one and anything that is not a letter, a digit or a hyphen", () => {
    for (const id of ["", "A".repeat(65), "a/b", "a_b", "a.b", "a b", "../x", "é"]) expect(isGameId(id)).toBe(false);
    expect(GameIdSchema.safeParse(7).success).toBe(false);
  });
});
