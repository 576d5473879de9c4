// The product's calendar (DESIGN.md §5): days, weeks and months as they are in São Paulo, where
// the daily reward turns over and the weekly and monthly leaderboards start. Pure: every function
// takes the instant it is asked about.

export const PRODUCT_TIME_ZONE = "America/Sao_Paulo";

// One formatter for the process: building an Intl.DateTimeFormat costs far more than using one.
// en-CA formats as YYYY-MM-DD. Built on first use, not when the module loads: a browser pays
// dearly for its time-zone data (docs/performance.md), and most pages that import this
// module (the game room through app/utils/format.ts) never ask for a date.
let dateFormat: Intl.DateTimeFormat | null = null;

/** A calendar date, YYYY-MM-DD. */
export type CalendarDate = string;

/** The calendar date (YYYY-MM-DD) of an instant in São Paulo. */
export function calendarDate(at: Date): CalendarDate {
  dateFormat ??= new Intl.DateTimeFormat("en-CA", { timeZone: PRODUCT_TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit" });
  return dateFormat.format(at);
}

function shift(date: CalendarDate, days: number): CalendarDate {
  const [year, month, day] = date.split("-").map(Number);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** The calendar date before a YYYY-MM-DD date. */
export function previousDate(date: CalendarDate): CalendarDate {
  return shift(date, -1);
}

/** The Monday that starts the week (Monday to Sunday) of a YYYY-MM-DD date. */
export function weekStart(date: CalendarDate): CalendarDate {
  const [year, month, day] = date.split("-").map(Number);
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay(); // 0 = Sunday
  return shift(date, -((weekday + 6) % 7));
}

/** The month (YYYY-MM) of a YYYY-MM-DD date. */
export function monthOf(date: CalendarDate): string {
  return date.slice(0, 7);
}
