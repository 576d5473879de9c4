import { z } from "zod";
import type { LobbySnapshot, PresenceLobbyReport } from "../lobby/lobby";
import type { RoomRpc } from "../room/api";
import type { TournamentRpc } from "../tournament/api";
import type { PlayerChannelRpc } from "./api";
import type { Invitation } from "./invitations";
import type { PresenceState, PresenceTimings } from "./presence";

// What the channel host (channel-host.ts) takes from its platform: the Durable Object builds these
// over its storage, its hibernating sockets, D1 and the other objects' stubs; the Node tests build
// them in memory. Each port does I/O and nothing else; every decision stays in the host.

/** What a player's channel keeps in storage: one value, read back after an eviction. */
export interface ChannelState {
  /** Whose channel this is (learnt from the first socket or call that names them). */
  userId: string | null;
  /** users.appear_offline, read once and then kept current by `setAppearOffline`. */
  appearOffline: boolean | null;
  presence: PresenceState;
  received: Invitation[];
  sent: Invitation[];
}

/** Per-socket data kept across hibernation, read back through this schema. */
export const ChannelAttachmentSchema = z.object({
  userId: z.string().min(1),
  connectedAt: z.number(),
  windowStart: z.number(),
  frames: z.number().int().min(0),
  /** The socket's page shows the lobby (the home page): it gets `lobby` frames. */
  lobby: z.boolean().optional(),
  /** The tournament the socket's page shows: it gets `tournament_updated` frames. */
  tournament: z.string().nullable().optional(),
  /** The player is a premium member (premium-only tables are listed for them), as the app said at connect. */
  member: z.boolean().optional(),
});
export type ChannelAttachment = z.infer<typeof ChannelAttachmentSchema>;

export interface ChannelStore {
  /** The state as last written; undefined for a channel that never wrote one. */
  read(): Promise<ChannelState | undefined>;
  /** Written without waiting: the platform holds the frames sent after it until it is durable. */
  write(state: ChannelState): void;
  /** The one alarm (the host decides when it must move: game/alarm.ts). */
  setAlarm(at: number): void;
}

/** The player's channel sockets, `S` being the platform's socket. */
export interface ChannelSockets<S> {
  /** The sockets still open (one being closed no longer counts). */
  open(): S[];
  /** The tags the socket was accepted with (the first is the user the app verified). */
  tagsOf(socket: S): string[];
  attachmentOf(socket: S): unknown;
  attach(socket: S, attachment: ChannelAttachment): void;
  /** When the socket last answered a heartbeat (the runtime's auto-answered ping), if ever. */
  answeredAt(socket: S): number | null;
  send(socket: S, text: string): void;
  close(socket: S, code: number, reason: string): void;
}

/** D1: the player's settings and friendships (db/friends.ts). Presence itself is never written there. */
export interface ChannelRecords {
  appearOffline(userId: string): Promise<boolean>;
  /** The player's friends (at most FRIENDS_MAX). */
  friendIds(userId: string): Promise<string[]>;
}

/** The Lobby: this player's online state goes to it; the snapshot comes from it (cached per isolate). */
export interface ChannelLobby {
  report(report: PresenceLobbyReport): Promise<void>;
  snapshot(): Promise<LobbySnapshot>;
  /** How often a watched lobby is looked at (SNAPSHOT_MS; tests shorten it). */
  everyMs: number;
}

/** The other objects the channel talks to, by name. */
export interface ChannelPeers {
  channel(userId: string): Pick<PlayerChannelRpc, "notify" | "invitationOutcome" | "cancelInvitation" | "friendHello" | "friendPresence">;
  room(gameId: string): Pick<RoomRpc, "presenceOf">;
  tournament(tournamentId: string): Pick<TournamentRpc, "changedAt">;
}

export interface ChannelPorts<S> {
  store: ChannelStore;
  sockets: ChannelSockets<S>;
  records: ChannelRecords;
  peers: ChannelPeers;
  lobby: ChannelLobby | null;
  clock: { now(): number };
  timings: PresenceTimings;
  /** A call to another object or to D1 failed and the channel carries on: said, not thrown. */
  warn(message: string, error: unknown): void;
}
