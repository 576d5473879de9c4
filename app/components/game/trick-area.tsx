import { memo, useEffect, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { ViewPlay, ViewTrick } from "../../../game/truco/index";
import { isFaceUpCard, type SeatPosition } from "./game-logic";
import { PlayingCard } from "./playing-card";
import { useTable } from "./table-context";

/** How long a finished trick stays on the table once the next one has started (ms). */
const LINGER_MS = 1400;

const SLOT: Record<number, Record<SeatPosition, string>> = {
  2: {
    bottom: "left-1/2 bottom-1 -translate-x-[12%] rotate-[5deg]",
    top: "left-1/2 top-0 -translate-x-[88%] -rotate-[4deg]",
    left: "",
    right: "",
  },
  4: {
    bottom: "left-1/2 bottom-0 -translate-x-1/2 rotate-[2deg]",
    top: "left-1/2 top-0 -translate-x-1/2 -rotate-[2deg]",
    left: "left-[6%] top-1/2 -translate-y-1/2 -rotate-[8deg]",
    right: "right-[6%] top-1/2 -translate-y-1/2 rotate-[8deg]",
  },
};

/**
 * The middle of the table: the cards of the current trick by the seat that played them, with
 * their nicknames; the trick's winner is marked; a finished trick lingers a moment, then goes to
 * the seat that took it. `overlay` is the hand summary drawn on top at the end of a hand.
 */
export const TrickArea = memo(function TrickArea({ overlay }: { overlay?: ReactNode }) {
  const { t } = useTranslation();
  const { view, positions, nickname, cardName } = useTable();
  const trick = view.tricks[view.tricks.length - 1] as ViewTrick | undefined;
  const previous = view.tricks.length > 1 ? view.tricks[view.tricks.length - 2] : undefined;
  const [lingering, setLingering] = useState<ViewTrick | null>(null);
  const seenTricks = useRef(`${view.handNumber}:${view.tricks.length}`);
  const previousRef = useRef(previous);
  previousRef.current = previous;

  useEffect(() => {
    const key = `${view.handNumber}:${view.tricks.length}`;
    if (key === seenTricks.current) return;
    const sameHand = seenTricks.current.startsWith(`${view.handNumber}:`);
    seenTricks.current = key;
    const finished = previousRef.current;
    if (sameHand && finished?.finished) {
      setLingering(finished);
      const timer = setTimeout(() => setLingering(null), LINGER_MS);
      return () => clearTimeout(timer);
    }
    setLingering(null);
  }, [view.handNumber, view.tricks.length]);

  const shown = trick && trick.cards.length === 0 && lingering ? lingering : trick;
  const plays: ViewPlay[] = shown?.cards ?? [];
  // A taken trick, kept a moment on the table, then swept to the seat of the player who took it.
  const sweepTo = shown && shown === lingering && !shown.tie && shown.winnerPlayerId ? positions[shown.winnerPlayerId] : undefined;
  const n = view.seats.length === 2 ? 2 : 4;

  return (
    <div className="relative mx-auto h-40 w-full max-w-[18rem] sm:h-48 sm:max-w-[22rem] short-desktop:h-36" data-testid="trick-area">
      <h3 className="sr-only">
        {shown ? t("game:board.trick", { count: shown.number }) : null} — {t("game:board.trickArea")}
      </h3>
      <ul className="absolute inset-0" aria-label={t("game:board.trickArea")}>
        {plays.length === 0 ? <li className="sr-only">{t("game:board.emptyTrick")}</li> : null}
        {plays.map((play) => {
          const position = positions[play.playerId] ?? "top";
          const winner = shown?.finished && shown.winnerPlayerId === play.playerId;
          const name = nickname(play.playerId);
          const label = isFaceUpCard(play.card)
            ? play.faceDown
              ? `${t("game:cards.faceDown")} (${cardName(play.card)})`
              : cardName(play.card)
            : t("game:cards.faceDown");
          return (
            <li
              key={`${view.handNumber}-${shown?.number}-${play.playerId}`}
              className={`absolute ${SLOT[n][position]} ${sweepTo ? `animate-sweep-${sweepTo}` : ""}`}
              data-testid="trick-card"
              data-player={play.playerId}
              data-card={"id" in play.card ? play.card.id : undefined}
              data-sweep={sweepTo}
            >
              <div className={`animate-play-${position} relative`}>
                <div
                  className={`rounded-[9%] ${winner ? "ring-[3px] ring-gold-400 ring-offset-2 ring-offset-felt-800" : ""} ${shown?.finished && !winner && !shown.tie ? "opacity-75" : ""}`}
                >
                  <PlayingCard card={play.card} variant={view.variant} showBack={play.faceDown} className="w-[3.6rem] sm:w-[4.4rem]" />
                </div>
                <span className="absolute inset-x-0 -bottom-2 mx-auto w-max max-w-[4.8rem] truncate rounded-full bg-felt-950/90 px-1.5 text-center text-[10px] font-semibold leading-4 text-cream-50 ring-1 ring-white/15">
                  {name}
                </span>
                {winner ? (
                  <span
                    className="absolute -right-2 -top-2 grid h-5 w-5 place-items-center rounded-full bg-gold-400 text-[11px] font-black text-felt-950"
                    aria-hidden
                  >
                    ★
                  </span>
                ) : null}
                <span className="sr-only">
                  {t("game:board.playedBy", { card: label, name })}
                  {winner ? ` — ${t("game:board.winnerMark")}` : ""}
                </span>
              </div>
            </li>
          );
        })}
      </ul>
      {shown?.finished && shown.tie && plays.length > 0 ? (
        <span className="absolute left-1/2 top-1/2 -translate-x-1/2 -translate-y-1/2 rounded-full bg-felt-950/90 px-3 py-1 text-xs font-bold uppercase tracking-wide text-cream-50 ring-1 ring-white/20">
          {t("game:board.tieMark")}
        </span>
      ) : null}
      {overlay}
    </div>
  );
});
