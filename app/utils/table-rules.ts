import type { TFunction } from "i18next";
import type { Variant } from "../../game/truco/types";
import { tableRuleLabels, type TableRules } from "../../game/truco/table-options";

/** A table's rules in a few words ("a 15 · sem flor"), as the open tables and the waiting room show them. */
export function tableRulesText(t: TFunction, variant: Variant, players: number, rules: TableRules | null | undefined): string {
  return tableRuleLabels(variant, players, rules)
    .map((label) => (label.key === "target" ? t("variants:rules.labels.target", { n: label.n }) : t(`variants:rules.labels.${label.key}`)))
    .join(" · ");
}
