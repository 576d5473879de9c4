import { FLOOD_LIMIT, FLOOD_WINDOW_MS, MAX_SOCKETS_PER_PLAYER } from "../protocol/constants";

// The room's guard against a misbehaving client, pure: how many sockets one player may
// hold at a table, and how many frames one socket may send in a window. The GameRoom adapter keeps
// a socket's count in its attachment (it survives hibernation) and closes with 1008 when told.

/** What the room keeps on a socket to guard it. */
export interface SocketCount {
  windowStart: number;
  frames: number;
  /** Over MAX_SOCKETS_PER_PLAYER: closed at once, and again on any frame it sends. */
  excess?: boolean;
}

/**
 * A new socket of a player who already holds `openOfPlayer` open sockets at this table: its count,
 * `excess` when it is one too many (the adapter closes it as soon as it is accepted).
 */
export function admitSocket(openOfPlayer: number, now: number): SocketCount {
  const count: SocketCount = { windowStart: now, frames: 0 };
  if (openOfPlayer >= MAX_SOCKETS_PER_PLAYER) count.excess = true;
  return count;
}

/**
 * What to do with a frame:
 * - `handle`: read it;
 * - `close_excess`: the socket is one too many;
 * - `close_flood`: the frame goes past FLOOD_LIMIT in FLOOD_WINDOW_MS;
 * - `drop`: the socket is already closing for a flood; the frames queued behind cost nothing more.
 */
export type FrameVerdict = "handle" | "close_excess" | "close_flood" | "drop";

/**
 * Counts one frame at `now`. `count` is the next count, or null when nothing changed that needs
 * writing back (an excess socket, or a frame dropped behind a flood close).
 */
export function countFrame(current: SocketCount, now: number): { verdict: FrameVerdict; count: SocketCount | null } {
  if (current.excess) return { verdict: "close_excess", count: null };
  const fresh = now - current.windowStart > FLOOD_WINDOW_MS;
  const frames = (fresh ? 0 : current.frames) + 1;
  if (frames > FLOOD_LIMIT + 1) return { verdict: "drop", count: null };
  const count = { ...current, windowStart: fresh ? now : current.windowStart, frames };
  return { verdict: frames > FLOOD_LIMIT ? "close_flood" : "handle", count };
}
