import { PRODUCT_TIME_ZONE } from "../../game/calendar";
import { formatInteger } from "./integer-format";
/** Win rate of spec §9: wins / games × 100, or 0 without games. */
export function winRate(won: number, played: number): number {
  return played > 0 ? (won / played) * 100 : 0;
}

export function formatPercent(value: number, locale: string, decimals: 0 | 1): string {
  return `${new Intl.NumberFormat(locale, { minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(value)}%`;
}

/**
 * An ISO timestamp or a YYYY-MM-DD calendar date, as a date in the product's one zone:
 * a timestamp is read in São Paulo time, where the daily reward's calendar dates already are, so
 * "Membro desde" and "Última recompensa" of the same day say the same day, on the server's render
 * (UTC) and in any browser.
 */
export function formatDate(value: string, locale: string): string {
  const calendar = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (calendar) {
    const day = new Date(Date.UTC(Number(calendar[1]), Number(calendar[2]) - 1, Number(calendar[3])));
    return new Intl.DateTimeFormat(locale, { day: "2-digit", month: "2-digit", year: "numeric", timeZone: "UTC" }).format(day);
  }
  return new Intl.DateTimeFormat(locale, { day: "2-digit", month: "2-digit", year: "numeric", timeZone: PRODUCT_TIME_ZONE }).format(
    new Date(value),
  );
}

export function formatDateTime(value: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: "short", timeStyle: "short", timeZone: PRODUCT_TIME_ZONE }).format(new Date(value));
}

/** The hour and minute of an ISO timestamp, in the product's one zone (a tournament's start). */
export function formatTime(value: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { hour: "2-digit", minute: "2-digit", timeZone: PRODUCT_TIME_ZONE }).format(new Date(value));
}

export function signed(amount: number, locale: string): string {
  const text = formatInteger(Math.abs(amount), locale);
  return amount > 0 ? `+${text}` : amount < 0 ? `−${text}` : text;
}

/** "1V1 · Casual · Paulista": a game as the history and the transactions name it. */
export function gameTitle(t: (key: string) => string, game: { game_type: string; game_mode: string; truco_variant: string }): string {
  return [game.game_type.toUpperCase(), t(`modes:names.${game.game_mode}`), t(`variants:names.${game.truco_variant}`)].join(" · ");
}
