// The table read: what the computer players have learnt about each seat's betting during the
// match (docs/decisions/115-opponent-modelling-and-levels.md). It is built only from public facts:
// the calls and answers everyone saw, and each finished hand's deal, which its revealed seed makes
// public. It is plain JSON: the room keeps it beside the match and hands it to every bot.
// What it counts since: calls made after a won first trick (docs/decisions/159-a-caller-model-after-a-won-first-trick.md),
// raises back and runs from them (160, 165), the hard player's edge in later hands (164).
import { envidoOfIds, strengthTable } from "../cards";
import { handDeck } from "../deal";
import type { Action, MatchState, Rank, ResolvedRules } from "../types";

/** One seat's betting as observed over the match's finished hands. */
export interface SeatRead {
  hands: number;
  /** Truco-ladder calls and raises made. */
  calls: number;
  /** Sum of the power those calls were made with (the hand's power as it stood: see powerAt). */
  callPower: number;
  /** Calls made with a power below WEAK (bluffs). */
  weakCalls: number;
  /** Sum of the power of those bluffs (absent in reads kept before it: taken as WEAK / 2 each). */
  weakPower?: number;
  /**
   * Calls after which the caller's team held the better cards: the hand played out from the
   * call with every card known and a greedy rule for all (showdownOf), 1 won, 0.5 void, 0 lost.
   * Absent in reads kept before it.
   */
  callWins?: number;
  /** Envido calls and raises made, and the sum of the envido points they were made with (absent in older reads). */
  envCalls?: number;
  envPoints?: number;
  /**
   * Unbet moments (no truco called yet this hand, none forbidden) where this seat stood at STRONG
   * or better, and how many of them it called at rather than playing a card (absent in older reads).
   */
  strongChances?: number;
  strongCalls?: number;
  /** Envido calls this seat answered, and how many it refused (absent in older reads). */
  envFaced?: number;
  envRuns?: number;
  /** Of those, how many it raised, and how many of its raises were a falta envido (absent in older reads). */
  envRaises?: number;
  envFaltas?: number;
  /**
   * Of the truco-ladder calls it answered (faced), the raises over its own team's call (a raise
   * back), and how many of those it ran from (absent in older reads).
   */
  backFaced?: number;
  backRuns?: number;
  /**
   * The hand's opening calls (truco) among them made after this seat's team won the first trick, the sum of their power, how
   * many were below WEAK, and their showdown results (absent in older reads): the caller model
   * conditioned on the first trick. A seat may call from that trick's result rather
   * than from its cards.
   */
  afterWinCalls?: number;
  afterWinPower?: number;
  afterWinWeak?: number;
  afterWinWeakPower?: number;
  afterWinWins?: number;
  /**
   * Hands in which this seat's team won the first trick (in hands open to calls), and the sum of the
   * seat's standing as the second trick began: what its after-win calls are compared with.
   */
  afterWinChances?: number;
  afterWinStanding?: number;
  /** Truco-ladder calls this seat answered (a raise answers too). */
  faced: number;
  accepts: number;
  runs: number;
}

export interface TableRead {
  seats: SeatRead[];
}

/** The prior share of a seat's truco calls made with the better cards. */
export const CALL_WIN_PRIOR = 0.68;

/** A call from a standing (standingOf) below this counts as a bluff. */
export const WEAK = 0.45;

/** A standing (standingOf) from which a seat that calls when it can is expected to call. */
export const STRONG = 0.75;

const PRIOR = {
  weight: 4,
  runRate: 0.35,
  bluffRate: 0.12,
  callPower: 0.8,
  callWinRate: CALL_WIN_PRIOR,
  callEager: 0.5,
  envidoRunRate: 0.45,
  envidoRaiseRate: 0.12,
  envidoFaltaShare: 0.25,
};

export function emptyRead(seats: number): TableRead {
  return {
    seats: Array.from({ length: seats }, () => ({
      hands: 0,
      calls: 0,
      callPower: 0,
      weakCalls: 0,
      weakPower: 0,
      callWins: 0,
      envCalls: 0,
      envPoints: 0,
      strongChances: 0,
      strongCalls: 0,
      envFaced: 0,
      envRuns: 0,
      envRaises: 0,
      envFaltas: 0,
      backFaced: 0,
      backRuns: 0,
      afterWinCalls: 0,
      afterWinPower: 0,
      afterWinWeak: 0,
      afterWinWeakPower: 0,
      afterWinWins: 0,
      afterWinChances: 0,
      afterWinStanding: 0,
      faced: 0,
      accepts: 0,
      runs: 0,
    })),
  };
}

/** What the bots expect of one seat: how often it runs, how often its calls are bluffs, where it calls. */
export interface Profile {
  /** Share of calls it runs from; also the power below which it runs (powers are uniform over deals). */
  runRate: number;
  bluffRate: number;
  /** The power from which it calls without bluffing. */
  callFrom: number;
  /** Share of its calls made with the better cards (callWins): what a call of this seat proves. */
  callWinRate: number;
  /**
   * How often it calls at an unbet moment when its hand stands at STRONG or better: a seat that
   * always does says, by playing a card instead, that its hand is not that strong (absent: the prior).
   */
  callEager?: number;
  /**
   * The share of calls (as a power bar, like runRate) it runs from when the call raises over its
   * own call (absent: 0.4 of runRate: a seat that called holds what it called with). Set for a
   * caller whose call the searcher is answering. Not backRunRate, the counted share the
   * normal player prices a raise back with.
   */
  backRunBar?: number;
  /**
   * With backRunBar: how far that seat answers the raise back by its dealt cards alone rather
   * than as its hand stands after the tricks (0–1): as far as its calls there told nothing.
   */
  backByCards?: number;
  /** Share of envido calls it refuses (absent: the prior). */
  envidoRunRate?: number;
  /** Share of envido calls it raises, and the share of its raises that are a falta envido (absent: the priors). */
  envidoRaiseRate?: number;
  envidoFaltaShare?: number;
  /**
   * Share of raises back (a raise over its own call) it runs from (absent: backRunPrior of its
   * run rate). Few are seen in a match; until then a seat that runs from most calls is expected
   * to run from most raises back too.
   */
  backRunRate?: number;
}

/** Prior weight of backRunPrior against the raises back a seat answered. */
const BACK_WEIGHT = 3;

/** The least share of raises back an unseen seat is expected to run from. */
export const BACK_FLOOR = 0.3;

/**
 * The expected share of raises back a seat runs from, before any is seen, from its run rate: the
 * outside bots that run from more than 0.7 of calls ran from about 0.6 of raises back, those that
 * run from about half of them (and our own levels) from under 0.1. Never below 0.3 before it is
 * counted: an unseen seat is tried with a raise back where that pays at 0.3, and the seats that
 * stand up to it are learnt from the raises back they answered (BACK_WEIGHT).
 */
export function backRunPrior(runRate: number): number {
  return clamp(2.5 * (runRate - 0.5), BACK_FLOOR, 0.8);
}

/**
 * Prior beliefs blended with the observed counts (a few hands move them, many hands settle them).
 * Honest calls are taken as spread evenly over [callFrom, 1], so callFrom is twice their mean
 * power less one: a seat that calls only with its best hands has a high callFrom, and its calls
 * say more.
 */
export function profileOf(read: TableRead | null | undefined, seat: number): Profile {
  const r = read?.seats[seat];
  const w = PRIOR.weight;
  const priorFrom = 2 * PRIOR.callPower - 1;
  if (!r)
    return {
      runRate: PRIOR.runRate,
      bluffRate: PRIOR.bluffRate,
      callFrom: priorFrom,
      callWinRate: PRIOR.callWinRate,
      callEager: PRIOR.callEager,
      envidoRunRate: PRIOR.envidoRunRate,
      envidoRaiseRate: PRIOR.envidoRaiseRate,
      envidoFaltaShare: PRIOR.envidoFaltaShare,
      backRunRate: backRunPrior(PRIOR.runRate),
    };
  const runRate = (r.runs + PRIOR.runRate * w) / (r.faced + w);
  const bluffRate = (r.weakCalls + PRIOR.bluffRate * w) / (r.calls + w);
  const honest = r.calls - r.weakCalls;
  const honestPower = r.callPower - (r.weakPower ?? (r.weakCalls * WEAK) / 2);
  const meanPower = (honestPower + PRIOR.callPower * w) / (honest + w);
  // Reads kept before callWins count every call at the prior's rate.
  const callWinRate = ((r.callWins ?? r.calls * PRIOR.callWinRate) + PRIOR.callWinRate * w) / (r.calls + w);
  const callEager = ((r.strongCalls ?? 0) + PRIOR.callEager * w) / ((r.strongChances ?? 0) + w);
  const envidoRunRate = ((r.envRuns ?? 0) + PRIOR.envidoRunRate * w) / ((r.envFaced ?? 0) + w);
  const envidoRaiseRate = ((r.envRaises ?? 0) + PRIOR.envidoRaiseRate * w) / ((r.envFaced ?? 0) + w);
  const envidoFaltaShare = ((r.envFaltas ?? 0) + PRIOR.envidoFaltaShare * w) / ((r.envRaises ?? 0) + w);
  const backRunRate = ((r.backRuns ?? 0) + backRunPrior(runRate) * BACK_WEIGHT) / ((r.backFaced ?? 0) + BACK_WEIGHT);
  return {
    runRate,
    bluffRate,
    backRunRate,
    callFrom: clamp(2 * meanPower - 1, 0.4, 0.9),
    callWinRate,
    callEager,
    envidoRunRate,
    envidoRaiseRate,
    envidoFaltaShare,
  };
}

/**
 * The caller model conditioned on the first trick: what a call of `seat` made after its
 * team won the first trick says, from its calls in that situation so far (their power at the call
 * and their showdowns), blended with the seat's profile over all its calls (`base`) as the prior.
 * A seat that calls from the trick's result rather than from its cards shows low powers there
 * and, so, a low callFrom and a high bluff rate for such a call, while its other calls still read
 * as they did.
 */
export function afterWinProfile(read: TableRead | null | undefined, seat: number, base: Profile = profileOf(read, seat)): Profile {
  const r = read?.seats[seat];
  const n = r?.afterWinCalls ?? 0;
  if (!r || n === 0) return base;
  const w = PRIOR.weight;
  const weak = r.afterWinWeak ?? 0;
  const bluffRate = (weak + base.bluffRate * w) / (n + w);
  // The prior mean power of an honest call, from the base profile's callFrom (its inverse).
  const baseMean = (base.callFrom + 1) / 2;
  const honest = n - weak;
  const honestPower = Math.max(0, (r.afterWinPower ?? 0) - (r.afterWinWeakPower ?? 0));
  const meanPower = (honestPower + baseMean * w) / (honest + w);
  const callWinRate = ((r.afterWinWins ?? 0) + base.callWinRate * w) / (n + w);
  return { ...base, bluffRate, callFrom: clamp(2 * meanPower - 1, AFTER_WIN_FROM_MIN, 0.9), callWinRate };
}

/**
 * How much a call of `seat` after its team won the first trick says of its cards: the
 * lift of the standing its calls there came with over its standing in every such hand, (calls −
 * all) / (1 − all), 0 when it calls whatever it holds, 1 when only with a sure hand; blended with
 * LIFT_PRIOR (an honest caller's) by PRIOR.weight calls.
 */
export function afterWinLift(read: TableRead | null | undefined, seat: number): number {
  const r = read?.seats[seat];
  const prior = liftPrior(read, seat);
  const w = AFTER_WIN_WEIGHT;
  const chances = r?.afterWinChances ?? 0;
  const calls = r?.afterWinCalls ?? 0;
  if (!r || chances === 0 || calls === 0) return prior;
  const all = (r.afterWinStanding ?? 0) / chances;
  const called = (r.afterWinPower ?? 0) / calls;
  const lift = all >= 1 ? 0 : (called - all) / (1 - all);
  return (lift * calls + prior * w) / (calls + w);
}

/** After-win calls that weigh as much as the pooled prior of the lift (few such calls come in a match). */
const AFTER_WIN_WEIGHT = 2;

/**
 * The lift expected of a seat before its after-win calls are seen, pooled from all its calls: its
 * calls' mean power over an even hand's (0.5), against the prior's (PRIOR.callPower), scales
 * LIFT_PRIOR. A seat whose calls came with middling hands anywhere is expected to call after a
 * won trick with middling hands too.
 */
function liftPrior(read: TableRead | null | undefined, seat: number): number {
  const r = read?.seats[seat];
  const w = PRIOR.weight;
  const mean = ((r?.callPower ?? 0) + PRIOR.callPower * w) / ((r?.calls ?? 0) + w);
  return LIFT_PRIOR * clamp((mean - 0.5) / (PRIOR.callPower - 0.5), 0, 1.5);
}

/** The lift (afterWinLift) of a caller that calls after a won trick with its better hands only. */
export const LIFT_PRIOR = 0.5;

/**
 * The run rate of `seat` when it answers a raise over its own call made after its team won the
 * first trick (Profile.backRunBar): a caller holds what it called with, as far as its calls there
 * said anything of its cards. With an honest caller's lift it is 0.4 of its run rate (the playouts'
 * rule for every raise back); with none, its run rate: it answers as it answers any call.
 */
export function afterWinBackRunRate(read: TableRead | null | undefined, seat: number, base: Profile = profileOf(read, seat)): number {
  const told = clamp(afterWinLift(read, seat) / LIFT_PRIOR, 0, 1);
  return base.runRate * (1 - 0.6 * told);
}

/** How far a raise back over `seat`'s after-win call is answered by its dealt cards alone (Profile.backByCards). */
export function afterWinByCards(read: TableRead | null | undefined, seat: number): number {
  return 1 - clamp(afterWinLift(read, seat) / LIFT_PRIOR, 0, 1);
}

/** The lowest callFrom of a call after a won first trick (a won trick makes one fair card enough). */
const AFTER_WIN_FROM_MIN = 0.2;

/** Envido answers seen: calls faced, refused, raised, and raised to a falta envido. */
export interface EnvidoAnswers {
  faced: number;
  runs: number;
  raises: number;
  faltas: number;
}

/**
 * How a team answers envido (docs/decisions/158-envido-priced-by-its-whole-ladder.md): its seats'
 * answers pooled with `also` (this hand's, not yet in the read), blended with the priors. A seat
 * meets few envido calls in a match, often fewer than a falta envido lets it play.
 */
export function envidoAnswerRates(
  read: TableRead | null | undefined,
  seats: readonly number[],
  also: EnvidoAnswers,
): { runRate: number; raiseRate: number; faltaShare: number } {
  let { faced, runs, raises, faltas } = also;
  for (const s of seats) {
    const r = read?.seats[s];
    if (!r) continue;
    faced += r.envFaced ?? 0;
    runs += r.envRuns ?? 0;
    raises += r.envRaises ?? 0;
    faltas += r.envFaltas ?? 0;
  }
  const w = PRIOR.weight;
  return {
    runRate: (runs + PRIOR.envidoRunRate * w) / (faced + w),
    raiseRate: (raises + PRIOR.envidoRaiseRate * w) / (faced + w),
    faltaShare: (faltas + PRIOR.envidoFaltaShare * w) / (raises + w),
  };
}

/**
 * The hard player's chance of each later hand against the team of `seats`, for pricing match
 * points (docs/decisions/164-envido-priced-with-the-hard-players-edge.md): HAND_EDGE_PRIOR, the
 * edge it measures against the normal player, plus what the opponents' truco calls prove less
 * than the prior's (their callWinRate below CALL_WIN_PRIOR): calls that carry no information are
 * answered exactly and pay its good hands. Never below even, at most HAND_EDGE_MAX.
 */
export function handEdge(read: TableRead | null | undefined, seats: readonly number[]): number {
  const p = teamProfile(read, seats);
  return clamp(HAND_EDGE_PRIOR + (CALL_WIN_PRIOR - p.callWinRate), 0.5, HAND_EDGE_MAX);
}

/** The hard player's prior chance of a hand (0.53: a match from 0–0 of 30 at 0.56). */
export const HAND_EDGE_PRIOR = 0.53;
const HAND_EDGE_MAX = 0.7;

/** Envido points from which a seat calls envido: its calls taken as spread evenly up to 33. */
export function envidoCallFrom(read: TableRead | null | undefined, seats: readonly number[]): number {
  let calls = 0;
  let points = 0;
  for (const s of seats) {
    calls += read?.seats[s]?.envCalls ?? 0;
    points += read?.seats[s]?.envPoints ?? 0;
  }
  const w = 3;
  const mean = (points + PRIOR_ENVIDO_MEAN * w) / (calls + w);
  return clamp(2 * mean - 33, 18, 31);
}

/** The prior mean envido of a call (from about 25 up). */
const PRIOR_ENVIDO_MEAN = 29;

/** The profile of a team: the mean of its seats' (either partner may have made the call). */
export function teamProfile(read: TableRead | null | undefined, seats: readonly number[]): Profile {
  const ps = seats.map((s) => profileOf(read, s));
  const mean = (f: (p: Profile) => number) => ps.reduce((a, p) => a + f(p), 0) / ps.length;
  return {
    runRate: mean((p) => p.runRate),
    bluffRate: mean((p) => p.bluffRate),
    callFrom: mean((p) => p.callFrom),
    callWinRate: mean((p) => p.callWinRate),
    callEager: mean((p) => p.callEager ?? PRIOR.callEager),
    envidoRunRate: mean((p) => p.envidoRunRate ?? PRIOR.envidoRunRate),
    envidoRaiseRate: mean((p) => p.envidoRaiseRate ?? PRIOR.envidoRaiseRate),
    envidoFaltaShare: mean((p) => p.envidoFaltaShare ?? PRIOR.envidoFaltaShare),
    backRunRate: mean((p) => p.backRunRate ?? backRunPrior(p.runRate)),
  };
}

/** How likely a seat of this profile calls with a hand of this power. */
export function callLikelihood(p: Profile, power: number): number {
  return p.bluffRate + (1 - p.bluffRate) * sigmoid((power - p.callFrom) / 0.06);
}

/** How likely a seat of this profile accepts a call with a hand of this power. */
export function acceptLikelihood(p: Profile, power: number): number {
  return 0.03 + 0.94 * sigmoid((power - p.runRate) / 0.06);
}

const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));
const clamp = (x: number, lo: number, hi: number) => (x < lo ? lo : x > hi ? hi : x);

// ------------------------------------------------------------ hand power

function rawPower(a: number, b: number, c: number): number {
  // Sorted descending: two good cards win a hand, the third matters less.
  let x = a;
  let y = b;
  let z = c;
  if (y > x) [x, y] = [y, x];
  if (z > x) [x, z] = [z, x];
  if (z > y) [y, z] = [z, y];
  return 0.5 * x + 0.33 * y + 0.17 * z;
}

interface PowerTable {
  /** Each card's strength rank in the deck, in [0, 1]. */
  pct: Record<string, number>;
  /** The raw power of every 3-card hand of the deck, sorted. */
  cdf: Float64Array;
}

type Rules = Pick<ResolvedRules, "manilhaMode" | "deck">;

const tableKey = (rules: Rules, manilha: Rank | null) => `${rules.manilhaMode}:${rules.deck ?? "sujo"}:${manilha ?? "-"}`;
const PERCENTILES = new Map<string, Record<string, number>>();
const POWER_TABLES = new Map<string, PowerTable>();

/** Each card's percentile alone: reading a finished hand needs no more, and it costs a fraction of the hands' table. */
function percentiles(rules: Rules, manilha: Rank | null): Record<string, number> {
  const key = tableKey(rules, manilha);
  const cached = PERCENTILES.get(key);
  if (cached) return cached;
  const deck = handDeck(rules);
  const st = strengthTable(rules.manilhaMode, manilha);
  const pct: Record<string, number> = {};
  for (const c of deck) {
    let below = 0;
    for (const d of deck) below += st[d] < st[c] ? 1 : st[d] === st[c] ? 0.5 : 0;
    pct[c] = below / deck.length;
  }
  PERCENTILES.set(key, pct);
  return pct;
}

function powerTable(rules: Rules, manilha: Rank | null): PowerTable {
  const key = tableKey(rules, manilha);
  const cached = POWER_TABLES.get(key);
  if (cached) return cached;
  const deck = handDeck(rules);
  const pct = percentiles(rules, manilha);
  const all: number[] = [];
  for (let i = 0; i < deck.length; i++)
    for (let j = i + 1; j < deck.length; j++)
      for (let k = j + 1; k < deck.length; k++) all.push(rawPower(pct[deck[i]], pct[deck[j]], pct[deck[k]]));
  const table = { pct, cdf: Float64Array.from(all).sort() };
  POWER_TABLES.set(key, table);
  return table;
}

/**
 * A power function for this hand's ranking: a dealt hand's power is the share of all possible
 * hands it is stronger than (0 the weakest, 1 the strongest), so powers are uniform over deals.
 */
export function powerOf(rules: Rules, manilha: Rank | null): (dealt: readonly string[]) => number {
  const { pct, cdf } = powerTable(rules, manilha);
  return (dealt) => {
    if (dealt.length < 3) return 0.5;
    const x = rawPower(pct[dealt[0]] ?? 0, pct[dealt[1]] ?? 0, pct[dealt[2]] ?? 0);
    let lo = 0;
    let hi = cdf.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cdf[mid] <= x) lo = mid + 1;
      else hi = mid;
    }
    return lo / cdf.length;
  };
}

/**
 * A seat's standing in the hand as it stands, in [0, 1]: the chance its team takes the hand if
 * each of its cards still in play (best first, one per trick left) wins its trick as often as it
 * beats a card of the deck, after the tricks already decided (`won`: 1 won, 0 lost, -1 tied).
 * Calls are learnt and weighed by it, as most calls come after a trick, when the dealt hand's
 * power says little (a won trick makes one good card enough).
 */
export function standingOf<C = string>(pctOf: (card: C) => number, cards: readonly C[], won: readonly number[]): number {
  const p = cards.map(pctOf).sort((a, b) => b - a);
  const out = won.slice();
  const go = (i: number, prob: number): number => {
    const r = decided(out);
    if (r !== undefined) return prob * r;
    if (i >= p.length) return prob * 0.5;
    out.push(1);
    let v = go(i + 1, prob * p[i]);
    out[out.length - 1] = 0;
    v += go(i + 1, prob * (1 - p[i]));
    out.pop();
    return v;
  };
  return go(0, 1);
}

/**
 * The trick being played, as one seat sees it when it acts: `played`, the percentile of the card
 * it already put in it (-1 covered; null: none yet), and `last`, when no one plays after its
 * card: the strongest card on the table (its percentile, -1 for none or covered) and who holds it
 * (1 its team, 0 the other, -1 tied).
 */
export interface TrickNow {
  played: number | null;
  last: { best: number; holder: number } | null;
}

/**
 * standingOf as the seat saw the trick it is in (TrickNow): a card it already played takes the
 * trick as often as it beats a card of the deck, and a seat playing last knows what its cards do
 * there and answers with the best of them (a card that takes the trick, or its lowest). A seat
 * that calls after seeing a card it can beat stands far higher than its cards alone say.
 */
export function standingIn<C = string>(
  pctOf: (card: C) => number,
  held: readonly C[],
  won: readonly number[],
  trick: TrickNow | null,
): number {
  if (!trick || decided(won) !== undefined) return standingOf(pctOf, held, won);
  if (trick.played !== null) {
    const p = Math.max(0, trick.played);
    return p * standingOf(pctOf, held, won.concat(1)) + (1 - p) * standingOf(pctOf, held, won.concat(0));
  }
  const last = trick.last;
  if (!last || held.length === 0) return standingOf(pctOf, held, won);
  let best = 0;
  for (let i = 0; i < held.length; i++) {
    const x = pctOf(held[i]);
    const r = last.holder === 1 ? 1 : x > last.best ? 1 : x === last.best || last.holder === -1 ? -1 : 0;
    const v = standingOf(
      pctOf,
      held.filter((_, j) => j !== i),
      won.concat(r),
    );
    if (v > best) best = v;
  }
  return best;
}

/** The hand's result for a team from its trick results (1 won, 0 lost, -1 tied): 1, 0, 0.5 (void) or undefined (open). */
function decided(o: readonly number[]): number | undefined {
  let wins = 0;
  let losses = 0;
  for (const x of o) {
    if (x === 1) wins++;
    else if (x === 0) losses++;
  }
  if (wins >= 2) return 1;
  if (losses >= 2) return 0;
  if (o.length < 2) return undefined;
  if (o[0] === -1 && o[1] !== -1) return o[1];
  if (o[0] !== -1 && o[1] === -1) return o[0];
  if (o.length < 3) return undefined;
  if (o[2] !== -1) return o[2];
  return o[0] !== -1 ? o[0] : 0.5;
}

/** Each card's strength rank in this hand's deck, in [0, 1] (the share of the deck it beats). */
export function cardPercentile(rules: Rules, manilha: Rank | null): (card: string) => number {
  const pct = percentiles(rules, manilha);
  return (c) => pct[c] ?? 0;
}

// ------------------------------------------------------------ learning

/**
 * The read after a finished hand: every seat's truco-ladder calls and answers in `actions` (the
 * hand's moves in order), scored against the power of the hand it was dealt. Reads of the state
 * only what the revealed seed makes public once the hand is over (the dealt cards, the manilha);
 * a hand still being played leaves the read as it is.
 */
export function noteHand(
  read: TableRead | null | undefined,
  ended: MatchState,
  actions: readonly { playerId: string; action: Action }[],
): TableRead {
  const n = ended.players.length;
  const base = read && read.seats.length === n ? read : emptyRead(n);
  if (ended.phase !== "round_end" && ended.phase !== "game_over") return base;
  const h = ended.hand;
  if (h.blind) return base;
  const seats = base.seats.map((s) => ({ ...s, hands: s.hands + 1 }));
  const seatOf = (id: string) => ended.players.findIndex((p) => p.id === id);
  const pct = cardPercentile(ended.rules, h.manilha);
  let pending = false;
  // The team whose call the pending call raised (a raise back for it), or -1.
  let backTeam = -1;
  let lastCallTeam = -1;
  let played = 0;
  // Unbet: no truco called yet, and the hand lets one be called (not a mão de onze / ferro).
  let unbet = h.special === null;
  let envPending = false;
  // A truco call seen already this hand: the after-win counts take the hand's opening call only.
  let trucoSeen = false;
  for (const { playerId, action } of actions) {
    const seat = seatOf(playerId);
    if (seat < 0) continue;
    const r = seats[seat];
    if (unbet && (action.type === "play_card" || action.type === "call_truco")) {
      if (standingAt(ended, seat, played, pct) >= STRONG) {
        r.strongChances = (r.strongChances ?? 0) + 1;
        if (action.type === "call_truco") r.strongCalls = (r.strongCalls ?? 0) + 1;
      }
      if (action.type === "call_truco") unbet = false;
    }
    if (action.type === "play_card") {
      played++;
      // The first trick is over: each seat of its winning team stands where a call after it starts from.
      if (played === n && h.special === null && !trucoSeen)
        for (let x = 0; x < n; x++) {
          if (!wonFirst(ended, x, played)) continue;
          seats[x].afterWinChances = (seats[x].afterWinChances ?? 0) + 1;
          seats[x].afterWinStanding = (seats[x].afterWinStanding ?? 0) + standingAt(ended, x, played, pct);
        }
    }
    if (action.type === "call_envido") {
      if (envPending) {
        r.envFaced = (r.envFaced ?? 0) + 1;
        r.envRaises = (r.envRaises ?? 0) + 1;
        if (action.call === "falta_envido") r.envFaltas = (r.envFaltas ?? 0) + 1;
      }
      r.envCalls = (r.envCalls ?? 0) + 1;
      r.envPoints = (r.envPoints ?? 0) + envidoOfIds(h.dealt[seat]);
      envPending = true;
      continue;
    }
    if (action.type === "respond_envido" && envPending) {
      r.envFaced = (r.envFaced ?? 0) + 1;
      if (action.response === "reject") r.envRuns = (r.envRuns ?? 0) + 1;
      envPending = false;
      continue;
    }
    if (action.type !== "call_truco" && action.type !== "respond_truco" && action.type !== "go_to_mazo") continue;
    const p = standingAt(ended, seat, played, pct);
    const team = ended.players[seat].team === "team1" ? 0 : 1;
    const back = pending && backTeam === team;
    if (back) {
      r.backFaced = (r.backFaced ?? 0) + 1;
      if (action.type !== "call_truco" && !(action.type === "respond_truco" && action.response === "accept"))
        r.backRuns = (r.backRuns ?? 0) + 1;
    }
    if (action.type === "call_truco") {
      const shown = showdownAt(ended, seat, played);
      r.callWins = (r.callWins ?? r.calls * PRIOR.callWinRate) + shown;
      backTeam = pending ? lastCallTeam : -1;
      lastCallTeam = team;
      if (!trucoSeen && wonFirst(ended, seat, played)) {
        r.afterWinCalls = (r.afterWinCalls ?? 0) + 1;
        r.afterWinPower = (r.afterWinPower ?? 0) + p;
        r.afterWinWins = (r.afterWinWins ?? 0) + shown;
        if (p < WEAK) {
          r.afterWinWeak = (r.afterWinWeak ?? 0) + 1;
          r.afterWinWeakPower = (r.afterWinWeakPower ?? 0) + p;
        }
      }
      if (pending) {
        r.faced++;
        r.accepts++;
      }
      trucoSeen = true;
      r.calls++;
      r.callPower += p;
      if (p < WEAK) {
        r.weakPower = (r.weakPower ?? (r.weakCalls * WEAK) / 2) + p;
        r.weakCalls++;
      }
      pending = true;
    } else if (pending && (action.type === "respond_truco" || action.type === "go_to_mazo")) {
      r.faced++;
      if (action.type === "respond_truco" && action.response === "accept") r.accepts++;
      else r.runs++;
      pending = false;
    }
  }
  return { seats };
}

/** Whether `seat`'s team had won the first trick of the ended hand once `played` cards were on the table. */
function wonFirst(ended: MatchState, seat: number, played: number): boolean {
  if (played < ended.players.length) return false;
  const o = ended.hand.tricks[0]?.outcome;
  return o !== null && o !== undefined && o === (ended.players[seat].team === "team1" ? 0 : 1);
}

/** A seat's standing (standingIn) as it saw the ended hand once `played` cards were on the table. */
function standingAt(ended: MatchState, seat: number, played: number, pct: (card: string) => number): number {
  const h = ended.hand;
  const n = ended.players.length;
  const team = ended.players[seat].team === "team1" ? 0 : 1;
  const finished = Math.floor(played / n);
  const gone = new Set<string>();
  const won: number[] = [];
  for (let i = 0; i < finished && i < h.tricks.length; i++) {
    const t = h.tricks[i];
    for (const p of t.plays) if (p.seat === seat) gone.add(p.card);
    won.push(t.outcome === null || t.outcome === -1 ? -1 : t.outcome === team ? 1 : 0);
  }
  // In pairs the trick as seen measured worse (bench, against a tight table): the seat's cards alone.
  if (n !== 2)
    return standingOf(
      pct,
      h.dealt[seat].filter((c) => !gone.has(c)),
      won,
    );
  const cur = h.tricks[finished];
  const plays = cur ? cur.plays.slice(0, played - finished * n) : [];
  const teams = ended.players.map((p) => (p.team === "team1" ? 0 : 1));
  for (const p of plays) if (p.seat === seat) gone.add(p.card);
  const trick = trickNow(
    seat,
    n,
    teams,
    plays.map((p) => ({ seat: p.seat, pct: p.down ? -1 : pct(p.card) })),
  );
  return standingIn(
    pct,
    h.dealt[seat].filter((c) => !gone.has(c)),
    won,
    trick,
  );
}

/**
 * The current trick as `seat` sees it (TrickNow) from its plays so far in order (`pct`: the card's
 * percentile, -1 covered: a covered card takes no trick).
 */
export function trickNow(seat: number, n: number, teams: readonly number[], plays: readonly { seat: number; pct: number }[]): TrickNow {
  const mine = plays.find((p) => p.seat === seat);
  if (mine) return { played: mine.pct, last: null };
  if (plays.length !== n - 1) return { played: null, last: null };
  let best = -1;
  let holder = -2;
  for (const p of plays) {
    const t = teams[p.seat] === teams[seat] ? 1 : 0;
    if (p.pct > best) {
      best = p.pct;
      holder = t;
    } else if (p.pct === best && holder !== t) holder = -1;
  }
  return { played: null, last: { best, holder: holder === -2 ? -1 : holder } };
}

/** showdownOf for `seat`'s team once `played` cards of the ended hand were on the table (also scripts/bet-ledger.ts). */
export function showdownAt(ended: MatchState, seat: number, played: number): number {
  const h = ended.hand;
  const n = ended.players.length;
  const teams = ended.players.map((p) => (p.team === "team1" ? 0 : 1));
  const st = strengthTable(ended.rules.manilhaMode, h.manilha);
  const gone = new Set<string>();
  const outcomes: number[] = [];
  const finished = Math.floor(played / n);
  for (let i = 0; i < finished && i < h.tricks.length; i++) {
    for (const p of h.tricks[i].plays) gone.add(p.card);
    const o = h.tricks[i].outcome;
    outcomes.push(o === null ? -1 : o);
  }
  const cur = h.tricks[finished];
  const table: { seat: number; st: number }[] = [];
  if (cur) {
    for (const p of cur.plays.slice(0, played - finished * n)) {
      gone.add(p.card);
      table.push({ seat: p.seat, st: p.down ? 0 : st[p.card] });
    }
  }
  const held = h.dealt.map((d) => d.filter((c) => !gone.has(c)).map((c) => st[c]));
  const leader = cur ? cur.leader : 0;
  return showdownOf(teams, held, outcomes, leader, table, teams[seat]);
}

/**
 * The hand played out with every card known, everyone by a greedy rule (lead the highest; follow
 * with the lowest card that takes the trick from the other team, else the lowest): 1 when `team`
 * wins it, 0.5 when it is void or undecided, 0 when it loses. `held`: each seat's card strengths
 * still in hand; `outcomes`: the finished tricks (team index, -1 tied); `table`: the current trick.
 */
export function showdownOf(
  teams: readonly number[],
  held: readonly (readonly number[])[],
  outcomes: readonly number[],
  leader: number,
  table: readonly { seat: number; st: number }[],
  team: number,
): number {
  const n = teams.length;
  const hands = held.map((h) => h.slice().sort((a, b) => a - b));
  const rel = outcomes.map((o) => (o === -1 ? -1 : o === team ? 1 : 0));
  const trick = table.slice();
  for (let guard = 0; guard < 4; guard++) {
    const r = decided(rel);
    if (r !== undefined) return r;
    for (let k = trick.length; k < n; k++) {
      const seat = (leader + k) % n;
      const h = hands[seat];
      if (h.length === 0) return 0.5;
      let best = -1;
      let bestTeam = -2;
      for (const p of trick) {
        if (p.st > best) {
          best = p.st;
          bestTeam = teams[p.seat];
        } else if (p.st === best && bestTeam !== teams[p.seat]) bestTeam = -1;
      }
      let pick = 0;
      if (trick.length === 0) pick = h.length - 1;
      else if (bestTeam !== teams[seat]) {
        while (pick < h.length && h[pick] <= best) pick++;
        if (pick === h.length) pick = 0;
      }
      trick.push({ seat, st: h[pick] });
      h.splice(pick, 1);
    }
    let max = -1;
    for (const p of trick) if (p.st > max) max = p.st;
    let win = -2;
    let first = -1;
    for (const p of trick) {
      if (p.st !== max) continue;
      if (first < 0) first = p.seat;
      win = win === -2 || win === teams[p.seat] ? teams[p.seat] : -1;
    }
    rel.push(win === -1 ? -1 : win === team ? 1 : 0);
    if (win !== -1) leader = first;
    trick.length = 0;
  }
  return decided(rel) ?? 0.5;
}
