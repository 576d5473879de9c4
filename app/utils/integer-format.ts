// Whole numbers (coins, points, counts) as our three languages write them, without Intl. A page's
// first Intl.NumberFormat (or Number#toLocaleString with a locale) costs Chrome 20–30 ms of ICU
// set-up on a fast desktop, four times that on a mid-range phone, and the coin balance in the
// header made every signed-in page pay it while it hydrated. The digits and separators are
// CLDR's for these languages (tests/unit/integer-format.test.ts compares them with Intl over random
// numbers); any other language, or a number that is not a safe integer, still goes through Intl.

/** The thousands separator of each language we ship. */
const SEPARATOR: Readonly<Record<string, string>> = { pt: ".", en: ",", es: "." };

/** CLDR's minimum grouping digits: Spanish writes 1234 but 12.345. */
const MIN_GROUPING: Readonly<Record<string, number>> = { es: 2 };

const GROUPS = /\B(?=(\d{3})+(?!\d))/g;

export function formatInteger(value: number, language: string): string {
  const base = language.split(/[-_]/)[0];
  const separator = SEPARATOR[base];
  if (separator === undefined || !Number.isSafeInteger(value)) return new Intl.NumberFormat(language).format(value);
  const digits = String(Math.abs(value));
  const text = digits.length >= 3 + (MIN_GROUPING[base] ?? 1) ? digits.replace(GROUPS, separator) : digits;
  return value < 0 ? `-${text}` : text;
}
