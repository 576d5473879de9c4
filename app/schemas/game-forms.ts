import { z } from "zod";

/** The game page's forms (issue 16): "Jogar de novo" on the match result. */
export const GameFormSchema = z.object({ intent: z.literal("rematch") });
