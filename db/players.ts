import type { SelectedFields } from "drizzle-orm/sqlite-core";
import type { Database } from "./client";
import { users, type User } from "./schema";

// A player as the app's lists show them (the friends list, search, suggestions, a friend request,
// the leaderboard's player card): public fields only, never coins or e-mail. Written once, so a
// field added to the line reaches every list that shows players.

/** The short form: who they are and their rating (a friend request's `friend_profile`, spec §3). */
export const PLAYER_PROFILE = {
  id: users.id,
  nickname: users.nickname,
  avatar_url: users.avatar_url,
  ranking_points: users.ranking_points,
} as const;

/** The line of a list: the profile and their games. */
export const PLAYER_LINE = { ...PLAYER_PROFILE, games_played: users.games_played, games_won: users.games_won } as const;

/** A player's line as a value (the type of PLAYER_LINE's columns), for what the lists answer. */
export type PlayerLine = Pick<User, keyof typeof PLAYER_LINE>;

/** Players' lines from `users`, with the caller's `extra` columns (presence, relationship…); add joins, conditions and order. */
export function playerLines<Extra extends SelectedFields>(db: Database, extra: Extra = {} as Extra) {
  return db.select({ ...PLAYER_LINE, ...extra }).from(users);
}
