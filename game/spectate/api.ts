import type { SpectatorFrame } from "../protocol/spectate";

// What the room and the Pages app may ask a SpectatorRelay Durable Object (one per watched game,
// named by the game's id). Spectators' sockets reach it by `fetch`, with these headers set by the
// app after it checked the session and the room said the user may watch.

/** The verified spectator's user id. */
export const SPECTATOR_USER_HEADER = "X-Truco-User";
/** The watched game's id. */
export const SPECTATOR_GAME_HEADER = "X-Truco-Game";
/** The verified session's id (the socket is tagged with it, so that signing out closes it). */
export const SPECTATOR_SESSION_HEADER = "X-Truco-Session";
/** The spectator's nickname and avatar, as JSON (shown with their chat messages). */
export const SPECTATOR_PROFILE_HEADER = "X-Truco-Spectator";

export interface SpectatorRelayRpc {
  /** A new version of the game, from its room. */
  publish(gameId: string, frame: SpectatorFrame): Promise<void>;
  /** The game may no longer be watched (a player made their games private): every spectator socket closes. */
  unwatchable(gameId: string): Promise<void>;
  /** Closes the user's spectator sockets of one session (sign-out), or all of them with null (a ban); answers how many. */
  closeSockets(userId: string, sessionId: string | null): Promise<number>;
}
