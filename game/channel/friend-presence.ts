import type { PresenceUpdate } from "../protocol/channel";
import type { Published } from "./presence";

// Friends' presence between players' channels (docs/decisions/123-lobby-owner-and-push.md): no
// database row. Each channel keeps what its friends last told it; a channel whose player comes
// online asks each friend's channel once (a hello that also tells them), and every later change is
// pushed by the changing side to the friends it knows to be online. `at` orders everything: an
// older word never replaces a newer one, whichever way it came.

export interface FriendPresence {
  /** What friends see (offline for a player who appears offline). */
  update: PresenceUpdate;
  /** The real state, for routing only: an online player wants their friends' changes even while appearing offline. */
  online: boolean;
}

export function presenceOf(userId: string, published: Published): FriendPresence {
  const playing = published.visible === "playing" && published.gameId !== null;
  return {
    update: { user_id: userId, status: published.visible, at: published.at, ...(playing ? { game_id: published.gameId! } : {}) },
    online: published.status !== "offline",
  };
}

/** A friend nobody has heard from: offline since ever. */
export function unheard(userId: string): FriendPresence {
  return { update: { user_id: userId, status: "offline", at: 0 }, online: false };
}

/** Keeps `word` unless a newer one is held; answers whether what friends see changed. */
export function noteFriend(held: Map<string, FriendPresence>, word: FriendPresence): boolean {
  const current = held.get(word.update.user_id);
  if (current && current.update.at > word.update.at) return false;
  held.set(word.update.user_id, word);
  return !current || current.update.status !== word.update.status || current.update.at !== word.update.at;
}

/** The friends to push a change to: those whose channel is online. */
export function onlineFriends(held: Map<string, FriendPresence>): string[] {
  const ids: string[] = [];
  for (const [id, presence] of held) if (presence.online) ids.push(id);
  return ids;
}
