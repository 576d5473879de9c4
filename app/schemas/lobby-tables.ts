// The lobby's tables, as the home page's forms name them. Kept apart from the forms' schemas
// (home-forms.ts) so the page's own code can list them without bringing zod to the browser.

/** The lobby's table buttons: which table, as `mode:type` ("bots" is the free game against the computer). */
export const TABLES = ["casual:1v1", "casual:2v2", "ranked:1v1", "ranked:2v2", "bots:1v1", "bots:2v2"] as const;
export type Table = (typeof TABLES)[number];

/** Room tables a player opens for others (public — listed — or private — by code only). */
export const ROOM_TABLES = ["casual:1v1", "casual:2v2", "ranked:1v1", "ranked:2v2"] as const;
