// The house rules a table may choose (game/truco/table-options.ts, game/protocol/table-rules.ts):
// each variant accepts only the options it offers, each option only its values, the first value is
// the engine's default, ranked tables keep the standard rules, and the labels the pages show.
import { describe, expect, it } from "vitest";
import { chooseAction } from "../../../game/truco/bots/index";
import { createMatch, playMatch, viewFor, type Variant } from "../../../game/truco/index";
import { resolveRules } from "../../../game/truco/variants";
import { VARIANTS } from "../../../game/truco/variant-list";
import { parseTableRules } from "../../../game/protocol/table-rules";
import {
  TABLE_OPTIONS,
  houseRulesAllowed,
  tableOptionKeys,
  tableRuleLabels,
  tableRulesOf,
  type TableRules,
} from "../../../game/truco/table-options";
import { P2, P4 } from "./helpers";

describe("the options each variant offers", () => {
  it("lists the engine's default first, for every variant and table size", () => {
    for (const variant of VARIANTS)
      for (const players of [2, 4]) {
        const defaults = resolveRules(variant, {}, players) as unknown as Record<string, unknown>;
        for (const [key, values] of Object.entries(TABLE_OPTIONS[variant])) expect(values[0], `${variant}.${key}`).toEqual(defaults[key]);
      }
  });

  it("offers Argentino to 15 or 30 with or without flor; Gaúcho flor and hidden cards; Paulista mão de onze, ferro and deck", () => {
    expect(tableOptionKeys("argentino")).toEqual(["targetPoints", "flor"]);
    expect(tableOptionKeys("gaucho")).toEqual(["flor", "coveredCards"]);
    expect(tableOptionKeys("paulista")).toEqual(["maoDeOnze", "maoDeFerro", "deck"]);
    expect(tableOptionKeys("mineiro")).toEqual([]);
    expect(tableOptionKeys("international")).toEqual([]);
  });

  it("every offered value is one the engine takes (createMatch resolves it as chosen)", () => {
    for (const variant of VARIANTS)
      for (const [key, values] of Object.entries(TABLE_OPTIONS[variant]))
        for (const value of values as readonly unknown[]) {
          const match = createMatch({ variant, players: P4, seed: "s", rules: { [key]: value } });
          expect((match.rules as unknown as Record<string, unknown>)[key], `${variant}.${key}=${String(value)}`).toEqual(value);
        }
  });
});

describe("parseTableRules", () => {
  it("absent, null or empty: the variant's defaults", () => {
    for (const variant of VARIANTS) {
      expect(parseTableRules(variant, undefined)).toEqual({ ok: true, rules: null });
      expect(parseTableRules(variant, null)).toEqual({ ok: true, rules: null });
      expect(parseTableRules(variant, {})).toEqual({ ok: true, rules: null });
    }
  });

  it("accepts each variant's options with their values", () => {
    expect(parseTableRules("argentino", { targetPoints: 15, flor: false })).toEqual({ ok: true, rules: { targetPoints: 15, flor: false } });
    expect(parseTableRules("gaucho", { flor: false, coveredCards: "off" })).toEqual({
      ok: true,
      rules: { flor: false, coveredCards: "off" },
    });
    expect(parseTableRules("paulista", { maoDeOnze: false, maoDeFerro: "open", deck: "limpo" }).ok).toBe(true);
  });

  it("refuses an option the variant does not offer, naming it and what is offered", () => {
    const flor = parseTableRules("paulista", { flor: true });
    expect(flor).toEqual({ ok: false, error: "'flor' is not an option of paulista tables (offered: maoDeOnze, maoDeFerro, deck)" });
    expect(parseTableRules("mineiro", { deck: "limpo" })).toEqual({
      ok: false,
      error: "'deck' is not an option of mineiro tables (offered: none)",
    });
    // An engine house rule that no table offers.
    expect(parseTableRules("argentino", { raiseCap: true }).ok).toBe(false);
  });

  it("refuses a value the variant does not offer", () => {
    expect(parseTableRules("argentino", { targetPoints: 24 })).toEqual({ ok: false, error: "'targetPoints' must be one of 30, 15" });
    expect(parseTableRules("argentino", { flor: "yes" })).toEqual({ ok: false, error: "'flor' must be one of false, true" });
    expect(parseTableRules("gaucho", { coveredCards: "one_per_team" }).ok).toBe(false);
    for (const bad of [[], "flor", 3]) expect(parseTableRules("argentino", bad).ok).toBe(false);
  });
});

describe("stored rules and ranked tables", () => {
  it("keeps only the choices that differ from the default", () => {
    expect(tableRulesOf("argentino", { targetPoints: 15, flor: false })).toEqual({ targetPoints: 15 });
    expect(tableRulesOf("argentino", { targetPoints: 30, flor: false })).toBeNull();
    expect(tableRulesOf("gaucho", { flor: false })).toEqual({ flor: false });
    expect(tableRulesOf("paulista", null)).toBeNull();
  });

  it("ranked tables keep the standard rules; casual and practice tables may change them", () => {
    const rules: TableRules = { targetPoints: 15 };
    expect(houseRulesAllowed({ game_mode: "ranked", truco_variant: "argentino", house_rules: rules })).toBe(false);
    expect(houseRulesAllowed({ game_mode: "ranked", truco_variant: "argentino", house_rules: { targetPoints: 30, flor: false } })).toBe(
      true,
    );
    expect(houseRulesAllowed({ game_mode: "ranked", truco_variant: "argentino" })).toBe(true);
    expect(houseRulesAllowed({ game_mode: "casual", truco_variant: "argentino", house_rules: rules })).toBe(true);
    expect(houseRulesAllowed({ game_mode: "ranked", truco_variant: "argentino", vs_computer: true, house_rules: rules })).toBe(true);
  });
});

describe("labels", () => {
  const keys = (variant: Variant, players: number, rules?: TableRules | null) =>
    tableRuleLabels(variant, players, rules).map((l) => (l.key === "target" ? `target ${l.n}` : l.key));

  it("say the target, flor where offered, and any other choice that is not the default", () => {
    expect(keys("argentino", 2, { targetPoints: 15 })).toEqual(["target 15", "florOff"]);
    expect(keys("argentino", 4, null)).toEqual(["target 30", "florOff"]);
    expect(keys("argentino", 2, { flor: true })).toEqual(["target 30", "florOn"]);
    expect(keys("gaucho", 2, null)).toEqual(["target 18", "florOn"]);
    expect(keys("gaucho", 4, { flor: false, coveredCards: "off" })).toEqual(["target 24", "florOff", "noCoveredCards"]);
    expect(keys("paulista", 4, null)).toEqual(["target 12"]);
    expect(keys("paulista", 4, { maoDeFerro: "open", deck: "limpo" })).toEqual(["target 12", "openMaoDeFerro", "cleanDeck"]);
    expect(keys("paulista", 4, { maoDeOnze: false })).toEqual(["target 12", "noMaoDeOnze"]);
    expect(keys("mineiro", 4, null)).toEqual(["target 12"]);
  });
});

describe("the computer players play the chosen rules", () => {
  it("finish an Argentino match to 15 without flor: it ends at 15, and nobody ever called flor", () => {
    for (const seed of ["a15-1", "a15-2", "a15-3"]) {
      const start = createMatch({ variant: "argentino", players: P2, seed, rules: { targetPoints: 15, flor: false } });
      const run = playMatch(start, (s, p) => chooseAction(viewFor(s, p), { level: "hard", seed: p }), { log: true });
      expect(run.stop).toBe("match_over");
      const scores = Object.values(run.state.scores);
      expect(Math.max(...scores)).toBeGreaterThanOrEqual(15);
      expect(Math.max(...scores)).toBeLessThan(30);
      expect(run.log.some((step) => step.action?.type === "call_flor")).toBe(false);
    }
    // Three whole matches of the hard player's search: about a second on a quiet core, far more on a shared one.
  }, 60_000);
});
