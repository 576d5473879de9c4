import type { Digest } from "../../../game/replay/verify";

/** SHA-256 by the browser's own Web Crypto, so the deal check does not rest on the site's code for the hash. */
export const webCryptoDigest: Digest = async (text) => {
  const bytes = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
};
