import { z } from "zod";
import { VariantSchema } from "../../game/protocol/engine-schemas";
import { BotLevelSchema } from "../../game/protocol/entities";
import { LANGUAGES } from "~/i18n";
import { JoinGameSchema } from "./games";
import { RefundRequestSchema } from "./payments";
import { GameIdSchema } from "../../game/protocol/ids";
import { TABLE_OPTIONS, tableOptionKeys, type TableRules } from "../../game/truco/table-options";
import { ROOM_TABLES, TABLES } from "./lobby-tables";

// The home page's forms: each control posts a form that the route action handles, so a
// tap before the page has hydrated is a plain form submission and does the same thing as the
// script. Every field is a string as forms send them; one schema per intent.

/**
 * The lobby form: the casual/ranked buttons queue (`table` casual:… / ranked:…), the
 * practice buttons open a table against the computer (bots:…), and "create a room" (`table` room)
 * opens `room_table` as a private or public room. One form, so the variant travels with any button.
 */
export const PlayFormSchema = z.object({
  intent: z.literal("play"),
  table: z.enum([...TABLES, "room"]),
  truco_variant: VariantSchema,
  bot_level: z.optional(BotLevelSchema),
  room_table: z.enum(ROOM_TABLES).default("casual:1v1"),
  visibility: z.enum(["public", "private"]).default("private"),
  /** The premium member's exclusive-table switch (rooms only): a checkbox, present when on. */
  premium_only: z.literal("on").optional(),
  /** A room's house rules, one radio group per option its variant offers (`rule_<option>`). */
  rule_targetPoints: z.string().max(16).optional(),
  rule_flor: z.string().max(16).optional(),
  rule_maoDeOnze: z.string().max(16).optional(),
  rule_maoDeFerro: z.string().max(16).optional(),
  rule_deck: z.string().max(16).optional(),
  rule_coveredCards: z.string().max(16).optional(),
});
export type PlayForm = z.infer<typeof PlayFormSchema>;

/**
 * A room's house rules from the lobby form: each option the variant offers, as the value whose
 * text the form posted. The fields of options the variant does not offer are not its rules (the
 * form shows only the chosen variant's); a value the variant does not offer is named.
 */
export function houseRulesFromForm(form: PlayForm): { ok: true; rules: TableRules } | { ok: false; error: string } {
  const options = TABLE_OPTIONS[form.truco_variant] as Record<string, readonly (string | number | boolean)[]>;
  const rules: Record<string, string | number | boolean> = {};
  for (const key of tableOptionKeys(form.truco_variant)) {
    const posted = form[`rule_${key}`];
    if (posted === undefined) continue;
    const value = options[key].find((v) => String(v) === posted);
    if (value === undefined) return { ok: false, error: `'${key}' must be one of ${options[key].join(", ")}` };
    rules[key] = value;
  }
  return { ok: true, rules: rules as TableRules };
}

export const HomeFormSchema = z.discriminatedUnion("intent", [
  PlayFormSchema,
  z.object({ intent: z.literal("sit"), game_id: GameIdSchema }),
  JoinGameSchema.extend({ intent: z.literal("join") }),
  z.object({ intent: z.literal("daily-reward") }),
  z.object({ intent: z.literal("buy-coins"), pack_id: z.coerce.number().int() }),
  z.object({ intent: z.literal("buy-premium"), plan_type: z.string().max(32) }),
  RefundRequestSchema.extend({ intent: z.literal("refund") }),
]);
export type HomeForm = z.infer<typeof HomeFormSchema>;
export type HomeIntent = HomeForm["intent"];

/** The language switcher's form: the language, and the page to go back to. */
export const LanguageFormSchema = z.object({
  language: z.enum(LANGUAGES),
  redirect_to: z.string().max(512).optional(),
  /** Sent by the hydrated switcher's fetcher: answer in place, no redirect (see the route). */
  stay: z.literal("1").optional(),
});

/** The answer of a page's form action (what the page shows next to the control). */
export interface FormResult {
  intent: string;
  ok: boolean;
  message: string;
}
