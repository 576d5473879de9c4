import { and, eq, sql, type SQL } from "drizzle-orm";
import type { Database } from "./client";
import { rankedResultStatements } from "./leaderboard";
import { gamePlayers, practiceStats, users } from "./schema";

// One player's part of a settled game, as the room's settlement batch writes it
// (workers/game-room/src/records.ts) and the demo seed replays it (db/demo-data.ts):
// the seat's result, the player's stats and ranking points, and a ranked
// result's leaderboard rows, in that order (the `all` row reads the points).

export interface PlayerResult {
  userId: string;
  result: "win" | "loss";
  coinsChange: number;
  ratingChange: number;
}

export interface ResultOptions {
  /**
   * Games played, won, lost and ranking points move (every game but a practice one); a practice
   * game counts on the player's practice line instead.
   */
  countStats: boolean;
  /** A ranked result: the leaderboard rows move too. */
  ranked: boolean;
  /** When it settled: the leaderboard's month, week and day. */
  at: Date;
  /**
   * A condition every statement also needs (the seed's: its game is not settled yet), so a
   * batch run twice counts each result once. The room needs none: its batch starts by setting
   * settled_at, whose trigger aborts a second settlement whole.
   */
  onlyIf?: SQL;
}

export function playerResultStatements(db: Database, gameId: string, player: PlayerResult, options: ResultOptions) {
  const guard = (condition: SQL | undefined) => (options.onlyIf ? and(condition, options.onlyIf) : condition);
  return [
    db
      .update(gamePlayers)
      .set({ result: player.result, coins_change: player.coinsChange, rating_change: player.ratingChange })
      .where(guard(and(eq(gamePlayers.game_id, gameId), eq(gamePlayers.user_id, player.userId)))),
    ...(options.countStats
      ? [
          db
            .update(users)
            .set({
              games_played: sql`${users.games_played} + 1`,
              games_won: sql`${users.games_won} + ${player.result === "win" ? 1 : 0}`,
              games_lost: sql`${users.games_lost} + ${player.result === "loss" ? 1 : 0}`,
              ranking_points: sql`MAX(0, ${users.ranking_points} + ${player.ratingChange})`,
            })
            .where(guard(eq(users.id, player.userId))),
        ]
      : [practiceStatement(db, player, options.onlyIf)]),
    ...(options.ranked ? rankedResultStatements(db, player, options.at, options.onlyIf) : []),
  ];
}

/** A finished practice game on the player's practice line (one row per player, read by the home). */
function practiceStatement(db: Database, player: PlayerResult, onlyIf?: SQL) {
  const win = player.result === "win" ? 1 : 0;
  return db
    .insert(practiceStats)
    .select(
      db
        .select({
          user_id: users.id,
          games: sql<number>`1`.as("games"),
          wins: sql<number>`${win}`.as("wins"),
        })
        .from(users)
        .where(onlyIf ? and(eq(users.id, player.userId), onlyIf) : eq(users.id, player.userId)),
    )
    .onConflictDoUpdate({
      target: practiceStats.user_id,
      set: { games: sql`${practiceStats.games} + 1`, wins: sql`${practiceStats.wins} + excluded.wins` },
    });
}
