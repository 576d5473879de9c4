import * as z from "zod/mini";
import { TeamIdSchema, VariantSchema, type Holds, type Same } from "./engine-schemas";
import type { BotLevel as EngineBotLevel } from "../truco/index";
import { TableRulesSchema } from "./table-rules";

// The entities of spec §3 that the room, the REST API and the game screen share: the game, its
// seats, its results and its chat. Each is a zod/mini schema (tree-shakable, so the game route can
// parse frames within its budget) and the type inferred from it. Field names stay
// snake_case as the spec writes them (DESIGN.md §4).

export const GameStatusSchema = z.enum(["waiting", "active", "completed", "cancelled"]);
export type GameStatus = z.infer<typeof GameStatusSchema>;
export const GameTypeSchema = z.enum(["1v1", "2v2"]);
export type GameType = z.infer<typeof GameTypeSchema>;
export const GameModeSchema = z.enum(["casual", "ranked", "tournament"]);
export type GameMode = z.infer<typeof GameModeSchema>;
export const BotLevelSchema = z.enum(["easy", "normal", "hard"]);
export type BotLevel = z.infer<typeof BotLevelSchema>;

/** The game of spec §3 as the room and GET /api/games/{id} describe it. */
export const GameSummarySchema = z.object({
  id: z.string(),
  game_code: z.string(),
  status: GameStatusSchema,
  game_type: GameTypeSchema,
  game_mode: GameModeSchema,
  truco_variant: VariantSchema,
  entry_cost: z.number(),
  bot_level: z.nullable(BotLevelSchema),
  /** Only premium members may take a seat (absent in rooms stored before the flag existed). */
  premium_only: z.optional(z.boolean()),
  created_by: z.string(),
  capacity: z.number(),
  winner_team: z.nullable(TeamIdSchema),
  team1_score: z.number(),
  team2_score: z.number(),
  end_reason: z.nullable(z.string()),
  created_at: z.string(),
  started_at: z.nullable(z.string()),
  completed_at: z.nullable(z.string()),
  /** The house rules the table was opened with; absent: the variant's defaults. */
  house_rules: z.optional(TableRulesSchema),
});
export type GameSummary = z.infer<typeof GameSummarySchema>;
/**
 * The game as a player who is not at the table sees it (GET /api/games/{id} and an invitation):
 * everything but the join code, which only the seated players and admins get.
 */
export type GameInvite = Omit<GameSummary, "game_code">;

/** A seat at the table (spec §3 game player, plus what the screen shows). */
export const ParticipantSchema = z.object({
  id: z.union([z.number(), z.string()]),
  user_id: z.nullable(z.string()),
  /** The id this seat has in the engine's view (the user id, or `bot-<seat>` for a computer player). */
  player_id: z.string(),
  seat: z.number(),
  team: TeamIdSchema,
  nickname: z.string(),
  avatar_url: z.nullable(z.string()),
  is_premium: z.boolean(),
  is_ready: z.boolean(),
  is_bot: z.boolean(),
  bot_level: z.nullable(BotLevelSchema),
  connected: z.boolean(),
  /** A computer player is playing this seat while its owner is away. */
  bot_controlled: z.boolean(),
});
export type Participant = z.infer<typeof ParticipantSchema>;

/** A player's line in a finished game's result table. */
export const PlayerResultSchema = z.object({
  user_id: z.nullable(z.string()),
  nickname: z.string(),
  team: TeamIdSchema,
  result: z.enum(["win", "loss"]),
  coins_change: z.number(),
  rating_change: z.number(),
});
export type PlayerResult = z.infer<typeof PlayerResultSchema>;

/** A chat message as the table shows it (spec §3 chat message, with the sender's name and avatar). */
export const ChatMessageViewSchema = z.object({
  id: z.number(),
  user_id: z.nullable(z.string()),
  nickname: z.string(),
  avatar_url: z.nullable(z.string()),
  message: z.string(),
  message_type: z.enum(["text", "emoji", "system"]),
  created_at: z.string(),
});
export type ChatMessageView = z.infer<typeof ChatMessageViewSchema>;

/** `tsc` fails here if the computer players' levels and the game's drift apart. */
export type EntitiesMatchEngine = Holds<Same<BotLevel, EngineBotLevel>>;
