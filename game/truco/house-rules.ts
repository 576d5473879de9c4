// The house-rule boundary (truco-rules.md §7): one zod schema for what a table may set. An
// unknown key or a bad value is refused with a message naming it, never dropped silently, so a
// lobby that offers an option the engine does not know finds out at once.
import { z } from "zod";
import type { HouseRules } from "./types";

const points = z.number().int().min(1).max(1000);

export const HouseRulesSchema = z.strictObject({
  targetPoints: points.optional(),
  deck: z.enum(["sujo", "limpo"]).optional(),
  raiseCap: z.boolean().optional(),
  manilhaMode: z.enum(["nova", "velha"]).optional(),
  mineiroScoring: z.enum(["platform", "pagat", "short"]).optional(),
  responseRule: z.enum(["first_answer_binds", "both_must_refuse"]).optional(),
  tieLeader: z.enum(["tied_trick_leader", "first_tying_card", "last_tying_card", "mano"]).optional(),
  allTiedHand: z.enum(["void", "mano_wins", "dealer_wins", "redeal"]).optional(),
  coveredCards: z.enum(["off", "rounds_2_3", "one_per_team", "not_after_tie"]).optional(),
  mustPlayHighestAfterTie: z.boolean().optional(),
  maoDeOnze: z.boolean().optional(),
  maoDeFerro: z.enum(["blind", "open"]).optional(),
  flor: z.boolean().optional(),
  florValues: z.strictObject({ flor: points.optional(), contest: points.optional(), achico: points.optional() }).optional(),
  faltaEnvido: z.enum(["classic", "malas_buenas", "match_from_malas"]).optional(),
  foldFirstTrickNoEnvido: z.enum(["truco_value", "two_points"]).optional(),
  endImmediately: z.boolean().optional(),
});

// The schema and the documented HouseRules type must name the same keys with the same values.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _sameShape: [Same<keyof z.infer<typeof HouseRulesSchema>, keyof HouseRules>, Same<z.infer<typeof HouseRulesSchema>, HouseRules>] = [
  true,
  true,
];
void _sameShape;

export const HOUSE_RULE_KEYS: readonly string[] = Object.freeze(Object.keys(HouseRulesSchema.shape));

export type ParsedHouseRules = { ok: true; rules: HouseRules } | { ok: false; error: string };

/**
 * Check a table's house rules. `undefined` means none. On failure `error` names every offending
 * key, e.g. `unknown house rule 'betTiming'` or `house rule 'targetPoints': …`.
 */
export function parseHouseRules(input: unknown): ParsedHouseRules {
  if (input === undefined) return { ok: true, rules: {} };
  const r = HouseRulesSchema.safeParse(input);
  if (r.success) return { ok: true, rules: r.data };
  const problems = r.error.issues.map((issue) => {
    if (issue.code === "unrecognized_keys") {
      const where = issue.path.length ? ` in '${issue.path.join(".")}'` : "";
      return `unknown house rule${issue.keys.length > 1 ? "s" : ""} ${issue.keys.map((k) => `'${k}'`).join(", ")}${where}`;
    }
    if (issue.path.length === 0) return "house rules must be an object";
    return `house rule '${issue.path.join(".")}': ${issue.message}`;
  });
  return { ok: false, error: `${problems.join("; ")} (known: ${HOUSE_RULE_KEYS.join(", ")})` };
}
