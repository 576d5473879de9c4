// Per-variant defaults and house-rule resolution (truco-rules.md §1-§4, §6, §7).
import { parseHouseRules } from "./house-rules";
import { defaultTargetOf } from "./table-options";
import type { HouseRules, ResolvedRules, TrucoCall, Variant } from "./types";

export { VARIANTS, isVariant } from "./variant-list";

interface Ladder {
  values: readonly number[];
  names: readonly (TrucoCall | null)[];
}

const LADDERS: Readonly<Record<string, Ladder>> = Object.freeze({
  paulista: { values: [1, 3, 6, 9, 12], names: [null, "truco", "seis", "nove", "doze"] },
  mineiroPlatform: { values: [2, 4, 6, 10, 12], names: [null, "truco", "seis", "dez", "doze"] },
  mineiroShort: { values: [2, 4, 6, 8, 12], names: [null, "truco", "seis", "oito", "doze"] },
  argentino: { values: [1, 2, 3, 4], names: [null, "truco", "retruco", "vale_cuatro"] },
  gaucho: { values: [1, 2, 3, 4], names: [null, "truco", "retruco", "vale_quatro"] },
});

/**
 * The default match target (DESIGN.md §5, truco-rules.md §3, §4.8): 12 in Paulista, Mineiro and
 * International; Argentino 30; Gaúcho 24 in pairs and 18 one against one.
 */
export function defaultTarget(variant: Variant, players: number): number {
  return defaultTargetOf(variant, players);
}

/**
 * Fill every house rule with the variant's DEFAULT for a table of `players` (2 or 4). Throws on
 * an unknown key or a bad value (see `parseHouseRules`). A key that does not apply to the variant
 * has no effect. See docs/decisions/010 and 011 for the choices made where sources disagree.
 */
export function resolveRules(variant: Variant, input?: HouseRules, players = 4): ResolvedRules {
  let rules: HouseRules = {};
  if (input !== undefined) {
    const parsed = parseHouseRules(input);
    if (!parsed.ok) throw new Error(parsed.error);
    rules = parsed.rules;
  }
  const brazilian = variant === "paulista" || variant === "mineiro" || variant === "international";
  const spanish = variant === "argentino" || variant === "gaucho";
  const mineiroScoring = rules.mineiroScoring ?? "platform";
  let ladder = LADDERS.paulista;
  if (variant === "mineiro") {
    ladder = mineiroScoring === "platform" ? LADDERS.mineiroPlatform : mineiroScoring === "short" ? LADDERS.mineiroShort : LADDERS.paulista;
  } else if (variant === "argentino") ladder = LADDERS.argentino;
  else if (variant === "gaucho") ladder = LADDERS.gaucho;

  const targetPoints = rules.targetPoints ?? defaultTarget(variant, players);
  const fv = rules.florValues ?? {};
  return {
    targetPoints,
    // Gaúcho's two voltas and Argentino's malas and buenas split the target in half (§3, §4.8).
    halfTarget: spanish ? Math.ceil(targetPoints / 2) : null,
    deck: brazilian ? (rules.deck ?? "sujo") : "sujo",
    raiseCap: rules.raiseCap ?? false,
    manilhaMode: spanish ? "spanish" : (rules.manilhaMode ?? (variant === "mineiro" ? "velha" : "nova")),
    mineiroScoring,
    responseRule: rules.responseRule ?? "first_answer_binds",
    tieLeader: rules.tieLeader ?? "tied_trick_leader",
    allTiedHand: rules.allTiedHand ?? (spanish ? "mano_wins" : "void"),
    coveredCards: rules.coveredCards ?? (variant === "argentino" || variant === "international" ? "off" : "rounds_2_3"),
    mustPlayHighestAfterTie: rules.mustPlayHighestAfterTie ?? false,
    maoDeOnze: brazilian ? (rules.maoDeOnze ?? true) : false,
    maoDeFerro: rules.maoDeFerro ?? (variant === "international" ? "open" : "blind"),
    envido: spanish,
    // Argentino: "sin flor" unless agreed (tournament default); Gaúcho plays the jogo dos pontos with flor.
    flor: spanish ? (rules.flor ?? variant === "gaucho") : false,
    florValues: { flor: fv.flor ?? 3, contest: fv.contest ?? 6, achico: fv.achico ?? 4 },
    faltaEnvido: rules.faltaEnvido ?? "classic",
    foldFirstTrickNoEnvido: rules.foldFirstTrickNoEnvido ?? "truco_value",
    endImmediately: rules.endImmediately ?? true,
    mazo: spanish,
    ladder: { values: ladder.values.slice(), names: ladder.names.slice() },
  };
}

/** The score at which a Brazilian special hand starts: 11 for 1-3-6-9-12, 10 for the 2-point ladders. */
export function specialHandThreshold(rules: ResolvedRules): number {
  return rules.targetPoints - rules.ladder.values[0];
}
