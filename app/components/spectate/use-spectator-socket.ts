import { useCallback, useEffect, useRef, useState } from "react";
import type { ChatMessageView } from "../../../game/protocol/entities";
import { parseSpectatorServerFrame, type SpectatorCallout, type SpectatorFrame } from "../../../game/protocol/spectate";
import { spectatorReceives } from "../../../game/spectate/relay";
import { reconnectDelay } from "~/utils/backoff";
import { LEAVING_GRACE_MS, pageIsLeaving } from "~/utils/page-leaving";
import { PING_INTERVAL_MS } from "~/components/game/use-game-socket";
import { closeSocket } from "~/utils/close-socket";

/** At most this many of the audience's messages are kept on screen. */
const CHAT_KEEP = 100;

export type SpectatorStatus = "connecting" | "open" | "closed";

/**
 * A spectator's socket to the game's relay (docs/decisions/134-spectating-through-a-relay.md):
 * every frame is the whole public state of one version; one that does not follow the version held
 * is still taken (it is whole) and a `sync` asks the relay for its newest, in case one went
 * missing. The callouts of each frame go to `onCallouts`. Nothing is polled: an idle page only
 * keeps its socket.
 */
export function useSpectatorSocket(
  gameId: string,
  initial: SpectatorFrame,
  initialWatchers: number,
  onCallouts: (messages: SpectatorCallout[]) => void,
) {
  const [frame, setFrame] = useState(initial);
  const held = useRef<SpectatorFrame>(initial);
  const [status, setStatus] = useState<SpectatorStatus>("connecting");
  const [watchers, setWatchers] = useState(initialWatchers);
  const [chat, setChat] = useState<ChatMessageView[]>([]);
  const [refusedChat, setRefusedChat] = useState(0);
  const socketRef = useRef<WebSocket | null>(null);
  const calloutsRef = useRef(onCallouts);
  calloutsRef.current = onCallouts;
  const ended = frame.state.game.status === "completed" || frame.state.game.status === "cancelled";
  const endedRef = useRef(ended);
  endedRef.current = ended;

  useEffect(() => {
    let disposed = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let ping: ReturnType<typeof setInterval> | undefined;
    let attempt = 0;
    const send = (message: unknown) => {
      const socket = socketRef.current;
      if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
    };
    const connect = () => {
      if (disposed) return;
      if (pageIsLeaving()) {
        retry = setTimeout(connect, LEAVING_GRACE_MS);
        return;
      }
      setStatus("connecting");
      const { protocol, host } = window.location;
      let socket: WebSocket;
      try {
        socket = new WebSocket(`${protocol === "https:" ? "wss" : "ws"}://${host}/api/games/${encodeURIComponent(gameId)}/watch/ws`);
      } catch {
        retry = setTimeout(connect, reconnectDelay(attempt++));
        return;
      }
      socketRef.current = socket;
      socket.onopen = () => {
        if (disposed || socketRef.current !== socket) return;
        attempt = 0;
        setStatus("open");
        // The relay sends its newest frame as it accepts the socket, and may deliver a change while
        // the upgrade is still on its way: a frame sent then can miss this end. Asked now, the newest
        // comes over the open socket (ignored if it is the one held), so a first move is never missed.
        send({ type: "sync" });
        clearInterval(ping);
        ping = setInterval(() => send({ type: "ping" }), PING_INTERVAL_MS);
      };
      socket.onmessage = (event) => {
        const parsed = parseSpectatorServerFrame(event.data);
        if (!parsed.ok) {
          console.warn(`spectator socket: frame ignored (${parsed.error})`);
          return;
        }
        const message = parsed.message;
        switch (message.type) {
          case "frame": {
            const next = message.payload;
            const { take, gap } = spectatorReceives(held.current, next);
            if (!take) break;
            held.current = next;
            setFrame(next);
            if (next.messages.length) calloutsRef.current(next.messages);
            if (gap) send({ type: "sync" });
            break;
          }
          case "watchers":
            setWatchers(message.payload.count);
            break;
          case "spectator_chat":
            setChat((messages) => [...messages, message.payload.message].slice(-CHAT_KEEP));
            break;
          case "error":
            if (message.payload.code === "rate_limited") setRefusedChat((n) => n + 1);
            else console.warn(`spectator socket error: ${message.payload.code} ${message.payload.message}`);
            break;
          case "pong":
            break;
        }
      };
      socket.onclose = (event) => {
        if (socketRef.current !== socket) return;
        clearInterval(ping);
        socketRef.current = null;
        setStatus("closed");
        // Signed out (4001), banned (4003) or no longer watchable (4004): a new socket would be refused.
        const final = event.code === 4001 || event.code === 4003 || event.code === 4004;
        if (!disposed && !endedRef.current && !final) retry = setTimeout(connect, reconnectDelay(attempt++));
      };
    };
    connect();
    return () => {
      disposed = true;
      clearTimeout(retry);
      clearInterval(ping);
      closeSocket(socketRef.current, 1000, "leaving");
      socketRef.current = null;
    };
  }, [gameId]);

  const sendChat = useCallback((text: string) => {
    const socket = socketRef.current;
    if (socket?.readyState !== WebSocket.OPEN) return false;
    socket.send(JSON.stringify({ type: "chat", payload: { text } }));
    return true;
  }, []);

  return { frame, status, watchers, chat, sendChat, refusedChat };
}
