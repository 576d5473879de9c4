import { z } from "zod";

// The sessions of one player that were revoked lately, held by their PlayerChannel. An action and
// a socket upgrade look their session up on a read replica (no primary read); a replica that has
// not yet seen a sign-out's or a ban's delete still shows the session, so the channel, told of
// every revocation before it is answered, refuses it meanwhile. A replica that has caught up shows
// no row, so a revocation is kept only for far longer than any replica's lag. Pure: the host
// stores the value these functions answer.

export const RevocationsSchema = z
  .object({
    /** Every session created at or before this instant (ms) is revoked: a ban. */
    before: z.number().nullable(),
    /** Single sessions signed out: session id → when (ms). */
    ids: z.record(z.string().min(1).max(128), z.number()),
  })
  .strict();
export type Revocations = z.infer<typeof RevocationsSchema>;

export const NO_REVOCATIONS: Revocations = { before: null, ids: {} };

/** How long a signed-out session's id is kept: a replica lags by seconds; a day is far beyond it. */
export const REVOCATION_KEEP_MS = 24 * 60 * 60 * 1000;
/** At most this many ids: the oldest go first (they are the likeliest to be on every replica already). */
export const MAX_REVOKED_IDS = 200;

/** The ids still worth keeping at `now`, newest `MAX_REVOKED_IDS` of them. */
function pruned(ids: Record<string, number>, now: number): Record<string, number> {
  const kept = Object.entries(ids)
    .filter(([, at]) => now - at < REVOCATION_KEEP_MS)
    .sort((a, b) => b[1] - a[1])
    .slice(0, MAX_REVOKED_IDS);
  return Object.fromEntries(kept);
}

/** One session signed out at `now`. */
export function revokeOne(state: Revocations, sessionId: string, now: number): Revocations {
  return { before: state.before, ids: pruned({ ...state.ids, [sessionId]: now }, now) };
}

/** Every session the player holds at `now` (a ban): those created later are not touched. */
export function revokeAll(state: Revocations, now: number): Revocations {
  return { before: Math.max(state.before ?? 0, now), ids: pruned(state.ids, now) };
}

/**
 * Whether a session found on a replica was revoked: signed out by id, or created at or before a
 * ban's instant. `createdAt` is the session row's own time (ISO-8601); one that cannot be read
 * counts as revoked when a ban is on record, so a doubt refuses.
 */
export function isRevoked(state: Revocations, session: { id: string; createdAt: string }): boolean {
  if (session.id in state.ids) return true;
  if (state.before === null) return false;
  const created = Date.parse(session.createdAt);
  return !Number.isFinite(created) || created <= state.before;
}
