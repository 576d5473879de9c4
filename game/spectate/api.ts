import type { SpectatorFrame } from "../protocol/spectate";

// What the room and the Pages app may ask a SpectatorRelay Durable Object (one per watched game,
// named by the game's id). Spectators' sockets reach it by `fetch`, with these headers set by the
// app after it checked the session and the room said the user may watch.

/** The verified spectator's user id. */
export const SPECTATOR_USER_HEADER = "X-Truco-User";
/** The watched game's id. */
export const SPECTATOR_GAME_HEADER = "X-Truco-Game";
/** The spectator's nickname and avatar, as JSON (shown with their chat messages). */
export const SPECTATOR_PROFILE_HEADER = "X-Truco-Spectator";

export interface SpectatorRelayRpc {
  /** A new version of the game, from its room. */
  publish(gameId: string, frame: SpectatorFrame): Promise<void>;
}
