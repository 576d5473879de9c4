import type { GameStatus } from "../protocol/entities";

// One table at a time: a player who holds a seat at a waiting or active game may not
// take a seat at another one. A practice game against the computer binds nobody: it may be left at
// any time, so it never stands in the way of a new seat (the practice game goes on with its bot).

/** A seat the player already holds, as the app reads it from D1. */
export interface HeldSeat {
  gameId: string;
  status: GameStatus;
  /** A practice game against the computer (the game row has a bot level). */
  practice: boolean;
}

/** Statuses in which a seat binds its player to the table. */
export const BINDING_STATUSES = ["waiting", "active"] as const satisfies readonly GameStatus[];

/**
 * The seat that stops this player from sitting at `targetGameId`, or null when they may sit. A seat
 * at the target itself never conflicts (coming back to one's own table is not a second seat).
 */
export function seatConflict(held: readonly HeldSeat[], targetGameId: string | null): HeldSeat | null {
  return (
    held.find(
      (seat) => seat.gameId !== targetGameId && !seat.practice && (BINDING_STATUSES as readonly GameStatus[]).includes(seat.status),
    ) ?? null
  );
}

/** The table to send a player back to (a banner on every page): a binding seat first, else a running practice game. */
export function tableToResume(held: readonly HeldSeat[]): HeldSeat | null {
  const open = held.filter((seat) => (BINDING_STATUSES as readonly GameStatus[]).includes(seat.status));
  return open.find((seat) => !seat.practice) ?? open.find((seat) => seat.status === "active") ?? null;
}
