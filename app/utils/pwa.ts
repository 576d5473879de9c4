// The installable app's small rules (spec §4/§9), kept apart from the DOM so they are
// unit-tested.

/** The install banner shows this long after the page loads (spec §9). */
export const INSTALL_BANNER_DELAY_MS = 5_000;
/** A dismissed banner stays away this long (spec §9). */
export const INSTALL_SUPPRESSION_MS = 24 * 60 * 60 * 1_000;
/** localStorage: when the install banner was last dismissed (ms since the epoch). */
export const INSTALL_DISMISSED_KEY = "truco:install-dismissed";
/** localStorage: the last balance the app showed, for the offline page (public/offline.html). */
export const LAST_COINS_KEY = "truco:coins";

/** Whether the banner may show now, given the stored dismissal time (or none). */
export function installBannerDue(dismissedAt: string | null, now: number): boolean {
  if (dismissedAt === null) return true;
  const at = Number(dismissedAt);
  if (!Number.isFinite(at) || at > now) return true;
  return now - at >= INSTALL_SUPPRESSION_MS;
}

/** Running as the installed app (Android/desktop `display-mode`, iOS `navigator.standalone`). */
export function isStandalone(): boolean {
  const iosStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return iosStandalone || window.matchMedia("(display-mode: standalone)").matches;
}

/** iPhone/iPad Safari: no install prompt, the banner explains "Add to Home Screen" instead. */
export function isIos(): boolean {
  const ua = navigator.userAgent;
  // iPadOS reports itself as a Mac with touch.
  return /iphone|ipad|ipod/i.test(ua) || (/macintosh/i.test(ua) && navigator.maxTouchPoints > 1);
}

/** Pages where a reload or a banner would interrupt play: a game room. */
export function isPlayPath(pathname: string): boolean {
  return pathname.startsWith("/game/");
}
