/** Win rate of spec §9: wins / games × 100, or 0 without games. */
export function winRate(won: number, played: number): number {
  return played > 0 ? (won / played) * 100 : 0;
}

export function formatPercent(value: number, locale: string, decimals: 0 | 1): string {
  return `${new Intl.NumberFormat(locale, { minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(value)}%`;
}

/** An ISO timestamp or a YYYY-MM-DD calendar date, as a local date. */
export function formatDate(value: string, locale: string): string {
  const calendar = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const date = calendar ? new Date(Number(calendar[1]), Number(calendar[2]) - 1, Number(calendar[3])) : new Date(value);
  return new Intl.DateTimeFormat(locale, { day: "2-digit", month: "2-digit", year: "numeric" }).format(date);
}

export function formatDateTime(value: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: "short", timeStyle: "short" }).format(new Date(value));
}

export function signed(amount: number, locale: string): string {
  const text = Math.abs(amount).toLocaleString(locale);
  return amount > 0 ? `+${text}` : amount < 0 ? `−${text}` : text;
}

/** "1V1 · Casual · Paulista": a game as the history and the transactions name it. */
export function gameTitle(t: (key: string) => string, game: { game_type: string; game_mode: string; truco_variant: string }): string {
  return [game.game_type.toUpperCase(), t(`modes:names.${game.game_mode}`), t(`variants:names.${game.truco_variant}`)].join(" · ");
}
