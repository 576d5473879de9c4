// The table read: what the computer players have learnt about each seat's betting during the
// match (docs/decisions/115-opponent-modelling-and-levels.md). It is built only from public facts:
// the calls and answers everyone saw, and each finished hand's deal, which its revealed seed makes
// public. It is plain JSON: the room keeps it beside the match and hands it to every bot.
import { strengthTable } from "../cards";
import { handDeck } from "../deal";
import type { Action, MatchState, Rank, ResolvedRules } from "../types";

/** One seat's betting as observed over the match's finished hands. */
export interface SeatRead {
  hands: number;
  /** Truco-ladder calls and raises made. */
  calls: number;
  /** Sum of the power of the hands those calls were made with. */
  callPower: number;
  /** Calls made with a hand of power below WEAK (bluffs). */
  weakCalls: number;
  /** Truco-ladder calls this seat answered (a raise answers too). */
  faced: number;
  accepts: number;
  runs: number;
}

export interface TableRead {
  seats: SeatRead[];
}

/** A call with a hand weaker than this counts as a bluff. */
export const WEAK = 0.45;

const PRIOR = { weight: 4, runRate: 0.35, bluffRate: 0.12, callPower: 0.78 };

export function emptyRead(seats: number): TableRead {
  return {
    seats: Array.from({ length: seats }, () => ({ hands: 0, calls: 0, callPower: 0, weakCalls: 0, faced: 0, accepts: 0, runs: 0 })),
  };
}

/** What the bots expect of one seat: how often it runs, how often its calls are bluffs, where it calls. */
export interface Profile {
  /** Share of calls it runs from; also the power below which it runs (powers are uniform over deals). */
  runRate: number;
  bluffRate: number;
  /** The power from which it calls without bluffing. */
  callFrom: number;
}

/** Prior beliefs blended with the observed counts (a few hands move them, many hands settle them). */
export function profileOf(read: TableRead | null | undefined, seat: number): Profile {
  const r = read?.seats[seat];
  const w = PRIOR.weight;
  if (!r) return { runRate: PRIOR.runRate, bluffRate: PRIOR.bluffRate, callFrom: PRIOR.callPower - 0.18 };
  const runRate = (r.runs + PRIOR.runRate * w) / (r.faced + w);
  const bluffRate = (r.weakCalls + PRIOR.bluffRate * w) / (r.calls + w);
  const meanPower = (r.callPower + PRIOR.callPower * w) / (r.calls + w);
  return { runRate, bluffRate, callFrom: clamp(meanPower - 0.18, 0.4, 0.85) };
}

/** The profile of a team: the mean of its seats' (either partner may have made the call). */
export function teamProfile(read: TableRead | null | undefined, seats: readonly number[]): Profile {
  const ps = seats.map((s) => profileOf(read, s));
  const mean = (f: (p: Profile) => number) => ps.reduce((a, p) => a + f(p), 0) / ps.length;
  return { runRate: mean((p) => p.runRate), bluffRate: mean((p) => p.bluffRate), callFrom: mean((p) => p.callFrom) };
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

const POWER_TABLES = new Map<string, PowerTable>();

function powerTable(rules: Pick<ResolvedRules, "manilhaMode" | "deck">, manilha: Rank | null): PowerTable {
  const key = `${rules.manilhaMode}:${rules.deck ?? "sujo"}:${manilha ?? "-"}`;
  const cached = POWER_TABLES.get(key);
  if (cached) return cached;
  const deck = handDeck(rules);
  const st = strengthTable(rules.manilhaMode, manilha);
  const pct: Record<string, number> = {};
  for (const c of deck) {
    let below = 0;
    for (const d of deck) below += st[d] < st[c] ? 1 : st[d] === st[c] ? 0.5 : 0;
    pct[c] = below / deck.length;
  }
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
export function powerOf(rules: Pick<ResolvedRules, "manilhaMode" | "deck">, manilha: Rank | null): (dealt: readonly string[]) => number {
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
  const power = powerOf(ended.rules, h.manilha);
  const seats = base.seats.map((s) => ({ ...s, hands: s.hands + 1 }));
  const seatOf = (id: string) => ended.players.findIndex((p) => p.id === id);
  let pending = false;
  for (const { playerId, action } of actions) {
    const seat = seatOf(playerId);
    if (seat < 0) continue;
    const r = seats[seat];
    const p = power(h.dealt[seat]);
    if (action.type === "call_truco") {
      if (pending) {
        r.faced++;
        r.accepts++;
      }
      r.calls++;
      r.callPower += p;
      if (p < WEAK) r.weakCalls++;
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
