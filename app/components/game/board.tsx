import { useCallback, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { TurnTimer } from "../../../game/protocol/room";
import { FIXED_MANILHA_IDS } from "../../../game/truco/cards";
import type { Action } from "../../../game/truco/index";
import { Avatar } from "~/components/avatar";
import { ActionBar } from "./action-bar";
import { CalloutBubble, type AnyCallout } from "./callouts";
import { Celebration, usePrefersReducedMotion } from "./celebration";
import { DEAL_STEP_MS, groupActions, isSpanishDeck } from "./game-logic";
import { HandSummary } from "./hand-summary";
import { MyHand } from "./my-hand";
import { PlayingCard } from "./playing-card";
import { Scoreboard, TEAM_STYLE } from "./scoreboard";
import { Seat } from "./seat";
import { useTable } from "./table-context";
import { TrickArea } from "./trick-area";
import { useTableSettings } from "~/utils/table-settings";
import { TableOptions } from "./table-options";
import { LiveTimerRing } from "./turn-timer";
import { onCelebration, useTurnCues } from "./use-table-cues";

const SUIT_SYMBOL: Record<string, string> = { c: "♣", h: "♥", s: "♠", d: "♦" };

/**
 * The board of spec §2 while a game is active: round and phase, both scores and the stake, the
 * vira and manilha, the trick's cards with nicknames, the other players (card counts, turn
 * marker, timer) and the viewer's hand with the actions `legalActions` allows.
 */
export function Board({
  turn,
  serverOffset,
  nextHandAt,
  onAction,
  busy,
  connected,
  connecting = false,
  callouts,
  calloutText,
  spectator = false,
}: {
  turn: TurnTimer | null;
  serverOffset: number;
  nextHandAt: number | null;
  onAction(action: Action): void;
  busy: boolean;
  connected: boolean;
  /** The socket is (re)opening: the actions wait, and say so without alarm. */
  connecting?: boolean;
  callouts: AnyCallout[];
  calloutText(callout: AnyCallout): string;
  /** Someone watching (game/spectate/): every seat is drawn as a seat, and there is nothing to do. */
  spectator?: boolean;
}) {
  const { t } = useTranslation();
  const { view, me, positions, nickname, participant, cardName, teamName } = useTable();
  const groups = useMemo(() => groupActions(view.legalActions), [view.legalActions]);
  const [selected, setSelected] = useState<string | null>(null);
  // The countdown ticks inside the ring and the bar (LiveTimerRing, LiveTurnBar), not here: the board is not drawn again every second.
  const timerFor = (playerId: string) => (turn && turn.playerId === playerId ? turn : null);

  const reducedMotion = usePrefersReducedMotion();
  // Confetti for a match won while this board is shown (a new board starts without).
  const [celebrations, setCelebrations] = useState(0);
  useEffect(() => onCelebration(() => setCelebrations((n) => n + 1)), []);
  useTurnCues(view);

  // One tap plays a card face up; where a covered card is allowed too, "next one face down" turns the next tap into that.
  const [{ confirmPlay }] = useTableSettings();
  const canCover = !confirmPlay && Object.values(groups.plays).some((p) => p.faceUp && p.faceDown);
  const [cover, setCover] = useState(false);

  // A new decision point drops a stale pick; a single playable card is not pre-picked on purpose.
  useEffect(() => {
    setSelected(null);
    setCover(false);
  }, [view.actionCount, view.handNumber]);

  const others = view.seats.filter((id) => id !== me);
  const at = (position: string) => others.find((id) => positions[id] === position);
  const top = at("top");
  const leftSeat = at("left");
  const rightSeat = at("right");
  // A spectator has no seat of their own: the first seat takes the bottom, hidden cards and all.
  const bottomSeat = me === null ? at("bottom") : undefined;
  const four = view.seats.length === 4;

  const turnText =
    view.currentPlayer === null
      ? ""
      : view.currentPlayer === me
        ? t("game:board.yourTurn")
        : t("game:board.turnOf", { name: nickname(view.currentPlayer) });

  // Stable, like the overlay below: the board draws again every second while a turn timer runs,
  // and the hand, the trick and the scoreboard (memo) are left alone unless their data changed.
  const play = useCallback(
    (id: string, faceDown: boolean) => {
      onAction(faceDown ? { type: "play_card", cardId: id, faceDown: true } : { type: "play_card", cardId: id });
      setSelected(null);
    },
    [onAction],
  );
  const summary = useMemo(() => <HandSummary nextHandAt={nextHandAt} serverOffset={serverOffset} />, [nextHandAt, serverOffset]);

  const seatCallouts = (id: string | undefined) => (id ? callouts.filter((c) => c.at === id) : []);
  const seatProps = (id: string) => ({
    playerId: id,
    timer: timerFor(id),
    serverOffset,
    callouts: seatCallouts(id),
    calloutText,
  });

  const meView = me ? view.players[me] : undefined;
  const meSeat = me ? participant(me) : undefined;
  const myActive = me !== null && view.currentPlayer === me;
  const centre = callouts.filter((c) => c.at === null);
  const spanish = isSpanishDeck(view.variant);
  const partnerFaces = view.specialHand !== null && view.gamePhase === "waiting_mao_decision" && four && view.myTeam === view.specialTeam;

  return (
    // On a phone on its side, and on a laptop's short window, the table fills the screen's height:
    // the controls (a call to answer above all) go in a column beside it, where they cover neither
    // the score nor a player. A spectator has no controls: the table keeps the whole width.
    <div
      className={`flex flex-col gap-2 ${spectator ? "" : "short-landscape:grid short-desktop:grid short-landscape:grid-cols-[minmax(0,1fr)_16rem] short-desktop:grid-cols-[minmax(0,1fr)_16rem] short-landscape:items-start short-desktop:items-start short-landscape:gap-x-3 short-desktop:gap-x-3"}`}
      data-testid="board"
      data-variant={view.variant}
      data-phase={view.gamePhase}
      data-motion={reducedMotion ? "reduced" : "full"}
    >
      <Scoreboard turnText={turnText} />

      <section
        aria-label={t("game:board.label")}
        className="table-felt relative short-landscape:col-start-1 short-desktop:col-start-1 rounded-[2rem] px-1.5 pb-2 pt-2 sm:rounded-[3rem] sm:px-6 sm:pb-4 sm:pt-4"
      >
        {/* Corner: the vira and the manilha (Paulista, International). */}
        {view.vira ? (
          <div className="absolute left-2 top-2 flex flex-col items-center gap-0.5 sm:left-5 sm:top-4" data-testid="vira">
            <span className="text-[10px] font-bold uppercase tracking-wide text-cream-100/70">{t("game:board.vira")}</span>
            {/* Turned up once every hand's cards are out. */}
            <span
              key={view.handNumber}
              className="animate-vira block"
              style={{ animationDelay: `${3 * view.seats.length * DEAL_STEP_MS + 120}ms` }}
              data-testid="vira-card"
            >
              <PlayingCard
                card={view.vira}
                variant={view.variant}
                className="w-9 sm:w-12"
                label={`${t("game:board.vira")}: ${cardName(view.vira)}`}
              />
            </span>
            {view.manilha ? (
              <span className="mt-0.5 rounded-md bg-gold-400/20 px-1.5 text-[11px] font-bold text-gold-300" data-testid="manilha">
                {t("game:board.manilhaRank", { rank: view.manilha })}
              </span>
            ) : null}
          </div>
        ) : !isSpanishDeck(view.variant) ? (
          <div
            className="absolute left-2 top-2 flex max-w-[5.5rem] flex-col gap-0.5 text-[10px] font-semibold leading-tight text-cream-100/70 sm:left-5 sm:top-4 sm:max-w-none sm:text-xs"
            data-testid="fixed-manilhas"
          >
            <span className="uppercase tracking-wide">{t("game:board.fixedManilhas")}</span>
            <span className="whitespace-nowrap rounded-md bg-cream-50/90 px-1 py-0.5 font-bold tracking-tight text-felt-950" aria-hidden>
              {FIXED_MANILHA_IDS.map((id) => (
                <span key={id} className="mr-1 last:mr-0">
                  {id[0]}
                  <span className={id[1] === "h" || id[1] === "d" ? "text-suit-red" : "text-suit-black"}>{SUIT_SYMBOL[id[1]]}</span>
                </span>
              ))}
            </span>
          </div>
        ) : null}

        {/* Corner: trick results of this hand. */}
        <ol className="absolute right-2 top-2 flex gap-1 sm:right-5 sm:top-4" aria-label={t("game:board.tricks")} data-testid="trick-pips">
          {[0, 1, 2].map((i) => {
            const r = view.trickResults[i];
            const label =
              r === undefined
                ? t("game:board.trickResult.open", { n: i + 1 })
                : r === "tie"
                  ? t("game:board.trickResult.tie", { n: i + 1 })
                  : t("game:board.trickResult.won", { n: i + 1, team: teamName(r) });
            return (
              <li
                key={i}
                aria-label={label}
                title={label}
                className={`h-3 w-3 rounded-full ring-1 ring-white/30 ${
                  r === undefined ? "bg-black/30" : r === "tie" ? "bg-cream-100/60" : TEAM_STYLE[r].dot
                }`}
              />
            );
          })}
        </ol>

        <div className="flex justify-center pt-1">{top ? <Seat position="top" {...seatProps(top)} /> : null}</div>

        <div className={`grid items-center ${four ? "grid-cols-[auto_1fr_auto]" : "grid-cols-1"} gap-0.5`}>
          {four && leftSeat ? <Seat position="left" {...seatProps(leftSeat)} /> : null}
          <TrickArea overlay={summary} />
          {four && rightSeat ? <Seat position="right" {...seatProps(rightSeat)} /> : null}
          {centre.length > 0 ? (
            <div className="pointer-events-none absolute left-1/2 top-1/2 z-20 flex -translate-x-1/2 -translate-y-1/2 flex-col items-center gap-1">
              {centre.map((c) => (
                <p
                  key={c.id}
                  className="animate-banner rounded-2xl border border-gold-400/60 bg-felt-950/95 px-4 py-2 text-center font-display text-base font-bold text-gold-300 shadow-xl"
                  aria-hidden
                >
                  {calloutText(c)}
                </p>
              ))}
            </div>
          ) : null}
        </div>

        {/* The viewer's seat and hand. */}
        {meView ? (
          <div
            className="relative mt-1 flex flex-col items-center"
            data-testid="seat-bottom"
            data-player={me ?? undefined}
            data-active={myActive || undefined}
          >
            <div className="flex items-center gap-2">
              <span className="relative inline-block" style={{ width: 34, height: 34 }}>
                <span className={`absolute inset-[3px] overflow-hidden rounded-full ring-2 ${TEAM_STYLE[meView.team].ring}`}>
                  <Avatar name={nickname(me!)} url={meSeat?.avatar_url} seed={meSeat?.user_id ?? me!} size={28} />
                </span>
                {myActive && turn ? <LiveTimerRing timer={turn} serverOffset={serverOffset} size={34} /> : null}
              </span>
              <span className={`relative text-sm font-semibold ${myActive ? "text-gold-300" : "text-cream-50"}`}>
                {nickname(me!)} <span className="font-normal text-cream-100/60">({t("game:teams.you")})</span>
                {/* Beside the name, not above it: above is where the viewer's played card lands. */}
                {seatCallouts(me ?? undefined).map((callout) => (
                  <CalloutBubble key={callout.id} callout={callout} text={calloutText(callout)} placement="side" />
                ))}
              </span>
              {meView.isDealer || meView.isMao ? (
                <span
                  className="rounded-full bg-cream-50 px-1.5 text-[10px] font-extrabold leading-4 text-felt-950"
                  title={meView.isDealer ? t("game:board.dealerFull") : t("game:board.maoFull")}
                >
                  {meView.isDealer ? t("game:board.dealer") : t("game:board.mao")}
                </span>
              ) : null}
              {spanish && view.myEnvido !== null && view.gamePhase !== "round_end" ? (
                <span className="rounded-full bg-sky-400/20 px-2 text-[11px] font-bold leading-5 text-sky-200" data-testid="my-envido">
                  {t("game:board.myEnvido", { count: view.myEnvido })}
                </span>
              ) : null}
              {view.myFlor ? (
                <span className="rounded-full bg-fuchsia-400/20 px-2 text-[11px] font-bold leading-5 text-fuchsia-200">
                  {t("game:board.myFlor")}
                </span>
              ) : null}
            </div>
            {view.blind ? <p className="mt-1 max-w-md text-center text-xs text-gold-300">{t("game:board.blindHint")}</p> : null}
            {partnerFaces ? <p className="mt-1 max-w-md text-center text-xs text-gold-300">{t("game:board.peekHint")}</p> : null}
            {canCover ? (
              <button
                type="button"
                aria-pressed={cover}
                onClick={() => setCover((c) => !c)}
                data-testid="cover-next"
                className={`mt-1 rounded-full px-3 py-0.5 text-xs font-bold ring-1 ${
                  cover ? "bg-gold-400 text-felt-950 ring-gold-300" : "bg-felt-950/70 text-cream-50 ring-white/25"
                }`}
              >
                {t("game:board.coverNext")}
              </button>
            ) : null}
            <MyHand
              plays={groups.plays}
              selected={selected}
              onSelect={setSelected}
              onPlay={play}
              cover={canCover && cover}
              enabled={connected && !busy}
            />
          </div>
        ) : null}
        {bottomSeat ? (
          <div className="flex justify-center pb-1 pt-1">
            <Seat position="bottom" {...seatProps(bottomSeat)} />
          </div>
        ) : null}
        <TableOptions />
      </section>

      {celebrations > 0 && !reducedMotion ? <Celebration key={celebrations} /> : null}

      {spectator ? null : (
        <div className="short-landscape:sticky short-desktop:sticky short-landscape:top-16 short-desktop:top-16 short-landscape:col-start-2 short-desktop:col-start-2 short-landscape:row-span-2 short-desktop:row-span-2 short-landscape:row-start-1 short-desktop:row-start-1">
          <ActionBar
            groups={groups}
            onAction={onAction}
            selected={selected}
            onPlaySelected={(faceDown) => selected && play(selected, faceDown)}
            timer={me !== null && turn?.playerId === me ? turn : null}
            serverOffset={serverOffset}
            busy={busy}
            connected={connected}
            connecting={connecting}
          />
        </div>
      )}
    </div>
  );
}
