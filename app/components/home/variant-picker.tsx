import { useTranslation } from "react-i18next";
import type { Variant } from "../../../game/truco/index";
import { SuitShape, at } from "~/components/game/card-art";
import { isSpanishDeck } from "~/components/game/game-logic";
import { VARIANTS } from "~/utils/variant";

export { VARIANTS } from "~/utils/variant";

function DeckMark({ variant }: { variant: Variant }) {
  const spanish = isSpanishDeck(variant);
  const suits = spanish ? (["spades", "diamonds"] as const) : (["hearts", "clubs"] as const);
  return (
    <svg viewBox="0 0 48 28" className="h-6 w-10 shrink-0" aria-hidden focusable="false">
      <rect x="2" y="2" width="20" height="24" rx="3" fill="#fffdf7" stroke="#cdbb8f" />
      <rect x="26" y="2" width="20" height="24" rx="3" fill="#fffdf7" stroke="#cdbb8f" />
      <SuitShape suit={suits[0]} spanish={spanish} transform={at(12, 14, 15)} />
      <SuitShape suit={suits[1]} spanish={spanish} transform={at(36, 14, 15)} />
    </svg>
  );
}

/**
 * The Truco variant selector of spec §2: five radio tiles, each with a short description. On a
 * phone they scroll sideways in one row, name and suits only (the lobby's ways to play stay on its
 * first screen); from tablets up they sit side by side, described. The radios are the
 * lobby form's own field (`truco_variant`): the browser keeps the choice, CSS shows it, so a tap
 * before hydration counts; `onChange` tells the lobby for its labels.
 */
export function VariantPicker({ defaultValue, onChange }: { defaultValue: Variant; onChange(variant: Variant): void }) {
  const { t } = useTranslation();
  return (
    <fieldset className="min-w-0">
      <legend className="mb-2 text-sm font-semibold uppercase tracking-wide text-cream-100/75">{t("variants:label")}</legend>
      <div className="-mx-4 flex snap-x snap-mandatory gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:grid sm:grid-cols-5 sm:overflow-visible sm:px-0">
        {VARIANTS.map((variant) => (
          <label
            key={variant}
            className="group relative flex w-32 shrink-0 snap-start cursor-pointer flex-col gap-1 rounded-xl border border-white/10 bg-black/20 p-3 transition-colors hover:border-white/25 hover:bg-black/30 has-[:checked]:border-gold-400 has-[:checked]:bg-gold-400/15 has-[:checked]:shadow-[0_0_0_1px_rgb(246_207_107/0.6)] has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-gold-400 sm:w-auto"
          >
            <input
              type="radio"
              name="truco_variant"
              value={variant}
              defaultChecked={variant === defaultValue}
              onChange={() => onChange(variant)}
              className="sr-only"
              data-testid={`variant-${variant}`}
            />
            <span className="flex items-center justify-between gap-2">
              <span className="font-display text-base font-bold text-cream-50 group-has-[:checked]:text-gold-300">
                {t(`variants:names.${variant}`)}
              </span>
              <DeckMark variant={variant} />
            </span>
            <span className="text-xs leading-snug text-cream-100/75 max-sm:hidden">{t(`variants:descriptions.${variant}`)}</span>
            <span className="mt-auto text-[11px] max-sm:hidden font-medium uppercase tracking-wide text-cream-100/60">
              {t(isSpanishDeck(variant) ? "variants:deck.spanish" : "variants:deck.french")}
            </span>
            <span aria-hidden className="absolute right-2 top-2 hidden h-2 w-2 rounded-full bg-gold-400 sm:group-has-[:checked]:block" />
          </label>
        ))}
      </div>
    </fieldset>
  );
}
