// The zod-free constants of the live protocol and the tables, and the pure helpers the browser
// needs at run time. This is their only home: `game/protocol/room.ts` re-exports them for the server,
// and pages that must stay small (the landing page, the lobby) import them from here, so not even
// zod/mini reaches their bundles (DESIGN.md §9).

/** Frames are limited to 4 KB (DESIGN.md §6). */
export const MAX_FRAME_BYTES = 4096;
/** More frames than this within FLOOD_WINDOW_MS closes the socket with 1008. */
export const FLOOD_LIMIT = 50;
export const FLOOD_WINDOW_MS = 10_000;
/**
 * Sockets one player may hold open to one room (a few tabs, a reload racing its old socket); one
 * more is closed with 1008 as soon as it opens, so a client cannot pile sockets onto a table.
 */
export const MAX_SOCKETS_PER_PLAYER = 4;
/** Close codes the room uses: 1008 for a client breaking the rules (flooding, too many sockets), 4001 when its session ended (logout), 4003 for a ban. */
export const CLOSE_POLICY = 1008;
export const CLOSE_SIGNED_OUT = 4001;
export const CLOSE_BANNED = 4003;

export const CHAT_MAX_LENGTH = 200;

/** At most this many characters in a spectator's chat message. */
export const SPECTATOR_CHAT_MAX = 200;
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
