import * as z from "zod/mini";
import { GameEventSchema, TeamIdSchema, TrucoCalledSchema, TrucoRespondedSchema } from "./engine-schemas";
import { ChatMessageViewSchema, PlayerResultSchema } from "./entities";
import { parseFrame, parseInboundFrame, type FrameParseResult, type InboundParseResult } from "./parse-frame";
import { GameStatePayloadSchema } from "./room";
import { SPECTATOR_CHAT_MAX } from "./constants";

// The spectators' socket (docs/decisions/134-spectating-through-a-relay.md): what the relay sends a
// spectator and what a spectator may send it. A spectator's state is a game_state with the public
// view of the match (no hand's card, no seed, no join code).

/** The public callouts of a change, shown on the table as a player sees them. */
export const SpectatorCalloutSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("game_event"), payload: z.object({ events: z.array(GameEventSchema) }) }),
  z.object({ type: z.literal("truco_called"), payload: TrucoCalledSchema }),
  z.object({ type: z.literal("truco_responded"), payload: TrucoRespondedSchema }),
  z.object({ type: z.literal("turn_timed_out"), payload: z.object({ playerId: z.string(), action: z.string() }) }),
  z.object({
    type: z.literal("game_ended"),
    payload: z.object({ winnerTeam: z.nullable(TeamIdSchema), results: z.array(PlayerResultSchema), reason: z.string() }),
  }),
]);
export type SpectatorCallout = z.infer<typeof SpectatorCalloutSchema>;

/**
 * One version of the game as spectators see it, whole. `since` is the version of the frame the
 * sender sent before this one (null: unknown, after a restart): a receiver that holds another
 * version missed one.
 */
export const SpectatorFrameSchema = z.object({
  version: z.number(),
  since: z.nullable(z.number()),
  state: GameStatePayloadSchema,
  messages: z.array(SpectatorCalloutSchema),
});
export type SpectatorFrame = z.infer<typeof SpectatorFrameSchema>;

export { SPECTATOR_CHAT_MAX } from "./constants";

function message<T extends string, P extends z.ZodMiniType>(type: T, payload: P) {
  return z.object({ type: z.literal(type), payload });
}

/** What the relay sends a spectator. */
export const SpectatorServerMessageSchema = z.discriminatedUnion("type", [
  message("frame", SpectatorFrameSchema),
  /** How many watch, the spectator included. */
  message("watchers", z.object({ count: z.number() })),
  message("spectator_chat", z.object({ message: ChatMessageViewSchema })),
  message("error", z.object({ code: z.string(), message: z.string() })),
  message("pong", z.object({ at: z.number() })),
]);
export type SpectatorServerMessage = z.infer<typeof SpectatorServerMessageSchema>;

export function parseSpectatorServerFrame(frame: unknown): FrameParseResult<SpectatorServerMessage> {
  return parseFrame(SpectatorServerMessageSchema, frame, "not a spectator message");
}

/** What a spectator may send: a keep-alive, a request for the latest frame, a chat message. */
export const SpectatorClientMessageSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("ping") }),
  z.object({ type: z.literal("sync") }),
  message("chat", z.object({ text: z.string().check(z.minLength(1), z.maxLength(SPECTATOR_CHAT_MAX)) })),
]);
export type SpectatorClientMessage = z.infer<typeof SpectatorClientMessageSchema>;

export function parseSpectatorClientFrame(frame: string | ArrayBuffer): InboundParseResult<SpectatorClientMessage> {
  return parseInboundFrame(SpectatorClientMessageSchema, frame);
}
