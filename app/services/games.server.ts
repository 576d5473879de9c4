import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, desc, eq, inArray, isNotNull } from "drizzle-orm";
import { gamePlayers, games, users, type Game, type User } from "../../db/schema";
import type { Database } from "../../db/client";
import type { GameInvite, GameSummary, Participant, PlayerResult } from "../../game/protocol/entities";
import { ENTRY_COST } from "../../game/protocol/constants";
import { botPlayerId } from "../../game/room/api";
import { gameSummaryOf, heldSeatsOf as heldSeatsIn, practiceStatsStatement, randomGameCode } from "../../db/games";
import { tableToResume, type HeldSeat } from "../../game/room/one-seat";
import type { CreateGame } from "~/schemas/games";
import { tableRulesOf } from "../../game/truco/table-options";
import { isPremium } from "./users.server";
import { isGameId } from "../../game/protocol/ids";

/** A game row as the room and the API describe it (db/games.ts, shared with the Durable Objects that create games). */
export const summaryOf = gameSummaryOf;

/** What a non-participant may read of a game: the summary without its join code. */
export function inviteOf(game: Game): GameInvite {
  const { game_code: _code, ...invite } = summaryOf(game);
  return invite;
}

/**
 * May this user read the game in full (its join code, live seats)? The players at the table and
 * admins; anyone else gets what an invitation needs (inviteOf), so a game id that leaked never
 * hands out the code of a private room.
 */
export async function readsInFull(context: AppLoadContext, game: Pick<Game, "id">, user: Pick<User, "id" | "role">): Promise<boolean> {
  return user.role === "admin" || (await isSeated(context, game.id, user.id));
}

export async function findGame(context: AppLoadContext, gameId: string): Promise<Game | null> {
  if (!isGameId(gameId)) return null;
  return (await context.db.select().from(games).where(eq(games.id, gameId)).get()) ?? null;
}

/** An open (waiting or active) game by its code, as `db` (the primary or a replica) has it. */
export async function findOpenGameByCode(db: Database, code: string): Promise<Game | null> {
  return (
    (await db
      .select()
      .from(games)
      .where(and(eq(games.game_code, code), inArray(games.status, ["waiting", "active"])))
      .get()) ?? null
  );
}

/** The seats as D1 records them (the room's live view adds connection state). */
export async function participantsOf(context: AppLoadContext, gameId: string): Promise<Participant[]> {
  const rows = await context.db
    .select({ player: gamePlayers, avatar_url: users.avatar_url, premium_until: users.premium_until })
    .from(gamePlayers)
    .leftJoin(users, eq(users.id, gamePlayers.user_id))
    .where(eq(gamePlayers.game_id, gameId))
    .orderBy(gamePlayers.seat);
  return rows.map(({ player, avatar_url, premium_until }) => ({
    id: player.id,
    user_id: player.user_id,
    player_id: player.user_id ?? botPlayerId(player.seat),
    seat: player.seat,
    team: player.team,
    nickname: player.nickname,
    avatar_url: avatar_url ?? null,
    is_premium: isPremium({ premium_until: premium_until ?? null }),
    is_ready: player.is_ready,
    is_bot: player.user_id === null,
    bot_level: player.bot_level,
    connected: false,
    bot_controlled: false,
  }));
}

/** Each seat's part of a settled game (who won, coins and ranking points), in seat order; empty before it settled. */
export async function resultsOf(context: AppLoadContext, gameId: string): Promise<PlayerResult[]> {
  const rows = await context.db.select().from(gamePlayers).where(eq(gamePlayers.game_id, gameId)).orderBy(gamePlayers.seat);
  if (!rows.some((row) => row.result !== null)) return [];
  return rows.map((row) => ({
    user_id: row.user_id,
    nickname: row.nickname,
    team: row.team,
    result: row.result ?? "loss",
    coins_change: row.coins_change,
    rating_change: row.rating_change,
  }));
}

/** The player's seat at a game: one entry of the (user_id, game_id) unique index. */
export function seatStatement(db: Database, gameId: string, userId: string) {
  return db
    .select({ id: gamePlayers.id })
    .from(gamePlayers)
    .where(and(eq(gamePlayers.game_id, gameId), eq(gamePlayers.user_id, userId)));
}

export async function isSeated(context: AppLoadContext, gameId: string, userId: string): Promise<boolean> {
  return Boolean(await seatStatement(context.db, gameId, userId).get());
}

/** The seats the user holds at waiting or active games (at most a few rows: one binding seat, some practice). */
export async function heldSeatsOf(context: AppLoadContext, userId: string): Promise<HeldSeat[]> {
  return heldSeatsIn(context.db, userId);
}

/** The table the player may go back to (the banner on every page), or null. */
export async function resumeTableOf(context: AppLoadContext, userId: string): Promise<HeldSeat | null> {
  return tableToResume(await heldSeatsOf(context, userId));
}

/** Practice games against the computer the player finished, and how many they won (kept apart from ranked stats). */
export async function practiceStatsOf(context: AppLoadContext, userId: string): Promise<{ games: number; wins: number }> {
  const row = await practiceStatsStatement(context.db, userId).get();
  return { games: row?.games ?? 0, wins: row?.wins ?? 0 };
}

/** The entry a game of this kind costs: set by the server from the mode, never by the client. */
export function entryCostFor(input: Pick<CreateGame, "game_mode" | "vs_computer">): number {
  return input.vs_computer ? 0 : ENTRY_COST[input.game_mode];
}

/**
 * A new game's row, as D1 will hold it once its room writes it with the creator's seat (every
 * column set here, the defaults included, so the answer needs no read back). Its code is
 * random; the room reports `code_taken` when another open game holds it.
 */
export function newGame(creator: User, input: CreateGame): Game {
  const vsComputer = Boolean(input.vs_computer);
  return {
    id: crypto.randomUUID(),
    game_code: randomGameCode(),
    status: "waiting",
    game_type: input.game_type,
    game_mode: vsComputer ? "casual" : input.game_mode,
    truco_variant: input.truco_variant,
    entry_cost: entryCostFor(input),
    bot_level: vsComputer ? (input.bot_level ?? "normal") : null,
    premium_only: !vsComputer && Boolean(input.premium_only),
    is_public: !vsComputer && Boolean(input.is_public),
    created_by: creator.id,
    winner_team: null,
    team1_score: 0,
    team2_score: 0,
    end_reason: null,
    created_at: new Date().toISOString(),
    started_at: null,
    completed_at: null,
    settled_at: null,
    tournament_id: null,
    house_rules: tableRulesOf(input.truco_variant, input.house_rules),
  };
}

export interface HistoryEntry {
  id: string;
  game_type: GameSummary["game_type"];
  game_mode: GameSummary["game_mode"];
  truco_variant: GameSummary["truco_variant"];
  bot_level: GameSummary["bot_level"];
  result: "win" | "loss";
  coins_change: number;
  rating_change: number;
  team1_score: number;
  team2_score: number;
  team: "team1" | "team2";
  /** How it ended when not on points: "forfeit" (W.O.) or "abandoned"; null on points. */
  end_reason: string | null;
  completed_at: string | null;
  created_at: string;
}

/** The player's finished games, newest first (spec §3 game history entry). */
export async function historyOf(context: AppLoadContext, userId: string, limit = 50): Promise<HistoryEntry[]> {
  const rows = await context.db
    .select({ game: games, player: gamePlayers })
    .from(gamePlayers)
    .innerJoin(games, eq(games.id, gamePlayers.game_id))
    .where(and(eq(gamePlayers.user_id, userId), eq(games.status, "completed"), isNotNull(gamePlayers.result)))
    .orderBy(desc(games.completed_at))
    .limit(limit);
  return rows.map(({ game, player }) => ({
    id: game.id,
    game_type: game.game_type,
    game_mode: game.game_mode,
    truco_variant: game.truco_variant,
    bot_level: game.bot_level,
    result: player.result!,
    coins_change: player.coins_change,
    rating_change: player.rating_change,
    team1_score: game.team1_score,
    team2_score: game.team2_score,
    team: player.team,
    end_reason: game.end_reason,
    completed_at: game.completed_at,
    created_at: game.created_at,
  }));
}
