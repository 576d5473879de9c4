import { memo, useCallback, useId } from "react";
import { useTranslation } from "react-i18next";
import type { BlindCard, Card, HiddenCard, Variant } from "../../../game/truco/index";
import { CardBackArt, CardFaceArt } from "./card-art";
import { isFaceUpCard, isSpanishDeck, rankIndex } from "./game-logic";

export type AnyCard = Card | HiddenCard | BlindCard;

/** The accessible name of a face-up card: "7 de Copas", "Sota (10) de Bastos", "Ás de Espadas". */
export function useCardName() {
  const { t } = useTranslation();
  return useCallback(
    (card: Card, variant: Variant) => {
      const spanish = isSpanishDeck(variant);
      const rankKey = spanish ? `game:cards.spanishRanks.${card.rank}` : `game:cards.ranks.${card.rank}`;
      const rank = /^[2-7]$/.test(card.rank) ? card.rank : t(rankKey);
      const suit = t(spanish ? `game:cards.spanishSuits.${card.suit}` : `game:cards.suits.${card.suit}`);
      return t("game:cards.name", { rank, suit });
    },
    [t],
  );
}

/**
 * One card as crisp SVG (viewBox 100×140, scales to any width): the face of a known card, the
 * back of a hidden one (another player's card, a covered card, a blind card). Decorative unless
 * `label` is given: the buttons and lists around it carry the names.
 */
export const PlayingCard = memo(PlayingCardArt, (a, b) => {
  // Every new game state brings new card objects: the art is redrawn only when the card changes
  // (the SVG is most of the board's render time on a slow phone).
  return (
    cardKey(a.card) === cardKey(b.card) &&
    a.variant === b.variant &&
    a.className === b.className &&
    a.label === b.label &&
    a.showBack === b.showBack
  );
});

function cardKey(card: AnyCard | null): string | null {
  if (!card) return null;
  return isFaceUpCard(card) ? card.id : JSON.stringify(card);
}

function PlayingCardArt({
  card,
  variant,
  className = "w-16",
  label,
  showBack = false,
}: {
  card: AnyCard | null;
  variant: Variant;
  className?: string;
  label?: string;
  /** Draw the back even for a known card (a covered card). */
  showBack?: boolean;
}) {
  const clipId = `cb${useId().replace(/[^a-zA-Z0-9]/g, "")}`;
  const face = card && isFaceUpCard(card) && !showBack ? card : null;
  return (
    <svg
      viewBox="0 0 100 140"
      className={`block aspect-[5/7] h-auto select-none drop-shadow-[0_3px_6px_rgba(0,0,0,0.35)] ${className}`}
      role={label ? "img" : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      focusable="false"
    >
      {face ? (
        <CardFaceArt card={face} spanish={isSpanishDeck(variant)} index={rankIndex(face.rank, isSpanishDeck(variant))} />
      ) : (
        <CardBackArt clipId={clipId} />
      )}
    </svg>
  );
}
