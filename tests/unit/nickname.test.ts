import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { nicknameProblem, NicknameSchema } from "~/schemas/user";

describe("what is wrong with a nickname", () => {
  it("names the characters of markup, whatever its length, and the length of a one-character or overlong name", () => {
    expect(nicknameProblem("<b>x</b>")).toBe("characters");
    expect(nicknameProblem("<>")).toBe("characters");
    expect(nicknameProblem("ana\u0000")).toBe("characters");
    expect(nicknameProblem("A")).toBe("length");
    expect(nicknameProblem("   ")).toBe("length");
    expect(nicknameProblem("x".repeat(21))).toBe("length");
    expect(nicknameProblem("Zé")).toBeNull();
    expect(nicknameProblem("  Ana   Maria ")).toBeNull();
    // Counted as a person counts them: 20 emoji are 20 characters.
    expect(nicknameProblem("🃏".repeat(20))).toBeNull();
  });

  it("agrees with the schema on every string", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), (value) => (nicknameProblem(value) === null) === NicknameSchema.safeParse(value).success),
    );
  });
});
