// Per-variant defaults and house-rule resolution (truco-rules.md §1-§4, §6, §7).
import type { HouseRules, ResolvedRules, TrucoCall, Variant } from "./types";

export const VARIANTS: readonly Variant[] = ["paulista", "mineiro", "gaucho", "argentino", "international"];

const LADDERS: Record<string, { values: number[]; names: (TrucoCall | null)[] }> = {
  paulista: { values: [1, 3, 6, 9, 12], names: [null, "truco", "seis", "nove", "doze"] },
  mineiroPlatform: { values: [2, 4, 6, 10, 12], names: [null, "truco", "seis", "dez", "doze"] },
  mineiroShort: { values: [2, 4, 6, 8, 12], names: [null, "truco", "seis", "oito", "doze"] },
  argentino: { values: [1, 2, 3, 4], names: [null, "truco", "retruco", "vale_cuatro"] },
  gaucho: { values: [1, 2, 3, 4], names: [null, "truco", "retruco", "vale_quatro"] },
};

export function isVariant(v: unknown): v is Variant {
  return typeof v === "string" && (VARIANTS as readonly string[]).includes(v);
}

function pick<T extends string>(value: unknown, allowed: readonly T[], fallback: T): T {
  return typeof value === "string" && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
}

function bool(value: unknown, fallback: boolean): boolean {
  return typeof value === "boolean" ? value : fallback;
}

function posInt(value: unknown, fallback: number): number {
  return typeof value === "number" && Number.isInteger(value) && value > 0 && value <= 1000 ? value : fallback;
}

/**
 * Fill every house rule with the variant's DEFAULT. Unknown keys and bad values fall back to
 * the default. See docs/decisions/010 and 011 for the choices made where sources disagree.
 */
export function resolveRules(variant: Variant, rules: HouseRules = {}): ResolvedRules {
  const brazilian = variant === "paulista" || variant === "mineiro" || variant === "international";
  const spanish = variant === "argentino" || variant === "gaucho";
  const mineiroScoring = pick(rules.mineiroScoring, ["platform", "pagat", "short"] as const, "platform");
  let ladder = LADDERS.paulista;
  if (variant === "mineiro") {
    ladder = mineiroScoring === "platform" ? LADDERS.mineiroPlatform : mineiroScoring === "short" ? LADDERS.mineiroShort : LADDERS.paulista;
  } else if (variant === "argentino") ladder = LADDERS.argentino;
  else if (variant === "gaucho") ladder = LADDERS.gaucho;

  const fv = rules.florValues ?? {};
  return {
    // DESIGN.md §5: 12 in the Brazilian variants (Gaúcho included, ADR 011), 30 in Argentino.
    targetPoints: posInt(rules.targetPoints, variant === "argentino" ? 30 : 12),
    manilhaMode: spanish ? "spanish" : pick(rules.manilhaMode, ["nova", "velha"] as const, variant === "mineiro" ? "velha" : "nova"),
    mineiroScoring,
    responseRule: pick(rules.responseRule, ["first_answer_binds", "both_must_refuse"] as const, "first_answer_binds"),
    tieLeader: pick(rules.tieLeader, ["tied_trick_leader", "first_tying_card", "last_tying_card", "mano"] as const, "tied_trick_leader"),
    allTiedHand: pick(rules.allTiedHand, ["void", "mano_wins", "dealer_wins", "redeal"] as const, spanish ? "mano_wins" : "void"),
    coveredCards:
      variant === "argentino" || variant === "international"
        ? pick(rules.coveredCards, ["off", "rounds_2_3", "one_per_team", "not_after_tie"] as const, "off")
        : pick(rules.coveredCards, ["off", "rounds_2_3", "one_per_team", "not_after_tie"] as const, "rounds_2_3"),
    mustPlayHighestAfterTie: bool(rules.mustPlayHighestAfterTie, false),
    maoDeOnze: brazilian ? bool(rules.maoDeOnze, true) : false,
    maoDeFerro: pick(rules.maoDeFerro, ["blind", "open"] as const, variant === "international" ? "open" : "blind"),
    envido: spanish,
    // Argentino: "sin flor" unless agreed (tournament default); Gaúcho plays the jogo dos pontos with flor (ADR 011).
    flor: spanish ? bool(rules.flor, variant === "gaucho") : false,
    florValues: {
      flor: posInt(fv.flor, 3),
      contest: posInt(fv.contest, 6),
      achico: posInt(fv.achico, 4),
    },
    faltaEnvido: pick(rules.faltaEnvido, ["classic", "malas_buenas", "match_from_malas"] as const, "classic"),
    foldFirstTrickNoEnvido: pick(rules.foldFirstTrickNoEnvido, ["truco_value", "two_points"] as const, "truco_value"),
    endImmediately: bool(rules.endImmediately, true),
    mazo: spanish,
    ladder: { values: ladder.values.slice(), names: ladder.names.slice() },
  };
}

/** The score at which a Brazilian special hand starts: 11 for 1-3-6-9-12, 10 for the 2-point ladders. */
export function specialHandThreshold(rules: ResolvedRules): number {
  return rules.targetPoints - rules.ladder.values[0];
}
