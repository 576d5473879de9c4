// The hard computer player (docs/decisions/114-hard-player-search.md): determinized search. For
// each decision it samples deals consistent with its view, in proportion to how likely they made
// this hand's bets under the table read; plays every candidate action out on each deal through the
// engine (playout.ts, the same deals for every candidate), racing them so that a clear or an idle
// choice stops early (docs/decisions/148-a-bounded-search-and-the-trick-as-seen.md); and takes the
// action with the best mean match-winning chance. Its envido it calls and answers by the same
// sampled deals, by expected match points (envido-search.ts, ADR 146); flor it bets by the normal
// player's rules. In pairs it plays for the team (docs/decisions/143-the-hard-player-in-pairs.md):
// its team's bets weigh its partner's cards, and it spends no card on a trick its partner already
// holds.
import { applyAction } from "../apply";
import { sfc32, type Rng } from "../random";
import type { Action } from "../types";
import type { PlayerView } from "../view";
import { OWN_STYLE, playout, type PlayoutSetup } from "./playout";
import { envidoBySamples } from "./envido-search";
import { normalPolicy } from "./policy";
import { afterWinBackRunRate, afterWinByCards, powerOf, profileOf, type TableRead } from "./read";
import { strengthIn, trickLead, type Situation } from "./situation";
import { sampleWorlds, stateFromView } from "./worlds";

export interface HardOptions {
  /** The playout rule (playout.ts). */
  rule: "fast" | "normal";
  /** Most deals per decision. */
  worlds: number;
  /** Fewest deals per decision. */
  minWorlds: number;
  /** Playouts per decision (deals × candidates), which bounds its time. */
  playouts: number;
  /** Samples for the trick odds of the normal rule in playouts. */
  samples: number;
}

/**
 * One against one, the fast playout rule affords 240 playouts. In pairs the fast rule's bets
 * mislead the search (it lost to the normal player in the bench), so the normal player plays the
 * deals out; with few deals (8) the search lost to the normal player too, and it gains steadily
 * up to about 48 (bench: 8 deals 49%, 16 deals 59%, 24 deals 63%, 48 deals 68% over 300 matches),
 * at about 10 ms p95 of one core. One against one, 640 playouts over 40–160 deals cost about
 * 7 ms p95 and gain a little against every opponent over 240 (bench, 400 matches). The playouts
 * are the most a decision spends (every candidate on every deal); the race spends them on close
 * choices only.
 */
export const HARD_1V1: HardOptions = { rule: "fast", worlds: 320, minWorlds: 80, playouts: 1280, samples: 4 };
export const HARD_2V2: HardOptions = { rule: "normal", worlds: 48, minWorlds: 32, playouts: 192, samples: 4 };

export function hardPolicy(
  view: PlayerView,
  sit: Situation,
  read: TableRead | null | undefined,
  rng: Rng,
  opts: HardOptions = sit.n === 2 ? HARD_1V1 : HARD_2V2,
): Action {
  // The envido comes first and draws first from the decision's randomness (the second opinion repeats it).
  const plan = searchPlan(sit, envidoMove(view, sit, read, rng));
  if (plan.kind === "normal") return normalPolicy(sit, rng);
  if (plan.kind === "fixed") return plan.action;
  const candidates = plan.candidates;

  const count = Math.max(opts.minWorlds, Math.min(opts.worlds, Math.floor(opts.playouts / candidates.length)));
  const worlds = sampleWorlds(view, sit, read, rng, count);
  if (worlds.length === 0) return normalPolicy(sit, rng);
  const profiles = sit.teams.map((t, s) => (t === sit.team ? OWN_STYLE : profileOf(read, s)));
  // A call pending now after the caller won the first trick: its answer to a raise back as the
  // read says its calls there were made.
  if (sit.n === 2 && sit.pending?.level === 1 && sit.teams[sit.pending.by] !== sit.team && sit.outcomes[0] === sit.teams[sit.pending.by]) {
    const by = sit.pending.by;
    profiles[by] = { ...profiles[by], backRunBar: afterWinBackRunRate(read, by, profiles[by]), backByCards: afterWinByCards(read, by) };
  }
  const expects = sit.teams.map((t) => (t === sit.team ? sit.opponents : undefined));
  const power = powerOf(sit.rules, sit.manilha);
  const me = view.me!;
  const salt = rng.nextU32();
  const n = worlds.length;
  const values = candidates.map(() => new Float64Array(n));
  const alive = candidates.map(() => true);
  const totals = new Array<number>(candidates.length).fill(0);
  // The race checks the candidates every `step` deals; it counts deals, not time, so the choice
  // stays the same for the same seed on any machine.
  const step = Math.max(RACE_MIN_STEP, Math.ceil(n / RACE_CHECKS));
  let k = 0;
  for (; k < n; k++) {
    if (k >= 2 * step && k % step === 0 && race(values, alive, totals, k)) break;
    const w = worlds[k];
    // A deal resampled twice (worlds.ts) is played out once.
    const again = k > 0 && w === worlds[k - 1];
    const base = again ? null : stateFromView(view, w.dealt, w.held);
    const setup: PlayoutSetup = { rule: opts.rule, profiles, powers: w.dealt.map(power), samples: opts.samples, expects };
    for (let i = 0; i < candidates.length; i++) {
      if (!alive[i]) continue;
      let v: number;
      if (base === null) v = values[i][k - 1];
      else {
        const r = applyAction(base, me, candidates[i]);
        if (!r.ok) {
          alive[i] = false;
          continue;
        }
        // Every candidate meets the same deal and the same playout randomness.
        v = playout(r.state, sit.team, setup, sfc32(salt, k, 0x9e37, 1));
      }
      values[i][k] = v;
      totals[i] += v;
    }
  }
  let best = -1;
  for (let i = 0; i < candidates.length; i++) if (alive[i] && (best < 0 || totals[i] > totals[best])) best = i;
  return candidates[Math.max(best, 0)];
}

/** The race: checks at most this many times (every n / RACE_CHECKS deals, from the second check on). */
const RACE_CHECKS = 8;
const RACE_MIN_STEP = 8;
/** A candidate whose mean trails the leader's by more than RACE_Z standard errors of the difference is dropped. */
const RACE_Z = 2.5;
/** The search ends when no candidate left can differ from the leader by this much (match-winning chance). */
const INDIFFERENT = 0.004;

/**
 * One check of the race over the first `k` deals (every candidate still in played them all): drops
 * the candidates clearly behind the leader, by the paired difference of their playouts (the same
 * deals and randomness for all, so the difference is far less noisy than either mean). True when
 * the search can stop: one candidate left, or none left that can differ from the leader by
 * INDIFFERENT. A close choice gets every deal; a clear or an idle one costs a fraction of them.
 */
export function race(values: readonly Float64Array[], alive: boolean[], totals: readonly number[], k: number): boolean {
  let leader = -1;
  for (let i = 0; i < alive.length; i++) if (alive[i] && (leader < 0 || totals[i] > totals[leader])) leader = i;
  if (leader < 0) return true;
  let left = 1;
  let close = false;
  const lead = values[leader];
  for (let i = 0; i < alive.length; i++) {
    if (!alive[i] || i === leader) continue;
    const v = values[i];
    let sum = 0;
    let sq = 0;
    for (let j = 0; j < k; j++) {
      const d = lead[j] - v[j];
      sum += d;
      sq += d * d;
    }
    const mean = sum / k;
    const se = Math.sqrt(Math.max(0, sq / k - mean * mean) / (k - 1));
    if (mean > RACE_Z * se + 1e-12) alive[i] = false;
    else {
      left++;
      if (mean + RACE_Z * se >= INDIFFERENT) close = true;
    }
  }
  return left === 1 || !close;
}

/**
 * The hard player's envido move where an envido is its to open or answer (envido-search.ts): a
 * call, an answer, or null (no call, or nothing of envido to decide). A flor to declare or answer
 * comes first and is not an envido decision.
 */
export function envidoMove(view: PlayerView, sit: Situation, read: TableRead | null | undefined, rng: Rng): Action | null {
  if (sit.blind || sit.legal.length < 2) return null;
  if (sit.phase === "waiting_flor_response" || sit.legal.some((a) => a.type === "call_flor")) return null;
  if (sit.phase !== "waiting_envido_response" && !sit.legal.some((a) => a.type === "call_envido")) return null;
  return envidoBySamples(view, sit, read, rng);
}

/**
 * How the hard player takes a decision: by its envido move when it has one (`envido`, from
 * envidoMove), by the normal player's odds (a forced or blind move, flor, an envido answer the
 * sampler could not weigh), by a fixed choice (a lone candidate), or by searching `candidates`
 * (two or more).
 */
export function searchPlan(
  sit: Situation,
  envido: Action | null,
): { kind: "normal" } | { kind: "fixed"; action: Action } | { kind: "search"; candidates: Action[] } {
  const legal = sit.legal;
  if (legal.length === 1 || sit.blind) return { kind: "normal" };
  if (envido) return { kind: "fixed", action: envido };
  if (legal[0].type === "call_flor" && sit.phase !== "waiting_flor_response") return { kind: "normal" };
  if (sit.phase === "waiting_flor_response" || sit.phase === "waiting_envido_response") return { kind: "normal" };
  const candidates = candidateActions(sit);
  if (candidates.length === 1) return { kind: "fixed", action: candidates[0] };
  return { kind: "search", candidates };
}

/** Legal actions worth searching: one card per strength, covering only the lowest; no envido (bet by its odds). */
export function candidateActions(sit: Situation): Action[] {
  const out: Action[] = [];
  const seen = new Set<number>();
  let lowest: string | null = null;
  let lowestSt = 99;
  for (const a of sit.legal) {
    if (a.type !== "play_card" || a.faceDown) continue;
    const st = strengthIn(sit, a.cardId);
    if (st < lowestSt) {
      lowestSt = st;
      lowest = a.cardId;
    }
  }
  const lowOnly = partnerTakes(sit);
  for (const a of sit.legal) {
    if (a.type === "call_envido" || a.type === "call_flor") continue;
    if (a.type === "play_card" && lowOnly && a.cardId !== lowest) continue;
    if (a.type === "play_card") {
      if (a.faceDown) {
        if (a.cardId === lowest) out.push(a);
        continue;
      }
      const st = strengthIn(sit, a.cardId);
      if (seen.has(st)) continue;
      seen.add(st);
    }
    out.push(a);
  }
  return out.length > 0 ? out : sit.legal.slice(0, 1);
}

/**
 * In pairs, my partner holds the trick and no opponent after me can take it (none is left to play,
 * or the partner's card beats every card I have not seen): any card of mine leaves the trick to
 * my team, so only the lowest (face up or covered) is worth playing; the others are kept for the
 * tricks to come.
 */
export function partnerTakes(sit: Situation): boolean {
  if (sit.n !== 4 || sit.plays.length === 0 || sit.blind) return false;
  const { best, bestTeam } = trickLead(sit);
  if (bestTeam !== sit.team) return false;
  if (sit.plays.length === sit.n - 1) return true;
  for (const c of sit.unseen) if (strengthIn(sit, c) >= best) return false;
  return true;
}
