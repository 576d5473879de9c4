import type { CSSProperties } from "react";

// The admin's tables on a narrow screen: one card per row, each cell on a line of its own after
// its column's name (the `.card-table` rules of app/tailwind.css). The names come from the
// table's style, `--col-1`…, so the cells stay plain <td>s and the header stays the table's.

/** The class of such a table. */
export const CARD_TABLE = "card-table";

/** The table's style: its columns' names, in order, for the cards to print beside each cell. */
export function cardTableLabels(head: readonly string[]): CSSProperties {
  return Object.fromEntries(head.map((name, i) => [`--col-${i + 1}`, JSON.stringify(name)])) as CSSProperties;
}
