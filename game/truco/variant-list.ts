// The variants, written once: the engine's `Variant` type, the frames' schema, the database's
// enum and the app's choices are all taken from here. A module with no imports, so the pages that
// only list the variants do not pull in the rules (or zod) with them.

/** In the order the lobby offers them. */
export const VARIANTS = Object.freeze(["paulista", "mineiro", "gaucho", "argentino", "international"] as const);

const VARIANT_SET: ReadonlySet<string> = new Set(VARIANTS);

export function isVariant(v: unknown): v is (typeof VARIANTS)[number] {
  return typeof v === "string" && VARIANT_SET.has(v);
}
