import { z } from "zod";

// What the Pages app and the game rooms may ask a Tournament Durable Object over DO RPC.
// One object per tournament: `namespace.idFromName(tournamentId)`. Every call names the
// tournament (an object cannot read its own name), so the first call tells it which row it runs.

export type TournamentError =
  "not_found" | "not_registration" | "full" | "already_registered" | "not_registered" | "insufficient_coins" | "started" | "invalid";

export type TournamentResult = { ok: true } | { ok: false; error: TournamentError };

/** An admin's action on a tournament, audited in admin_actions in the same batch as its effect. */
export const TournamentAuditSchema = z.object({ id: z.uuid(), adminId: z.string().min(1).max(64), reason: z.string().max(500) }).strict();
export type TournamentAudit = z.infer<typeof TournamentAuditSchema>;

/** The no-show rule of a tournament game (spec: a player who does not connect within 2 minutes loses it). */
export const TOURNAMENT_NO_SHOW_SECONDS = 120;

export interface TournamentRpc {
  /** Registers a player (fee through the ledger, same batch); serialised, so the last place goes to one. */
  register(tournamentId: string, userId: string): Promise<TournamentResult>;
  /** Leaves a tournament still in registration; the fee is returned. */
  unregister(tournamentId: string, userId: string): Promise<TournamentResult>;
  /** Wakes the object: does whatever is due (close registration, poll games) and sets its next alarm. */
  tick(tournamentId: string): Promise<void>;
  /** A room reports that one of this tournament's games ended (settled or cancelled). Idempotent. */
  gameEnded(tournamentId: string, gameId: string): Promise<void>;
  /** An admin cancels a tournament that has not completed: every fee is returned. */
  cancel(tournamentId: string, audit: TournamentAudit): Promise<TournamentResult>;
  /** When what the tournament's page shows last changed (epoch ms; 0: never since this object began keeping it). */
  changedAt(): Promise<number>;
}
