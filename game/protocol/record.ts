import { z } from "zod";
import { HouseRulesSchema } from "../truco/house-rules";
import { ActionSchema, TeamIdSchema } from "./engine-schemas";
import { BotLevelSchema, ChatMessageViewSchema, GameSummarySchema, PlayerResultSchema } from "./entities";

// A finished game's record (docs/decisions/119-game-records-in-r2.md): one object in the
// GAME_RECORDS bucket, written once when the game ends. It holds what D1 no longer keeps: every
// hand with its commitment, seed and actions (the fairness evidence) and the table's chat.

/** The record's shape; a reader refuses any other. A change that old readers cannot read takes a new number. */
export const RECORD_VERSION = 1;

/** Where a game's record lives in the bucket. */
export function recordKey(gameId: string): string {
  return `games/${gameId}.json`;
}

const Scores = z.tuple([z.number().int(), z.number().int()]);

/** One move of a hand, by the engine's player id (a user id, or `bot-<seat>` for a computer player). */
export const RecordActionSchema = z.object({ playerId: z.string(), action: ActionSchema });

/** A hand: committed when dealt, revealed when it ended (or when the game ended during it). */
export const RecordHandSchema = z.object({
  hand: z.number().int().min(1),
  /** SHA-256 (hex) of the seed, published before the first card was played. */
  commitment: z.string(),
  /** The hand's seed (32 hex digits); null only for a hand whose seed was never revealed (migrated rows). */
  seed: z.nullable(z.string()),
  /** The dealer's player id and the scores before the deal: what replaying the hand alone needs (null in migrated rows). */
  dealer: z.nullable(z.string()),
  scoresBefore: z.nullable(Scores),
  /**
   * The cards the server dealt each player (by player id) and the vira, as the players saw them;
   * a replay checks them against the seed. Absent in records written before it was kept.
   */
  deal: z.optional(z.object({ dealt: z.record(z.string(), z.array(z.string())), vira: z.nullable(z.string()) })),
  actions: z.array(RecordActionSchema),
  /** Null while the hand was unfinished when the game ended (a forfeit, a cancellation). */
  result: z.nullable(z.object({ winnerTeam: z.nullable(TeamIdSchema), points: z.number().int(), scores: z.nullable(Scores) })),
  startedAt: z.nullable(z.string()),
  endedAt: z.nullable(z.string()),
});
export type RecordHand = z.infer<typeof RecordHandSchema>;

export const RecordSeatSchema = z.object({
  seat: z.number().int(),
  team: TeamIdSchema,
  /** Null for a computer player. */
  userId: z.nullable(z.string()),
  /** The engine's id for the seat (the user id, or `bot-<seat>`): the actions name it. */
  playerId: z.string(),
  nickname: z.string(),
  botLevel: z.nullable(BotLevelSchema),
  entryPaid: z.number().int(),
});

export const GameRecordSchema = z.object({
  version: z.literal(RECORD_VERSION),
  /** The game as it ended (status, winner, scores, end reason, timestamps). */
  game: GameSummarySchema,
  seats: z.array(RecordSeatSchema),
  /** The house rules the match was dealt with (null: the variant's defaults). */
  rules: z.nullable(HouseRulesSchema),
  /** Each human's line of the result table (empty for a cancelled game). */
  results: z.array(PlayerResultSchema),
  /** "match_over", "forfeit", or a cancellation's reason. */
  endReason: z.string(),
  endedAt: z.string(),
  hands: z.array(RecordHandSchema),
  chat: z.array(ChatMessageViewSchema),
  /** Present when the record was rebuilt from the old D1 rows (scripts/migrate-records-to-r2.mjs). */
  migrated: z.optional(z.boolean()),
});
export type GameRecord = z.infer<typeof GameRecordSchema>;

/** A record read back from the bucket: parsed, or null when the text is not a record this code reads. */
export function parseRecord(text: string): GameRecord | null {
  try {
    const parsed = GameRecordSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
