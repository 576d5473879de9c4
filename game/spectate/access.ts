import type { GameMode } from "../protocol/entities";
import { openToOthers } from "../replay/access";

// Who may watch a game being played (docs/decisions/134-spectating-through-a-relay.md): the rule
// of a replay's access (game/replay/access.ts) for a game under way, plus what only a live table
// has: a private table (reached by its code) is its players' own.

export interface WatchedGame {
  status: "waiting" | "active" | "completed" | "cancelled";
  game_mode: GameMode;
  /** Set for a game against the computer (a practice game). */
  bot_level: string | null;
  /** The user ids of the game's human players. */
  players: readonly string[];
  /** A table anyone may find: listed on the home page, or seated by the server (quick match, tournaments). */
  open: boolean;
}

export type WatchAccess =
  | { allowed: true }
  | {
      allowed: false;
      /**
       * not_live: the game has not started or is over; player: the viewer plays in it (their own
       * page is the table); practice, private: as for a replay; private_table: a table reached by
       * its code only.
       */
      reason: "not_live" | "player" | "practice" | "private" | "private_table";
    };

/** A signed-in viewer who is not at the table, for a casual, ranked or tournament game between people that nobody made private. */
export function watchAccess(game: WatchedGame, viewerId: string, privatePlayers: ReadonlySet<string>): WatchAccess {
  if (game.status !== "active") return { allowed: false, reason: "not_live" };
  if (game.players.includes(viewerId)) return { allowed: false, reason: "player" };
  const shown = openToOthers(game, privatePlayers);
  if (!shown.allowed) return shown;
  if (!game.open) return { allowed: false, reason: "private_table" };
  return { allowed: true };
}
