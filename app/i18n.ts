// The translation groups of spec §9 that exist so far (app/locales/*.ts).
export const NAMESPACES = [
  "common",
  "auth",
  "navigation",
  "home",
  "profile",
  "errors",
  "game",
  "variants",
  "modes",
  "chat",
  "payments",
  "premium",
  "leaderboard",
  "friends",
  "pwa",
  "matchmaking",
  "tournaments",
  "replay",
  "admin",
  "spectate",
] as const;
export type Namespace = (typeof NAMESPACES)[number];

export const LANGUAGES = ["pt-BR", "en", "es"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "pt-BR";
/** Cookie and local-storage key of the stored language choice. */
export const LANGUAGE_KEY = "lng";

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

/** Maps "pt", "pt-PT", "en-US", "es-AR"... onto a supported language. */
export function matchLanguage(value: string | null | undefined): Language | null {
  if (!value) return null;
  if (isLanguage(value)) return value;
  const base = value.toLowerCase().split("-")[0];
  if (base === "pt") return "pt-BR";
  if (base === "en") return "en";
  if (base === "es") return "es";
  return null;
}

export const i18nConfig = {
  supportedLngs: [...LANGUAGES],
  fallbackLng: DEFAULT_LANGUAGE,
  defaultNS: "common",
  ns: NAMESPACES,
  interpolation: { escapeValue: false },
  returnNull: false,
  // i18next's defaults, stated: a key's separators given by us spare every `t()` i18next's guess
  // whether the key is a sentence rather than a path (a regular expression per call). Our keys
  // are paths ("game.turn", "friends:title"), so the texts are the same.
  keySeparator: ".",
  nsSeparator: ":",
} as const;

/** Reads the stored choice from a Cookie header (a plain `lng=<language>` cookie). */
export function languageFromCookie(cookieHeader: string | null): Language | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name === LANGUAGE_KEY) return matchLanguage(decodeURIComponent(rest.join("=")));
  }
  return null;
}

export const LANGUAGE_COOKIE_MAX_AGE = 60 * 60 * 24 * 365;

interface LanguageUtils {
  toResolveHierarchy(code: string | undefined, fallbackCode?: unknown): string[];
}

/**
 * Makes an i18next instance's `t()` stop re-resolving the language on every call. i18next 23 works
 * out the lookup order ("pt-BR", then the fallback language) on each `t()`, canonicalising both
 * codes with `Intl.getCanonicalLocales` and formatting a warning for the unsupported "pt" each time,
 * a large share of the game room's hydration render (docs/performance.md). The answer depends only on the
 * code and the instance's options, which we never change after init, so it is kept per code
 * (i18next 26.4 caches the same way). Call it right after `init`; the texts are unchanged.
 */
export function cacheLanguageHierarchy(i18n: { services: { languageUtils: LanguageUtils } }) {
  const utils = i18n.services.languageUtils;
  const resolve = utils.toResolveHierarchy.bind(utils);
  const cache = new Map<string, string[]>();
  utils.toResolveHierarchy = (code, fallbackCode) => {
    // A per-call fallback (an option of `t`) is rare: resolved as before.
    if (fallbackCode !== undefined || typeof code !== "string") return resolve(code, fallbackCode);
    let codes = cache.get(code);
    if (!codes) {
      codes = resolve(code);
      cache.set(code, codes);
    }
    // A copy: i18next keeps the array it gets (`i18n.languages`).
    return [...codes];
  };
}
