import { z } from "zod";
import type { ChatMessageView } from "../protocol/entities";
import { parseSpectatorClientFrame, type SpectatorFrame, type SpectatorServerMessage } from "../protocol/spectate";
import { CLOSE_BANNED, CLOSE_SIGNED_OUT } from "../protocol/constants";
import { sessionTag } from "../room/api";
import { chatWindow, relayFrame, SPECTATOR_CHAT_BURST, SPECTATOR_CHAT_TO_PLAYERS } from "./relay";

// The spectators' relay host (docs/decisions/134-spectating-through-a-relay.md): one per watched
// game. The room publishes each change to it once; it keeps the newest frame and sends it, as one
// text, to every spectator socket, so the room's work per move does not grow with the audience.
// It counts its spectators and tells the room (at most once a second), and runs their chat. The
// SpectatorRelay Durable Object only wires workerd to it, as GameRoom does for the room host.

/** What the relay asks of its game's room. */
export interface RelayRoom {
  /** How many watch now; the room answers its newest spectator frame (null: nobody may watch it any more). */
  spectators(gameId: string, count: number): Promise<SpectatorFrame | null>;
  /** A spectator's chat message, for the players' screens (never their table chat). */
  chat(gameId: string, message: ChatMessageView): Promise<void>;
}

/** The relay's sockets (the platform's hibernating WebSockets). */
export interface RelaySockets<S> {
  /** The open sockets, or those carrying `tag` (a user's id, or a session's tag: `sessionTag`). */
  list(tag?: string): S[];
  send(socket: S, text: string): void;
  close(socket: S, code: number, reason: string): void;
  readAttachment(socket: S): unknown;
  writeAttachment(socket: S, value: unknown): void;
}

export interface RelayPorts<S> {
  sockets: RelaySockets<S>;
  room: RelayRoom;
  clock: { now(): number };
  /** Arms the relay's alarm at `at` (epoch ms), replacing any other. */
  setAlarm(at: number): void;
  /** Work that may finish after the event that started it. */
  background(work: Promise<unknown>): void;
  /**
   * Resolves once the thread has been free for other events (`scheduler.wait(0)` in workerd): between two slices of
   * a fan-out, so that objects sharing the relay's thread (its own room, often) are not held up.
   */
  pause(): Promise<void>;
  events(event: { event: "relay_failed"; gameId: string; error: string }): void;
}

/** Who a spectator socket belongs to, kept on it across hibernation. */
export const SpectatorAttachmentSchema = z.object({
  gameId: z.string().min(1),
  userId: z.string().min(1),
  nickname: z.string(),
  avatarUrl: z.string().nullable(),
  /** When this spectator's recent chat messages passed (the chat limit). */
  chat: z.array(z.number()),
});
export type SpectatorAttachment = z.infer<typeof SpectatorAttachmentSchema>;

/** How long the relay gathers arrivals and departures before it tells the room the count. */
export const COUNT_DELAY_MS = 1_000;

/**
 * Sockets sent a frame in one go. A thousand sends hold a thread for tens of milliseconds, and a
 * Durable Object shares its thread with others (locally, every object of the Worker; in
 * production, objects placed together): the game's own room would wait that long to handle its
 * players' next move. So between two slices the relay lets other events run, while it keeps up:
 * when the next frame is already waiting (moves come faster than the audience can be sent them),
 * it sends on without pausing, so its spectators never fall further behind.
 */
export const FAN_OUT_SLICE = 64;

export class RelayHost<S extends object> {
  /** The newest frame delivered (null: none since this instance started). */
  private last: SpectatorFrame | null = null;
  /** The text of `last`'s message, built once and sent to every socket. */
  private lastText: string | null = null;
  private gameId: string | null = null;
  /** The count the room was last told (null: not told by this instance). */
  private told: number | null = null;
  private countDue = false;
  /** When spectator messages recently went to the players (the relay-wide limit). */
  private toPlayers: number[] = [];
  private chatIds = 0;
  /** The fan-out under way (resolved: none): frames go out one after the other, each to every socket. */
  private fanOut: Promise<void> = Promise.resolve();
  /** Frames delivered whose fan-out has not finished. */
  private queued = 0;

  constructor(private readonly ports: RelayPorts<S>) {}

  // ------------------------------------------------------------------ from the room

  /**
   * A change of the game, published once by its room. It answers as soon as the frame is taken (its
   * fan-out goes on after), so the room's call never waits on the audience.
   */
  async publish(frame: SpectatorFrame): Promise<void> {
    this.gameId ??= frame.state.game.id;
    const { deliver, gap } = relayFrame(this.last, frame);
    if (deliver) this.deliver(deliver);
    if (gap) await this.resync();
  }

  /** The newest frame, asked of the room: after a gap, for a first spectator, and with each count. */
  private async resync(): Promise<void> {
    const gameId = this.gameOf();
    if (!gameId) return;
    const count = this.ports.sockets.list().length;
    let frame: SpectatorFrame | null;
    try {
      frame = await this.ports.room.spectators(gameId, count);
    } catch (error) {
      this.ports.events({ event: "relay_failed", gameId, error: String(error) });
      return;
    }
    this.told = count;
    if (frame === null) return this.unwatchable();
    const { deliver } = relayFrame(this.last, frame);
    if (deliver) this.deliver(deliver);
  }

  /** The game may not be watched any more (a player made it private, or it is gone): every socket closes. */
  unwatchable(): void {
    for (const socket of this.ports.sockets.list()) this.ports.sockets.close(socket, 4004, "not watchable");
  }

  /**
   * The frame becomes the newest and goes, as one text, to every socket open now, after the frames
   * before it. A socket accepted later is sent the newest text as it opens (`connect`), so it needs
   * none of the frames still going out.
   */
  private deliver(frame: SpectatorFrame): void {
    this.last = frame;
    const text = JSON.stringify({ type: "frame", payload: frame } satisfies SpectatorServerMessage);
    this.lastText = text;
    const sockets = this.ports.sockets.list();
    this.queued += 1;
    this.fanOut = this.fanOut
      .then(() => this.sendAll(sockets, text))
      .catch((error: unknown) => this.ports.events({ event: "relay_failed", gameId: frame.state.game.id, error: String(error) }))
      .finally(() => {
        this.queued -= 1;
      });
    this.ports.background(this.fanOut);
  }

  private async sendAll(sockets: readonly S[], text: string): Promise<void> {
    for (let start = 0; start < sockets.length; start += FAN_OUT_SLICE) {
      if (start > 0 && this.queued === 1) await this.ports.pause();
      const end = Math.min(sockets.length, start + FAN_OUT_SLICE);
      for (let i = start; i < end; i++) this.ports.sockets.send(sockets[i], text);
    }
  }

  /** Resolves when every frame delivered so far has gone to its sockets (tests). */
  sent(): Promise<void> {
    return this.fanOut;
  }

  // ------------------------------------------------------------------ spectators

  /** A spectator the app admitted: accepted by the platform, then sent the newest frame. */
  async connect(spectator: Omit<SpectatorAttachment, "chat">, accept: () => S): Promise<void> {
    this.gameId ??= spectator.gameId;
    const socket = accept();
    this.ports.sockets.writeAttachment(socket, { ...spectator, chat: [] } satisfies SpectatorAttachment);
    if (this.lastText) this.ports.sockets.send(socket, this.lastText);
    else await this.resync();
    this.countChanged();
  }

  async message(socket: S, data: string | ArrayBuffer): Promise<void> {
    const parsed = parseSpectatorClientFrame(data);
    if (!parsed.ok) return this.send(socket, { type: "error", payload: { code: parsed.code, message: parsed.message } });
    const { message } = parsed;
    if (message.type === "ping") return this.send(socket, { type: "pong", payload: { at: this.ports.clock.now() } });
    if (message.type === "sync") {
      if (!this.lastText) await this.resync();
      else if (this.last) this.send(socket, { type: "frame", payload: { ...this.last, since: null } });
      return;
    }
    await this.chat(socket, message.payload.text);
  }

  closed(): void {
    this.countChanged();
  }

  /**
   * A session ended (sign-out, with its id) or every session of the user did (a ban, null): their
   * spectator sockets here close, as the room's and the channel's do. Answers how many closed.
   */
  closeSockets(userId: string, sessionId: string | null): number {
    const closing = this.ports.sockets
      .list(sessionId === null ? userId : sessionTag(sessionId))
      .filter((socket) => SpectatorAttachmentSchema.safeParse(this.ports.sockets.readAttachment(socket)).data?.userId === userId);
    const [code, reason] = sessionId === null ? [CLOSE_BANNED, "Banned"] : [CLOSE_SIGNED_OUT, "Signed out"];
    for (const socket of closing) this.ports.sockets.close(socket, code, reason);
    if (closing.length > 0) this.countChanged();
    return closing.length;
  }

  private async chat(socket: S, raw: string): Promise<void> {
    const who = SpectatorAttachmentSchema.safeParse(this.ports.sockets.readAttachment(socket));
    if (!who.success) return;
    const text = raw.trim();
    if (!text) return;
    const now = this.ports.clock.now();
    const own = chatWindow(who.data.chat, now, SPECTATOR_CHAT_BURST);
    this.ports.sockets.writeAttachment(socket, { ...who.data, chat: own.times });
    if (!own.allowed) return this.send(socket, { type: "error", payload: { code: "rate_limited", message: "Too many messages" } });
    const message: ChatMessageView = {
      id: (this.chatIds += 1),
      user_id: who.data.userId,
      nickname: who.data.nickname,
      avatar_url: who.data.avatarUrl,
      message: text,
      message_type: "text",
      created_at: new Date(now).toISOString(),
    };
    const text_ = JSON.stringify({ type: "spectator_chat", payload: { message } } satisfies SpectatorServerMessage);
    for (const other of this.ports.sockets.list()) this.ports.sockets.send(other, text_);
    // However many watch, the players' screens get a bounded share of it.
    const shared = chatWindow(this.toPlayers, now, SPECTATOR_CHAT_TO_PLAYERS);
    this.toPlayers = shared.times;
    if (shared.allowed) {
      const gameId = who.data.gameId;
      this.ports.background(
        this.ports.room
          .chat(gameId, message)
          .catch((error: unknown) => this.ports.events({ event: "relay_failed", gameId, error: String(error) })),
      );
    }
  }

  // ------------------------------------------------------------------ the count

  private countChanged(): void {
    if (this.countDue) return;
    this.countDue = true;
    this.ports.setAlarm(this.ports.clock.now() + COUNT_DELAY_MS);
  }

  /** The alarm: the room learns the count (and answers its newest frame); spectators learn it too. */
  async alarm(): Promise<void> {
    this.countDue = false;
    const count = this.ports.sockets.list().length;
    if (count !== this.told) await this.resync();
    const text = JSON.stringify({ type: "watchers", payload: { count } } satisfies SpectatorServerMessage);
    for (const socket of this.ports.sockets.list()) this.ports.sockets.send(socket, text);
  }

  /** The game's id: known from a frame, or from any spectator's attachment after hibernation. */
  private gameOf(): string | null {
    if (this.gameId) return this.gameId;
    for (const socket of this.ports.sockets.list()) {
      const who = SpectatorAttachmentSchema.safeParse(this.ports.sockets.readAttachment(socket));
      if (who.success) return (this.gameId = who.data.gameId);
    }
    return null;
  }

  private send(socket: S, message: SpectatorServerMessage): void {
    this.ports.sockets.send(socket, JSON.stringify(message));
  }
}
