// The countdown of spec §9: days and hours, or hours and minutes, or minutes; 'Iniciado' once past.

export type Countdown =
  | { kind: "days"; days: number; hours: number }
  | { kind: "hours"; hours: number; minutes: number }
  | { kind: "minutes"; minutes: number }
  | { kind: "past" };

export function countdown(target: number, now: number): Countdown {
  const ms = target - now;
  if (ms <= 0) return { kind: "past" };
  const totalMinutes = Math.ceil(ms / 60_000);
  const days = Math.floor(totalMinutes / (24 * 60));
  const hours = Math.floor((totalMinutes % (24 * 60)) / 60);
  const minutes = totalMinutes % 60;
  if (days > 0) return { kind: "days", days, hours };
  if (hours > 0) return { kind: "hours", hours, minutes };
  return { kind: "minutes", minutes };
}
