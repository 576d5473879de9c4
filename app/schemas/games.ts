import { z } from "zod";
import { VariantSchema } from "../../game/protocol/engine-schemas";
import { BotLevelSchema, GameTypeSchema } from "../../game/protocol/entities";
import { CHAT_MAX_LENGTH } from "../../game/protocol/constants";
import { TableRulesInputSchema, parseTableRules } from "../../game/protocol/table-rules";
import { isVariant } from "../../game/truco/variant-list";

// Request bodies of the game endpoints (spec §7), for the app's routes only; the live frames are
// game/protocol/room.ts. The enums come from the shared entity schemas (zod/mini schemas nest in zod's).

export const CreateGameSchema = z
  .object({
    game_type: GameTypeSchema,
    game_mode: z.enum(["casual", "ranked"]),
    /** Informative only: the server sets the entry cost from the mode. */
    entry_cost: z.number().int().min(0).max(1_000_000).optional(),
    truco_variant: VariantSchema,
    /** Play against computer players at once (free, casual, unranked). */
    vs_computer: z.boolean().optional(),
    bot_level: z.optional(BotLevelSchema),
    /** A premium member's exclusive table (DESIGN.md §5): only premium members may join. */
    premium_only: z.boolean().optional(),
    /** Listed among the home page's open tables; otherwise reached by its code only. */
    is_public: z.boolean().optional(),
    /** The table's house rules: only the options its variant offers (game/truco/table-options.ts). */
    house_rules: z.optional(TableRulesInputSchema),
  })
  .strict()
  .superRefine((input, ctx) => {
    const problem = houseRulesProblem(input);
    if (problem) ctx.addIssue({ code: "custom", path: ["house_rules"], message: problem });
  });
export type CreateGame = z.infer<typeof CreateGameSchema>;

/**
 * What is wrong with a creation's house rules for its variant (null: nothing, or no variant to
 * judge them by). The API's refusal names it, so a client learns which option its variant lacks.
 */
export function houseRulesProblem(raw: unknown): string | null {
  if (typeof raw !== "object" || raw === null || !("house_rules" in raw)) return null;
  const { truco_variant: variant, house_rules: rules } = raw as { truco_variant?: unknown; house_rules?: unknown };
  if (!isVariant(variant)) return null;
  const parsed = parseTableRules(variant, rules);
  return parsed.ok ? null : parsed.error;
}
export const JoinGameSchema = z
  .object({
    game_code: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9]{6}$/),
  })
  .strict();

export const FillWithBotsSchema = z.object({ bot_level: BotLevelSchema }).strict();

export const ChatPostSchema = z
  .object({
    message: z.string().max(CHAT_MAX_LENGTH * 4),
    message_type: z.enum(["text", "emoji"]).default("text"),
  })
  .strict();
