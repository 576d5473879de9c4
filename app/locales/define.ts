import type { Language } from "~/i18n";

type Widen<T> = {
  -readonly [K in keyof T]: T[K] extends string ? string : Widen<T[K]>;
};

/**
 * One translation group (spec §9) in every language, side by side. The
 * Brazilian Portuguese texts define the keys; English and Spanish must have
 * exactly the same ones, or the build fails.
 */
export function defineNamespace<const T extends Record<string, unknown>>(
  ptBR: T,
  others: { en: Widen<T>; es: Widen<T> },
): Record<Language, Widen<T>> {
  return { "pt-BR": ptBR as Widen<T>, en: others.en, es: others.es };
}
