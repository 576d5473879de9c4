import { and, eq, inArray, ne, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { FOLDS } from "../game/channel/friends";
import type { ChannelRecords } from "../game/channel/ports";
import type { Published } from "../game/channel/presence";
import type { PresenceUpdate } from "../game/protocol/channel";
import type { Database } from "./client";
import { friendships, presences, users } from "./schema";

// The friendship and presence queries that both the app (the friends API) and the PlayerChannel
// Durable Object (publishing a player's presence) need. Presence lives in D1 so that a friends
// list is one query, not one Durable Object call per friend.

/** The ids of a player's friends, as a parenthesised subquery (a friendship is stored once, its pair in order). */
export function friendIdsOf(userId: string): SQL {
  // In parentheses: drizzle's inArray writes `column in <subquery>` as it is.
  return sql`(SELECT ${friendships.user_b_id} FROM ${friendships} WHERE ${friendships.user_a_id} = ${userId}
    UNION ALL SELECT ${friendships.user_a_id} FROM ${friendships} WHERE ${friendships.user_b_id} = ${userId})`;
}

/** What friends see: the published status, or offline for a player who appears offline (or never connected). */
export const visibleStatusSql = sql<
  Published["status"]
>`CASE WHEN ${users.appear_offline} THEN 'offline' ELSE coalesce(${presences.status}, 'offline') END`;
export const statusAtSql = sql<number>`coalesce(${presences.changed_at}, 0)`;

/**
 * Writes a published presence; an older one (a publish that lost a race) never overwrites a newer.
 * `changed_at` is strictly increasing per player (game/channel/presence.ts settle).
 */
export function recordPresence(db: Database, userId: string, published: Published) {
  return db
    .insert(presences)
    .values({ user_id: userId, status: published.status, game_id: published.gameId, changed_at: published.at })
    .onConflictDoUpdate({
      target: presences.user_id,
      set: { status: published.status, game_id: published.gameId, changed_at: published.at },
      setWhere: sql`excluded.changed_at > ${presences.changed_at}`,
    });
}

/** The friends whose channel is connected (real status, not offline): the only ones a presence change is pushed to. */
export function onlineFriendIds(db: Database, userId: string) {
  return db
    .select({ id: presences.user_id })
    .from(presences)
    .where(and(inArray(presences.user_id, friendIdsOf(userId)), ne(presences.status, "offline")));
}

/** Every friend's status as the player may see it (the channel's hello). */
export function friendStatuses(db: Database, userId: string) {
  return db
    .select({ user_id: users.id, status: visibleStatusSql, at: statusAtSql })
    .from(users)
    .leftJoin(presences, eq(presences.user_id, users.id))
    .where(inArray(users.id, friendIdsOf(userId)));
}

export type FriendStatusRow = PresenceUpdate;

/** The player's "appear offline" setting. */
export function appearOfflineOf(db: Database, userId: string) {
  return db.select({ appear_offline: users.appear_offline }).from(users).where(eq(users.id, userId));
}

/**
 * A text column folded as game/channel/friends.ts foldText folds the search text: the accents of FOLDS
 * replaced, then ASCII lower-cased. The table's letters are constants of this codebase (no quote
 * among them), written into the SQL as literals so that no query comes near D1's limit of 100
 * bound parameters.
 */
export function foldedSql(column: SQLWrapper): SQL {
  let expression: SQL = sql`${column}`;
  for (const [from, to] of Object.entries(FOLDS)) {
    if (/['\\]/.test(from + to)) throw new Error("FOLDS holds a quote");
    expression = sql`replace(${expression}, ${sql.raw(`'${from}'`)}, ${sql.raw(`'${to}'`)})`;
  }
  return sql`lower(${expression})`;
}

/** A LIKE pattern that finds `term` anywhere, with LIKE's own wildcards escaped (use with ESCAPE '\'). */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** The player channel's D1 port (game/channel/ports.ts): presence published, friends' statuses read. */
export function channelRecords(db: Database): ChannelRecords {
  return {
    async appearOffline(userId) {
      const [row] = await appearOfflineOf(db, userId);
      return row?.appear_offline ?? false;
    },
    async publish(userId, published) {
      const [, online] = await db.batch([recordPresence(db, userId, published), onlineFriendIds(db, userId)]);
      return online.map((friend) => friend.id);
    },
    async publishWithStatuses(userId, published) {
      const [, online, statuses] = await db.batch([
        recordPresence(db, userId, published),
        onlineFriendIds(db, userId),
        friendStatuses(db, userId),
      ]);
      return { online: online.map((friend) => friend.id), statuses };
    },
    async statuses(userId) {
      return friendStatuses(db, userId);
    },
  };
}
