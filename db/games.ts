import { and, eq, inArray } from "drizzle-orm";
import type { GameSummary } from "../game/protocol/entities";
import { CAPACITY, GAME_CODE_ALPHABET, GAME_CODE_LENGTH } from "../game/protocol/constants";
import { BINDING_STATUSES, type HeldSeat } from "../game/room/one-seat";
import type { Database } from "./client";
import { gamePlayers, games, practiceStats, type Game } from "./schema";

// What every writer of a game row needs, whoever creates the game: the app (a player's table), the
// Matchmaker (a quick match) and the Tournament object (a bracket's game).

/** A game row as the room and the API describe it (spec §3 Game). */
export function gameSummaryOf(game: Game): GameSummary {
  return {
    id: game.id,
    game_code: game.game_code,
    status: game.status,
    game_type: game.game_type,
    game_mode: game.game_mode,
    truco_variant: game.truco_variant,
    entry_cost: game.entry_cost,
    bot_level: game.bot_level,
    premium_only: game.premium_only,
    created_by: game.created_by,
    capacity: CAPACITY[game.game_type],
    winner_team: game.winner_team,
    team1_score: game.team1_score,
    team2_score: game.team2_score,
    end_reason: game.end_reason,
    created_at: game.created_at,
    started_at: game.started_at,
    completed_at: game.completed_at,
    // Only a table with house rules says so: the default game answers exactly as it always has.
    ...(game.house_rules ? { house_rules: game.house_rules } : {}),
  };
}

/** A fresh join code: 6 characters of an alphabet without look-alikes (the unique index catches the rare repeat). */
export function randomGameCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(GAME_CODE_LENGTH));
  return [...bytes].map((byte) => GAME_CODE_ALPHABET[byte % GAME_CODE_ALPHABET.length]).join("");
}

/**
 * The seats the player holds at waiting or active games (the one-table rule reads them:
 * game/room/one-seat.ts): through the held-seat index, a row per held seat and its game, however
 * long the player's history.
 */
export function heldSeatsStatement(db: Database, userId: string) {
  return db
    .select({ gameId: games.id, status: games.status, botLevel: games.bot_level })
    .from(gamePlayers)
    .innerJoin(games, eq(games.id, gamePlayers.game_id))
    .where(and(eq(gamePlayers.user_id, userId), eq(gamePlayers.held, true), inArray(games.status, [...BINDING_STATUSES])));
}

export async function heldSeatsOf(db: Database, userId: string): Promise<HeldSeat[]> {
  const rows = await heldSeatsStatement(db, userId);
  return rows.map((row) => ({ gameId: row.gameId, status: row.status, practice: row.botLevel !== null }));
}

/** A player's practice line (finished practice games and wins): one row by the primary key. */
export function practiceStatsStatement(db: Database, userId: string) {
  return db.select({ games: practiceStats.games, wins: practiceStats.wins }).from(practiceStats).where(eq(practiceStats.user_id, userId));
}

/** How long a seat lease (the player channel's, game/channel/seat-lease.ts) holds when its request never gives it back. */
export const SEAT_CLAIM_SECONDS = 20;
