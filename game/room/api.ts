import { z } from "zod";
import type { BotLevel, ChatMessageView, GameSummary } from "../protocol/entities";
import type { GameReport } from "../channel/presence";
import type { GameStatePayload } from "../protocol/room";
import type { SpectatorFrame } from "../protocol/spectate";
import type { WatchAccess } from "../spectate/access";

// What the Pages app (and the tournament and matchmaking objects) may ask a GameRoom
// Durable Object over DO RPC. The app never imports workers/; both sides share this contract.

/** The verified user id, set by the Pages side after it checked the session and the seat; the room trusts no other. */
export const USER_HEADER = "X-Truco-User";
/** The id of the verified session the socket was opened with, so that logging out closes it. */
export const SESSION_HEADER = "X-Truco-Session";

/** The socket tag of a session's sockets (a room tags each socket with its user id and this). */
export function sessionTag(sessionId: string): string {
  return `session:${sessionId}`;
}

/** The engine id of a computer player's seat. */
export function botPlayerId(seat: number): string {
  return `bot-${seat}`;
}

/** Who is taking a seat, as the app verified and loaded them. */
export interface SeatRequest {
  userId: string;
  nickname: string;
  avatarUrl: string | null;
  isPremium: boolean;
  rating: number;
  /** The player keeps their games private (no replay for others, nobody watches). */
  gamesPrivate?: boolean;
}

/** A seat the server assigns when it creates the room (tournament and quick-match games), in seat order. */
export const AssignedSeatSchema = z
  .object({
    userId: z.string().min(1).max(64),
    nickname: z.string().min(1).max(64),
    avatarUrl: z.string().max(2048).nullable(),
    isPremium: z.boolean(),
    rating: z.number().int().min(0),
    /** The player keeps their games private (no replay for others, nobody watches). */
    gamesPrivate: z.boolean().optional(),
    /** What the room debits at seating, as any seat's entry (0 when the caller settled the entry itself). */
    entry: z.number().int().min(0).max(1_000_000),
  })
  .strict();
export type AssignedSeat = z.infer<typeof AssignedSeatSchema>;

/**
 * What happens when a server-created room's no-show deadline passes with players still absent:
 * `forfeit`: if every absent player sits on one team, the other team wins by forfeit
 * (settled like any result); if both teams have absent players, the game is cancelled and the
 * entries the room debited are returned. `bots`: computer players take the absent seats and the
 * game starts; an owner who connects later takes the seat back.
 */
export const NoShowRuleSchema = z.enum(["forfeit", "bots"]);
export type NoShowRule = z.infer<typeof NoShowRuleSchema>;

export const OpenOptionsSchema = z
  .object({
    listed: z.boolean().optional(),
    /** The game's row is not in D1 yet: the creator's seat batch writes it (one transaction for both). */
    create: z.boolean().optional(),
  })
  .strict();
export type OpenOptions = z.infer<typeof OpenOptionsSchema>;

export const AssignedRoomOptionsSchema = z
  .object({
    /** Seconds the assigned players have to connect (the tournament rule is 120); none: a waiting room's idle timeout applies. */
    noShowSeconds: z.number().int().min(1).max(3600).optional(),
    noShowRule: NoShowRuleSchema.default("forfeit"),
  })
  .strict();
export type AssignedRoomOptions = z.input<typeof AssignedRoomOptionsSchema>;

/** The audit row of an admin's action on a room, written in the same D1 batch as its effect. */
export const AdminAuditSchema = z.object({ id: z.uuid(), adminId: z.string().min(1).max(64), reason: z.string().max(500) }).strict();
export type AdminAudit = z.infer<typeof AdminAuditSchema>;

export type RoomError =
  | "not_found"
  | "full"
  | "started"
  | "closed"
  | "insufficient_coins"
  | "left"
  | "not_seated"
  | "not_creator"
  | "not_casual"
  | "not_waiting"
  | "premium_only"
  | "not_finished";

export type RoomResult = { ok: true } | { ok: false; error: RoomError };

/** Opening with `create`: another open game holds this game's code (the caller tries another; never shown). */
export type CodeTaken = { ok: false; error: "code_taken" };
export type OpenResult = RoomResult | CodeTaken;

/** What the app sends with a chat message (zod-checked by the room: it crosses the RPC boundary). */
export const ChatPostInputSchema = z.object({
  sender: z.object({ userId: z.string(), nickname: z.string(), avatarUrl: z.nullable(z.string()) }),
  text: z.string().min(1),
  type: z.enum(["text", "emoji"]),
});
export type ChatPostInput = z.infer<typeof ChatPostInputSchema>;
export type ChatPostResult = { ok: true; message: ChatMessageView } | { ok: false; error: "not_found" | "too_fast" };

/**
 * A player's place at a table as the room holds it: the game's status and whether they sit there.
 * The room writes every seat and status change to D1 before it adopts it, so this agrees with D1's
 * rows and is never older than them.
 */
export type SeatCheck = { status: GameSummary["status"]; seated: boolean };

/** A watch request's answer: refused with why, or the first frame and how many already watch. */
export type WatchResult =
  | { ok: true; frame: SpectatorFrame; watchers: number }
  | { ok: false; reason: "not_found" | Extract<WatchAccess, { allowed: false }>["reason"] };

export interface RoomRpc {
  /**
   * Creates the room for a game and seats its creator. `listed`: a public table, shown on the home
   * page while it has a free seat. `create`: the game's row is written in the creator's seat batch
   * (else the caller inserted it).
   */
  open(game: GameSummary, creator: SeatRequest, options?: OpenOptions): Promise<OpenResult>;
  /**
   * Creates the room for a game row just inserted in D1 with every seat already assigned (seat i
   * to `seats[i]`), debiting each seat's `entry`. The game starts when every assigned player has
   * connected. If an entry cannot be debited, the game is cancelled (entries already taken are
   * returned) and the refusal says why. Throws on malformed input (a caller's bug).
   */
  openAssigned(game: GameSummary, seats: AssignedSeat[], options?: AssignedRoomOptions): Promise<RoomResult>;
  /** Takes the first free seat, debiting the entry in the same D1 batch. */
  join(request: SeatRequest): Promise<RoomResult>;
  /** Leaves a waiting room; the entry is returned. */
  leave(userId: string): Promise<RoomResult>;
  /**
   * A seated player ends an active game on purpose: a practice game is cancelled and counts
   * nowhere; at a human table the player's team forfeits and the game settles once.
   */
  concede(userId: string): Promise<RoomResult>;
  /** The creator of a casual waiting room fills the free seats with computer players. */
  fillWithBots(userId: string, level: BotLevel): Promise<RoomResult>;
  /**
   * A player at a finished table accepts a rematch. `due`: every human has accepted and
   * the caller must now open the new table, then call `rematchOpened` (or `rematchFailed`).
   */
  acceptRematch(userId: string): Promise<{ ok: true; due: boolean } | { ok: false; error: RoomError }>;
  /** The rematch's new table is open: every player's screen follows (null: it could not be opened). */
  rematchOpened(gameId: string | null): Promise<void>;
  /**
   * A seated player's chat message (checked by the app): the room applies the table's burst rule
   * (game/room/chat.ts), keeps the message in its storage and pushes it to the table's sockets.
   */
  postChat(post: ChatPostInput): Promise<ChatPostResult>;
  /** Whether `userId` sits at this table, and the game's status; null if no room exists. */
  seatCheck(userId: string): Promise<SeatCheck | null>;
  /** The table's latest messages, oldest first; null if no room exists. */
  recentChat(): Promise<ChatMessageView[] | null>;
  /**
   * A message stored elsewhere, only pushed to the connected players: the previous release's app
   * calls it while a new room Worker rolls out (it keeps its chat in D1).
   */
  pushChat(message: ChatMessageView): Promise<void>;
  /**
   * A banned player leaves the table at once: their sockets close; a waiting seat is
   * released with its entry returned, an active game's seat goes to a computer player.
   */
  expel(userId: string): Promise<RoomResult>;
  /** A seated player turned "private games" on or off: it applies to this game at once. */
  setGamesPrivate(userId: string, gamesPrivate: boolean): Promise<void>;
  /** An admin cancels a stuck waiting or active game; every entry goes back through the ledger. */
  adminCancel(audit: AdminAudit): Promise<RoomResult>;
  /** The room as a player (or, with null, an outsider) sees it; null if no room exists. */
  snapshot(userId: string | null): Promise<GameStatePayload | null>;
  /** Whether this signed-in user may watch the game (game/spectate/access.ts), and its first spectator frame if so. */
  watch(viewerId: string): Promise<WatchResult>;
  /** The spectator relay's count of spectators; answers the newest spectator frame (null: the game may not be watched). */
  spectatorCount(count: number): Promise<SpectatorFrame | null>;
  /** A spectator's chat message, for the players' screens only. */
  spectatorChat(message: ChatMessageView): Promise<void>;
  /** A fresh presence report about this user (their PlayerChannel asking); null if no room exists. */
  presenceOf(userId: string): Promise<GameReport | null>;
  /**
   * Closes (4001) the user's sockets opened with that session, or all of the user's sockets when
   * the session is null (a ban); answers how many were open.
   */
  closeSockets(userId: string, sessionId: string | null): Promise<number>;
}
