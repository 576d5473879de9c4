import type { GameMode } from "../protocol/entities";

// Who may open a finished game's replay (docs/decisions/127-replays-and-their-access.md).

export interface ReplayGame {
  status: "waiting" | "active" | "completed" | "cancelled";
  game_mode: GameMode;
  /** Set for a game against the computer (a practice game). */
  bot_level: string | null;
  /** The user ids of the game's human players. */
  players: readonly string[];
}

export interface ReplayViewer {
  id: string;
  role: "player" | "admin";
}

export type ReplayAccess =
  | { allowed: true; asPlayer: boolean }
  | {
      allowed: false;
      /**
       * not_finished: the game is still waiting or under way; sign_in: only a signed-in player may
       * see it; practice: a game against the computer is its player's own; private: one of its
       * players keeps their games private.
       */
      reason: "not_finished" | "sign_in" | "practice" | "private";
    };

/**
 * The game's players always; an admin always; anyone else (signed in) only for a casual, ranked
 * or tournament game against people in which no player made their games private. A replay
 * exists once the game is over (completed or cancelled).
 */
export function replayAccess(game: ReplayGame, viewer: ReplayViewer | null, privatePlayers: ReadonlySet<string>): ReplayAccess {
  if (game.status !== "completed" && game.status !== "cancelled") return { allowed: false, reason: "not_finished" };
  if (viewer && game.players.includes(viewer.id)) return { allowed: true, asPlayer: true };
  if (viewer?.role === "admin") return { allowed: true, asPlayer: false };
  const shown = openToOthers(game, privatePlayers);
  if (!shown.allowed) return shown;
  if (!viewer) return { allowed: false, reason: "sign_in" };
  return { allowed: true, asPlayer: false };
}

/** Whether people outside the game may see it at all (its replay, or live): not a practice game, no player keeps their games private. */
export function openToOthers(
  game: Pick<ReplayGame, "bot_level" | "players">,
  privatePlayers: ReadonlySet<string>,
): { allowed: true } | { allowed: false; reason: "practice" | "private" } {
  if (game.bot_level !== null) return { allowed: false, reason: "practice" };
  if (game.players.some((id) => privatePlayers.has(id))) return { allowed: false, reason: "private" };
  return { allowed: true };
}
