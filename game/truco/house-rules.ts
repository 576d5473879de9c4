// The house-rule boundary (truco-rules.md §7): one zod schema for what a table may set. An
// unknown key or a bad value is refused with a message naming it, never dropped silently, so a
// lobby that offers an option the engine does not know finds out at once.
// zod/mini (ADR 031): the engine runs in the browser too (the replay rebuilds every hand with it),
// and mini's functions tree-shake where zod's chainable API would bring its whole class library.
import * as z from "zod/mini";
import type { HouseRules } from "./types";

const MIN_POINTS = 1;
const MAX_POINTS = 1000;
const points = z.int().check(z.minimum(MIN_POINTS), z.maximum(MAX_POINTS));

export const HouseRulesSchema = z.strictObject({
  targetPoints: z.optional(points),
  deck: z.optional(z.enum(["sujo", "limpo"])),
  raiseCap: z.optional(z.boolean()),
  manilhaMode: z.optional(z.enum(["nova", "velha"])),
  mineiroScoring: z.optional(z.enum(["platform", "pagat", "short"])),
  responseRule: z.optional(z.enum(["first_answer_binds", "both_must_refuse"])),
  tieLeader: z.optional(z.enum(["tied_trick_leader", "first_tying_card", "last_tying_card", "mano"])),
  allTiedHand: z.optional(z.enum(["void", "mano_wins", "dealer_wins", "redeal"])),
  coveredCards: z.optional(z.enum(["off", "rounds_2_3", "one_per_team", "not_after_tie"])),
  mustPlayHighestAfterTie: z.optional(z.boolean()),
  maoDeOnze: z.optional(z.boolean()),
  maoDeFerro: z.optional(z.enum(["blind", "open"])),
  flor: z.optional(z.boolean()),
  florValues: z.optional(z.strictObject({ flor: z.optional(points), contest: z.optional(points), achico: z.optional(points) })),
  faltaEnvido: z.optional(z.enum(["classic", "malas_buenas", "match_from_malas"])),
  foldFirstTrickNoEnvido: z.optional(z.enum(["truco_value", "two_points"])),
  endImmediately: z.optional(z.boolean()),
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
    return `house rule '${issue.path.join(".")}': ${whatIsWrong(issue)}`;
  });
  return { ok: false, error: `${problems.join("; ")} (known: ${HOUSE_RULE_KEYS.join(", ")})` };
}

/** What a bad value should have been, in words (zod/mini carries no messages of its own). */
function whatIsWrong(issue: z.core.$ZodIssue): string {
  if (issue.code === "invalid_value") return `must be one of ${issue.values.map(String).join(", ")}`;
  if (issue.code === "too_small") return `must be at least ${String(issue.minimum)}`;
  if (issue.code === "too_big") return `must be at most ${String(issue.maximum)}`;
  if (issue.code === "invalid_type") {
    if (issue.expected === "int" || issue.expected === "number") return `must be a whole number from ${MIN_POINTS} to ${MAX_POINTS}`;
    if (issue.expected === "boolean") return "must be true or false";
    if (issue.expected === "object") return "must be an object";
    return `must be ${issue.expected}`;
  }
  return "is not a valid value";
}
