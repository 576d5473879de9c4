import { Link, useNavigate, useRevalidator, useSearchParams } from "@remix-run/react";
import { memo, useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ChatMessageView, GameSummary, Participant, PlayerResult } from "../../../game/protocol/entities";
import type { GameStatePayload } from "../../../game/protocol/room";
import type { Action, GameEvent } from "../../../game/truco/index";
import { LoadingScreen } from "~/components/loading-screen";
import { Logo } from "~/components/logo";
import { Button, buttonClasses } from "~/components/ui/button";
import { useToast } from "~/components/ui/toast";
import type { GamePage } from "~/services/game-page.server";
import type { Profile } from "~/services/users.server";
import { api } from "~/utils/api";
import { Board } from "./board";
import { useCallouts, useCalloutText, type AnyCallout } from "./callouts";
import { ChatPanel, ChatToggle, useChat } from "./chat-panel";
import { Modal, ModalActions } from "~/components/ui/modal";
import { FairnessPanel, type HandProof } from "./fairness-panel";
import { calloutsOf, eventKey, missingPlayers, type LiveState } from "./game-logic";
import { FinishedGame, MatchResult, type TournamentNote } from "./match-result";
import { InfoPanel, RoomHeader, TeamsPanel } from "./room-chrome";
import { TableProvider, useTable } from "./table-context";
import { useGameSocket } from "./use-game-socket";
import { useTableCues } from "./use-table-cues";
import { WaitingRoom } from "./waiting-room";
import { CHAT_DIALOG, CONCEDE_DIALOG, DIALOG_PARAM } from "~/utils/ui-params";
import { ConcedeControl } from "./concede-control";
import { AudienceChat, WatchersBadge } from "~/components/spectate/audience-chat";

/** The game room of spec §2: the page's first view, then the live room takes over. */
export function GameRoom({
  gameId,
  user,
  page,
  chat,
}: {
  gameId: string;
  user: Profile;
  page: GamePage;
  /** The table's recent messages when the page was asked with its chat open (`?dialog=chat`). */
  chat: ChatMessageView[] | null;
}) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const [attempt, setAttempt] = useState(0);
  // A reload the room asked for (joined here, or a retry) starts the live room again from the
  // page's new data; other revalidations (after a form) leave the live room and its socket alone.
  const reloading = useRef(false);
  const loaded = reloading.current && revalidator.state === "loading" ? ({ state: "loading" } as const) : page;
  useEffect(() => {
    if (!reloading.current || revalidator.state !== "idle") return;
    reloading.current = false;
    setAttempt((n) => n + 1);
  }, [page, revalidator.state]);
  const reload = useCallback(() => {
    reloading.current = true;
    revalidator.revalidate();
  }, [revalidator]);

  if (loaded.state === "loading") return <LoadingScreen />;
  if (loaded.state !== "ready") {
    return (
      <main className="flex min-h-dvh flex-col items-center justify-center gap-5 p-6 text-center" data-testid="room-error">
        <Logo className="h-14 w-14 opacity-80" />
        <p role="alert" className="font-display text-2xl font-bold text-gold-300">
          {loaded.state === "not_found" ? t("game:room.notFound") : t("game:room.loadError")}
        </p>
        <div className="flex flex-wrap justify-center gap-2">
          {loaded.state === "error" ? (
            <Button variant="secondary" onClick={reload}>
              {t("game:room.retry")}
            </Button>
          ) : null}
          <Link to="/" className={buttonClasses("primary", "lg")}>
            {t("common:backHome")}
          </Link>
        </div>
      </main>
    );
  }
  // An outsider's page has no join code (GET /api/games/{id} answers the same).
  const game: GameSummary = "game_code" in loaded.game ? loaded.game : { ...loaded.game, game_code: "" };
  return <LiveRoom key={attempt} gameId={gameId} user={user} initial={{ ...loaded, game, chat }} onReload={reload} />;
}

function LiveRoom({
  gameId,
  user,
  initial,
  onReload,
}: {
  gameId: string;
  user: Profile;
  initial: {
    game: GameSummary;
    participants: Participant[];
    live: GameStatePayload | null;
    chat: ChatMessageView[] | null;
    /** A settled game's result seat by seat, when the page opened after its end. */
    results?: PlayerResult[];
    tournament?: TournamentNote | null;
  };
  onReload(): void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const chatId = useId();
  const [searchParams] = useSearchParams();
  // Open from the start when its link (`?dialog=chat`) brought the page: the server drew it open.
  const [chatOpen, setChatOpen] = useState(() => searchParams.get(DIALOG_PARAM) === CHAT_DIALOG);
  const [exitOpen, setExitOpen] = useState(false);
  const [resultOpen, setResultOpen] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const { items: callouts, push: pushCallouts } = useCallouts();
  const seenEvents = useRef<Map<string, number>>(new Map());
  const cueEvents = useTableCues();
  // How many times the socket came back after a break: the chat reads what it missed.
  const [reconnected, setReconnected] = useState(0);
  const chat = useChat(gameId, chatOpen, user.id, initial.chat, reconnected);
  const [seatedInitially] = useState(() => initial.participants.some((p) => p.user_id === user.id));
  const [joinedHere, setJoinedHere] = useState(false);

  const onEvents = useCallback(
    (events: GameEvent[], live: LiveState) => {
      const hand = live.view?.handNumber ?? 0;
      const now = Date.now();
      const fresh: GameEvent[] = [];
      for (const event of events) {
        const key = eventKey(event, hand);
        const seen = seenEvents.current.get(key);
        // truco_called may come both alone and inside game_event: show it once.
        if (seen !== undefined && now - seen < 5000) continue;
        seenEvents.current.set(key, now);
        fresh.push(event);
      }
      if (seenEvents.current.size > 200) {
        for (const [key, at] of seenEvents.current) if (now - at > 10_000) seenEvents.current.delete(key);
      }
      pushCallouts(fresh.flatMap(calloutsOf));
      cueEvents(fresh, live.view);
    },
    [pushCallouts, cueEvents],
  );

  const socketParticipants = useRef(initial.participants);
  const onChat = useCallback(
    (message: ChatMessageView) => {
      chat.receive(message);
      const seat = message.user_id ? socketParticipants.current.find((p) => p.user_id === message.user_id) : undefined;
      if (seat && message.message_type !== "system") {
        pushCallouts([{ at: seat.player_id ?? seat.user_id!, text: { key: "chat", message: message.message }, tone: "chat" }]);
      }
    },
    [chat, pushCallouts],
  );

  const [enabled, setEnabled] = useState(seatedInitially && (initial.game.status === "waiting" || initial.game.status === "active"));
  const [stillSeated, setStillSeated] = useState(true);
  // The room played for the player when the time ran out: say so, in words.
  const onTimedOut = useCallback(
    ({ playerId, action }: { playerId: string; action: string }) => {
      if (playerId !== user.id) return;
      const text = t(action === "play_card" ? "game:board.timedOutCard" : "game:board.timedOutAnswer");
      toast.info(text);
      setAnnouncement(text);
    },
    [user.id, t, toast],
  );
  // The audience (game/spectate/): how many watch, and their chat, which a player may hide.
  const [watchers, setWatchers] = useState(0);
  const [audience, setAudience] = useState<ChatMessageView[]>([]);
  const [audienceHidden, setAudienceHidden] = useState(false);
  const onSpectatorChat = useCallback((message: ChatMessageView) => setAudience((list) => [...list, message].slice(-100)), []);
  const socket = useGameSocket(gameId, initial, enabled && stillSeated, {
    onEvents,
    onChat,
    onTimedOut,
    onSpectators: setWatchers,
    onSpectatorChat,
  });
  const { live } = socket;
  const openedBefore = useRef(false);
  const opened = socket.status === "open";
  useEffect(() => {
    if (!opened) return;
    if (openedBefore.current) setReconnected((n) => n + 1);
    openedBefore.current = true;
  }, [opened]);
  const game = live.game ?? initial.game;
  const participants = live.participants;
  socketParticipants.current = participants;
  const seated = participants.some((p) => p.user_id === user.id);
  // Left the table (or never sat at it): no socket to keep retrying.
  useEffect(() => setStillSeated(seated), [seated]);

  // Seated later (joined from this page): connect.
  useEffect(() => {
    if (!enabled && seated && (game.status === "waiting" || game.status === "active")) setEnabled(true);
  }, [enabled, seated, game.status]);

  // The match result opens once when the results arrive.
  const results = live.results;
  useEffect(() => {
    if (results && results.length > 0) setResultOpen(true);
  }, [results]);

  // The rematch's table is open: a player who accepted goes there (the last one's form already did).
  const rematchGameId = live.rematch?.gameId ?? null;
  const rematchAccepted = live.rematch?.accepted.includes(user.id) ?? false;
  useEffect(() => {
    if (rematchGameId && rematchAccepted) navigate(`/game/${rematchGameId}`);
  }, [rematchGameId, rematchAccepted, navigate]);

  // "Sua vez": said once per decision, and shown in the tab title.
  const view = live.view;
  const myTurn = view !== null && view.currentPlayer !== null && view.currentPlayer === view.me && view.legalActions.length > 0;
  useEffect(() => {
    if (myTurn) setAnnouncement(t("game:board.yourTurn"));
  }, [myTurn, view?.actionCount, t]);
  useEffect(() => {
    const base = `${t("game:room.title", { code: game.game_code })} · ${t("common:appName")}`;
    document.title = myTurn ? `● ${t("game:board.yourTurn")} · ${base}` : base;
  }, [myTurn, game.game_code, t]);

  const send = socket.send;
  const onAction = useCallback(
    (action: Action) => {
      if (!send(action)) toast.error(t("game:board.disconnectedActions"));
    },
    [send, toast, t],
  );

  async function joinHere() {
    const result = await api<{ game_id: string }>("/api/games/join", { method: "POST", body: { game_code: game.game_code } });
    if (!result.ok) {
      toast.error(result.error ?? t("game:lobby.joinError"));
      return;
    }
    setJoinedHere(true);
    onReload();
  }

  function back() {
    if (game.status === "active" && seated && !live.results) setExitOpen(true);
    else navigate("/");
  }

  const hands: HandProof[] = useMemo(() => {
    if (live.hands.length > 0) return live.hands;
    if (view?.handCommitment) return [{ hand: view.handNumber, commitment: view.handCommitment, seed: view.revealedSeed }];
    return [];
  }, [live.hands, view?.handCommitment, view?.handNumber, view?.revealedSeed]);

  const roomPath = `/game/${encodeURIComponent(gameId)}`;
  const connected = socket.status === "open";
  const connecting = socket.status === "connecting";
  let body: React.ReactNode;
  if (game.status === "cancelled") {
    body = (
      <section className="felt-panel flex flex-col items-center gap-3 p-6 text-center" data-testid="room-cancelled">
        <p className="font-display text-xl font-bold text-red-200">{t("game:room.status.cancelled")}</p>
        <p className="text-sm text-cream-100/80" data-testid="end-reason">
          {game.end_reason === "conceded" ? t("game:result.reason.conceded") : t("game:room.cancelledText")}
        </p>
        <Link to="/" className={buttonClasses("primary", "md")}>
          {t("common:backHome")}
        </Link>
      </section>
    );
  } else if (view && (game.status === "active" || game.status === "completed")) {
    body = (
      <TableProvider view={view} participants={participants}>
        <LiveBoard
          turn={live.turn}
          serverOffset={socket.serverOffset}
          nextHandAt={live.nextHandAt}
          onAction={onAction}
          busy={socket.sending}
          connected={connected}
          connecting={connecting}
          callouts={callouts}
        />
      </TableProvider>
    );
  } else if (game.status === "waiting") {
    body = (
      <>
        {!seated ? (
          <section className="felt-panel flex flex-col items-center gap-2 p-4 text-center">
            <p className="text-sm text-cream-100/80">{t("game:room.notSeated")}</p>
            {missingPlayers(game.capacity, participants) > 0 && !joinedHere ? (
              <Button onClick={joinHere} data-testid="join-this">
                {t("game:room.joinThis")}
              </Button>
            ) : null}
          </section>
        ) : null}
        <WaitingRoom game={game} participants={participants} userId={user.id} onChanged={() => undefined} />
      </>
    );
  } else if (game.status === "completed") {
    body = (
      <FinishedGame
        game={game}
        participants={participants}
        results={live.results ?? initial.results ?? []}
        userId={user.id}
        tournament={initial.tournament ?? null}
      />
    );
  } else {
    body = seated ? (
      <section className="felt-panel flex flex-col items-center gap-3 p-8 text-center" role="status" data-testid="connecting">
        <Logo className="h-12 w-12 animate-pulse" />
        <p className="font-display text-lg font-bold text-cream-50">{t("game:room.connecting")}</p>
      </section>
    ) : (
      <section className="felt-panel p-6 text-center text-sm text-cream-100/80">{t("game:room.notSeated")}</section>
    );
  }

  // "Desistir": a seated player's, while the game is being played and not yet decided.
  const canConcede = seated && game.status === "active" && !live.results;
  const finalScores: [number, number] = view ? [view.team1Score, view.team2Score] : [game.team1_score, game.team2_score];

  return (
    <div className="min-h-dvh pb-6">
      <RoomHeader
        game={game}
        connection={socket.status}
        showConnection={enabled}
        onBack={back}
        chatButton={
          <>
            {canConcede ? <ConcedeControl game={game} /> : null}
            <ChatToggle
              open={chatOpen}
              unread={chat.unread}
              onToggle={() => setChatOpen((o) => !o)}
              panelId={chatId}
              openHref={`?${DIALOG_PARAM}=${CHAT_DIALOG}`}
              closeHref={roomPath}
            />
          </>
        }
      />
      {enabled && socket.everOpened && !connected && game.status !== "completed" ? (
        <p role="status" className="bg-red-900/80 px-3 py-1.5 text-center text-xs font-semibold text-red-50" data-testid="reconnecting">
          {t("game:room.reconnecting")}
        </p>
      ) : null}
      <main
        id="main"
        className="mx-auto flex max-w-6xl flex-col gap-2 px-2 pt-2 sm:px-6 lg:grid lg:grid-cols-[minmax(0,1fr)_22rem] lg:grid-rows-[auto_1fr] lg:items-start lg:gap-x-4 lg:gap-y-2 lg:pt-3"
      >
        <div className="flex flex-col gap-2 lg:col-start-2 lg:row-start-1">
          <InfoPanel game={game} participants={participants} />
          {watchers > 0 ? (
            <div className="flex items-center justify-between gap-2">
              <WatchersBadge count={watchers} />
              {audienceHidden && audience.length > 0 ? (
                <button
                  type="button"
                  onClick={() => setAudienceHidden(false)}
                  className="text-xs font-semibold text-gold-300 underline-offset-2 hover:underline"
                  data-testid="audience-show"
                >
                  {t("spectate:chat.show")}
                </button>
              ) : null}
            </div>
          ) : null}
        </div>
        <div className="flex min-w-0 flex-col gap-2 lg:col-start-1 lg:row-span-2 lg:row-start-1">{body}</div>
        <aside className="flex min-w-0 flex-col gap-2 lg:col-start-2 lg:row-start-2">
          {chatOpen ? (
            <ChatPanel
              id={chatId}
              messages={chat.messages}
              onClose={() => setChatOpen(false)}
              onSent={(message) => (message ? chat.receive(message) : void chat.reload())}
              path={chat.path}
              formAction={`${roomPath}?${DIALOG_PARAM}=${CHAT_DIALOG}`}
              closeHref={roomPath}
              userId={user.id}
            />
          ) : null}
          {audience.length > 0 && !audienceHidden ? <AudienceChat messages={audience} onHide={() => setAudienceHidden(true)} /> : null}
          <TeamsPanel game={game} participants={participants} userId={user.id} />
          {game.status !== "waiting" ? <FairnessPanel hands={hands} /> : null}
        </aside>
      </main>
      <p className="sr-only" aria-live="polite" aria-atomic="true">
        {announcement}
      </p>

      <Modal
        open={exitOpen}
        onClose={() => setExitOpen(false)}
        title={t("game:room.exitTitle")}
        footer={
          <ModalActions>
            <Button variant="ghost" onClick={() => navigate("/")} data-testid="confirm-exit">
              {t("game:room.exitConfirm")}
            </Button>
            {game.bot_level === null ? (
              <Link
                to={`?${DIALOG_PARAM}=${CONCEDE_DIALOG}`}
                replace
                preventScrollReset
                onClick={() => setExitOpen(false)}
                className={buttonClasses("danger", "md")}
                data-testid="exit-concede"
              >
                {t("game:room.exitConcede")}
              </Link>
            ) : null}
            <Button onClick={() => setExitOpen(false)}>{t("game:room.stay")}</Button>
          </ModalActions>
        }
      >
        <p className="text-sm text-cream-100/85">{t("game:room.exitText")}</p>
      </Modal>

      {results && results.length > 0 ? (
        <MatchResult
          open={resultOpen}
          onClose={() => setResultOpen(false)}
          game={game}
          participants={participants}
          results={results}
          winnerTeam={game.winner_team ?? view?.winnerTeam ?? null}
          scores={finalScores}
          userId={user.id}
          reason={live.endReason ?? game.end_reason}
          rematch={live.rematch}
          tournament={initial.tournament ?? null}
        />
      ) : null}
    </div>
  );
}

/**
 * The board, drawn again only when what it shows changes: the room's other updates (the
 * connection's status, chat, announcements) leave it alone.
 */
const LiveBoard = memo(function LiveBoard({
  turn,
  serverOffset,
  nextHandAt,
  onAction,
  busy,
  connected,
  connecting,
  callouts,
}: {
  turn: LiveState["turn"];
  serverOffset: number;
  nextHandAt: number | null;
  onAction(action: Action): void;
  busy: boolean;
  connected: boolean;
  connecting: boolean;
  callouts: AnyCallout[];
}) {
  const { teamName } = useTable();
  const text = useCalloutText(teamName);
  const calloutText = useCallback((c: AnyCallout) => text(c.text), [text]);
  return (
    <Board
      turn={turn}
      serverOffset={serverOffset}
      nextHandAt={nextHandAt}
      onAction={onAction}
      busy={busy}
      connected={connected}
      connecting={connecting}
      callouts={callouts}
      calloutText={calloutText}
    />
  );
});
