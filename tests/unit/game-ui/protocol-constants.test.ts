import { describe, expect, it } from "vitest";
import * as constants from "../../../game/protocol-constants";
import * as protocol from "../../../game/protocol";

// The browser imports the zod-free copy; the server validates with protocol.ts. They must agree.
describe("protocol constants", () => {
  it("match game/protocol.ts", () => {
    expect(constants.CHAT_MAX_LENGTH).toBe(protocol.CHAT_MAX_LENGTH);
    expect(constants.CHAT_EMOJIS).toEqual(protocol.CHAT_EMOJIS);
    expect(constants.CHAT_EMOJIS).toHaveLength(12);
    expect(constants.ENTRY_COST).toEqual(protocol.ENTRY_COST);
    expect(constants.CAPACITY).toEqual(protocol.CAPACITY);
    expect(constants.GAME_CODE_ALPHABET).toBe(protocol.GAME_CODE_ALPHABET);
    expect(constants.GAME_CODE_LENGTH).toBe(protocol.GAME_CODE_LENGTH);
  });

  it("normalizes a game code as spec §5 says", () => {
    expect(constants.normalizeGameCode("ab-c 12x9z")).toBe("ABC12X");
    expect(constants.normalizeGameCode("çãé!")).toBe("");
    for (const input of ["abc123", " x y z 9 8 7 6", "ÁBC"]) {
      expect(constants.normalizeGameCode(input)).toBe(protocol.normalizeGameCode(input));
    }
  });
});
