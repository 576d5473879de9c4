// The house rules a player may choose when opening a table: each variant's main options among
// those the engine implements (HouseRules in ./types.ts, resolved by ./variants.ts). The first
// value of each option is the variant's default, so a table that sets nothing plays exactly as
// before. A module with no imports but types, so the pages that only show a table's rules (the
// open tables, the waiting room) do not pull in zod or the engine.
import type { HouseRules, Variant } from "./types";

/** The house rules a table may set: a subset of the engine's HouseRules. */
export type TableRules = Pick<HouseRules, "targetPoints" | "flor" | "maoDeOnze" | "maoDeFerro" | "deck" | "coveredCards">;
export type TableRuleKey = keyof TableRules;

type Choices = { readonly [K in TableRuleKey]?: readonly NonNullable<TableRules[K]>[] };

/**
 * What each variant offers, default first. Mineiro and International offer nothing yet: their
 * main rules are their defaults (docs/decisions/137-table-house-rules.md).
 */
export const TABLE_OPTIONS: Readonly<Record<Variant, Choices>> = Object.freeze({
  paulista: { maoDeOnze: [true, false], maoDeFerro: ["blind", "open"], deck: ["sujo", "limpo"] },
  mineiro: {},
  // Gaúcho plays the jogo dos pontos with flor and lets a card be hidden ("esconder") from trick 2.
  gaucho: { flor: [true, false], coveredCards: ["rounds_2_3", "off"] },
  // Argentino: 30 (malas and buenas) or 15 (malas only), sin flor unless agreed.
  argentino: { targetPoints: [30, 15], flor: [false, true] },
  international: {},
});

/**
 * A table's rules as stored: only the offered options set to something other than the default,
 * null when nothing is left (a table that chose every default is a default table).
 */
export function tableRulesOf(variant: Variant, rules: TableRules | null | undefined): TableRules | null {
  if (!rules) return null;
  const options = TABLE_OPTIONS[variant] as Record<string, readonly unknown[]>;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(rules)) if (value !== undefined && options[key]?.[0] !== value) out[key] = value;
  return Object.keys(out).length ? (out as TableRules) : null;
}

/**
 * Ranked games keep the variant's standard rules, so every rating is earned at the same game;
 * a table against the computer is casual whatever its mode says.
 */
export function houseRulesAllowed(table: {
  game_mode: string;
  truco_variant: Variant;
  vs_computer?: boolean;
  house_rules?: TableRules | null;
}): boolean {
  return tableRulesOf(table.truco_variant, table.house_rules) === null || table.game_mode !== "ranked" || Boolean(table.vs_computer);
}

/** The options a variant offers, in the order the create dialog shows them. */
export function tableOptionKeys(variant: Variant): TableRuleKey[] {
  return Object.keys(TABLE_OPTIONS[variant]) as TableRuleKey[];
}

/** The match target when a table does not set one (the engine's defaultTarget, variants.ts). */
export function defaultTargetOf(variant: Variant, players: number): number {
  if (variant === "argentino") return 30;
  if (variant === "gaucho") return players === 2 ? 18 : 24;
  return 12;
}

/** Every offered option's value at a table: its own choice, else the variant's default. */
export function chosenTableRules(variant: Variant, rules: TableRules | null | undefined): TableRules {
  const out: Record<string, unknown> = {};
  const options = TABLE_OPTIONS[variant] as Record<string, readonly unknown[]>;
  for (const key of Object.keys(options)) out[key] = (rules as Record<string, unknown> | null | undefined)?.[key] ?? options[key][0];
  return out as TableRules;
}

/**
 * One short label of a table's rules, as i18n keys with their values: the target always, flor
 * always where the variant offers it (its default differs between Argentino and Gaúcho), any
 * other option only when it is not the default. E.g. Argentino to 15 without flor:
 * [{ key: "target", n: 15 }, { key: "florOff" }] → "a 15 · sem flor".
 */
export type TableRuleLabel =
  { key: "target"; n: number } | { key: "florOn" | "florOff" | "noMaoDeOnze" | "openMaoDeFerro" | "cleanDeck" | "noCoveredCards" };

export function tableRuleLabels(variant: Variant, players: number, rules: TableRules | null | undefined): TableRuleLabel[] {
  const chosen = chosenTableRules(variant, rules);
  const labels: TableRuleLabel[] = [{ key: "target", n: rules?.targetPoints ?? defaultTargetOf(variant, players) }];
  if (chosen.flor !== undefined) labels.push({ key: chosen.flor ? "florOn" : "florOff" });
  if (chosen.maoDeOnze === false) labels.push({ key: "noMaoDeOnze" });
  else if (chosen.maoDeFerro === "open") labels.push({ key: "openMaoDeFerro" });
  if (chosen.deck === "limpo") labels.push({ key: "cleanDeck" });
  if (chosen.coveredCards === "off") labels.push({ key: "noCoveredCards" });
  return labels;
}
