import type { ChatMessageView } from "../protocol/entities";

// The table's chat rule (spec §5), kept by the room that stores and pushes the messages: a player
// sends at most CHAT_BURST messages to a table in any CHAT_WINDOW_MS. The room checks and appends
// in one synchronous step, so messages posted at once cannot all pass a count none of them is in.

/** At most this many messages per player per table in CHAT_WINDOW_MS. */
export const CHAT_BURST = 8;
export const CHAT_WINDOW_MS = 10_000;
/** How many of the latest messages a page or `GET /api/games/{id}/chat` gets. */
export const CHAT_HISTORY = 100;

/** Who sends a message, as the app knows them when it is sent. */
export interface ChatSender {
  userId: string;
  nickname: string;
  avatarUrl: string | null;
}

export interface ChatPost {
  sender: ChatSender;
  /** Already checked by the app (length, emoji list, trimmed). */
  text: string;
  type: "text" | "emoji";
}

/** Whether `userId` may send now: fewer than CHAT_BURST of their messages in the log fall inside the window. */
export function chatAllowed(log: readonly Pick<ChatMessageView, "user_id" | "created_at">[], userId: string, now: number): boolean {
  let recent = 0;
  // Newest first; the log is in sending order, so the walk stops at the window's edge.
  for (let i = log.length - 1; i >= 0; i--) {
    const at = Date.parse(log[i].created_at);
    if (!(at > now - CHAT_WINDOW_MS)) break;
    if (log[i].user_id === userId && ++recent >= CHAT_BURST) return false;
  }
  return true;
}

/** The next message of the table: its id follows the last one's (ids are per table, from 1). */
export function nextChatMessage(log: readonly ChatMessageView[], post: ChatPost, now: number): ChatMessageView {
  return {
    id: (log.at(-1)?.id ?? 0) + 1,
    user_id: post.sender.userId,
    nickname: post.sender.nickname,
    avatar_url: post.sender.avatarUrl,
    message: post.text,
    message_type: post.type,
    created_at: new Date(now).toISOString(),
  };
}

/** The latest `limit` messages, oldest first. */
export function recentMessages(log: readonly ChatMessageView[], limit = CHAT_HISTORY): ChatMessageView[] {
  return log.slice(Math.max(0, log.length - limit));
}
