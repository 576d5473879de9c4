import type { ChatMessageView } from "../../protocol/entities";
import type { RoomMessage } from "../../protocol/room";
import type { SpectatorFrame } from "../../protocol/spectate";
import { mayWatch, spectatorFrame } from "../../spectate/frame";
import type { Room, RoomTimings } from "../state";
import type { RoomHostPorts } from "./ports";

// The room's side of spectating (docs/decisions/134-spectating-through-a-relay.md): while anyone
// watches, each new version goes once to the game's relay, whatever the audience; the relay
// tells the room how many watch, and the players' sockets hear that number and the spectators'
// chat. The count is kept in the room's storage, so a room woken after an eviction still feeds
// its relay.

/** Where the count of spectators is stored, beside the room. */
export const SPECTATORS_KEY = "spectators";

export class SpectatorFeed<S> {
  /** How many watch (undefined: not read from storage yet). */
  private watchers: number | undefined;
  /** The version last sent to the relay (null: none by this instance). */
  private published: number | null = null;

  constructor(
    private readonly ports: RoomHostPorts<S>,
    private readonly timings: RoomTimings,
  ) {}

  async load(): Promise<void> {
    if (this.watchers !== undefined) return;
    const stored = await this.ports.store.get([SPECTATORS_KEY]);
    this.watchers ??= Number(stored.get(SPECTATORS_KEY) ?? 0) || 0;
  }

  get count(): number {
    return this.watchers ?? 0;
  }

  /** After a committed step: its new version, once, to the relay; nothing when nobody watches. */
  roomChanged(room: Room, messages: readonly RoomMessage[]): void {
    const relay = this.ports.relay;
    if (!relay || !this.watchers || room.version === this.published) return;
    const frame = spectatorFrame(room, this.timings, this.published, messages);
    this.published = room.version;
    this.ports.background(
      relay.publish(room.game.id, frame).catch((error: unknown) => {
        this.ports.events({ event: "report_failed", gameId: room.game.id, to: "relay", error: String(error) });
      }),
    );
  }

  /**
   * The relay's count. The players hear it when it changed; the relay gets the newest frame, or
   * null when the game may not be watched (then it closes its sockets).
   */
  spectators(room: Room | null, count: number): SpectatorFrame | null {
    const changed = count !== this.watchers;
    this.watchers = count;
    if (changed) {
      void this.ports.store.put({ [SPECTATORS_KEY]: count });
      if (room) this.toPlayers({ type: "spectators", payload: { count } });
    }
    if (!room) return null;
    const access = mayWatch(room, "");
    // A game that ended while watched keeps its last frame for its spectators.
    if (!access.allowed && access.reason !== "not_live") return null;
    this.published = room.version;
    return spectatorFrame(room, this.timings, null);
  }

  /** The game may no longer be watched: its relay closes the spectators' sockets and tells the count (0) after. */
  async unwatchable(room: Room): Promise<void> {
    const relay = this.ports.relay;
    if (!relay || !this.watchers) return;
    try {
      await relay.unwatchable(room.game.id);
    } catch (error) {
      this.ports.events({ event: "report_failed", gameId: room.game.id, to: "relay", error: String(error) });
    }
  }

  /** The count, for a player's socket that just opened (nothing while nobody watches). */
  greet(socket: S): void {
    if (this.watchers) this.ports.sockets.send(socket, JSON.stringify({ type: "spectators", payload: { count: this.watchers } }));
  }

  /** A spectator's chat message: to every player's socket, which shows it apart from the table's chat. */
  chat(message: ChatMessageView): void {
    this.toPlayers({ type: "spectator_chat", payload: { message } });
  }

  private toPlayers(message: RoomMessage): void {
    const text = JSON.stringify(message);
    for (const socket of this.ports.sockets.list()) this.ports.sockets.send(socket, text);
  }
}
