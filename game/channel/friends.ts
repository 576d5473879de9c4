// The rules of friendship that both the server and the screens need, zod-free so that the friends
// page and the header import them without a schema library: the limits of spec §5 and §9 and of
// the friends feature, and the one way a nickname and a search text are folded for matching.

/** At most this many friends per player; a request that would pass it is refused. */
export const FRIENDS_MAX = 200;
/** Spec §5: the search starts at 2 characters. */
export const SEARCH_MIN_LENGTH = 2;
/** The longest search text the server reads (a nickname has at most 20 characters). */
export const SEARCH_MAX_LENGTH = 40;
/** At most 20 results. */
export const SEARCH_MAX_RESULTS = 20;
/** Spec §5: the search box waits this long after the last keystroke. */
export const SEARCH_DEBOUNCE_MS = 500;

/**
 * The letters with accents that Portuguese and Spanish nicknames use, and the plain letter each
 * folds to. SQLite's lower() knows only ASCII, so the database folds with exactly this table
 * (db/friends.ts builds the SQL from it) and the search text is folded here with the same one:
 * both sides always agree, whatever the runtime's Unicode tables say.
 */
export const FOLDS: Readonly<Record<string, string>> = {
  á: "a",
  à: "a",
  â: "a",
  ã: "a",
  ä: "a",
  é: "e",
  è: "e",
  ê: "e",
  ë: "e",
  í: "i",
  ì: "i",
  î: "i",
  ï: "i",
  ó: "o",
  ò: "o",
  ô: "o",
  õ: "o",
  ö: "o",
  ú: "u",
  ù: "u",
  û: "u",
  ü: "u",
  ç: "c",
  ñ: "n",
  Á: "a",
  À: "a",
  Â: "a",
  Ã: "a",
  Ä: "a",
  É: "e",
  È: "e",
  Ê: "e",
  Ë: "e",
  Í: "i",
  Ì: "i",
  Î: "i",
  Ï: "i",
  Ó: "o",
  Ò: "o",
  Ô: "o",
  Õ: "o",
  Ö: "o",
  Ú: "u",
  Ù: "u",
  Û: "u",
  Ü: "u",
  Ç: "c",
  Ñ: "n",
};

/** A text as the search compares it: composed (NFC), accents of FOLDS removed, ASCII lower-cased. */
export function foldText(text: string): string {
  let out = "";
  for (const char of text.normalize("NFC")) {
    const folded = FOLDS[char];
    out += folded ?? (char >= "A" && char <= "Z" ? char.toLowerCase() : char);
  }
  return out;
}

/** The search text as the server uses it: trimmed, inner spaces collapsed; null below SEARCH_MIN_LENGTH. */
export function searchTerm(input: string): string | null {
  const term = input.normalize("NFC").replace(/\s+/g, " ").trim().slice(0, SEARCH_MAX_LENGTH);
  return [...term].length >= SEARCH_MIN_LENGTH ? term : null;
}

/** A friendship is stored once, its two players in order (db: user_a_id < user_b_id). */
export function orderedPair(one: string, other: string): [string, string] {
  return one < other ? [one, other] : [other, one];
}
