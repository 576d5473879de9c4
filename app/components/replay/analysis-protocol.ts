import * as z from "zod/mini";
import { ActionSchema } from "../../../game/protocol/engine-schemas";

// The messages between the replay page and its analysis worker (analysis.worker.ts). The page
// sends the game's record; the worker answers with its progress after each decision, then every
// opinion and the key moments. Both sides parse what they receive.

export const OpinionSchema = z.object({
  hand: z.number(),
  move: z.number(),
  playerId: z.string(),
  choice: ActionSchema,
  played: z.number(),
  chosen: z.number(),
  team1: z.number(),
  agrees: z.boolean(),
});

export const AnalysisReplySchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("progress"), done: z.number(), total: z.number() }),
  z.object({ type: z.literal("done"), opinions: z.array(OpinionSchema), keyMoments: z.array(z.number()) }),
  z.object({ type: z.literal("failed"), error: z.string() }),
]);
export type AnalysisReply = z.infer<typeof AnalysisReplySchema>;
export type Opinion = z.infer<typeof OpinionSchema>;
