// Where a new game room is placed (ADR 117): near the player whose request creates it, by the
// region Cloudflare's edge saw the request come from. Durable Objects take one of these hints when
// an object is first created (later hints are ignored); South America has its own ("sam"), which
// D1 does not. Pure: the caller passes what `request.cf` says.

export const LOCATION_HINTS = ["wnam", "enam", "sam", "weur", "eeur", "apac", "oc", "afr", "me"] as const;
export type LocationHint = (typeof LOCATION_HINTS)[number];

/** The fields of `request.cf` the choice reads (strings there; anything here, checked). */
export interface RequestPlace {
  continent?: unknown;
  country?: unknown;
  longitude?: unknown;
}

/** Asian countries Cloudflare places in its Middle East region. */
const MIDDLE_EAST = new Set(["AE", "BH", "IL", "IQ", "IR", "JO", "KW", "LB", "OM", "PS", "QA", "SA", "SY", "YE"]);

/** West of this longitude, North America's western region is nearer (roughly the Rockies). */
const NORTH_AMERICA_SPLIT = -100;
/** East of this longitude, Europe's eastern region is nearer. */
const EUROPE_SPLIT = 20;

/**
 * The hint for a room created from this place; undefined when the request says nothing usable, so
 * the platform places the object near the Worker that creates it, as it does without a hint.
 */
export function locationHintOf(cf: unknown): LocationHint | undefined {
  if (!cf || typeof cf !== "object") return undefined;
  const place: RequestPlace = cf;
  const continent = typeof place.continent === "string" ? place.continent.toUpperCase() : "";
  const country = typeof place.country === "string" ? place.country.toUpperCase() : "";
  // request.cf gives the longitude as a string; anything else is no longitude.
  const longitude = typeof place.longitude === "string" || typeof place.longitude === "number" ? Number(place.longitude) : NaN;
  const east = (split: number, west: LocationHint, eastern: LocationHint) =>
    Number.isFinite(longitude) && longitude > split ? eastern : west;
  switch (continent) {
    case "SA":
      return "sam";
    case "NA":
      return Number.isFinite(longitude) ? east(NORTH_AMERICA_SPLIT, "wnam", "enam") : "enam";
    case "EU":
      return east(EUROPE_SPLIT, "weur", "eeur");
    case "AS":
      return MIDDLE_EAST.has(country) ? "me" : "apac";
    case "OC":
      return "oc";
    case "AF":
      return "afr";
    default:
      return undefined;
  }
}
