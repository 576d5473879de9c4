import { ChannelHost } from "../../../game/channel/channel-host";
import type { ChannelState } from "../../../game/channel/ports";
import type { GameReport, PresenceTimings, Published } from "../../../game/channel/presence";
import type { ChannelServerMessage } from "../../../game/protocol/channel";
import { LobbyHost } from "../../../game/lobby/lobby-host";
import { MemoryLobbyStore } from "../../../game/lobby/memory";
import { SNAPSHOT_MS } from "../../../game/lobby/lobby";

// Players' channels in memory: each a ChannelHost over ports that keep their storage, sockets and
// alarm in plain fields, one shared D1 (friendships, "appear offline") and peers that are the other
// hosts of the same world. The tests move the clock by hand.

export const TIMINGS: PresenceTimings = { heartbeatMs: 20_000, graceMs: 1_000 };

export interface MemorySocket {
  userId: string;
  open: boolean;
  attachment: unknown;
  answeredAt: number | null;
  frames: ChannelServerMessage[];
  texts: string[];
  closed: { code: number; reason: string } | null;
}

export interface MemoryChannel {
  host: ChannelHost<MemorySocket>;
  sockets: MemorySocket[];
  stored: ChannelState | undefined;
  writes: number;
  alarms: number[];
}

export class ChannelWorld {
  now = 1_000_000;
  readonly channels = new Map<string, MemoryChannel>();
  readonly friends = new Map<string, Set<string>>();
  /** What each player's channel published last (it lives in the channel, not in D1). */
  readonly published = { get: (userId: string): Published | undefined => this.channels.get(userId)?.host.publishedNow() ?? undefined };
  readonly appearOffline = new Map<string, boolean>();
  readonly rooms = new Map<string, (userId: string) => GameReport | null>();
  readonly warnings: string[] = [];
  /** Each tournament's change mark (game/tournament/changes.ts). */
  readonly tournaments = new Map<string, number>();
  /** The one Lobby of this world, on the world's clock. */
  readonly lobbyStore = new MemoryLobbyStore();
  readonly lobby = new LobbyHost({ store: this.lobbyStore, clock: { now: () => this.now } });

  befriend(one: string, other: string): void {
    for (const [a, b] of [
      [one, other],
      [other, one],
    ]) {
      this.friends.set(a!, new Set([...(this.friends.get(a!) ?? []), b!]));
    }
  }

  /** The channel of `userId`, built (or rebuilt, after `evict`) over what it stored. */
  channel(userId: string): MemoryChannel {
    const held = this.channels.get(userId);
    if (held) return held;
    const channel = { sockets: [], stored: undefined, writes: 0, alarms: [] } as unknown as MemoryChannel;
    channel.host = this.hostOver(channel);
    this.channels.set(userId, channel);
    return channel;
  }

  /** A fresh instance over the same storage and sockets, as after an eviction. */
  evict(userId: string): MemoryChannel {
    const channel = this.channel(userId);
    channel.host = this.hostOver(channel);
    return channel;
  }

  /** Opens a socket as the Durable Object does: admitted, accepted, then handed to the host. */
  async connect(userId: string, options: { member?: boolean } = {}): Promise<MemorySocket> {
    const channel = this.channel(userId);
    if (!(await channel.host.admits(userId))) throw new Error("not this player's channel");
    const socket: MemorySocket = { userId, open: true, attachment: null, answeredAt: null, frames: [], texts: [], closed: null };
    channel.sockets.push(socket);
    await channel.host.opened(socket, userId, options.member ?? false);
    await settle();
    return socket;
  }

  /** The browser closes a socket. */
  async disconnect(userId: string, socket: MemorySocket): Promise<void> {
    socket.open = false;
    await this.channel(userId).host.closed(socket);
    await settle();
  }

  /** The alarm armed last (a later one is never set while an earlier one is armed). */
  armed(userId: string): number | null {
    return this.channel(userId).alarms.at(-1) ?? null;
  }

  /** Moves the clock to the armed alarm (if later) and runs it, as the platform does. */
  async fireAlarm(userId: string): Promise<void> {
    const at = this.armed(userId);
    if (at !== null) this.now = Math.max(this.now, at);
    this.channel(userId).alarms = [];
    await this.channel(userId).host.alarm();
    await settle();
  }

  private hostOver(channel: MemoryChannel): ChannelHost<MemorySocket> {
    return new ChannelHost<MemorySocket>({
      store: {
        read: async () => channel.stored,
        write: (state) => {
          channel.stored = state;
          channel.writes += 1;
        },
        setAlarm: (at) => void channel.alarms.push(at),
      },
      sockets: {
        open: () => channel.sockets.filter((socket) => socket.open),
        tagsOf: (socket) => [socket.userId],
        attachmentOf: (socket) => socket.attachment,
        attach: (socket, attachment) => void (socket.attachment = structuredClone(attachment)),
        answeredAt: (socket) => socket.answeredAt,
        send: (socket, text) => {
          if (!socket.open) return;
          socket.texts.push(text);
          const parsed = JSON.parse(text) as ChannelServerMessage;
          if (typeof parsed === "object" && parsed && "type" in parsed) socket.frames.push(parsed);
        },
        close: (socket, code, reason) => {
          if (socket.closed) return;
          socket.open = false;
          socket.closed = { code, reason };
        },
      },
      records: {
        appearOffline: async (userId) => this.appearOffline.get(userId) ?? false,
        friendIds: async (userId) => [...(this.friends.get(userId) ?? [])],
      },
      peers: {
        channel: (userId) => ({
          notify: async (event) => this.channel(userId).host.notify(event),
          friendHello: (to, from) => this.channel(userId).host.friendHello(to, structuredClone(from)),
          friendPresence: (to, from) => this.channel(userId).host.friendPresence(to, structuredClone(from)),
          invitationOutcome: (id, status) => this.channel(userId).host.invitationOutcome(id, status),
          cancelInvitation: (id) => this.channel(userId).host.cancelInvitation(id),
        }),
        room: (gameId) => ({ presenceOf: async (userId) => this.rooms.get(gameId)?.(userId) ?? null }),
        tournament: (tournamentId) => ({ changedAt: async () => this.tournaments.get(tournamentId) ?? 0 }),
      },
      lobby: { report: (report) => this.lobby.reportPresence(report), snapshot: () => this.lobby.snapshot(), everyMs: SNAPSHOT_MS },
      clock: { now: () => this.now },
      timings: TIMINGS,
      warn: (message) => void this.warnings.push(message),
    });
  }
}

/** Lets the fire-and-forget work (a hello, a fan-out) finish. */
export async function settle(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 0));
}

/** The frames of `type` a socket received. */
export function framesOf<T extends ChannelServerMessage["type"]>(
  socket: MemorySocket,
  type: T,
): Extract<ChannelServerMessage, { type: T }>[] {
  return socket.frames.filter((frame): frame is Extract<ChannelServerMessage, { type: T }> => frame.type === type);
}
