import { z } from "zod";
import { CHAT_MAX_LENGTH } from "../../game/protocol/constants";

/**
 * The game page's forms, which work before the page has hydrated and without JavaScript:
 * "Jogar de novo" on the match result, leaving a waiting room, conceding a game in play ("Desistir"), and a chat message (typed, or
 * one of the emoji buttons, which submit the same form with their emoji).
 */
export const GameFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("rematch") }),
  z.object({ intent: z.literal("leave") }),
  z.object({ intent: z.literal("concede") }),
  z.object({
    intent: z.literal("chat"),
    message: z
      .string()
      .max(CHAT_MAX_LENGTH * 4)
      .default(""),
    emoji: z.string().max(16).optional(),
  }),
]);
