import type { GameType } from "../protocol/entities";
import type { Variant } from "../truco/types";
import { VARIANTS } from "../truco/variants";

// The recurring schedule (ADR 068): tournaments exist without an operator. Each series
// names when its next tournaments start; `scheduledTournaments` lists the ones that should exist
// at an instant, with ids derived from the series and the start, so creating them is idempotent
// (INSERT … ON CONFLICT DO NOTHING) from the seed, the list's loader, or a tournament's close.

/** What each tournament of a series is, and what the schedule writes of it. */
interface TournamentTerms {
  name: string;
  description: string;
  game_type: GameType;
  truco_variant: Variant;
  entry_cost: number;
  guaranteed_prize: number;
  max_participants: number;
}

export interface TournamentSeries extends TournamentTerms {
  key: string;
  /** Minutes between two starts, aligned on the epoch (15: :00, :15, :30, :45 UTC). */
  everyMinutes: number;
  /** Offset of the starts within the period, in minutes (a daily one at 23:00 UTC = 20:00 in São Paulo). */
  offsetMinutes: number;
  /** Registration opens this many minutes before the start (before it: 'upcoming'). */
  registrationMinutes: number;
  /** How many future starts exist at any time. */
  ahead: number;
}

const DAY = 24 * 60;

export const TOURNAMENT_SERIES: readonly TournamentSeries[] = [
  {
    key: "relampago",
    name: "Torneio Relâmpago",
    description: "Mata-mata 1x1 grátis a cada 15 minutos, com prêmio garantido.",
    game_type: "1v1",
    truco_variant: "paulista",
    entry_cost: 0,
    guaranteed_prize: 200,
    max_participants: 8,
    everyMinutes: 15,
    offsetMinutes: 0,
    registrationMinutes: 30,
    ahead: 2,
  },
  ...VARIANTS.map((variant, i): TournamentSeries => ({
    key: `daily-${variant}`,
    name: `Copa Diária ${variantTitle(variant)}`,
    description: "Torneio diário com inscrição paga: o prêmio é a soma das inscrições mais o garantido.",
    game_type: "1v1",
    truco_variant: variant,
    entry_cost: 100,
    guaranteed_prize: 500,
    max_participants: 16,
    everyMinutes: DAY,
    // 23:00, 23:10… UTC: the evening in Brazil, one variant after the other.
    offsetMinutes: 23 * 60 + i * 10,
    registrationMinutes: 12 * 60,
    ahead: 2,
  })),
  {
    key: "daily-duplas",
    name: "Duplas da Noite",
    description: "Torneio 2x2: as duplas são sorteadas na hora do início.",
    game_type: "2v2",
    truco_variant: "paulista",
    entry_cost: 50,
    guaranteed_prize: 300,
    max_participants: 16,
    everyMinutes: DAY,
    offsetMinutes: 22 * 60,
    registrationMinutes: 12 * 60,
    ahead: 1,
  },
];

function variantTitle(variant: Variant): string {
  return { paulista: "Paulista", mineiro: "Mineiro", gaucho: "Gaúcho", argentino: "Argentino", international: "Internacional" }[variant];
}

export interface ScheduledTournament extends TournamentTerms {
  id: string;
  series: string;
  registration_opens_at: string;
  start_time: string;
}

/** The series' next `ahead` starts after `now` (ms). */
export function nextStarts(series: TournamentSeries, now: number): number[] {
  const period = series.everyMinutes * 60_000;
  const offset = series.offsetMinutes * 60_000;
  let start = Math.floor((now - offset) / period) * period + offset;
  if (start <= now) start += period;
  return Array.from({ length: series.ahead }, (_, i) => start + i * period);
}

export function tournamentIdOf(series: TournamentSeries, start: number): string {
  return `${series.key}-${new Date(start).toISOString().slice(0, 16).replace(/[-:T]/g, "")}`;
}

export function scheduledTournaments(now: number, series: readonly TournamentSeries[] = TOURNAMENT_SERIES): ScheduledTournament[] {
  return series.flatMap((s) =>
    nextStarts(s, now).map((start) => ({
      id: tournamentIdOf(s, start),
      series: s.key,
      name: s.name,
      description: s.description,
      game_type: s.game_type,
      truco_variant: s.truco_variant,
      entry_cost: s.entry_cost,
      guaranteed_prize: s.guaranteed_prize,
      max_participants: s.max_participants,
      registration_opens_at: new Date(start - s.registrationMinutes * 60_000).toISOString(),
      start_time: new Date(start).toISOString(),
    })),
  );
}
