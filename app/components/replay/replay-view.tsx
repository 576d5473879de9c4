import { useCallback, useEffect, useMemo, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { GameRecord } from "../../../game/protocol/record";
import { clampPosition, scoresAfter, stateAt, stepFrom, type Position, type ReplayHand, lazyTimeline } from "../../../game/replay/timeline";
import type { HandVerification } from "../../../game/replay/verify";
import { cardJson } from "../../../game/truco/cards";
import type { MatchState, TeamId } from "../../../game/truco/index";
import { PlayingCard, useCardName } from "~/components/game/playing-card";
import { Button } from "~/components/ui/button";
import { describeAction } from "./describe";
import { OpinionPanel, useAnalysis } from "./opinion-panel";
import { ShareButton } from "./share-button";

// The replay page's body: the table at a position (every card face up: the game is over), the
// controls, the timeline of hands with their scores and deal checks, the move list, the
// computer's second opinion and, for the game's own players, the chat.

const TEAM = {
  team1: { text: "text-sky-200", bg: "bg-sky-400/15", ring: "ring-sky-300/60", dot: "bg-sky-300" },
  team2: { text: "text-rose-200", bg: "bg-rose-400/15", ring: "ring-rose-300/60", dot: "bg-rose-300" },
} as const;

/** Reads `?hand=N&move=M` (hand 1-based, as people count them). */
export function positionFromSearch(search: string): Position {
  const params = new URLSearchParams(search);
  return { hand: Number(params.get("hand") ?? "1") - 1, move: Number(params.get("move") ?? "0") };
}

export function searchOf(at: Position): string {
  return `?hand=${at.hand + 1}&move=${at.move}`;
}

/** Each hand's deal check so far, and whether the checks could not run at all. */
interface DealChecks {
  hands: (HandVerification | null)[];
  /** The checks' code did not load (or failed): the replay works, unchecked, and says so. */
  unavailable: boolean;
}

/**
 * Each hand's deal check. Its code loads after the page has hydrated, and the page draws the
 * results once, when every hand has been checked (a dozen hashes take a moment), rather than once
 * per hand. If that code does not arrive (a dropped connection, a deploy that replaced it), the
 * badges say the check is unavailable instead of "checking" for ever.
 */
function useVerifications(record: GameRecord): DealChecks {
  const [checks, setChecks] = useState<DealChecks>(() => ({ hands: record.hands.map(() => null), unavailable: false }));
  useEffect(() => {
    let live = true;
    void (async () => {
      const [{ verifyHand }, { webCryptoDigest }] = await Promise.all([import("../../../game/replay/verify"), import("./web-crypto")]);
      const results: HandVerification[] = [];
      for (const hand of record.hands) {
        results.push(await verifyHand(record, hand, webCryptoDigest));
        if (!live) return;
      }
      setChecks({ hands: results, unavailable: false });
    })().catch((error: unknown) => {
      console.warn("the deal checks did not run", error);
      if (live) setChecks({ hands: record.hands.map(() => null), unavailable: true });
    });
    return () => {
      live = false;
    };
  }, [record]);
  return checks;
}

export function ReplayView({ record, initial, showChat }: { record: GameRecord; initial: Position; showChat: boolean }) {
  const { t } = useTranslation();
  // Hands are replayed as they are shown: the first render replays the one it draws.
  const hands = useMemo(() => lazyTimeline(record), [record]);
  const [at, setAt] = useState(() => clampPosition(hands, initial));
  const verifications = useVerifications(record);
  const analysis = useAnalysis(record);
  const variant = record.game.truco_variant;
  const cardName = useCardName();
  const nameOfCard = useCallback((id: string) => cardName(cardJson(id), variant), [cardName, variant]);
  const nick = useMemo(() => new Map(record.seats.map((s) => [s.playerId, s.nickname])), [record]);

  // The URL carries the position, so a shared link opens at it (no navigation: the page stays as it is).
  useEffect(() => {
    const url = new URL(window.location.href);
    const next = searchOf(at);
    if (url.search !== next) window.history.replaceState(window.history.state, "", `${url.pathname}${next}`);
  }, [at]);

  const go = useCallback((next: Position) => setAt(clampPosition(hands, next)), [hands]);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target && (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName))) return;
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.key === "ArrowRight") setAt((p) => stepFrom(hands, p, 1));
      else if (event.key === "ArrowLeft") setAt((p) => stepFrom(hands, p, -1));
      else if (event.key === "ArrowDown") setAt((p) => clampPosition(hands, { hand: p.hand + 1, move: 0 }));
      else if (event.key === "ArrowUp") setAt((p) => clampPosition(hands, { hand: p.hand - 1, move: 0 }));
      else return;
      event.preventDefault();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [hands]);

  if (hands.length === 0) return <p className="felt-panel p-4 text-cream-100/80">{t("replay:refused.notFoundText")}</p>;
  const hand = hands[at.hand];
  const state = stateAt(hands, at);
  const move = at.move > 0 ? hand.moves[at.move - 1] : null;
  const lastIndex = hands.length - 1;
  const atStart = at.hand === 0 && at.move === 0;
  const atEnd = at.hand === lastIndex && at.move === hands[lastIndex].moves.length;
  const verification = verifications.hands[at.hand];
  const allVerified = verifications.hands.every((v) => v?.status === "verified");

  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <div className="flex min-w-0 flex-col gap-4">
        <section className="felt-panel flex flex-col gap-3 p-3 sm:p-4" aria-labelledby="replay-hand-title">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="replay-hand-title" className="font-display text-lg font-bold text-cream-50">
              {t("replay:handOf", { n: hand.hand, total: hands.length })}
            </h2>
            <VerificationBadge check={verification} unavailable={verifications.unavailable} />
          </div>
          {state ? (
            <Table
              state={state}
              hand={hand}
              lastMove={move ? { seat: state.players.findIndex((p) => p.id === move.playerId), card: move.card } : null}
              nick={nick}
              variant={variant}
              nameOfCard={nameOfCard}
            />
          ) : (
            <p className="rounded-xl bg-black/25 p-3 text-sm text-cream-100/80">{t("replay:cannotRebuild")}</p>
          )}
          <p className="min-h-12 rounded-xl bg-black/25 px-3 py-2 text-sm text-cream-50" aria-live="polite" data-testid="replay-caption">
            <span className="font-semibold text-gold-300" data-testid="replay-position">
              {at.move === 0 ? t("replay:deal") : t("replay:moveOf", { n: at.move, total: hand.moves.length })}
            </span>
            {move ? <> · {describeAction(t, nick.get(move.playerId) ?? move.playerId, move.action, move.card, nameOfCard)}</> : null}
            {at.move === hand.moves.length ? <HandOutcome hand={hand} /> : null}
          </p>
          <Controls
            atStart={atStart}
            atEnd={atEnd}
            onFirst={() => go({ hand: 0, move: 0 })}
            onLast={() => go({ hand: lastIndex, move: hands[lastIndex].moves.length })}
            onPrevHand={() => go({ hand: at.move > 0 ? at.hand : at.hand - 1, move: 0 })}
            onNextHand={() => go({ hand: at.hand + 1, move: at.hand === lastIndex ? hand.moves.length : 0 })}
            onPrev={() => setAt((p) => stepFrom(hands, p, -1))}
            onNext={() => setAt((p) => stepFrom(hands, p, 1))}
          />
          <label className="flex items-center gap-3 text-xs text-cream-100/70">
            <span className="shrink-0">{t("replay:moves")}</span>
            <input
              type="range"
              min={0}
              max={hand.moves.length}
              value={at.move}
              onChange={(event) => go({ hand: at.hand, move: Number(event.target.value) })}
              className="h-2 w-full cursor-pointer accent-gold-400"
              data-testid="replay-slider"
            />
          </label>
          <p className="hidden text-xs text-cream-100/60 sm:block">{t("replay:keys")}</p>
        </section>

        <Timeline
          hands={hands}
          at={at}
          verifications={verifications.hands}
          keyHands={analysis.keyHands}
          onPick={(hand) => go({ hand, move: 0 })}
        />

        <OpinionPanel analysis={analysis} at={at} hands={hands} nick={nick} nameOfCard={nameOfCard} onJump={go} />
      </div>

      <aside className="flex min-w-0 flex-col gap-4">
        <ShareButton gameId={record.game.id} at={at} />
        <MoveList hand={hand} at={at} nick={nick} nameOfCard={nameOfCard} onPick={(m) => go({ hand: at.hand, move: m })} />
        <DealProof
          hand={hand}
          check={verification}
          unavailable={verifications.unavailable}
          allVerified={allVerified}
          count={hands.length}
        />
        {showChat ? <ChatLog record={record} /> : null}
      </aside>
    </div>
  );
}

type VerificationStatus = HandVerification["status"] | "unavailable" | "checking";

/** Where a hand's deal check stands: its result, or why there is none yet. */
function verificationStatus(check: HandVerification | null, unavailable: boolean): VerificationStatus {
  return check?.status ?? (unavailable ? "unavailable" : "checking");
}

const VERIFICATION_TEXT: Record<VerificationStatus, string> = {
  verified: "replay:verify.verified",
  commitment_only: "replay:verify.commitmentOnly",
  failed: "replay:verify.failed",
  unrevealed: "replay:verify.unrevealed",
  unavailable: "replay:verify.unavailable",
  checking: "replay:verify.checking",
};

function VerificationBadge({ check, unavailable }: { check: HandVerification | null; unavailable: boolean }) {
  const { t } = useTranslation();
  const status = verificationStatus(check, unavailable);
  const tone =
    status === "verified" || status === "commitment_only"
      ? "bg-emerald-400/15 text-emerald-200 ring-emerald-300/40"
      : status === "failed" || status === "unavailable"
        ? "bg-red-500/20 text-red-200 ring-red-300/50"
        : "bg-white/5 text-cream-100/70 ring-white/15";
  const text = t(VERIFICATION_TEXT[status]);
  return (
    <span className={`rounded-full px-3 py-1 text-xs font-bold ring-1 ${tone}`} data-testid="hand-verification" data-status={status}>
      {text}
    </span>
  );
}

function HandOutcome({ hand }: { hand: ReplayHand }) {
  const { t } = useTranslation();
  const result = hand.record.result;
  if (!result) return <> · {t("replay:unfinished")}</>;
  return (
    <>
      {" · "}
      {result.winnerTeam ? t("replay:handWon", { team: t(`game:teams.${result.winnerTeam}`), count: result.points }) : t("replay:handTied")}
    </>
  );
}

function Table({
  state,
  hand,
  lastMove,
  nick,
  variant,
  nameOfCard,
}: {
  state: MatchState;
  hand: ReplayHand;
  lastMove: { seat: number; card: string | null } | null;
  nick: Map<string, string>;
  variant: GameRecord["game"]["truco_variant"];
  nameOfCard: (id: string) => string;
}) {
  const { t } = useTranslation();
  const tricks = [0, 1, 2];
  const dealer = hand.start ? hand.start.dealer : -1;
  return (
    <div className="flex flex-col gap-2" data-testid="replay-table">
      <div className="flex items-center gap-3 rounded-xl bg-felt-950/60 px-3 py-2">
        {state.hand.vira ? (
          <>
            <PlayingCard
              card={cardJson(state.hand.vira)}
              variant={variant}
              className="w-9"
              label={`${t("replay:vira")}: ${nameOfCard(state.hand.vira)}`}
            />
            <span className="text-xs font-semibold uppercase tracking-wide text-gold-300">{t("replay:vira")}</span>
          </>
        ) : null}
        <span className="ml-auto font-display text-2xl font-bold tabular-nums text-cream-50" data-testid="replay-score">
          <span className={TEAM.team1.text}>{state.scores[0]}</span>
          <span className="mx-1 text-cream-100/50">×</span>
          <span className={TEAM.team2.text}>{state.scores[1]}</span>
        </span>
      </div>
      <div className="grid grid-cols-[minmax(0,1fr)_auto] items-end gap-x-2 text-[11px] font-semibold uppercase tracking-wide text-cream-100/55">
        <span />
        <span className="grid grid-cols-3 gap-1.5 text-center sm:gap-2">
          {tricks.map((k) => (
            <span key={k} className="w-9 sm:w-12">
              {t("replay:trick", { n: k + 1 })}
            </span>
          ))}
        </span>
      </div>
      <ul className="flex flex-col gap-2">
        {state.players.map((p, seat) => {
          const team = TEAM[p.team as TeamId];
          const held = state.hand.held[seat];
          const moved = lastMove?.seat === seat;
          return (
            <li
              key={p.id}
              className={`grid grid-cols-[minmax(0,1fr)_auto] items-center gap-2 rounded-xl px-2 py-2 ring-1 ${team.bg} ${moved ? "ring-gold-400" : "ring-transparent"}`}
            >
              <div className="flex min-w-0 flex-col gap-1.5">
                <span className="flex min-w-0 items-center gap-1.5">
                  <span className={`h-2.5 w-2.5 shrink-0 rounded-full ${team.dot}`} aria-hidden />
                  <span className={`truncate text-sm font-bold ${team.text}`}>{nick.get(p.id) ?? p.id}</span>
                  {seat === dealer ? (
                    <span className="shrink-0 rounded bg-black/30 px-1 text-[10px] text-cream-100/70">{t("replay:dealer")}</span>
                  ) : null}
                </span>
                <span className="flex min-h-[2.6rem] gap-1" role="group" aria-label={held.map(nameOfCard).join(", ")}>
                  {held.map((id) => (
                    <PlayingCard key={id} card={cardJson(id)} variant={variant} className="w-7 sm:w-9" />
                  ))}
                </span>
              </div>
              <div className="grid grid-cols-3 gap-1.5 sm:gap-2">
                {tricks.map((k) => {
                  const trick = state.hand.tricks[k];
                  const play = trick?.plays.find((x) => x.seat === seat);
                  const won = trick && trick.outcome !== null && trick.winnerSeat === seat;
                  const last = moved && play && lastMove?.card === play.card;
                  return (
                    <span
                      key={k}
                      className={`grid aspect-[5/7] w-9 place-items-center rounded-md sm:w-12 ${play ? "" : "border border-dashed border-cream-100/15"} ${won ? "ring-2 ring-gold-400" : ""} ${last ? "animate-deal" : ""}`}
                    >
                      {play ? (
                        <PlayingCard
                          card={cardJson(play.card)}
                          variant={variant}
                          className={`w-full ${play.down ? "opacity-60" : ""}`}
                          label={play.down ? `${nameOfCard(play.card)} (${t("game:cards.faceDown")})` : nameOfCard(play.card)}
                        />
                      ) : null}
                    </span>
                  );
                })}
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function Controls(props: {
  atStart: boolean;
  atEnd: boolean;
  onFirst: () => void;
  onLast: () => void;
  onPrevHand: () => void;
  onNextHand: () => void;
  onPrev: () => void;
  onNext: () => void;
}) {
  const { t } = useTranslation();
  const button = (label: string, icon: ReactNode, onClick: () => void, disabled: boolean, testId: string, primary = false) => (
    <Button
      variant={primary ? "primary" : "secondary"}
      size="md"
      onClick={onClick}
      disabled={disabled}
      aria-label={label}
      title={label}
      data-testid={testId}
      className="min-w-0 flex-1 px-0"
    >
      <svg viewBox="0 0 24 24" className="h-5 w-5" fill="currentColor" aria-hidden>
        {icon}
      </svg>
    </Button>
  );
  const bar = <rect x="4" y="5" width="2.5" height="14" rx="1" />;
  const barEnd = <rect x="17.5" y="5" width="2.5" height="14" rx="1" />;
  const left = (x: number) => <path d={`M${x} 12l8-6.5v13z`} />;
  const right = (x: number) => <path d={`M${x} 12l-8-6.5v13z`} />;
  return (
    <div className="flex gap-1.5 sm:gap-2" role="group" aria-label={t("replay:timeline")}>
      {button(
        t("replay:first"),
        <>
          {bar}
          {left(7.5)}
        </>,
        props.onFirst,
        props.atStart,
        "replay-first",
      )}
      {button(
        t("replay:prevHand"),
        <>
          {left(3)}
          {left(11)}
        </>,
        props.onPrevHand,
        props.atStart,
        "replay-prev-hand",
      )}
      {button(t("replay:prev"), left(7), props.onPrev, props.atStart, "replay-prev")}
      {button(t("replay:next"), right(17), props.onNext, props.atEnd, "replay-next", true)}
      {button(
        t("replay:nextHand"),
        <>
          {right(13)}
          {right(21)}
        </>,
        props.onNextHand,
        props.atEnd,
        "replay-next-hand",
      )}
      {button(
        t("replay:last"),
        <>
          {right(16.5)}
          {barEnd}
        </>,
        props.onLast,
        props.atEnd,
        "replay-last",
      )}
    </div>
  );
}

function Timeline({
  hands,
  at,
  verifications,
  keyHands,
  onPick,
}: {
  hands: ReplayHand[];
  at: Position;
  verifications: (HandVerification | null)[];
  keyHands: ReadonlySet<number>;
  onPick: (hand: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <section className="felt-panel flex flex-col gap-2 p-3 sm:p-4" aria-labelledby="replay-timeline-title">
      <h2 id="replay-timeline-title" className="text-sm font-bold uppercase tracking-wide text-cream-100/70">
        {t("replay:scores")}
      </h2>
      {/* Room above and beside the chips for their check marks, which the scroll box would clip. */}
      <ol className="flex gap-2 overflow-x-auto pb-1 pl-0.5 pr-1.5 pt-1.5" data-testid="replay-timeline">
        {hands.map((h, i) => {
          const scores = scoresAfter(h);
          const check = verifications[i]?.status;
          const current = i === at.hand;
          return (
            <li key={h.hand} className="shrink-0">
              <button
                type="button"
                onClick={() => onPick(i)}
                aria-current={current ? "step" : undefined}
                className={`relative flex min-h-14 w-14 flex-col items-center justify-center rounded-xl text-xs ring-1 transition-colors ${
                  current ? "bg-gold-400/20 text-gold-300 ring-gold-400" : "bg-black/25 text-cream-100/80 ring-white/10 hover:bg-white/10"
                }`}
              >
                {/* Its name is what it shows, with the words the eye does not need (label in name). */}
                <span className="font-semibold">{t("replay:hand", { n: h.hand })}</span>
                {scores ? <span className="sr-only">, {t("replay:scoreAfter")}</span> : null}
                <span className="font-display text-sm font-bold tabular-nums text-cream-50">
                  {scores ? `${scores[0]}–${scores[1]}` : "—"}
                </span>
                <span
                  aria-hidden
                  className={`absolute -right-1 -top-1 grid h-4 w-4 place-items-center rounded-full text-[10px] font-bold ${
                    check === "verified" || check === "commitment_only"
                      ? "bg-emerald-400 text-felt-950"
                      : check === "failed"
                        ? "bg-red-500 text-white"
                        : "bg-white/20"
                  }`}
                >
                  {check === "failed" ? "!" : check ? "✓" : ""}
                </span>
                {keyHands.has(i) ? <span aria-hidden className="absolute -bottom-1 h-1.5 w-6 rounded-full bg-gold-400" /> : null}
              </button>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

function MoveList({
  hand,
  at,
  nick,
  nameOfCard,
  onPick,
}: {
  hand: ReplayHand;
  at: Position;
  nick: Map<string, string>;
  nameOfCard: (id: string) => string;
  onPick: (move: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <section className="felt-panel flex flex-col gap-2 p-3" aria-labelledby="replay-moves-title">
      <h2 id="replay-moves-title" className="text-sm font-bold uppercase tracking-wide text-cream-100/70">
        {t("replay:moves")}
      </h2>
      <ol className="flex max-h-64 flex-col gap-1 overflow-y-auto pr-1 text-sm" data-testid="replay-moves">
        <li>
          <button type="button" onClick={() => onPick(0)} className={rowClass(at.move === 0)}>
            <span className="w-6 shrink-0 tabular-nums text-cream-100/50">0</span>
            {t("replay:deal")}
          </button>
        </li>
        {hand.moves.map((m, i) => (
          <li key={i}>
            <button
              type="button"
              onClick={() => onPick(i + 1)}
              className={rowClass(at.move === i + 1)}
              aria-current={at.move === i + 1 ? "step" : undefined}
            >
              <span className="w-6 shrink-0 tabular-nums text-cream-100/50">{i + 1}</span>
              <span className="min-w-0">{describeAction(t, nick.get(m.playerId) ?? m.playerId, m.action, m.card, nameOfCard)}</span>
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}

function rowClass(current: boolean) {
  return `flex min-h-9 w-full items-center gap-2 rounded-lg px-2 text-left ${current ? "bg-gold-400/20 text-gold-300" : "text-cream-100/85 hover:bg-white/5"}`;
}

function DealProof({
  hand,
  check,
  unavailable,
  allVerified,
  count,
}: {
  hand: ReplayHand;
  check: HandVerification | null;
  unavailable: boolean;
  allVerified: boolean;
  count: number;
}) {
  const { t } = useTranslation();
  return (
    <section className="felt-panel flex flex-col gap-2 p-3 text-sm" aria-labelledby="replay-proof-title" data-testid="replay-proof">
      <h2 id="replay-proof-title" className="flex items-center gap-2 font-bold text-cream-50">
        <svg viewBox="0 0 24 24" className="h-4 w-4 text-gold-300" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden>
          <path d="M12 3l7 3v6c0 4.5-3 7.5-7 9-4-1.5-7-4.5-7-9V6l7-3Z" />
          <path d="M9 12l2 2 4-4" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        {t(VERIFICATION_TEXT[verificationStatus(check, unavailable)])}
      </h2>
      {allVerified ? (
        <p className="text-xs font-semibold text-emerald-200" data-testid="replay-verified-all">
          {t("replay:verify.all", { count })}
        </p>
      ) : null}
      {unavailable ? (
        <p role="alert" className="rounded-xl bg-red-500/15 p-2 text-xs font-semibold text-red-100" data-testid="replay-verify-unavailable">
          {t("replay:verify.unavailableText")}
        </p>
      ) : null}
      <p className="text-xs text-cream-100/75">{t("replay:verify.explain")}</p>
      <dl className="flex flex-col gap-1 rounded-xl bg-black/25 p-2 text-xs">
        <dt className="text-cream-100/60">{t("game:fairness.commitment")}</dt>
        <dd className="break-all font-mono text-cream-50">{hand.record.commitment}</dd>
        <dt className="text-cream-100/60">{t("game:fairness.seed")}</dt>
        <dd className="break-all font-mono text-cream-50">{hand.record.seed ?? "—"}</dd>
      </dl>
      {check?.status === "failed" && check.error ? <p className="text-xs text-red-200">{check.error}</p> : null}
      <details className="text-xs text-cream-100/75">
        <summary className="cursor-pointer font-semibold text-gold-300 underline">{t("replay:verify.byHand")}</summary>
        <p className="mt-1">{t("replay:verify.byHandSteps")}</p>
      </details>
    </section>
  );
}

function ChatLog({ record }: { record: GameRecord }) {
  const { t } = useTranslation();
  return (
    <section className="felt-panel flex flex-col gap-2 p-3" aria-labelledby="replay-chat-title" data-testid="replay-chat">
      <h2 id="replay-chat-title" className="text-sm font-bold uppercase tracking-wide text-cream-100/70">
        {t("replay:chat")}
      </h2>
      {record.chat.length === 0 ? (
        <p className="text-sm text-cream-100/60">{t("replay:chatEmpty")}</p>
      ) : (
        <ol className="flex max-h-64 flex-col gap-1.5 overflow-y-auto pr-1 text-sm">
          {record.chat.map((m) => (
            <li key={m.id} className="rounded-lg bg-black/25 px-2 py-1">
              <span className="font-semibold text-gold-300">{m.nickname}</span> <span className="text-cream-50">{m.message}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
