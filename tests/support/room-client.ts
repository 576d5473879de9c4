import {
  frameOf,
  messagesOf,
  parseServerFrame,
  type GameStatePayload,
  type RoomMessage,
  type ServerMessage,
} from "../../game/protocol/room";
import { receiveState } from "../../game/protocol/state-delta";
import type { Action } from "../../game/truco/index";

// A player's socket to a room, independent of how the socket was opened: the
// Worker tests upgrade through the app's Worker (tests/workers/room-client.ts),
// the benchmark opens real WebSockets to `npm start`'s server (tests/load/).

export interface RoomClientOptions {
  /** Keep every frame and message (default; the Worker tests read them). The bench keeps only the latest state. */
  history?: boolean;
  /**
   * Check every frame against the protocol's schema, whole (default: the tests). The bench only
   * parses the JSON: it measures the room, and the check's cost would only load the client.
   */
  exact?: boolean;
}

/**
 * Called with every frame: its messages (one, or a batch's, ADR 056), when it arrived
 * (performance.now(), before parsing) and as it came.
 */
export type FrameListener = (messages: RoomMessage[], arrivedAt: number, text: string) => void;

/**
 * A player's socket to a room, keeping every frame it receives. Each frame is parsed with the
 * protocol's schema, as the game screen does, and must pass it whole: a frame the schema refuses,
 * or one with a field the schema does not know (the screen would drop it), is kept in `refused`
 * and fails the next `until`. The state is rebuilt from full states and deltas as the game screen
 * rebuilds it (`receiveState`, ADR 055); a delta that does not follow asks for a `sync`, as the
 * screen does, and is counted in `gaps`.
 */
export class RoomClient {
  readonly frames: string[] = [];
  /** Every message, a batch's one by one. */
  readonly messages: RoomMessage[] = [];
  /** Every state this socket held, in order (with `history`). */
  readonly states: GameStatePayload[] = [];
  readonly refused: { frame: string; problem: string }[] = [];
  state: GameStatePayload | null = null;
  /** Deltas that did not follow the state held (each asked for a `sync`). */
  gaps = 0;
  private fresh = true;
  closed: { code: number; reason: string } | null = null;
  private waiters: (() => void)[] = [];
  private listeners = new Set<FrameListener>();
  private acting = false;
  private lastActed = -1;
  private lastSentAt = 0;

  constructor(
    readonly ws: WebSocket,
    readonly userId: string,
    options: RoomClientOptions = {},
  ) {
    const history = options.history ?? true;
    const exact = options.exact ?? true;
    ws.addEventListener("message", (event) => {
      const arrivedAt = performance.now();
      const text = event.data as string;
      let message: ServerMessage;
      if (exact) {
        const parsed = exactServerFrame(text);
        if (!parsed.ok) {
          this.refused.push({ frame: text, problem: parsed.problem });
          return this.notify();
        }
        message = parsed.message;
      } else {
        message = JSON.parse(text) as ServerMessage;
      }
      const messages = messagesOf(message);
      if (history) {
        this.frames.push(text);
        this.messages.push(...messages);
      }
      for (const m of messages) {
        if (m.type !== "game_state" && m.type !== "game_state_delta") continue;
        const received = receiveState(this.state, m, this.fresh);
        if (received.gap) {
          this.gaps += 1;
          this.send({ type: "sync", payload: { version: this.state?.version ?? 0 } });
        } else if (received.taken && received.state) {
          this.fresh = false;
          this.state = received.state;
          if (history) this.states.push(received.state);
        }
      }
      for (const listener of this.listeners) listener(messages, arrivedAt, text);
      this.notify();
    });
    ws.addEventListener("close", (event) => {
      this.closed = { code: event.code, reason: event.reason };
      this.notify();
    });
  }

  /** Calls `listener` on every frame from now on; answers the function that stops it. */
  onFrame(listener: FrameListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  send(message: unknown) {
    this.ws.send(typeof message === "string" ? message : JSON.stringify(message));
  }

  /** Sends one of the state's legal actions as its frame. */
  act(action: Action) {
    this.send(frameOf(action));
  }

  private notify() {
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }

  /** Resolves when the predicate holds (checked on every frame), or fails after `ms`. */
  async until(predicate: () => boolean, ms = 10_000, what = "condition"): Promise<void> {
    const deadline = Date.now() + ms;
    for (;;) {
      if (this.refused.length > 0) {
        const { frame, problem } = this.refused[0];
        throw new Error(`The room sent a frame the protocol refuses (${problem}): ${frame.slice(0, 300)}`);
      }
      if (predicate()) return;
      if (Date.now() > deadline) {
        const view = this.state?.view;
        const last = this.messages
          .slice(-3)
          .map((m) => m.type)
          .join(", ");
        throw new Error(
          `Timed out waiting for ${what} (${this.userId}): status ${this.state?.game.status}, phase ${view?.gamePhase}, ` +
            `pending ${JSON.stringify(view?.pendingDecision)}, version ${this.state?.version}, last frames ${last}`,
        );
      }
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
  }

  async nextMessage<T extends RoomMessage["type"]>(type: T, ms = 5_000): Promise<Extract<RoomMessage, { type: T }>> {
    const start = this.messages.length;
    let found: RoomMessage | undefined;
    await this.until(() => Boolean((found = this.messages.slice(start).find((m) => m.type === type))), ms, type);
    return found as Extract<RoomMessage, { type: T }>;
  }

  /** Whether the game waits for this player's decision in the latest state. */
  myTurn(): boolean {
    const view = this.state?.view;
    return Boolean(view && view.pendingDecision?.playerId === this.userId && view.legalActions.length > 0);
  }

  /**
   * Plays whenever it is this player's decision, with a simple policy that
   * keeps matches short: accept every raise, play for the mão de onze, play
   * the first legal card.
   */
  autoplay(policy: (legal: Action[]) => Action = simplePolicy): () => void {
    let stopped = false;
    const tick = () => {
      const state = this.state;
      // A wait started before the stop (or the socket's close) ends in nothing.
      if (stopped || this.ws.readyState !== WebSocket.OPEN) return;
      if (this.acting || !state?.view || !this.myTurn() || state.version <= this.lastActed) return;
      // Stay under the room's flood limit (50 frames in 10 s), as a person would.
      const wait = this.lastSentAt + MIN_FRAME_GAP_MS - Date.now();
      if (wait > 0) {
        this.acting = true;
        setTimeout(() => {
          this.acting = false;
          tick();
        }, wait);
        return;
      }
      this.lastActed = state.version;
      this.lastSentAt = Date.now();
      this.act(policy(state.view.legalActions));
    };
    const listener = (event: MessageEvent) => {
      // A refused action (the state moved on meanwhile): decide again on the latest state.
      if (String(event.data).startsWith('{"type":"error"')) this.lastActed = -1;
      queueMicrotask(tick);
    };
    this.ws.addEventListener("message", listener);
    tick();
    return () => {
      stopped = true;
      this.ws.removeEventListener("message", listener);
    };
  }

  close() {
    try {
      this.ws.close(1000, "done");
    } catch {
      // Already closed.
    }
  }
}

const MIN_FRAME_GAP_MS = 220;

export function simplePolicy(legal: Action[]): Action {
  const find = (predicate: (action: Action) => boolean) => legal.find(predicate);
  return (
    find((a) => a.type === "call_flor" && a.call === "flor") ??
    find((a) => a.type === "respond_truco" && a.response === "accept") ??
    find((a) => a.type === "respond_mao" && a.response === "play") ??
    find((a) => a.type === "respond_envido" && a.response === "accept") ??
    find((a) => a.type === "respond_flor" && a.response === "accept") ??
    find((a) => a.type === "call_truco") ??
    find((a) => a.type === "play_card" && !a.faceDown) ??
    legal[0]
  );
}

/**
 * A frame from the room parsed as the game screen parses it, and refused unless it is exactly a
 * protocol message: the schema refuses it, or parsing dropped or changed a field (the schema does
 * not describe everything the room sends).
 */
export function exactServerFrame(text: string): { ok: true; message: ServerMessage } | { ok: false; problem: string } {
  const parsed = parseServerFrame(text);
  if (!parsed.ok) return { ok: false, problem: parsed.error };
  const dropped = droppedPaths(JSON.parse(text), parsed.message);
  if (dropped.length > 0) return { ok: false, problem: `fields the schema does not know: ${dropped.slice(0, 5).join(", ")}` };
  return parsed;
}

/** The paths present in `raw` that `parsed` lacks or holds a different value at. */
function droppedPaths(raw: unknown, parsed: unknown, path = "$"): string[] {
  if (Array.isArray(raw)) {
    if (!Array.isArray(parsed) || parsed.length !== raw.length) return [path];
    return raw.flatMap((item, i) => droppedPaths(item, parsed[i], `${path}[${i}]`));
  }
  if (raw && typeof raw === "object") {
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return [path];
    const out = parsed as Record<string, unknown>;
    return Object.entries(raw).flatMap(([key, value]) =>
      key in out ? droppedPaths(value, out[key], `${path}.${key}`) : [`${path}.${key}`],
    );
  }
  return Object.is(raw, parsed) ? [] : [path];
}
