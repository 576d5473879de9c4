import { z } from "zod";
import type { Action, GameEvent, PlayerView, TeamId, Variant } from "./truco/index";

// The live protocol of DESIGN.md §6: text frames of JSON {type, payload?},
// at most 4 KB, every inbound frame parsed here before anything else.
// Shared by the GameRoom (server) and the game screen (browser).

export const MAX_FRAME_BYTES = 4096;
/** More frames than this within FLOOD_WINDOW_MS closes the socket with 1008. */
export const FLOOD_LIMIT = 50;
export const FLOOD_WINDOW_MS = 10_000;
export const CHAT_MAX_LENGTH = 200;
/** The chat's emoji picker (spec §2: 12 emojis). */
export const CHAT_EMOJIS = ["😀", "😂", "😎", "😡", "😭", "🤔", "👏", "👍", "👎", "🔥", "🍀", "🃏"] as const;

// ---------------------------------------------------------------- client → server

const Empty = z.object({}).strict().optional();
const TrucoCallSchema = z.enum(["truco", "seis", "nove", "doze", "oito", "dez", "retruco", "vale_cuatro", "vale_quatro"]);
const Answer = z.enum(["accept", "reject"]);

function frame<T extends string, P extends z.ZodType>(type: T, payload: P) {
  return z.object({ type: z.literal(type), payload }).strict();
}

export const ClientMessageSchema = z.discriminatedUnion("type", [
  frame("ping", Empty),
  frame("play_card", z.object({ cardId: z.string().min(2).max(12), faceDown: z.boolean().optional() }).strict()),
  frame("call_truco", z.object({ call: TrucoCallSchema }).strict()),
  frame("respond_truco", z.object({ response: Answer }).strict()),
  frame("respond_mao", z.object({ response: z.enum(["play", "run"]) }).strict()),
  frame("call_envido", z.object({ call: z.enum(["envido", "real_envido", "falta_envido"]) }).strict()),
  frame("respond_envido", z.object({ response: Answer }).strict()),
  frame("call_flor", z.object({ call: z.enum(["flor", "contraflor", "contraflor_al_resto", "achico"]) }).strict()),
  frame("respond_flor", z.object({ response: Answer }).strict()),
  frame("go_to_mazo", Empty),
  /** Ask for a fresh game_state (after a reconnect or a version gap). */
  frame(
    "sync",
    z
      .object({ version: z.number().int().min(0) })
      .strict()
      .optional(),
  ),
]);
export type ClientMessage = z.infer<typeof ClientMessageSchema>;
export type GameActionMessage = Exclude<ClientMessage, { type: "ping" } | { type: "sync" }>;

export type ParseResult =
  { ok: true; message: ClientMessage } | { ok: false; code: "too_large" | "bad_json" | "bad_message"; message: string };

export function parseClientFrame(frame: string | ArrayBuffer): ParseResult {
  if (typeof frame !== "string") return { ok: false, code: "bad_message", message: "Binary frames are not accepted" };
  if (frame.length > MAX_FRAME_BYTES || new TextEncoder().encode(frame).length > MAX_FRAME_BYTES) {
    return { ok: false, code: "too_large", message: `Frames are limited to ${MAX_FRAME_BYTES} bytes` };
  }
  let raw: unknown;
  try {
    raw = JSON.parse(frame);
  } catch {
    return { ok: false, code: "bad_json", message: "Frames must be JSON" };
  }
  const result = ClientMessageSchema.safeParse(raw);
  if (!result.success) return { ok: false, code: "bad_message", message: "Unknown or malformed message" };
  return { ok: true, message: result.data };
}

/** The engine action a game frame stands for (the frame's payload, flattened). */
export function actionOf(message: GameActionMessage) {
  return { type: message.type, ...(message.payload ?? {}) } as Action;
}

// ---------------------------------------------------------------- server → client

export type GameStatus = "waiting" | "active" | "completed" | "cancelled";
export type GameType = "1v1" | "2v2";
export type GameMode = "casual" | "ranked" | "tournament";
export type BotLevel = "easy" | "normal" | "hard";

/** The game of spec §3 as the room and GET /api/games/{id} describe it. */
export interface GameSummary {
  id: string;
  game_code: string;
  status: GameStatus;
  game_type: GameType;
  game_mode: GameMode;
  truco_variant: Variant;
  entry_cost: number;
  bot_level: BotLevel | null;
  /** Only premium members may take a seat (absent in rooms stored before the flag existed). */
  premium_only?: boolean;
  created_by: string;
  capacity: number;
  winner_team: TeamId | null;
  team1_score: number;
  team2_score: number;
  end_reason: string | null;
  created_at: string;
  started_at: string | null;
  completed_at: string | null;
}

/** A seat at the table (spec §3 game player, plus what the screen shows). */
export interface Participant {
  id: number | string;
  user_id: string | null;
  /** The id this seat has in the engine's view (the user id, or `bot-<seat>` for a computer player). */
  player_id: string;
  seat: number;
  team: TeamId;
  nickname: string;
  avatar_url: string | null;
  is_premium: boolean;
  is_ready: boolean;
  is_bot: boolean;
  bot_level: BotLevel | null;
  connected: boolean;
  /** A computer player is playing this seat while its owner is away. */
  bot_controlled: boolean;
}

export interface TurnTimer {
  playerId: string;
  /** Epoch ms when the server acts for the player. */
  deadline: number;
  seconds: number;
}

export interface PlayerResult {
  user_id: string | null;
  nickname: string;
  team: TeamId;
  result: "win" | "loss";
  coins_change: number;
  rating_change: number;
}

export interface ChatMessageView {
  id: number;
  user_id: string | null;
  nickname: string;
  avatar_url: string | null;
  message: string;
  message_type: "text" | "emoji" | "system";
  created_at: string;
}

export interface GameStatePayload {
  /** Grows with every change the room broadcasts; a client that sees a gap asks for `sync`. */
  version: number;
  game: GameSummary;
  participants: Participant[];
  /** The engine's view for this socket's player (null while waiting). */
  view: PlayerView | null;
  turn: TurnTimer | null;
  /**
   * Fairness: SHA-256 commitments of every hand so far, and the seeds of finished hands.
   * A broadcast leaves it out while it is unchanged since the previous broadcast; the
   * first state on a socket and every `sync` answer carry it.
   */
  hands?: { hand: number; commitment: string; seed: string | null }[];
  results: PlayerResult[] | null;
  /** Epoch ms at which the next hand is dealt (phase round_end). */
  nextHandAt: number | null;
}

export type ServerMessage =
  | { type: "game_state"; payload: GameStatePayload }
  | { type: "participants_updated"; payload: { participants: Participant[] } }
  | { type: "game_session_updated"; payload: { game: GameSummary } }
  | { type: "player_connected"; payload: { userId: string } }
  | { type: "player_disconnected"; payload: { userId: string } }
  | { type: "truco_called"; payload: Extract<GameEvent, { type: "truco_called" }> }
  | { type: "truco_responded"; payload: Extract<GameEvent, { type: "truco_responded" }> }
  | { type: "game_event"; payload: { events: GameEvent[] } }
  | { type: "game_ended"; payload: { winnerTeam: TeamId | null; results: PlayerResult[]; reason: string } }
  | { type: "chat_message"; payload: { message: ChatMessageView } }
  | { type: "error"; payload: { code: string; message: string } }
  | { type: "pong"; payload: { at: number } };

// ---------------------------------------------------------------- REST bodies

export const CreateGameSchema = z
  .object({
    game_type: z.enum(["1v1", "2v2"]),
    game_mode: z.enum(["casual", "ranked"]),
    /** Informative only: the server sets the entry cost from the mode. */
    entry_cost: z.number().int().min(0).max(1_000_000).optional(),
    truco_variant: z.enum(["paulista", "mineiro", "gaucho", "argentino", "international"]),
    /** Play against computer players at once (free, casual, unranked). */
    vs_computer: z.boolean().optional(),
    bot_level: z.enum(["easy", "normal", "hard"]).optional(),
    /** A premium member's exclusive table (DESIGN.md §5): only premium members may join. */
    premium_only: z.boolean().optional(),
  })
  .strict();
export type CreateGame = z.infer<typeof CreateGameSchema>;

export const JoinGameSchema = z
  .object({
    game_code: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9]{6}$/),
  })
  .strict();

export const FillWithBotsSchema = z.object({ bot_level: z.enum(["easy", "normal", "hard"]) }).strict();

export const ChatPostSchema = z
  .object({
    message: z.string().max(CHAT_MAX_LENGTH * 4),
    message_type: z.enum(["text", "emoji"]).default("text"),
  })
  .strict();

/** Spec §9. */
export const ENTRY_COST = { casual: 50, ranked: 100 } as const;
export const CAPACITY: Record<GameType, number> = { "1v1": 2, "2v2": 4 };
/** 6 characters from an alphabet without look-alikes (no 0/O, 1/I/L). */
export const GAME_CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
export const GAME_CODE_LENGTH = 6;

/** Spec §5: uppercased, A-Z and 0-9 only, at most 6. */
export function normalizeGameCode(input: string): string {
  return input
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, "")
    .slice(0, GAME_CODE_LENGTH);
}
