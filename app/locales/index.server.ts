import { LANGUAGES, NAMESPACES, type Language, type Namespace } from "~/i18n";
import { admin } from "./admin";
import { auth } from "./auth";
import { chat } from "./chat";
import { common } from "./common";
import { errors } from "./errors";
import { friends } from "./friends";
import { game } from "./game";
import { home } from "./home";
import { leaderboard } from "./leaderboard";
import { matchmaking } from "./matchmaking";
import { modes } from "./modes";
import { navigation } from "./navigation";
import { payments } from "./payments";
import { premium } from "./premium";
import { profile } from "./profile";
import { replay } from "./replay";
import { spectate } from "./spectate";
import { pwa } from "./pwa";
import { tournaments } from "./tournaments";
import { variants } from "./variants";

// Every translation group, on the server only: a page ships just its own
// language (root loader), so the bundle does not carry all three.
const GROUPS = {
  common,
  auth,
  navigation,
  home,
  profile,
  errors,
  game,
  variants,
  modes,
  chat,
  payments,
  premium,
  leaderboard,
  friends,
  pwa,
  matchmaking,
  tournaments,
  replay,
  admin,
  spectate,
} satisfies Record<Namespace, Record<Language, unknown>>;

export type Resources = { [N in Namespace]: (typeof GROUPS)[N]["pt-BR"] };

export const RESOURCES = Object.fromEntries(
  LANGUAGES.map((language) => [language, Object.fromEntries(Object.entries(GROUPS).map(([name, group]) => [name, group[language]]))]),
) as Record<Language, Resources>;

/**
 * The translation bundles a page may need: a visitor only ever sees the landing page, a player any
 * page but the admin dashboard, whose texts only its pages carry. Fetched by the client as one JSON
 * (`/locales/{language}`), not embedded.
 */
export const BUNDLES = {
  visitor: ["common", "auth", "navigation", "home", "errors", "pwa", "matchmaking"],
  player: NAMESPACES.filter((ns) => ns !== "admin"),
  admin: [...NAMESPACES],
} as const satisfies Record<string, readonly Namespace[]>;
export type BundleName = keyof typeof BUNDLES;

const bundles = new Map<string, { json: string; version: string }>();

/** A bundle's JSON and its content hash (its URL's `v`, so a browser may keep it for good). */
export function bundleOf(language: Language, name: BundleName): { json: string; version: string } {
  const key = `${language}:${name}`;
  let bundle = bundles.get(key);
  if (!bundle) {
    const resources = RESOURCES[language] as Record<Namespace, unknown>;
    const json = JSON.stringify(Object.fromEntries(BUNDLES[name].map((ns) => [ns, resources[ns]])));
    bundle = { json, version: fnv1a(json) };
    bundles.set(key, bundle);
  }
  return bundle;
}

/** Where the page's client fetches its texts from. */
export function bundleHref(language: Language, name: BundleName): string {
  return `/locales/${encodeURIComponent(language)}?${new URLSearchParams({ set: name, v: bundleOf(language, name).version })}`;
}

/** FNV-1a (32-bit) in hex: a content tag, not a security hash. */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, "0");
}
