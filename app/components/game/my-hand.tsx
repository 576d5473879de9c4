import { memo, useEffect, useId, useRef, type FocusEvent, type KeyboardEvent, type PointerEvent } from "react";
import { useTranslation } from "react-i18next";
import { useTableSettings } from "~/utils/table-settings";
import type { ActionGroups } from "./game-logic";
import { blindIdOf, dealDelayMs, dealOrderOf, isFaceUpCard, isSpanishDeck, manilhaOf, nameShowing, rankIndex } from "./game-logic";
import { PlayingCard } from "./playing-card";
import { useTable } from "./table-context";

/** How far up (px) a card must be dragged to be played. */
const DRAG_PLAY_PX = 48;
/** Movement (px) below which a press is a tap, not a drag. */
const DRAG_SLOP_PX = 8;

/** Face down when that is the only way, or when the player asked for it and it is allowed. */
function faceDownOf(options: { faceUp: boolean; faceDown: boolean }, cover: boolean): boolean {
  return options.faceDown && (cover || !options.faceUp);
}

/**
 * The viewer's own cards. A playable card is a button: a tap or a click plays it, and so
 * does dragging it up; with "confirm each card" on, the first tap picks it and the second plays it.
 * The keyboard always picks first (Enter or Space), then plays (Enter or Space again): arrow keys
 * move between cards and Escape drops the pick. In a blind mão de ferro the cards are face down and
 * played by slot.
 */
export const MyHand = memo(function MyHand({
  plays,
  selected,
  onSelect,
  onPlay,
  cover,
  enabled,
}: {
  plays: ActionGroups["plays"];
  selected: string | null;
  onSelect(id: string | null): void;
  onPlay(id: string, faceDown: boolean): void;
  /** The player asked for their next card face down: a tap (or drag) plays it covered where allowed. */
  cover: boolean;
  enabled: boolean;
}) {
  const { t } = useTranslation();
  const { view, me, cardName } = useTable();
  const [{ confirmPlay }] = useTableSettings();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  // A card being dragged up; after a drag, the click the browser sends when the finger lifts is not a tap.
  const drag = useRef<{ pointerId: number; startX: number; startY: number; moved: boolean } | null>(null);
  const dragged = useRef(false);
  const idBase = useId();
  const hand = me ? (view.players[me]?.hand ?? []) : [];
  const count = hand.length;
  // Keyboard play: once the player's focus has been in the hand, a card played (its
  // button goes), a new deal or an answered prompt would drop focus to the page body; it comes back
  // to the hand instead, on the card nearest the one last focused.
  const home = useRef<{ used: boolean; index: number }>({ used: false, index: 0 });
  const handKey = `${view.handNumber}:${hand.map((card) => (isFaceUpCard(card) ? card.id : blindIdOf(card))).join(",")}`;
  useEffect(() => {
    if (!home.current.used || count === 0) return;
    const active = document.activeElement;
    if (active && active !== document.body && document.contains(active)) return;
    refs.current[Math.min(home.current.index, count - 1)]?.focus({ preventScroll: true });
  }, [handKey, view.actionCount, count]);

  function onFocus(event: FocusEvent<HTMLDivElement>) {
    const target: EventTarget = event.target;
    const index = refs.current.findIndex((node) => node === target);
    if (index >= 0) home.current = { used: true, index };
  }

  function onKeyDown(event: KeyboardEvent, index: number) {
    dragged.current = false;
    if (event.key === "ArrowRight" || event.key === "ArrowLeft") {
      event.preventDefault();
      const next = (index + (event.key === "ArrowRight" ? 1 : -1) + count) % count;
      refs.current[next]?.focus();
    } else if (event.key === "Escape" && selected) {
      onSelect(null);
    }
  }

  function onPointerDown(event: PointerEvent<HTMLButtonElement>, playable: boolean) {
    dragged.current = false;
    if (!playable || !event.isPrimary || event.button !== 0) return;
    drag.current = { pointerId: event.pointerId, startX: event.clientX, startY: event.clientY, moved: false };
  }

  function onPointerMove(event: PointerEvent<HTMLButtonElement>) {
    const d = drag.current;
    if (!d || d.pointerId !== event.pointerId) return;
    const dy = event.clientY - d.startY;
    if (!d.moved) {
      if (Math.hypot(event.clientX - d.startX, dy) < DRAG_SLOP_PX) return;
      d.moved = true;
      event.currentTarget.setPointerCapture?.(event.pointerId);
      event.currentTarget.style.transition = "none";
    }
    event.currentTarget.style.transform = `translateY(${Math.min(0, dy)}px)`;
  }

  function onPointerEnd(event: PointerEvent<HTMLButtonElement>, play: (() => void) | null) {
    const d = drag.current;
    if (!d || d.pointerId !== event.pointerId) return;
    drag.current = null;
    if (!d.moved) return;
    dragged.current = true;
    event.currentTarget.style.transform = "";
    event.currentTarget.style.transition = "";
    if (play && event.type === "pointerup" && event.clientY - d.startY <= -DRAG_PLAY_PX) play();
  }

  const seatOrder = dealOrderOf(view, me);

  return (
    <div
      role="group"
      aria-label={t("game:board.myHand")}
      className="flex items-end justify-center gap-1.5 px-1 pt-5 sm:gap-3"
      data-testid="my-hand"
      onFocus={onFocus}
    >
      {hand.map((card, index) => {
        const id = isFaceUpCard(card) ? card.id : blindIdOf(card);
        if (!id) return null;
        const options = plays[id];
        const playable = enabled && Boolean(options && (options.faceUp || options.faceDown));
        const isSelected = playable && selected === id;
        const offset = index - (count - 1) / 2;
        const manilha = isFaceUpCard(card) ? manilhaOf(card, view) : null;
        const manilhaText = manilha
          ? manilha.name
            ? t("game:cards.manilhaNamed", { name: t(`game:cards.manilhaNames.${manilha.name}`) })
            : t("game:cards.manilha")
          : null;
        const name = isFaceUpCard(card)
          ? nameShowing(rankIndex(card.rank, isSpanishDeck(view.variant)), cardName(card))
          : t("game:cards.blind", { n: index + 1 });
        const describedBy = manilhaText ? `${idBase}-manilha-${index}` : undefined;
        return (
          <button
            key={`${view.handNumber}-${id}`}
            ref={(node) => {
              refs.current[index] = node;
            }}
            type="button"
            aria-label={name}
            aria-describedby={describedBy}
            aria-pressed={playable ? isSelected : undefined}
            aria-disabled={!playable || undefined}
            data-testid="hand-card"
            data-card={id}
            data-playable={playable || undefined}
            data-manilha={manilha ? "true" : undefined}
            title={manilhaText ?? undefined}
            onKeyDown={(event) => onKeyDown(event, index)}
            onPointerDown={(event) => onPointerDown(event, playable)}
            onPointerMove={onPointerMove}
            onPointerUp={(event) => onPointerEnd(event, playable && options ? () => onPlay(id, faceDownOf(options, cover)) : null)}
            onPointerCancel={(event) => onPointerEnd(event, null)}
            onClick={(event) => {
              if (dragged.current) {
                dragged.current = false;
                return;
              }
              if (!playable || !options) return;
              // A click with no pointer behind it (detail 0) is Enter or Space: the keyboard picks first.
              const keyboard = event.detail === 0;
              if (isSelected) onPlay(id, !options.faceUp);
              else if (!keyboard && !confirmPlay) onPlay(id, faceDownOf(options, cover));
              else onSelect(id);
            }}
            className={`animate-deal group relative rounded-[10%] transition-[translate,transform] duration-150 ease-out select-none focus-visible:outline-offset-4 ${
              playable ? "touch-none hover:-translate-y-2" : "cursor-default"
            } ${isSelected ? "-translate-y-5 sm:-translate-y-6" : ""}`}
            style={{
              animationDelay: `${dealDelayMs(index, seatOrder, view.seats.length)}ms`,
              rotate: `${offset * 5}deg`,
              // The fan's arc, added to the lift a hover or a pick gives (Tailwind's translate variable).
              translate: `0 calc(${Math.abs(offset) * 6}px + var(--tw-translate-y, 0px))`,
            }}
          >
            <span
              className={`block rounded-[10%] transition-[box-shadow,filter] ${
                isSelected ? "shadow-[0_0_0_3px_#f6cf6b,0_0_24px_rgb(246_207_107/0.55)]" : ""
              } ${enabled && !playable && view.currentPlayer === me ? "brightness-75" : ""}`}
            >
              <PlayingCard card={card} variant={view.variant} className="w-[4.9rem] sm:w-24 lg:w-[6.5rem] short-desktop:w-[5.4rem]" />
            </span>
            {manilhaText ? (
              <span id={describedBy} className="sr-only">
                {manilhaText}
              </span>
            ) : null}
            {manilha ? (
              // A gold edge and a star; Mineiro's fixed manilhas also say which one (visible, so touch needs no hover).
              <span
                aria-hidden
                className="pointer-events-none absolute inset-0 rounded-[10%] ring-2 ring-gold-400 ring-offset-1 ring-offset-transparent"
              >
                <span className="absolute -bottom-2 left-1/2 -translate-x-1/2 whitespace-nowrap rounded-full bg-gold-400 px-1.5 text-[10px] font-extrabold leading-4 text-felt-950 shadow">
                  ★{manilha.name ? ` ${t(`game:cards.manilhaNames.${manilha.name}`)}` : ""}
                </span>
              </span>
            ) : null}
            {isSelected ? (
              <span className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-gold-400 px-2 text-[10px] font-extrabold uppercase leading-5 tracking-wide text-felt-950 shadow">
                {t("game:board.play")}
              </span>
            ) : null}
          </button>
        );
      })}
    </div>
  );
});
