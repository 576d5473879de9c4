/** The Histórico de Jogos tab of spec §2 (built with the live games issue). */
export function HistoryTab() {
  return null;
}
