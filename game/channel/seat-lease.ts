import { z } from "zod";

// The one-table-at-a-time lease (ADR 089), held by the player's own PlayerChannel (ADR 122): a
// request that seats the player somewhere takes it under a claim of its own, checks the player's
// seats, seats them and gives it back. A second request of the same player meanwhile is refused.
// A lease never given back (the request died) lapses after its time. Pure: the channel stores the
// value these functions answer.

export const SeatLeaseSchema = z.object({ claim: z.string().min(1).max(200), expiresAt: z.number() }).strict();
export type SeatLease = z.infer<typeof SeatLeaseSchema>;

/** At most this long, whatever a caller asks: a lease outliving its request only refuses the player. */
export const MAX_LEASE_MS = 60_000;

/**
 * The lease `claim` takes at `now`: free, lapsed, or already this claim's (a second tap at the same
 * table renews it). Null while another claim holds it.
 */
export function takeLease(held: SeatLease | null, claim: string, ttlMs: number, now: number): SeatLease | null {
  if (held && held.expiresAt > now && held.claim !== claim) return null;
  return { claim, expiresAt: now + Math.min(Math.max(ttlMs, 0), MAX_LEASE_MS) };
}

/** What is held after `claim` gives the lease back: nothing, unless another claim holds it. */
export function giveBack(held: SeatLease | null, claim: string): SeatLease | null {
  return held && held.claim !== claim ? held : null;
}
