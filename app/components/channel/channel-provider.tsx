import { useNavigate, useRevalidator } from "@remix-run/react";
import { createContext, startTransition, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { CHANNEL_CLOSE, CHANNEL_PING } from "../../../game/protocol/channel-codes";
import type { ChannelServerMessage, parseChannelServerFrame as ParseFrame, PresenceUpdate } from "../../../game/protocol/channel";
import type { Invitation } from "../../../game/channel/invitations";
import { useToast } from "~/components/ui/toast";
import { reconnectDelay } from "~/utils/backoff";
import { LEAVING_GRACE_MS, pageIsLeaving } from "~/utils/page-leaving";
import { closeSocket } from "~/utils/close-socket";

// The signed-in page's end of the player's live channel: one socket per tab
// at /api/channel/ws, opened by the root for every signed-in page. Every frame is parsed with
// game/protocol/channel.ts; the server's heartbeat is answered with the ping the
// runtime answers without waking the channel. Friends' presence is kept here; friend events make
// the page's loaders run again (the badge, the /friends lists), so the screens stay server-rendered.

export interface ChannelApi {
  /** Friends' statuses as pushed live (newer than what the page loaded, when `at` says so). */
  presence: Readonly<Record<string, PresenceUpdate>>;
  /** Invitations this player received and can still answer. */
  invitations: readonly Invitation[];
  /** Drops an invitation from the list (answered here). */
  dismissInvitation(id: string): void;
  /** Listens to every parsed frame; answers the unsubscribe. */
  subscribe(listener: (message: ChannelServerMessage) => void): () => void;
  /**
   * The page shows the lobby's counts and open tables: the channel pushes a `lobby` frame now and on
   * every change while the tab is visible. Answers the stop.
   */
  watchLobby(): () => void;
  /** The page shows this tournament: `tournament_updated` arrives when it changes. Answers the stop. */
  watchTournament(tournamentId: string): () => void;
}

const ChannelContext = createContext<ChannelApi | null>(null);

const EMPTY: ChannelApi = {
  presence: {},
  invitations: [],
  dismissInvitation: () => {},
  subscribe: () => () => {},
  watchLobby: () => () => {},
  watchTournament: () => () => {},
};

/** The channel of the signed-in player (an inert one on visitor pages). */
/** The toast key of "now friends with X", shared by the channel's push and the page that accepted. */
export function friendToastKey(friendId: string): string {
  return `friend-added:${friendId}`;
}

/**
 * The channel's frame schemas (zod), loaded once a signed-in page opens its socket: a visitor's
 * landing page never downloads them.
 */
let framesModule: Promise<{ parseChannelServerFrame: typeof ParseFrame }> | null = null;
function channelFrames() {
  framesModule ??= import("../../../game/protocol/channel");
  return framesModule;
}

export function useChannel(): ChannelApi {
  return useContext(ChannelContext) ?? EMPTY;
}

/** The status to show for a friend: the live one when it is newer than the page's. */
/** The game a friend is playing now, as the page learnt it or as their channel pushed it since. */
export function useFriendGame(friend: { id: string; status_at: number }, fromPage: string | null): string | null {
  const live = useChannel().presence[friend.id];
  if (live && live.at >= friend.status_at) return live.status === "playing" ? (live.game_id ?? null) : null;
  return fromPage;
}

export function useFriendStatus(friend: { id: string; status: PresenceUpdate["status"]; status_at: number }): PresenceUpdate["status"] {
  const live = useChannel().presence[friend.id];
  return live && live.at >= friend.status_at ? live.status : friend.status;
}

export function ChannelProvider({ userId, children }: { userId: string | null; children: ReactNode }) {
  const [presence, setPresence] = useState<Record<string, PresenceUpdate>>({});
  const [invitations, setInvitations] = useState<Invitation[]>([]);
  const listeners = useRef(new Set<(message: ChannelServerMessage) => void>());
  /** How many mounted parts of the page show the lobby, and the socket's way to say so (set while connected). */
  const lobbyWatchers = useRef(0);
  const tellLobby = useRef<() => void>(() => {});
  /** The tournament the page shows (one at a time), and the socket's way to say so. */
  const watchedTournament = useRef<string | null>(null);
  const tellTournament = useRef<() => void>(() => {});
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const navigate = useNavigate();
  const go = useRef(navigate);
  go.current = navigate;
  const toast = useToast();
  const { t } = useTranslation();
  const notices = useRef({ toast, t });
  notices.current = { toast, t };

  useEffect(() => {
    if (!userId) return;
    let socket: WebSocket | null = null;
    let attempt = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    /** What the channel was last told about this tab watching the lobby. */
    let toldWatch = false;

    /** Watching while a part of the page shows the lobby and the tab is visible. */
    function sayLobby() {
      const watch = lobbyWatchers.current > 0 && document.visibilityState === "visible";
      if (!socket || socket.readyState !== WebSocket.OPEN || watch === toldWatch) return;
      toldWatch = watch;
      socket.send(JSON.stringify({ type: "lobby", payload: { watch } }));
    }
    tellLobby.current = () => sayLobby();
    /** What the channel was last told about the tournament this tab shows. */
    let toldTournament: string | null = null;
    function sayTournament() {
      const watch = watchedTournament.current;
      if (!socket || socket.readyState !== WebSocket.OPEN || watch === toldTournament) return;
      toldTournament = watch;
      socket.send(JSON.stringify({ type: "tournament", payload: { watch } }));
    }
    tellTournament.current = () => sayTournament();
    const onVisibility = () => sayLobby();
    document.addEventListener("visibilitychange", onVisibility);

    function handle(message: ChannelServerMessage) {
      const { toast, t } = notices.current;
      switch (message.type) {
        case "heartbeat":
          socket?.send(CHANNEL_PING);
          return;
        case "hello":
          attempt = 0;
          // A new socket knows nothing of this tab: it hears again whether the lobby is on screen.
          toldWatch = false;
          sayLobby();
          toldTournament = null;
          sayTournament();
          setPresence(Object.fromEntries(message.payload.presence.map((update) => [update.user_id, update])));
          setInvitations(message.payload.invitations);
          break;
        case "presence":
          setPresence((held) => {
            const current = held[message.payload.user_id];
            return current && current.at > message.payload.at ? held : { ...held, [message.payload.user_id]: message.payload };
          });
          break;
        case "friend_request":
          toast.info(t("friends:requestReceived", { name: message.payload.request.friend_profile.nickname }));
          revalidate.current();
          break;
        case "friend_added":
          // Keyed like the accepting form's answer: the player who accepted sees one toast.
          toast.success(t("friends:friendAdded", { name: message.payload.friend.nickname }), friendToastKey(message.payload.friend.id));
          setPresence((held) => ({
            ...held,
            [message.payload.friend.id]: {
              user_id: message.payload.friend.id,
              status: message.payload.friend.status,
              at: message.payload.friend.status_at,
            },
          }));
          revalidate.current();
          break;
        case "friend_removed":
        case "friend_request_declined":
        case "friend_request_cancelled":
          revalidate.current();
          break;
        case "tournament_game_ready":
          // The prompt (tournament-game-prompt.tsx) shows the link; a tournament page on screen reloads its bracket.
          revalidate.current();
          break;
        case "invitation":
          setInvitations((held) => [...held.filter((item) => item.id !== message.payload.invitation.id), message.payload.invitation]);
          break;
        case "invitation_closed":
          setInvitations((held) => held.filter((item) => item.id !== message.payload.id));
          break;
        case "invitation_update": {
          const { invitation } = message.payload;
          const name = invitation.to.nickname;
          if (invitation.status === "accepted") toast.success(t("friends:invitationAccepted", { name }));
          else if (invitation.status === "declined") toast.info(t("friends:invitationDeclined", { name }));
          else if (invitation.status === "expired") toast.info(t("friends:invitationExpired", { name }));
          else if (invitation.status === "cancelled") toast.info(t("friends:invitationCancelled", { name }));
          break;
        }
        case "account_banned":
          // Every open page of a banned player says why at once; a full load, so /banned reads the
          // revoked session. Once only: the socket's close (code banned) says the same, and a second
          // load would go without the cookie the first one's answer cleared, to the landing page.
          if (stopped) break;
          stopped = true;
          window.location.assign("/banned");
          break;
        case "match_found":
          // Quick match: a matchmaker seated this player; every open tab goes to the room.
          go.current(`/game/${message.payload.game_id}`);
          break;
        case "queue_left":
          // Quick match: dropped from the queue; the waiting page and the search banner follow.
          revalidate.current();
          break;
        default:
          break;
      }
      for (const listener of listeners.current) listener(message);
    }

    function connect() {
      if (stopped) return;
      // A full navigation away has begun (a tap before hydration, a signed-out form post): no socket now.
      if (pageIsLeaving()) {
        timer = setTimeout(connect, LEAVING_GRACE_MS);
        return;
      }
      const url = new URL("/api/channel/ws", window.location.href);
      url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
      const ws = new WebSocket(url);
      socket = ws;
      const frames = channelFrames();
      ws.addEventListener("message", (event) => {
        // Frames are handled in the order they came: each waits on the same loaded parser.
        void frames.then(({ parseChannelServerFrame }) => {
          const parsed = parseChannelServerFrame(event.data);
          if (!parsed.ok) {
            // Spec §8: a bad frame is only logged.
            console.warn("channel frame refused:", parsed.error);
            return;
          }
          // A transition: the channel's first frames often arrive while the page's lazily loaded
          // parts are still hydrating, and an urgent update to a context they read would make React
          // throw their server HTML away and render them again on the client (React error #421).
          startTransition(() => handle(parsed.message));
        });
      });
      ws.addEventListener("close", (event) => {
        if (socket === ws) socket = null;
        // Signed out (or suspended): this tab's session is gone; nothing to reconnect to.
        if (event.code === CHANNEL_CLOSE.banned && !stopped) {
          stopped = true;
          window.location.assign("/banned");
          return;
        }
        if (stopped || event.code === CHANNEL_CLOSE.signedOut) return;
        timer = setTimeout(connect, reconnectDelay(attempt++));
      });
    }

    connect();
    return () => {
      stopped = true;
      tellLobby.current = () => {};
      tellTournament.current = () => {};
      document.removeEventListener("visibilitychange", onVisibility);
      clearTimeout(timer);
      closeSocket(socket, 1000, "Page closed");
    };
  }, [userId]);

  const dismissInvitation = useCallback((id: string) => setInvitations((held) => held.filter((item) => item.id !== id)), []);
  const subscribe = useCallback((listener: (message: ChannelServerMessage) => void) => {
    listeners.current.add(listener);
    return () => {
      listeners.current.delete(listener);
    };
  }, []);
  const watchLobby = useCallback(() => {
    lobbyWatchers.current += 1;
    tellLobby.current();
    return () => {
      lobbyWatchers.current -= 1;
      tellLobby.current();
    };
  }, []);
  const watchTournament = useCallback((tournamentId: string) => {
    watchedTournament.current = tournamentId;
    tellTournament.current();
    return () => {
      if (watchedTournament.current === tournamentId) watchedTournament.current = null;
      tellTournament.current();
    };
  }, []);
  const value = useMemo<ChannelApi>(
    () => ({ presence, invitations, dismissInvitation, subscribe, watchLobby, watchTournament }),
    [presence, invitations, dismissInvitation, subscribe, watchLobby, watchTournament],
  );
  return <ChannelContext.Provider value={value}>{children}</ChannelContext.Provider>;
}
