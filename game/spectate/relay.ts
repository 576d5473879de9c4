import type { SpectatorFrame } from "../protocol/spectate";

// The relay's rules, pure (docs/decisions/134-spectating-through-a-relay.md): the order of frames,
// and the spectators' chat limits.

/**
 * What the relay does with a frame the room published, holding `last` (null: none yet, or lost
 * with an eviction). A frame no newer than `last` came late and is dropped. Any other is delivered,
 * stamped with the version delivered before it, so every spectator sees one unbroken sequence; a
 * frame that does not follow `last` tells the relay it missed a publish (`gap`): it asks the room
 * for its newest frame, in case the missed one is the latest.
 */
export function relayFrame(last: SpectatorFrame | null, frame: SpectatorFrame): { deliver: SpectatorFrame | null; gap: boolean } {
  if (last && frame.version <= last.version) return { deliver: null, gap: false };
  const gap = last !== null && frame.since !== last.version;
  return { deliver: { ...frame, since: last?.version ?? null }, gap };
}

/**
 * What a spectator does with a frame, holding `held`: an older or repeated one is ignored; any
 * newer one is whole and taken; one that does not follow `held` means a frame went missing on the
 * way (`gap`), and the spectator asks for the newest (`sync`).
 */
export function spectatorReceives(held: SpectatorFrame | null, frame: SpectatorFrame): { take: boolean; gap: boolean } {
  if (held && frame.version <= held.version) return { take: false, gap: false };
  return { take: true, gap: held !== null && frame.since !== null && frame.since !== held.version };
}

/** A spectator sends at most this many chat messages in SPECTATOR_CHAT_WINDOW_MS. */
export const SPECTATOR_CHAT_BURST = 3;
export const SPECTATOR_CHAT_WINDOW_MS = 10_000;
/** The players' screens get at most this many spectator messages per window, however many watch. */
export const SPECTATOR_CHAT_TO_PLAYERS = 10;

/**
 * Whether a message sent at `now` passes a limit of `burst` in the window, given the times of the
 * messages that passed before (newest last), and those times afterwards.
 */
export function chatWindow(
  times: readonly number[],
  now: number,
  burst: number,
  windowMs = SPECTATOR_CHAT_WINDOW_MS,
): { allowed: boolean; times: number[] } {
  const recent = times.filter((at) => at > now - windowMs);
  if (recent.length >= burst) return { allowed: false, times: recent };
  return { allowed: true, times: [...recent, now] };
}
