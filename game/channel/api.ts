import { z } from "zod";
import type { ChannelEvent } from "../protocol/channel";
import { GameStatusSchema } from "../protocol/entities";
import type { Invitation, InvitationStatus } from "./invitations";
import type { GameReport, PresenceStatus } from "./presence";
import type { FriendPresence } from "./friend-presence";
import { PresenceUpdateSchema, type PresenceUpdate } from "../protocol/channel";
import { GameIdSchema } from "../protocol/ids";
import type { Queue } from "../matchmaking/pairing";
import type { Membership } from "./queue-membership";
import type { QueueEntering } from "./seat-and-queue";

// What the Pages app, the game rooms, the tournaments and the matchmakers may ask a player's
// PlayerChannel Durable Object over DO RPC. One object per player:
// `namespace.idFromName(userId)`. The app never imports workers/; both sides share this contract.

export { USER_HEADER } from "../room/api";

/** Set to "1" by the app on a channel socket's upgrade when the player is a premium member. */
export const MEMBER_HEADER = "X-Truco-Member";

/** A room's report about one of its players, parsed where it arrives (the channel trusts no shape). */
export const GameReportSchema = z
  .object({
    gameId: GameIdSchema,
    seated: z.boolean(),
    sockets: z.number().int().min(0),
    status: GameStatusSchema,
    full: z.boolean(),
    at: z.number(),
    seq: z.number().int().min(0),
  })
  .strict() satisfies z.ZodType<GameReport>;

/** A friend's presence as one channel tells another, parsed where it arrives. */
export const FriendPresenceSchema = z.object({ update: PresenceUpdateSchema, online: z.boolean() }).strict();

/** Why a player's sockets are closed by the server. */
export type CloseReason = "signed_out" | "banned";

export type InvitationRefusal = "duplicate" | "too_many" | "expired" | "not_found" | "closed";
export type InvitationResult = { ok: true; invitation: Invitation } | { ok: false; error: InvitationRefusal };

export interface PlayerChannelRpc {
  /**
   * Pushes a typed event to every open socket of this player (and only theirs); answers how many
   * sockets it reached. Throws on an event that is not a channel event (a caller's bug).
   */
  notify(event: ChannelEvent): Promise<number>;
  /** Closes every socket of this player (logout, ban): they go offline at once. */
  closeAll(reason: CloseReason, banReason?: string): Promise<void>;
  /**
   * Revokes one of this player's sessions (sign-out), or with null every session they hold now (a
   * ban), for the actions that look their session up on a replica (`sessionRevoked`).
   */
  revokeSession(sessionId: string | null): Promise<void>;
  /** Whether a session a replica still shows was revoked (signed out, or held when a ban came). */
  sessionRevoked(sessionId: string, createdAt: string): Promise<boolean>;
  /** This player opened a spectator socket to the game (its relay is asked to close their sockets at sign-out and ban). */
  watching(gameId: string): Promise<void>;
  /** The games whose relays may hold a spectator socket of this player. */
  watched(): Promise<string[]>;
  /** A game room's report: the player's sockets and seat there (a game socket counts as online; 'playing' while seated in an active game). */
  reportGame(userId: string, report: GameReport): Promise<void>;
  /** The "appear offline" setting changed (already written to D1): friends see the new status. */
  setAppearOffline(userId: string, appearOffline: boolean): Promise<void>;
  /** This player's status as last published (real and as friends see it). */
  status(): Promise<{ status: PresenceStatus; visible: PresenceStatus; at: number }>;

  // Friends' presence (friend-presence.ts): channel to channel, no database row.
  /** A friend's channel says hello (its player came online, or changed while this one was unknown to it): noted; answers this player's presence. */
  friendHello(userId: string, from: FriendPresence): Promise<FriendPresence>;
  /** A friend's presence changed: noted and pushed to this player's sockets. */
  friendPresence(userId: string, from: FriendPresence): Promise<void>;
  /** Every friend's status as this player may see it (the friends list). */
  friendStatuses(userId: string): Promise<PresenceUpdate[]>;

  // Invitations (game/channel/invitations.ts): this player's channel is the authority for what they received.
  /** An invitation for this player arrives (pushed to their sockets). */
  receiveInvitation(invitation: Invitation): Promise<InvitationResult>;
  /** The invitation, if this player received it and it is still answerable. */
  openInvitation(id: string): Promise<Invitation | null>;
  /** This player accepts: held while the app seats them; then `finishAccept`. */
  beginAccept(id: string): Promise<InvitationResult>;
  finishAccept(id: string, joined: boolean): Promise<void>;
  decline(id: string): Promise<InvitationResult>;
  /** The inviter's side asks: the room filled or started. Answers the invitation's status afterwards. */
  cancelInvitation(id: string): Promise<InvitationStatus | null>;

  /** The inviter's mirror: an invitation this player sent, and later its outcome. */
  trackInvitation(invitation: Invitation): Promise<void>;
  invitationOutcome(id: string, status: InvitationStatus): Promise<void>;

  // Where the player may sit (seat-and-queue.ts): this player's channel is the authority.
  /** Takes the one-table lease for `claim` for `ttlSeconds`; false while another claim of this player holds it. */
  claimSeat(claim: string, ttlSeconds: number): Promise<boolean>;
  /** Gives the lease back (only if `claim` still holds it). */
  releaseSeat(claim: string): Promise<void>;
  /** The quick-match queue this player is in, if any (and the game a matchmaker claimed them for). */
  queueState(): Promise<Membership | null>;
  /** Puts this player in a queue (moving them from another) and has its Matchmaker pair at once. */
  enterQueue(userId: string, queue: Queue, rating: number): Promise<QueueEntering>;
  /** Leaves the queue if still waiting; answers the game already claimed for the player, if so. */
  leaveQueue(): Promise<{ left: boolean; gameId: string | null }>;
  /** A Matchmaker claims this player for a game (only while they wait in its queue). */
  claimForMatch(queueKey: string, gameId: string): Promise<boolean>;
  /** The match fell through: back to waiting in the same place. */
  releaseMatch(gameId: string): Promise<void>;
  /** The player reached the matched game (or it is over): the membership ends. */
  forgetMatch(gameId: string): Promise<void>;
  /** The queue's Matchmaker dropped this player (away too long, or unable to pay). */
  droppedFromQueue(queueKey: string, reason: "away" | "unable"): Promise<void>;
}

/** A lease's claim: a game id or `create:<uuid>`. */
export const SeatClaimSchema = z.string().min(1).max(200);
/** A queue's key as the channel's callers send it. */
export const QueueKeyArgSchema = z.string().min(1).max(64);
