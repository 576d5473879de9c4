import { z } from "zod";

// The quick-match queue a player is in, held by their own PlayerChannel (ADR 122): the channel is
// the one place that says which queue (one at most) and whether a matchmaker has claimed them for
// a game, so entering, leaving and a matchmaker's claim are decided in one object, one at a time.
// The queue's Matchmaker keeps its own list of who waits there; the channel tells it who enters,
// leaves, and whose every socket closed (`awaySince`). Pure: the channel stores what these answer.

export const MembershipSchema = z
  .object({
    /** Whose membership this is (the Matchmaker's list is by player). */
    userId: z.string().min(1).max(64),
    queueKey: z.string().min(1).max(64),
    rating: z.number(),
    /** Epoch ms: when the player entered this queue (pressing the same button again keeps it). */
    joinedAt: z.number(),
    /** The game a matchmaker claimed the player for, until they reach it. */
    gameId: z.string().nullable(),
    /** Epoch ms since when the player has no channel socket open, or null while they have one. */
    awaySince: z.number().nullable(),
  })
  .strict();
export type Membership = z.infer<typeof MembershipSchema>;

export type Entering =
  | { matched: true; gameId: string }
  | { matched: false; next: Membership; /** The queue the player moves from, told to drop them. */ moved: string | null };

/** Entering a queue (or moving from another). A player already claimed for a game goes there instead. */
export function enter(held: Membership | null, userId: string, queueKey: string, rating: number, now: number, sockets: number): Entering {
  if (held?.gameId) return { matched: true, gameId: held.gameId };
  const same = held?.queueKey === queueKey;
  return {
    matched: false,
    moved: held && !same ? held.queueKey : null,
    next: { userId, queueKey, rating, joinedAt: same ? held.joinedAt : now, gameId: null, awaySince: sockets > 0 ? null : now },
  };
}

/** Leaving (cancel, or a seat taken elsewhere): too late once claimed (answers that game). */
export function leave(held: Membership | null): { next: Membership | null; left: boolean; gameId: string | null } {
  if (!held) return { next: null, left: false, gameId: null };
  if (held.gameId) return { next: held, left: false, gameId: held.gameId };
  return { next: null, left: true, gameId: null };
}

/** A matchmaker claims the player for a game: only while they wait in that queue (again for the same game: yes). */
export function claim(held: Membership | null, queueKey: string, gameId: string): Membership | null {
  if (!held || held.queueKey !== queueKey) return null;
  if (held.gameId === gameId) return held;
  return held.gameId === null ? { ...held, gameId } : null;
}

/** The match fell through: back to waiting, in the same place. */
export function release(held: Membership | null, gameId: string): Membership | null {
  return held?.gameId === gameId ? { ...held, gameId: null } : held;
}

/** The player reached the game they were matched into (or it is over): done. */
export function forget(held: Membership | null, gameId: string): Membership | null {
  return held?.gameId === gameId ? null : held;
}

/** The matchmaker dropped the player (away too long, or unable to pay): out, unless claimed meanwhile. */
export function dropped(held: Membership | null, queueKey: string): Membership | null {
  return held && held.queueKey === queueKey && held.gameId === null ? null : held;
}

/** The sockets changed: away from the moment the last one closed, back when one opens. Null: nothing to tell. */
export function presenceChange(held: Membership | null, sockets: number, now: number): Membership | null {
  if (!held || held.gameId) return null;
  if (sockets > 0 && held.awaySince !== null) return { ...held, awaySince: null };
  if (sockets === 0 && held.awaySince === null) return { ...held, awaySince: now };
  return null;
}
