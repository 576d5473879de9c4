// The channel's fixed texts and close codes, apart from its schemas (channel.ts): a page imports
// these at once, and the schemas (with zod) only once it opens a channel socket.

/** The exact text of the keep-alive / heartbeat answer: the runtime answers it without waking the object. */
export const CHANNEL_PING = '{"type":"ping"}';
export const CHANNEL_PONG = '{"type":"pong"}';

/** Close codes of the channel. */
export const CHANNEL_CLOSE = {
  /** The session ended (logout) or the account was suspended: the page reconnects only if its session still holds. */
  signedOut: 4001,
  /** The account was banned: the page goes to `/banned`, which says why, and does not reconnect. */
  banned: 4003,
  /** The heartbeat went unanswered (the page will reconnect if it is still there). */
  dropped: 4008,
} as const;
