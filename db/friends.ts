import { eq, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { FOLDS } from "../game/channel/friends";
import type { ChannelRecords } from "../game/channel/ports";
import type { Database } from "./client";
import { friendships, users } from "./schema";

// The friendship queries that both the app (the friends API) and the PlayerChannel Durable Object
// need. Presence is not here: the players' channels keep it and tell each other
// (game/channel/friend-presence.ts).

/** The ids of a player's friends, as a parenthesised subquery (a friendship is stored once, its pair in order). */
export function friendIdsOf(userId: string): SQL {
  // In parentheses: drizzle's inArray writes `column in <subquery>` as it is.
  return sql`(SELECT ${friendships.user_b_id} FROM ${friendships} WHERE ${friendships.user_a_id} = ${userId}
    UNION ALL SELECT ${friendships.user_a_id} FROM ${friendships} WHERE ${friendships.user_b_id} = ${userId})`;
}

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

/**
 * The player channel's D1 port (game/channel/ports.ts): the "appear offline" setting and the
 * friends' ids. The ids, which only say whom presence goes to, are read through `replica()` (a
 * replica may answer); a new friendship reaches the channel at once as its
 * `friend_added` event.
 */
export function channelRecords(db: Database, replica: () => Database = () => db): ChannelRecords {
  return {
    async appearOffline(userId) {
      const [row] = await appearOfflineOf(db, userId);
      return row?.appear_offline ?? false;
    },
    async friendIds(userId) {
      const rows = await replica().all<{ id: string }>(
        sql`SELECT ${friendships.user_b_id} AS id FROM ${friendships} WHERE ${friendships.user_a_id} = ${userId}
          UNION ALL SELECT ${friendships.user_a_id} FROM ${friendships} WHERE ${friendships.user_b_id} = ${userId}`,
      );
      return rows.map((row) => row.id);
    },
  };
}
