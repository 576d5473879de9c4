import { z } from "zod";

// A single-elimination bracket as pure data: the draw, byes, results,
// forfeits and the final standings. No I/O, no clock, no randomness of its own: the tournament
// host (tournament-host.ts) stores it (tournaments.bracket) and feeds it the games' results.

/** Who plays: one player in 1v1, a pair formed at the draw in 2v2. */
export const EntrantSchema = z.object({ id: z.string(), members: z.array(z.string()).min(1).max(2) });
export type Entrant = z.infer<typeof EntrantSchema>;

/**
 * How a match was decided: played (or lost by forfeit, the room's no-show rule), a bye (no
 * opponent in the draw), a walkover (the opponent's previous match had no winner), or void (no
 * winner at all: both sides absent, or both feeders void).
 */
export const MatchResultSchema = z.enum(["played", "forfeit", "bye", "walkover", "void"]);
export type MatchResult = z.infer<typeof MatchResultSchema>;

export const BracketMatchSchema = z.object({
  /** `r{round}m{index}`, stable: the tournament's games are found by it. */
  id: z.string(),
  round: z.number().int().min(0),
  index: z.number().int().min(0),
  entrants: z.tuple([z.string().nullable(), z.string().nullable()]),
  gameId: z.string().nullable(),
  winner: z.string().nullable(),
  result: MatchResultSchema.nullable(),
});
export type BracketMatch = z.infer<typeof BracketMatchSchema>;

export const BracketSchema = z.object({
  /** Slots of the first round: the entrant count rounded up to a power of two. */
  size: z.number().int().min(2),
  entrants: z.array(EntrantSchema),
  rounds: z.array(z.array(BracketMatchSchema)),
});
export type Bracket = z.infer<typeof BracketSchema>;

/** A random number in [0, 1): the caller's source (crypto in the Durable Object, a seed in tests). */
export type Random = () => number;

export function shuffle<T>(items: readonly T[], random: Random): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

export function bracketSize(entrants: number): number {
  let size = 2;
  while (size < entrants) size *= 2;
  return size;
}

/**
 * 2v2: the registered players paired at random at the draw. With an odd count the last player
 * drawn has no partner: they are returned apart (the tournament host refunds their fee).
 */
export function formTeams(players: readonly string[], random: Random): { teams: Entrant[]; left: string[] } {
  const order = shuffle(players, random);
  const teams: Entrant[] = [];
  for (let i = 0; i + 1 < order.length; i += 2) teams.push({ id: `${order[i]}+${order[i + 1]}`, members: [order[i], order[i + 1]] });
  return { teams, left: order.length % 2 === 1 ? [order[order.length - 1]] : [] };
}

/**
 * The draw: entrants in random order over a bracket of the next power of two. The byes are spread
 * one per first-round match (never two in one match), so every bye only skips the first round.
 */
export function drawBracket(entrants: readonly Entrant[], random: Random): Bracket {
  if (entrants.length < 2) throw new Error("A bracket needs at least two entrants");
  const size = bracketSize(entrants.length);
  const order = shuffle(entrants, random);
  const firstRound = size / 2;
  const byes = size - order.length;
  const rounds: BracketMatch[][] = [];
  const first: BracketMatch[] = [];
  let next = 0;
  for (let index = 0; index < firstRound; index++) {
    // Byes alternate between the two halves of the bracket: even match slots first.
    const bye = byeSlots(firstRound, byes).has(index);
    const a = order[next++].id;
    const b = bye ? null : order[next++].id;
    first.push(blank(0, index, [a, b]));
  }
  rounds.push(first);
  for (let round = 1, count = firstRound / 2; count >= 1; round++, count /= 2) {
    rounds.push(Array.from({ length: count }, (_, index) => blank(round, index, [null, null])));
  }
  return resolve({ size, entrants: [...entrants], rounds });
}

function byeSlots(matches: number, byes: number): Set<number> {
  const slots: number[] = [];
  for (let i = 0; i < matches; i += 2) slots.push(i);
  for (let i = 1; i < matches; i += 2) slots.push(i);
  return new Set(slots.slice(0, byes));
}

function blank(round: number, index: number, entrants: [string | null, string | null]): BracketMatch {
  return { id: `r${round}m${index}`, round, index, entrants, gameId: null, winner: null, result: null };
}

const decided = (match: BracketMatch) => match.result !== null;

/** Fills later rounds from decided feeders, and decides byes, walkovers and void matches, to a fixpoint. */
export function resolve(bracket: Bracket): Bracket {
  const rounds = bracket.rounds.map((round) =>
    round.map((match) => ({ ...match, entrants: [...match.entrants] as BracketMatch["entrants"] })),
  );
  for (let r = 0; r < rounds.length; r++) {
    for (const match of rounds[r]) {
      if (decided(match)) continue;
      if (r === 0) {
        const [a, b] = match.entrants;
        if (a !== null && b === null) Object.assign(match, { winner: a, result: "bye" });
        continue;
      }
      const feeders = [rounds[r - 1][match.index * 2], rounds[r - 1][match.index * 2 + 1]];
      match.entrants = [feeders[0].winner, feeders[1].winner];
      if (!feeders.every(decided)) continue;
      const [a, b] = match.entrants;
      if (a === null && b === null) Object.assign(match, { winner: null, result: "void" });
      else if (a === null || b === null) Object.assign(match, { winner: a ?? b, result: "walkover" });
    }
  }
  return { ...bracket, rounds };
}

export function findMatch(bracket: Bracket, matchId: string): BracketMatch | undefined {
  return bracket.rounds.flat().find((match) => match.id === matchId);
}

export function matchOfGame(bracket: Bracket, gameId: string): BracketMatch | undefined {
  return bracket.rounds.flat().find((match) => match.gameId === gameId);
}

/** Matches with both entrants known, undecided and with no game yet: the tournament host creates their games. */
export function readyMatches(bracket: Bracket): BracketMatch[] {
  return bracket.rounds.flat().filter((m) => !decided(m) && m.gameId === null && m.entrants[0] !== null && m.entrants[1] !== null);
}

/** Matches whose game is under way. */
export function pendingGames(bracket: Bracket): BracketMatch[] {
  return bracket.rounds.flat().filter((m) => !decided(m) && m.gameId !== null);
}

export function assignGame(bracket: Bracket, matchId: string, gameId: string): Bracket {
  return {
    ...bracket,
    rounds: bracket.rounds.map((round) => round.map((m) => (m.id === matchId && m.gameId === null ? { ...m, gameId } : m))),
  };
}

/**
 * A match's result: the winning entrant (one of its two), or null for no winner (void). Once a
 * match is decided, a repeated or late result changes nothing (the room may report twice).
 */
export function recordResult(bracket: Bracket, matchId: string, winner: string | null, result: "played" | "forfeit" | "void"): Bracket {
  const match = findMatch(bracket, matchId);
  if (!match || decided(match)) return bracket;
  if (winner !== null && !match.entrants.includes(winner)) throw new Error(`${winner} does not play ${matchId}`);
  const outcome = winner === null ? { winner: null, result: "void" as const } : { winner, result };
  return resolve({
    ...bracket,
    rounds: bracket.rounds.map((round) => round.map((m) => (m.id === matchId ? { ...m, ...outcome } : m))),
  });
}

export function finalMatch(bracket: Bracket): BracketMatch {
  return bracket.rounds[bracket.rounds.length - 1][0];
}

export function isFinished(bracket: Bracket): boolean {
  return decided(finalMatch(bracket));
}

export function championOf(bracket: Bracket): string | null {
  const final = finalMatch(bracket);
  return decided(final) ? final.winner : null;
}

export interface Standing {
  entrant: string;
  /** 1 champion, 2 runner-up, 3 the semi-finalists, 5 the quarter-finalists…; null while still in. */
  place: number | null;
  /** The round the entrant went out in (or reached, for the champion). */
  round: number;
  /** Went out without playing: lost by forfeit (did not show) or in a void match. */
  absent: boolean;
}

/**
 * Standings: each entrant placed by the round they went out in (a loser of round r of R shares
 * place size/2^(r+1) + 1); the champion first. A void match puts both of its entrants out.
 */
export function standings(bracket: Bracket): Standing[] {
  const out = new Map<string, Standing>();
  for (const entrant of bracket.entrants) out.set(entrant.id, { entrant: entrant.id, place: null, round: 0, absent: false });
  for (const round of bracket.rounds) {
    for (const match of round) {
      for (const entrant of match.entrants) {
        if (entrant === null) continue;
        const line = out.get(entrant)!;
        line.round = Math.max(line.round, match.round);
        if (decided(match) && match.winner !== entrant) {
          line.place = bracket.size / 2 ** (match.round + 1) + 1;
          line.absent = match.result === "forfeit" || match.result === "void";
        }
      }
    }
  }
  const champion = championOf(bracket);
  if (champion !== null) out.get(champion)!.place = 1;
  return [...out.values()].sort((a, b) => (a.place ?? 0) - (b.place ?? 0) || b.round - a.round);
}
