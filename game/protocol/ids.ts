import * as z from "zod/mini";

// The one rule of what a game id looks like, for every place that takes one from outside (a URL,
// a form, a query string, another object's report). The app makes game ids as UUIDs; the seed and
// the tests use short ones. Letters, digits and hyphens only, so an id is safe in a path, a
// Durable Object's name and a log line; at most 64 characters.

export const GameIdSchema = z.string().check(z.regex(/^[A-Za-z0-9-]{1,64}$/));
export type GameId = z.infer<typeof GameIdSchema>;

/** Whether `value` has a game id's shape (a route's parameter, a query string's value). */
export function isGameId(value: string): boolean {
  return GameIdSchema.safeParse(value).success;
}
