/** The Transações tab of spec §2 (built with the coins issue). */
export function TransactionsTab() {
  return null;
}
