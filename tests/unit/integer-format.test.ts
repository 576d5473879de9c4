import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatInteger } from "../../app/utils/integer-format";
import { LANGUAGES } from "../../app/i18n";

// The hand-made integer format against Intl's (Node carries the full ICU): the same text for every
// safe integer in every language we ship.

describe("formatInteger", () => {
  it.each(LANGUAGES)("writes %s integers as Intl does", (language) => {
    const intl = new Intl.NumberFormat(language);
    for (const n of [0, 7, 999, 1000, 1234, 9999, 10000, 12345, 999999, 1000000, 1234567, -1, -1234, -12345, Number.MAX_SAFE_INTEGER])
      expect(formatInteger(n, language)).toBe(intl.format(n));
    fc.assert(
      fc.property(
        fc.maxSafeInteger().filter((n) => !Object.is(n, -0)),
        (n) => formatInteger(n, language) === intl.format(n),
      ),
      { numRuns: 2000 },
    );
  });

  it("leaves other languages and non-integers to Intl", () => {
    expect(formatInteger(1234.5, "pt-BR")).toBe(new Intl.NumberFormat("pt-BR").format(1234.5));
    expect(formatInteger(12345, "de")).toBe(new Intl.NumberFormat("de").format(12345));
  });
});
