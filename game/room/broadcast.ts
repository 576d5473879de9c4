import type { GameStatePayload, RoomMessage } from "../protocol/room";
import { diffShared, diffView, statePatch, type Patch } from "../protocol/state-delta";
import { pendingPlayer, type GameEvent, type PlayerView } from "../truco/index";
import type { Room, RoomEffect, RoomTimings } from "./state";
import { sharedState, viewOf } from "./views";

// What each socket of a room receives (ADR 056): one frame per socket per change, holding
// the change's messages in order (alone, or several in a `batch`) and, when the version grew, that
// socket's state: in full the first time (a new socket, after an eviction, after a jump in
// versions), else as a delta from the state the socket holds, which also carries the change's
// game events. Pure: the GameRoom Durable Object and the browser tests' scripted room keep one
// Broadcaster each and send the texts it returns.

/**
 * A step's socket effects in the runs the sockets get them in: each `frames` run is one frame per
 * socket (its messages, then, with `state`, each socket's own state), a `close` closes sockets.
 * A message after a state starts the next run, so the order of the effects is kept.
 */
export type SocketRun = { type: "frames"; messages: RoomMessage[]; state: boolean } | Extract<RoomEffect, { type: "close" }>;

export function socketRuns(effects: readonly RoomEffect[]): SocketRun[] {
  const runs: SocketRun[] = [];
  let run: Extract<SocketRun, { type: "frames" }> | null = null;
  for (const effect of effects) {
    if (effect.type === "send") {
      if (!run || run.state) runs.push((run = { type: "frames", messages: [], state: false }));
      run.messages.push(effect.message);
    } else if (effect.type === "state") {
      if (!run || run.state) runs.push((run = { type: "frames", messages: [], state: false }));
      run.state = true;
    } else if (effect.type === "close") {
      runs.push(effect);
      run = null;
    }
  }
  return runs;
}

/** One socket and the user it belongs to (the socket is whatever the transport hands out). */
export interface Recipient<S> {
  socket: S;
  userId: string;
}

/** What the sockets that are up to date hold: the state last published, per user. */
interface Published {
  version: number;
  /** The room as it was published (a user's view is built from it when first asked for). */
  room: Room;
  shared: Omit<GameStatePayload, "view">;
  views: Map<string, PlayerView | null>;
  /** The shared part as JSON, `{…}` without its closing brace, built once when a full state needs it. */
  sharedJson?: string;
}

type StateOut = { kind: "delta"; version: number; patch: Patch } | { kind: "full"; published: Published; view: PlayerView | null };

export class Broadcaster<S extends object> {
  private published: Published | null = null;
  /** Sockets that hold `published` for their user (they got it in full, or every delta up to it). */
  private upToDate = new WeakSet<S>();

  constructor(private readonly timings: RoomTimings) {}

  /**
   * The frames of one run of socket effects: `messages` (a step's `send`s, in order) and, when
   * `state` is set, each socket's own state of `room` after them. Views and patches are computed
   * here; `render()` turns them into text (two calls, so an adapter can time them apart).
   */
  prepare(room: Room, messages: readonly RoomMessage[], state: boolean, recipients: readonly Recipient<S>[]): Frames<S> {
    const joined = joinEvents(messages);
    // A delta carries these events; each view's patch is the change from what they foresee.
    const events = joined.flatMap((m) => (m.type === "game_event" ? m.payload.events : []));
    if (!state)
      return new Frames(
        joined,
        recipients.map((r) => ({ socket: r.socket, state: null })),
      );
    const prev = this.published?.version === room.version - 1 ? this.published : null;
    const next: Published = { version: room.version, room, shared: sharedState(room, this.timings), views: new Map() };
    // The match unchanged (a player came or went): a user's view is the one already published,
    // unless they took or left a seat (viewOf shows a seated user their hand).
    const sameMatch = prev !== null && prev.room.match === room.match;
    const seated = (r: Room, userId: string) => r.seats.some((s) => s.userId === userId);
    const viewOfUser = (userId: string): PlayerView | null => {
      let view = next.views.get(userId);
      if (view === undefined) {
        const reuse = sameMatch && prev.views.has(userId) && seated(prev.room, userId) === seated(room, userId);
        view = reuse ? prev.views.get(userId)! : viewOf(room, userId);
        next.views.set(userId, view);
      }
      return view;
    };
    let shared: Patch | undefined;
    // After this publication, exactly the sockets it reached hold it.
    const upToDate = new WeakSet<S>();
    const perUser = new Map<string, StateOut>();
    const out = recipients.map(({ socket, userId }) => {
      const view = viewOfUser(userId);
      const delta = prev !== null && this.upToDate.has(socket);
      const key = `${delta ? "d" : "f"}${userId}`;
      let state = perUser.get(key);
      if (!state) {
        if (delta) {
          shared ??= diffShared(prev.shared, next.shared, room.match ? pendingPlayer(room.match) : null);
          state = { kind: "delta", version: room.version, patch: statePatch(shared, diffView(publishedView(prev, userId), view, events)) };
        } else state = { kind: "full", published: next, view };
        perUser.set(key, state);
      }
      upToDate.add(socket);
      return { socket, state };
    });
    this.published = next;
    this.upToDate = upToDate;
    return new Frames(joined, out);
  }

  /**
   * A new instance of the room (after an eviction or hibernation) learns what its sockets hold:
   * the room as stored, since every state a socket got was published from the room as it was
   * saved. A socket that missed one holds an older version, and the next delta's version tells
   * it to ask for a `sync`, so nothing is rebuilt from a base the socket lacks. Only
   * before anything is published: afterwards the broadcaster's own record is exact.
   */
  resume(room: Room, sockets: readonly S[]): void {
    if (this.published) return;
    this.published = { version: room.version, room, shared: sharedState(room, this.timings), views: new Map() };
    this.upToDate = new WeakSet(sockets);
  }

  /**
   * The full state for one socket that asked for it (`sync`): the published one when it is the
   * room's version, so the socket can take the next delta; else the room's own.
   */
  full(room: Room, recipient: Recipient<S>): string {
    let published = this.published;
    if (!published || published.version !== room.version) {
      // Nothing published at this version (after an eviction): this state is, and only this socket holds it.
      published = { version: room.version, room, shared: sharedState(room, this.timings), views: new Map() };
      this.published = published;
      this.upToDate = new WeakSet();
    }
    this.upToDate.add(recipient.socket);
    return fullText(published, publishedView(published, recipient.userId));
  }
}

/** A user's view in a publication, built on first use (a resumed one has none yet). */
function publishedView(published: Published, userId: string): PlayerView | null {
  let view = published.views.get(userId);
  if (view === undefined) {
    view = viewOf(published.room, userId);
    published.views.set(userId, view);
  }
  return view;
}

/** One run's frames, before they are text. */
export class Frames<S> {
  constructor(
    private readonly messages: readonly RoomMessage[],
    private readonly out: readonly { socket: S; state: StateOut | null }[],
  ) {}

  /** Each socket's frame. */
  render(): { socket: S; text: string }[] {
    const texts = this.messages.map((m) => JSON.stringify(m));
    // A delta carries the change's events itself: its frame leaves the game_event out.
    const events = this.messages.flatMap((m) => (m.type === "game_event" ? m.payload.events : []));
    const others = texts.filter((_, i) => this.messages[i].type !== "game_event");
    const eventsJson = events.length ? `"events":${JSON.stringify(events)},` : "";
    const cache = new Map<StateOut, string>();
    const result: { socket: S; text: string }[] = [];
    for (const { socket, state } of this.out) {
      let parts = texts;
      if (state) {
        let text = cache.get(state);
        if (text === undefined) {
          text = state.kind === "full" ? fullText(state.published, state.view) : deltaText(state.version, eventsJson, state.patch);
          cache.set(state, text);
        }
        parts = [...(state.kind === "delta" ? others : texts), text];
      }
      if (parts.length === 0) continue;
      result.push({ socket, text: parts.length === 1 ? parts[0] : `{"type":"batch","payload":{"messages":[${parts.join(",")}]}}` });
    }
    return result;
  }
}

function fullText(published: Published, view: PlayerView | null): string {
  // The shared part is serialised once per publication; `version` first (readers may peek at it).
  published.sharedJson ??= JSON.stringify(published.shared).slice(0, -1);
  return `{"type":"game_state","payload":${published.sharedJson},"view":${JSON.stringify(view)}}}`;
}

function deltaText(version: number, eventsJson: string, patch: Patch): string {
  return `{"type":"game_state_delta","payload":{"version":${version},${eventsJson}"patch":${JSON.stringify(patch)}}}`;
}

/** Consecutive game_event messages (a hand's last move and the next deal) as one. */
function joinEvents(messages: readonly RoomMessage[]): RoomMessage[] {
  const out: RoomMessage[] = [];
  for (const message of messages) {
    const last = out.at(-1);
    if (message.type === "game_event" && last?.type === "game_event") {
      const events: GameEvent[] = [...last.payload.events, ...message.payload.events];
      out[out.length - 1] = { type: "game_event", payload: { events } };
    } else out.push(message);
  }
  return out;
}
