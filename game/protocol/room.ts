import * as z from "zod/mini";
import {
  AnswerSchema,
  EnvidoCallSchema,
  FlorCallSchema,
  GameEventSchema,
  MaoAnswerSchema,
  PlayerViewSchema,
  TrucoCalledSchema,
  TrucoCallSchema,
  TrucoRespondedSchema,
  TeamIdSchema,
  type Holds,
  type Same,
} from "./engine-schemas";
import { ChatMessageViewSchema, GameSummarySchema, ParticipantSchema, PlayerResultSchema } from "./entities";
import { parseFrame, parseInboundFrame, type FrameParseResult, type InboundParseResult } from "./parse-frame";
import type { Op, StateDelta } from "./state-delta";
import type { Action, GameEvent } from "../truco/index";

// The live protocol of DESIGN.md §6: text frames of JSON {type, payload?}, at most 4 KB, in both
// directions parsed with these schemas: the room parses what players send (`parseClientFrame`),
// the game screen parses what the room sends (`parseServerFrame`). zod/mini keeps the game route
// within its budget (ADR 031). REST bodies are not here: they live with the app (app/schemas/).

export * from "./constants";

// ---------------------------------------------------------------- client → server

const Empty = z.optional(z.strictObject({}));

function frame<T extends string, P extends z.ZodMiniType>(type: T, payload: P) {
  return z.strictObject({ type: z.literal(type), payload });
}

export const ClientMessageSchema = z.discriminatedUnion("type", [
  frame("ping", Empty),
  frame("play_card", z.strictObject({ cardId: z.string().check(z.minLength(2), z.maxLength(12)), faceDown: z.optional(z.boolean()) })),
  frame("call_truco", z.strictObject({ call: TrucoCallSchema })),
  frame("respond_truco", z.strictObject({ response: AnswerSchema })),
  frame("respond_mao", z.strictObject({ response: MaoAnswerSchema })),
  frame("call_envido", z.strictObject({ call: EnvidoCallSchema })),
  frame("respond_envido", z.strictObject({ response: AnswerSchema })),
  frame("call_flor", z.strictObject({ call: FlorCallSchema })),
  frame("respond_flor", z.strictObject({ response: AnswerSchema })),
  frame("go_to_mazo", Empty),
  /** Ask for a fresh game_state (after a reconnect or a version gap). */
  frame("sync", z.optional(z.strictObject({ version: z.int().check(z.minimum(0)) }))),
]);
export type ClientMessage = z.infer<typeof ClientMessageSchema>;
/** A frame that carries an engine action (every client frame but `ping` and `sync`). */
export type GameActionMessage = Exclude<ClientMessage, { type: "ping" } | { type: "sync" }>;

export type ParseResult = InboundParseResult<ClientMessage>;

export function parseClientFrame(frame: string | ArrayBuffer): ParseResult {
  return parseInboundFrame(ClientMessageSchema, frame);
}

/**
 * The frame that carries an engine action: the action's fields are the payload, and an action
 * with none (`go_to_mazo`) has no payload. The one mapping from actions to frames, used by the
 * game screen, the scripted browser-test room, the Worker tests and the load test.
 */
export function frameOf(action: Action): GameActionMessage {
  const { type, ...payload } = action;
  // The type checks at the end of this file prove that every action's fields are its frame's payload.
  return (Object.keys(payload).length > 0 ? { type, payload } : { type }) as GameActionMessage;
}

/** The engine action a game frame stands for (the frame's payload, flattened): `frameOf`'s inverse. */
export function actionOf(frame: GameActionMessage): Action {
  return { type: frame.type, ...(frame.payload ?? {}) } as Action;
}

// ---------------------------------------------------------------- server → client

export const TurnTimerSchema = z.object({
  playerId: z.string(),
  /** Epoch ms when the server acts for the player. */
  deadline: z.number(),
  seconds: z.number(),
});
export type TurnTimer = z.infer<typeof TurnTimerSchema>;

export const GameStatePayloadSchema = z.object({
  /** Grows with every change the room broadcasts; a client that sees a gap asks for `sync`. */
  version: z.number(),
  game: GameSummarySchema,
  participants: z.array(ParticipantSchema),
  /** The engine's view for this socket's player (null while waiting). */
  view: z.nullable(PlayerViewSchema),
  turn: z.nullable(TurnTimerSchema),
  /**
   * Fairness: SHA-256 commitments of every hand so far, and the seeds of finished hands.
   * A broadcast leaves it out while it is unchanged since the previous broadcast; the
   * first state on a socket and every `sync` answer carry it.
   */
  hands: z.optional(z.array(z.object({ hand: z.number(), commitment: z.string(), seed: z.nullable(z.string()) }))),
  results: z.nullable(z.array(PlayerResultSchema)),
  /** Epoch ms at which the next hand is dealt (phase round_end). */
  nextHandAt: z.nullable(z.number()),
  /** "Jogar de novo": who accepted, and the new table once it is open. */
  rematch: z.optional(z.object({ accepted: z.array(z.string()), gameId: z.nullable(z.string()) })),
});
export type GameStatePayload = z.infer<typeof GameStatePayloadSchema>;

/**
 * A change inside a game_state (game/protocol/state-delta.ts): a primitive or `[value]` sets a value, `[]`
 * removes a key, an object changes inside (by key, or by index and `n` in an array). Values are the room's own
 * JSON; the state they build is parsed whole with `GameStatePayloadSchema` before the screen uses it.
 */
const OpSchema: z.ZodMiniType<Op> = z.union([
  z.string(),
  z.number(),
  z.boolean(),
  z.null(),
  z.tuple([]),
  z.tuple([z.unknown()]),
  z.lazy(() => PatchSchema),
]);
const PatchSchema = z.record(z.string(), OpSchema);

/**
 * The next game_state as a change from the one before (`version - 1`), which the socket holds,
 * with the game events of that change (in a full state's frame they come as a `game_event`).
 */
export const StateDeltaSchema = z.object({
  version: z.int().check(z.minimum(1)),
  events: z.optional(z.array(GameEventSchema)),
  patch: PatchSchema,
});

function message<T extends string, P extends z.ZodMiniType>(type: T, payload: P) {
  return z.object({ type: z.literal(type), payload });
}

/** Every message the room sends (DESIGN.md §6), alone in a frame or several in one `batch`. */
const MESSAGES = [
  message("game_state", GameStatePayloadSchema),
  message("game_state_delta", StateDeltaSchema),
  message("participants_updated", z.object({ participants: z.array(ParticipantSchema) })),
  message("game_session_updated", z.object({ game: GameSummarySchema })),
  message("player_connected", z.object({ userId: z.string() })),
  message("player_disconnected", z.object({ userId: z.string() })),
  message("truco_called", TrucoCalledSchema),
  message("truco_responded", TrucoRespondedSchema),
  message("game_event", z.object({ events: z.array(GameEventSchema) })),
  message("game_ended", z.object({ winnerTeam: z.nullable(TeamIdSchema), results: z.array(PlayerResultSchema), reason: z.string() })),
  message("chat_message", z.object({ message: ChatMessageViewSchema })),
  /** A player's turn timer ran out and the room acted for them: their screen says so. */
  message("turn_timed_out", z.object({ playerId: z.string(), action: z.string() })),
  message("error", z.object({ code: z.string(), message: z.string() })),
  /** `at` is the room's clock (epoch ms), or 0 when the keep-alive answered without waking the room. */
  message("pong", z.object({ at: z.number() })),
  /** How many people watch the game (game/spectate/). */
  message("spectators", z.object({ count: z.number() })),
  /** A spectator's chat message: shown apart from the table's chat, which spectators never write in. */
  message("spectator_chat", z.object({ message: ChatMessageViewSchema })),
] as const;

/** One message of the room (what a `batch` holds; never a batch itself). */
export const RoomMessageSchema = z.discriminatedUnion("type", [...MESSAGES]);
export type RoomMessage = z.infer<typeof RoomMessageSchema>;

/**
 * Every frame the room sends: one message, or a `batch` of several, in the order they happened,
 * when one change makes more than one (a move's events, then its state): one frame per socket
 * per change.
 */
export const ServerMessageSchema = z.discriminatedUnion("type", [
  ...MESSAGES,
  message("batch", z.object({ messages: z.array(RoomMessageSchema).check(z.minLength(2)) })),
]);
export type ServerMessage = z.infer<typeof ServerMessageSchema>;
export type ServerMessageType = ServerMessage["type"];

/** The messages a frame holds, in order. */
export function messagesOf(message: ServerMessage): RoomMessage[] {
  return message.type === "batch" ? message.payload.messages : [message];
}

/** The game events a message carries: a `game_event`'s, or those of the change a delta stands for. */
export function eventsOf(message: RoomMessage): GameEvent[] {
  if (message.type === "game_event") return message.payload.events;
  if (message.type === "game_state_delta") return message.payload.events ?? [];
  return [];
}

export type ServerParseResult = FrameParseResult<ServerMessage>;

/** A frame from the room, parsed; anything that is not one of its messages is refused with the reason. */
export function parseServerFrame(frame: unknown): ServerParseResult {
  return parseFrame(ServerMessageSchema, frame, "not a room message");
}

// ---------------------------------------------------------------- the mapping, checked

/** The action each frame stands for, flattened as `actionOf` does it (an empty payload adds nothing). */
type FlatAction<F> = F extends { type: infer T; payload?: infer P }
  ? [NonNullable<P>] extends [Record<string, never>]
    ? { type: T }
    : Flat<{ type: T } & NonNullable<P>>
  : never;
type Flat<T> = { [K in keyof T]: T[K] };

/** `tsc` fails here when a client frame and the engine action it stands for drift apart. */
export type ProtocolMatchesEngine = Holds<Same<FlatAction<GameActionMessage>, Action>>;
/** ... and here when the delta frame and game/protocol/state-delta.ts do. */
export type DeltaMatchesPatch = Holds<Same<z.infer<typeof StateDeltaSchema>, StateDelta>>;
