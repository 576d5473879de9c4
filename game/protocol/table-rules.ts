import * as z from "zod/mini";
import type { Variant } from "../truco/index";
import { TABLE_OPTIONS, type TableRuleKey, type TableRules } from "../truco/table-options";

// The house rules a table was opened with, at every boundary they cross (POST /api/games, the
// games row, the room, the lobby's listing): zod/mini schemas, one per variant, built from
// TABLE_OPTIONS so a variant accepts exactly the options and values it offers.

const VALUE_SCHEMAS = {
  targetPoints: z.number(),
  flor: z.boolean(),
  maoDeOnze: z.boolean(),
  maoDeFerro: z.enum(["blind", "open"]),
  deck: z.enum(["sujo", "limpo"]),
  coveredCards: z.enum(["off", "rounds_2_3", "one_per_team", "not_after_tie"]),
} satisfies Record<TableRuleKey, z.ZodMiniType>;

const SHAPE = {
  targetPoints: z.optional(VALUE_SCHEMAS.targetPoints),
  flor: z.optional(VALUE_SCHEMAS.flor),
  maoDeOnze: z.optional(VALUE_SCHEMAS.maoDeOnze),
  maoDeFerro: z.optional(VALUE_SCHEMAS.maoDeFerro),
  deck: z.optional(VALUE_SCHEMAS.deck),
  coveredCards: z.optional(VALUE_SCHEMAS.coveredCards),
};

/**
 * Any table's rules as they travel out (a game summary, a listing): each known key with its engine
 * type. It strips a key it does not know, so a client a release behind still reads a newer frame.
 */
export const TableRulesSchema = z.object(SHAPE);

/** The same on the way in (a request body): an unknown key is refused, never dropped; `parseTableRules` then checks the variant. */
export const TableRulesInputSchema = z.strictObject(SHAPE);

/** A variant's schema: only the options it offers, each only with the values it offers. */
function variantSchema(variant: Variant) {
  const options = TABLE_OPTIONS[variant] as Record<string, readonly (string | number | boolean)[]>;
  const shape: Record<string, z.ZodMiniType> = {};
  for (const [key, values] of Object.entries(options)) shape[key] = z.optional(z.union(values.map((v) => z.literal(v))));
  return z.strictObject(shape);
}

export type ParsedTableRules = { ok: true; rules: TableRules | null } | { ok: false; error: string };

/**
 * Checks a table's house rules for its variant. Absent or `{}`: the variant's defaults (null). On
 * failure `error` names each offending option and what the variant offers, e.g.
 * `'flor' is not an option of paulista tables (offered: maoDeOnze, maoDeFerro, deck)` or
 * `'targetPoints' must be one of 30, 15`.
 */
export function parseTableRules(variant: Variant, input: unknown): ParsedTableRules {
  if (input === undefined || input === null) return { ok: true, rules: null };
  const parsed = variantSchema(variant).safeParse(input);
  if (!parsed.success) {
    const offered = Object.keys(TABLE_OPTIONS[variant]);
    const problems = parsed.error.issues.map((issue) => {
      if (issue.code === "unrecognized_keys")
        return issue.keys
          .map((k) => `'${k}' is not an option of ${variant} tables (offered: ${offered.length ? offered.join(", ") : "none"})`)
          .join("; ");
      const key = String(issue.path[0] ?? "");
      const values = (TABLE_OPTIONS[variant] as Record<string, readonly unknown[]>)[key];
      return key && values ? `'${key}' must be one of ${values.join(", ")}` : "house rules must be an object";
    });
    return { ok: false, error: problems.join("; ") };
  }
  const rules = parsed.data as TableRules;
  return { ok: true, rules: Object.keys(rules).length ? rules : null };
}
