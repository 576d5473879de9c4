// The zod-free part of the live protocol: constants and pure helpers the browser needs at run
// time. `game/protocol.ts` (zod schemas, imported by the server) must agree with these values;
// client code imports these from here and only types from `protocol.ts`, so zod stays out of the
// game route's bundle (DESIGN.md §9: game route JS ≤ 170 KB compressed).

export const CHAT_MAX_LENGTH = 200;
/** The chat's emoji picker (spec §2: 12 emojis). */
export const CHAT_EMOJIS = ["😀", "😂", "😎", "😡", "😭", "🤔", "👏", "👍", "👎", "🔥", "🍀", "🃏"] as const;

/** Spec §9. */
export const ENTRY_COST = { casual: 50, ranked: 100 } as const;
export const CAPACITY: Record<"1v1" | "2v2", number> = { "1v1": 2, "2v2": 4 };
/** 6 characters from an alphabet without look-alikes (no 0/O, 1/I/L). */
export const GAME_CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
export const GAME_CODE_LENGTH = 6;

/** Spec §5: uppercased, A-Z and 0-9 only, at most 6. */
export function normalizeGameCode(input: string): string {
  return input
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, "")
    .slice(0, GAME_CODE_LENGTH);
}
