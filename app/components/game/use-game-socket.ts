import { startTransition, useCallback, useEffect, useRef, useState } from "react";
import type { ChatMessageView, GameSummary, Participant } from "../../../game/protocol/entities";
import {
  CLOSE_BANNED,
  CLOSE_SIGNED_OUT,
  eventsOf,
  frameOf,
  messagesOf,
  parseServerFrame,
  type GameStatePayload,
} from "../../../game/protocol/room";
import { receiveState } from "../../../game/protocol/state-delta";
import type { Action, GameEvent } from "../../../game/truco/index";
import { api } from "~/utils/api";
import { reconnectDelay } from "~/utils/backoff";
import { LEAVING_GRACE_MS, pageIsLeaving } from "~/utils/page-leaving";
import { clockOffset, EMPTY_LIVE, keepUnchanged, reduceLive, withPolled, type LiveState } from "./game-logic";
import { closeSocket } from "~/utils/close-socket";

// The live connection of spec §4 and §9: connect and mark connected on open, ping every 30 s,
// on close mark disconnected and try again after 3 s, and while disconnected poll the game's REST
// data every 2 s. Every frame from the room is parsed with the protocol's schemas before it is
// used. A frame holds one message or a `batch` of several. After the first full
// game_state, the room sends each new version as a `game_state_delta` from the one before, which
// `receiveState` applies to the state the socket holds; older ones are ignored, and a
// delta that does not follow asks the room for a `sync`.

export const PING_INTERVAL_MS = 30_000;
export const POLL_INTERVAL_MS = 2_000;
/** At most one `sync` request per this many ms, so a room that skips numbers is not flooded. */
const SYNC_COOLDOWN_MS = 5_000;
/** An action frame waits this long for the room's answer before the buttons come back. */
const ACTION_TIMEOUT_MS = 5_000;

export type ConnectionStatus = "connecting" | "open" | "closed";

export interface GameSocket {
  live: LiveState;
  status: ConnectionStatus;
  /** The socket has been open at least once. */
  everOpened: boolean;
  /** An action was sent and its answer has not arrived yet. */
  sending: boolean;
  /** Server clock minus local clock (ms), from ping/pong. */
  serverOffset: number;
  send(action: Action): boolean;
}

export interface SocketHandlers {
  onEvents?(events: GameEvent[], live: LiveState): void;
  onChat?(message: ChatMessageView): void;
  /** The room acted for a player whose turn timer ran out. */
  onTimedOut?(timeout: { playerId: string; action: string }): void;
  /** How many people watch the game. */
  onSpectators?(count: number): void;
  /** A spectator's chat message (kept apart from the table's chat). */
  onSpectatorChat?(message: ChatMessageView): void;
}

function socketUrl(gameId: string): string {
  const { protocol, host } = window.location;
  return `${protocol === "https:" ? "wss" : "ws"}://${host}/api/games/${encodeURIComponent(gameId)}/ws`;
}

export function useGameSocket(
  gameId: string,
  initial: { game: GameSummary; participants: Participant[]; live: GameStatePayload | null },
  enabled: boolean,
  handlers: SocketHandlers,
): GameSocket {
  // The page's first view is shown until the socket's first full state replaces it.
  const [live, setLive] = useState<LiveState>(() =>
    initial.live
      ? reduceLive(EMPTY_LIVE, { type: "game_state", payload: initial.live }, true).state
      : { ...EMPTY_LIVE, game: initial.game, participants: initial.participants },
  );
  const liveRef = useRef(live);
  const fromPage = useRef(initial.live !== null);
  const [status, setStatus] = useState<ConnectionStatus>(enabled ? "connecting" : "closed");
  const [everOpened, setEverOpened] = useState(false);
  const [sending, setSending] = useState(false);
  const [serverOffset, setServerOffset] = useState(0);
  const offsetRef = useRef<number | null>(null);
  const socketRef = useRef<WebSocket | null>(null);
  const handlersRef = useRef(handlers);
  handlersRef.current = handlers;
  const sendingTimer = useRef<ReturnType<typeof setTimeout>>();
  /** Messages the room's sockets have delivered: a poll answer that crossed one is not taken. */
  const heard = useRef(0);

  const commit = useCallback((next: LiveState) => {
    liveRef.current = next;
    setLive(next);
  }, []);

  const finished = live.game?.status === "completed" || live.game?.status === "cancelled";
  const finishedRef = useRef(finished);
  finishedRef.current = finished;

  useEffect(() => {
    // A finished game keeps its open socket (the last frames may still come) but never reconnects.
    if (!enabled || finishedRef.current) return;
    let disposed = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    /** Reconnect attempts since the socket last opened. */
    let attempt = 0;
    let ping: ReturnType<typeof setInterval> | undefined;
    let fresh = true;
    /** The last game_state as the room published it (deltas build on it; live state may differ). */
    let held: GameStatePayload | null = null;
    let lastSync = 0;
    let pingSentAt = 0;

    const sendRaw = (frame: unknown) => {
      const socket = socketRef.current;
      if (socket?.readyState !== WebSocket.OPEN) return false;
      socket.send(JSON.stringify(frame));
      return true;
    };
    const sendPing = () => {
      pingSentAt = Date.now();
      sendRaw({ type: "ping" });
    };

    const connect = () => {
      if (disposed) return;
      clearTimeout(retry);
      // A full navigation away has begun (a tap before hydration): no socket now.
      if (pageIsLeaving()) {
        retry = setTimeout(connect, LEAVING_GRACE_MS);
        return;
      }
      setStatus("connecting");
      let socket: WebSocket;
      try {
        socket = new WebSocket(socketUrl(gameId));
      } catch (error) {
        console.warn("game socket could not be opened", error);
        retry = setTimeout(connect, reconnectDelay(attempt++));
        return;
      }
      socketRef.current = socket;
      fresh = true;

      socket.onopen = () => {
        if (disposed || socketRef.current !== socket) return;
        attempt = 0;
        // Not urgent, and the table is drawn again for it: a transition, which React draws in
        // slices instead of one long task (the socket opens right after the page hydrates).
        startTransition(() => {
          setStatus("open");
          setEverOpened(true);
        });
        // A reconnect asks for whatever changed while away (the page's own view is not one: the
        // room sends every new socket its full state).
        if (liveRef.current.version > 0 && !fromPage.current) sendRaw({ type: "sync", payload: { version: liveRef.current.version } });
        fromPage.current = false;
        sendPing();
        clearInterval(ping);
        ping = setInterval(sendPing, PING_INTERVAL_MS);
      };

      socket.onmessage = (event) => {
        if (disposed || socketRef.current !== socket) return;
        heard.current += 1;
        const parsed = parseServerFrame(event.data);
        if (!parsed.ok) {
          console.warn(`game socket: frame ignored (${parsed.error})`);
          return;
        }
        for (const message of messagesOf(parsed.message)) {
          switch (message.type) {
            case "pong":
              // The room answers keep-alive pings without waking up (at: 0); only a real time counts.
              if (pingSentAt && message.payload.at > 0) {
                const offset = clockOffset(pingSentAt, Date.now(), message.payload.at);
                offsetRef.current = offset;
                startTransition(() => setServerOffset(offset));
              }
              break;
            case "chat_message":
              handlersRef.current.onChat?.(message.payload.message);
              break;
            case "turn_timed_out":
              handlersRef.current.onTimedOut?.(message.payload);
              break;
            case "spectators":
              handlersRef.current.onSpectators?.(message.payload.count);
              break;
            case "spectator_chat":
              handlersRef.current.onSpectatorChat?.(message.payload.message);
              break;
            case "error":
              // Spec §8: socket errors are only logged.
              console.warn(`game socket error: ${message.payload.code} ${message.payload.message}`);
              clearTimeout(sendingTimer.current);
              setSending(false);
              break;
            case "game_event":
              handlersRef.current.onEvents?.(message.payload.events, liveRef.current);
              break;
            case "truco_called":
            case "truco_responded":
              handlersRef.current.onEvents?.([message.payload], liveRef.current);
              break;
            case "game_state":
            case "game_state_delta": {
              // A delta's events first, as a game_event before its full state would be.
              const events = eventsOf(message);
              if (events.length) handlersRef.current.onEvents?.(events, liveRef.current);
              const received = receiveState(held, message, fresh);
              if (received.gap) {
                if (Date.now() - lastSync > SYNC_COOLDOWN_MS) {
                  lastSync = Date.now();
                  sendRaw({ type: "sync", payload: { version: held?.version ?? 0 } });
                }
                break;
              }
              if (!received.taken || !received.state) break;
              held = received.state;
              const first = fresh;
              fresh = false;
              const before = liveRef.current.turn;
              const reduced = reduceLive(liveRef.current, { type: "game_state", payload: received.state }, first);
              if (reduced.stale) break;
              // A turn timer that started while we watched tells the server's clock: its start
              // (deadline - seconds) is at most the server's "now", so the largest estimate wins.
              const turn = reduced.state.turn;
              if (!first && turn && turn.deadline !== before?.deadline) {
                const estimate = turn.deadline - turn.seconds * 1000 - Date.now();
                if (offsetRef.current === null || estimate > offsetRef.current) {
                  offsetRef.current = estimate;
                  setServerOffset(estimate);
                }
              }
              clearTimeout(sendingTimer.current);
              setSending(false);
              // Unchanged parts (all of it, for a first state that repeats the page's view) keep
              // their objects, so only what changed is drawn again.
              const next = keepUnchanged(liveRef.current, reduced.state);
              if (next !== liveRef.current) commit(next);
              break;
            }
            default: {
              const reduced = reduceLive(liveRef.current, message);
              if (reduced.state !== liveRef.current) commit(reduced.state);
            }
          }
        }
      };

      socket.onclose = (event) => {
        if (socketRef.current === socket) socketRef.current = null;
        clearInterval(ping);
        if (disposed) return;
        setStatus("closed");
        setSending(false);
        // Signed out (here or in another tab) or banned (the channel takes the page to /banned): a new socket would only be refused.
        if (event.code === CLOSE_SIGNED_OUT || event.code === CLOSE_BANNED) return;
        if (!finishedRef.current) retry = setTimeout(connect, reconnectDelay(attempt++));
      };
      socket.onerror = () => {
        // onclose follows and schedules the retry.
      };
    };

    // Back on the page or the network: do not wait for the retry timer.
    const wake = () => {
      if (document.visibilityState !== "visible" || disposed || finishedRef.current) return;
      const socket = socketRef.current;
      if (!socket || socket.readyState === WebSocket.CLOSED || socket.readyState === WebSocket.CLOSING) connect();
    };
    document.addEventListener("visibilitychange", wake);
    window.addEventListener("online", wake);

    connect();
    return () => {
      disposed = true;
      document.removeEventListener("visibilitychange", wake);
      window.removeEventListener("online", wake);
      clearTimeout(retry);
      clearInterval(ping);
      const socket = socketRef.current;
      socketRef.current = null;
      closeSocket(socket, 1000, "leaving");
    };
  }, [gameId, enabled, commit]);

  // Spec §4: while disconnected, poll the game data every 2 s.
  const polling = (status !== "open" || !enabled) && !finished;
  useEffect(() => {
    if (!polling) return;
    const controller = new AbortController();
    const tick = async () => {
      const before = heard.current;
      try {
        const [game, participants] = await Promise.all([
          api<GameSummary>(`/api/games/${encodeURIComponent(gameId)}`, { signal: controller.signal }),
          api<Participant[]>(`/api/games/${encodeURIComponent(gameId)}/participants`, { signal: controller.signal }),
        ]);
        // The socket spoke (or opened) while the poll was out: what it said is newer.
        if (heard.current !== before || socketRef.current?.readyState === WebSocket.OPEN) return;
        const next = withPolled(liveRef.current, {
          game: game.ok ? game.data : null,
          participants: participants.ok && Array.isArray(participants.data) ? participants.data : null,
        });
        if (next !== liveRef.current) commit(next);
      } catch {
        // aborted
      }
    };
    const timer = setInterval(tick, POLL_INTERVAL_MS);
    return () => {
      controller.abort();
      clearInterval(timer);
    };
  }, [polling, gameId, commit]);

  const send = useCallback((action: Action) => {
    const socket = socketRef.current;
    if (socket?.readyState !== WebSocket.OPEN) return false;
    socket.send(JSON.stringify(frameOf(action)));
    setSending(true);
    clearTimeout(sendingTimer.current);
    sendingTimer.current = setTimeout(() => setSending(false), ACTION_TIMEOUT_MS);
    return true;
  }, []);

  return { live, status: enabled ? status : "closed", everOpened, sending, serverOffset, send };
}
