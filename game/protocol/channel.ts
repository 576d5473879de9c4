import * as z from "zod/mini";
import { type Holds, type Same, VariantSchema } from "./engine-schemas";
import { GameModeSchema, GameTypeSchema } from "./entities";
import { INVITATION_STATUSES, type Invitation } from "../channel/invitations";
import { PRESENCE_STATUSES, type PresenceStatus } from "../channel/presence";
import { LobbyPushSchema } from "../lobby/lobby";
import { GameIdSchema } from "./ids";
import { parseFrame, parseInboundFrame, type FrameParseResult, type InboundParseResult } from "./parse-frame";

// The per-player live channel: text frames of JSON {type, payload?} like the
// game's (DESIGN.md §6), at most 4 KB from the browser, parsed on both sides with these schemas
// (zod/mini, parse then trust). The PlayerChannel Durable Object parses what the browser
// sends (`parseChannelClientFrame`) and every event the app or another object asks it to push
// (`ChannelEventSchema`, in `notify`); the page parses what arrives (`parseChannelServerFrame`).
// Other features add their events to ChannelEventSchema and reuse `notify`.

// ---------------------------------------------------------------- entities (spec §3)

export const PresenceStatusSchema = z.enum(PRESENCE_STATUSES);

/** Spec §3 Friend, plus the status behind is_online (playing counts as online). */
export const FriendSchema = z.object({
  id: z.string(),
  nickname: z.string(),
  avatar_url: z.nullable(z.string()),
  ranking_points: z.number(),
  is_online: z.boolean(),
  status: PresenceStatusSchema,
  /** Epoch ms of the status: a later update wins. */
  status_at: z.number(),
});
export type Friend = z.infer<typeof FriendSchema>;

/** Spec §3 Friend request: the request and who sent it (to the addressee). */
export const FriendRequestSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  friend_profile: z.object({
    id: z.string(),
    nickname: z.string(),
    avatar_url: z.nullable(z.string()),
    ranking_points: z.number(),
  }),
});
export type FriendRequestView = z.infer<typeof FriendRequestSchema>;

/** A friend's presence as pushed live: only ever sent to that player's friends. */
export const PresenceUpdateSchema = z.object({
  user_id: z.string(),
  status: PresenceStatusSchema,
  at: z.number(),
  /** The game a friend is playing (only with "playing"): the friends page offers to watch it. */
  game_id: z.optional(z.string()),
});
export type PresenceUpdate = z.infer<typeof PresenceUpdateSchema>;

export const InvitationSchema = z.object({
  id: z.string(),
  from: z.object({ id: z.string(), nickname: z.string(), avatar_url: z.nullable(z.string()) }),
  to: z.object({ id: z.string(), nickname: z.string() }),
  game: z.object({
    id: z.string(),
    game_code: z.string(),
    game_type: GameTypeSchema,
    game_mode: GameModeSchema,
    truco_variant: VariantSchema,
    entry_cost: z.number(),
  }),
  created_at: z.number(),
  expires_at: z.number(),
  status: z.enum(INVITATION_STATUSES),
});

// ---------------------------------------------------------------- server → browser

function message<T extends string, P extends z.ZodMiniType>(type: T, payload: P) {
  return z.object({ type: z.literal(type), payload });
}

/**
 * What features push to a player's sockets through PlayerChannel.notify (and what the channel
 * pushes itself). Each is delivered to every open tab of that player, and to nobody else.
 */
const CHANNEL_EVENTS = [
  /** A friend's status changed. */
  message("presence", PresenceUpdateSchema),
  /** Someone sent this player a friend request. */
  message("friend_request", z.object({ request: FriendRequestSchema })),
  /** A friendship began (either side accepted): the new friend as the list shows them. */
  message("friend_added", z.object({ friend: FriendSchema })),
  /** A friendship ended (either side removed it). */
  message("friend_removed", z.object({ user_id: z.string() })),
  /** A request this player sent was declined. */
  message("friend_request_declined", z.object({ request_id: z.string(), user_id: z.string() })),
  /** A request this player received was withdrawn by its sender. */
  message("friend_request_cancelled", z.object({ request_id: z.string(), user_id: z.string() })),
  /** An invitation to a table arrived. */
  message("invitation", z.object({ invitation: InvitationSchema })),
  /** An invitation this player received is closed (answered in another tab, expired, cancelled). */
  message("invitation_closed", z.object({ id: z.string(), status: z.enum(INVITATION_STATUSES) })),
  /** What became of an invitation this player sent. */
  message("invitation_update", z.object({ invitation: InvitationSchema })),
  /** Quick match: a matchmaker seated this player; the page goes to the room. */
  message("match_found", z.object({ game_id: z.string() })),
  /**
   * Quick match: how many search in the player's queue now (the player included), the estimated
   * wait, what the player is offered and whether they took the wider search; pushed when it changes.
   */
  message(
    "queue_update",
    z.object({
      queue_key: z.string(),
      searching: z.number(),
      estimate_ms: z.optional(z.number()),
      offers: z.optional(z.object({ widen: z.boolean(), bots: z.boolean() })),
      widened: z.optional(z.boolean()),
    }),
  ),
  /** Quick match: the player left the queue without a match (dropped: away too long, or unable to pay). */
  message("queue_left", z.object({ queue_key: z.string(), reason: z.enum(["away", "unable"]) })),
  /** A tournament game of this player's was created by the server: join it within 2 minutes. */
  message(
    "tournament_game_ready",
    z.object({ tournament_id: z.string(), tournament_name: z.string(), game_id: z.string(), round: z.number(), final: z.boolean() }),
  ),
  /** A tournament a page of this player's shows changed (registrations, the bracket, its status): read it again. */
  message("tournament_updated", z.object({ tournament_id: z.string() })),
] as const;
export const ChannelEventSchema = z.discriminatedUnion("type", CHANNEL_EVENTS);
export type ChannelEvent = z.infer<typeof ChannelEventSchema>;

export const ChannelServerMessageSchema = z.discriminatedUnion("type", [
  ...CHANNEL_EVENTS,
  /** The first frame on every socket: what a page needs to be current without another request. */
  message(
    "hello",
    z.object({
      user_id: z.string(),
      /** Every friend's visible status, from D1 after this player's own presence was written. */
      presence: z.array(PresenceUpdateSchema),
      /** Open invitations received, and the ones this player sent that are still open. */
      invitations: z.array(InvitationSchema),
      sent: z.array(InvitationSchema),
    }),
  ),
  /** The account was banned, with the admin's reason: every open page goes to `/banned` (the socket closes next, 4003). */
  message("account_banned", z.object({ reason: z.string() })),
  /** The home page's live counts and open tables, while one of its sockets watches the lobby (then on every change). */
  message("lobby", LobbyPushSchema),
  /** Answer it with the auto-answered `{"type":"ping"}`; a socket that does not is closed as dropped. */
  message("heartbeat", z.optional(z.object({}))),
  /** The runtime's answer to a ping (the object is not woken). */
  message("pong", z.optional(z.object({}))),
  message("error", z.object({ code: z.string(), message: z.string() })),
]);
export type ChannelServerMessage = z.infer<typeof ChannelServerMessageSchema>;

export type ChannelParseResult = FrameParseResult<ChannelServerMessage>;

/** A frame from the channel, parsed; anything else is refused with the reason (and only logged, spec §8). */
export function parseChannelServerFrame(frame: unknown): ChannelParseResult {
  return parseFrame(ChannelServerMessageSchema, frame, "not a channel message");
}

// ---------------------------------------------------------------- browser → server

export { CHANNEL_CLOSE, CHANNEL_PING, CHANNEL_PONG } from "./channel-codes";

export const ChannelClientMessageSchema = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("ping"), payload: z.optional(z.strictObject({})) }),
  /** Ask for a fresh hello (after the page missed frames, e.g. while hidden). */
  z.strictObject({ type: z.literal("sync"), payload: z.optional(z.strictObject({})) }),
  /** The page shows (watch) or stopped showing the lobby's counts and open tables. */
  z.strictObject({ type: z.literal("lobby"), payload: z.strictObject({ watch: z.boolean() }) }),
  /** The page shows this tournament (null: none any more): it hears `tournament_updated` when it changes. */
  z.strictObject({ type: z.literal("tournament"), payload: z.strictObject({ watch: z.nullable(GameIdSchema) }) }),
]);
export type ChannelClientMessage = z.infer<typeof ChannelClientMessageSchema>;

export function parseChannelClientFrame(frame: string | ArrayBuffer): InboundParseResult<ChannelClientMessage> {
  return parseInboundFrame(ChannelClientMessageSchema, frame);
}

/** `tsc` fails here when the schemas and the pure modules' types drift apart. */
export type ChannelMatchesRules = [
  Holds<Same<z.infer<typeof InvitationSchema>, Invitation>>,
  Holds<Same<z.infer<typeof PresenceStatusSchema>, PresenceStatus>>,
];
