import type { Variant } from "../../game/truco/index";
import { isVariant } from "../../game/truco/variant-list";

export { VARIANTS, isVariant } from "../../game/truco/variant-list";

// The lobby's remembered Truco variant. A cookie (not local storage) so the server renders the
// choice on the first byte: the radio is already right before hydration, and the page's form
// action can remember a choice made before the script ran.

export const VARIANT_COOKIE = "truco_variant";
const MAX_AGE = 60 * 60 * 24 * 365;

/** The remembered variant from a Cookie header, if any. */
export function variantFromCookie(cookieHeader: string | null): Variant | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(";")) {
    const [name, value] = part.trim().split("=");
    if (name === VARIANT_COOKIE && isVariant(value)) return value;
  }
  return null;
}

/** The Set-Cookie value (server) or document.cookie assignment (browser) that remembers it. */
export function variantCookie(variant: Variant, secure: boolean): string {
  return `${VARIANT_COOKIE}=${variant}; Path=/; Max-Age=${MAX_AGE}; SameSite=Lax${secure ? "; Secure" : ""}`;
}

export function rememberVariant(variant: Variant) {
  document.cookie = variantCookie(variant, window.location.protocol === "https:");
}
