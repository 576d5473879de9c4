// Estimates the bots use: chance to win the hand's tricks, envido odds, match-win probability.
import { ALL_CARD_IDS, envidoOfIds, strengthTable } from "../cards";
import type { Rng } from "../random";
import type { TeamIdx, TrickOutcome } from "../types";
import { strengthIn, type Situation } from "./situation";

const TIE = -1;

/** §0.4 on a list of trick outcomes: winner team, null (void), or undefined (keep playing). */
function handWinner(r: readonly TrickOutcome[], allTied: string, maoTeam: TeamIdx, dealerTeam: TeamIdx): TeamIdx | null | undefined {
  if (r.length < 2) return undefined;
  const [r1, r2, r3] = r;
  if (r.length === 2) {
    if (r1 === TIE && r2 !== TIE) return r2 as TeamIdx;
    if (r1 !== TIE && (r2 === TIE || r2 === r1)) return r1 as TeamIdx;
    return undefined;
  }
  if (r3 !== TIE) return r3 as TeamIdx;
  if (r1 !== TIE) return r1 as TeamIdx;
  return allTied === "mano_wins" ? maoTeam : allTied === "dealer_wins" ? dealerTeam : null;
}

/**
 * Sees each sample of estimateWin: `deal` the seats' cards as dealt to it (strengths, ascending,
 * the first `sizes[seat]` of each row; read them before returning, the rows are reused), then
 * `result` its score for my team (1 won, 0.5 void, 0 lost). It draws nothing from the randomness.
 */
export interface SampleVisitor {
  deal(hands: readonly (readonly number[])[], sizes: readonly number[]): void;
  result(score: number): void;
}

/**
 * Probability that my team wins the hand's tricks (a void hand counts half), by playing out
 * `samples` random completions of the unseen cards with a greedy rule for everyone: lead with
 * the highest card; follow with the lowest card that takes the trick from the other team, or the
 * lowest card when the partner is winning or nothing beats.
 */
export function estimateWin(sit: Situation, rng: Rng, samples: number, visit?: SampleVisitor): number {
  const n = sit.n;
  const teams = sit.teams;
  const table = strengthTable(sit.mode, sit.manilha);
  const pool: number[] = [];
  for (const c of sit.unseen) pool.push(table[c]);
  const mine: number[] = [];
  for (const c of sit.my) mine.push(table[c]);
  const partnerKnown = sit.partner ? sit.partner.map((c) => table[c]) : null;
  const maoTeam = teams[sit.mao];
  const dealerTeam = teams[sit.dealer];
  const allTied = sit.rules.allTiedHand;
  const startTable: number[] = [];
  const startSeats: number[] = [];
  for (const p of sit.plays) {
    startSeats.push(p.seat);
    startTable.push(p.down || p.card === null ? 0 : strengthIn(sit, p.card));
  }
  const startResult = handWinner(sit.outcomes, allTied, maoTeam, dealerTeam);
  if (startResult !== undefined) return startResult === sit.team ? 1 : startResult === null ? 0.5 : 0;

  // Scratch: each seat's sorted hand (at most 3 cards), the table, the outcomes.
  const hands: number[][] = [];
  for (let i = 0; i < n; i++) hands.push([0, 0, 0]);
  const sizes = new Array<number>(n).fill(0);
  const tSeat = new Array<number>(n).fill(0);
  const tSt = new Array<number>(n).fill(0);
  const outcomes: TrickOutcome[] = [];
  let total = 0;
  for (let k = 0; k < samples; k++) {
    let top = pool.length;
    for (let i = 0; i < n; i++) {
      const h = hands[i];
      let size = 0;
      if (i === sit.seat && !sit.blind) for (const x of mine) h[size++] = x;
      else if (partnerKnown && i !== sit.seat && teams[i] === sit.team) for (const x of partnerKnown) h[size++] = x;
      else {
        for (let c = 0; c < sit.counts[i]; c++) {
          const j = rng.int(top);
          top--;
          const t = pool[j];
          pool[j] = pool[top];
          pool[top] = t;
          h[size++] = t;
        }
      }
      // Insertion sort, ascending.
      for (let a = 1; a < size; a++) {
        const x = h[a];
        let b = a - 1;
        while (b >= 0 && h[b] > x) {
          h[b + 1] = h[b];
          b--;
        }
        h[b + 1] = x;
      }
      sizes[i] = size;
    }
    visit?.deal(hands, sizes);
    outcomes.length = 0;
    for (const o of sit.outcomes) outcomes.push(o);
    let leader = sit.leader;
    let tLen = startTable.length;
    for (let i = 0; i < tLen; i++) {
      tSeat[i] = startSeats[i];
      tSt[i] = startTable[i];
    }
    let result: TeamIdx | null | undefined = undefined;
    for (let guard = 0; result === undefined && guard < 4; guard++) {
      for (let k2 = tLen; k2 < n; k2++) {
        const seat = (leader + k2) % n;
        const size = sizes[seat];
        if (size === 0) break;
        const h = hands[seat];
        let best = -1;
        let bestTeam = -2;
        for (let i = 0; i < tLen; i++) {
          const st = tSt[i];
          const tt = teams[tSeat[i]];
          if (st > best) {
            best = st;
            bestTeam = tt;
          } else if (st === best && bestTeam !== tt) bestTeam = TIE;
        }
        let pick = 0;
        if (tLen === 0) pick = size - 1;
        else if (bestTeam !== teams[seat]) {
          while (pick < size && h[pick] <= best) pick++;
          if (pick === size) pick = 0;
        }
        tSeat[tLen] = seat;
        tSt[tLen] = h[pick];
        tLen++;
        for (let i = pick; i < size - 1; i++) h[i] = h[i + 1];
        sizes[seat] = size - 1;
      }
      if (tLen < n) break;
      let max = -1;
      for (let i = 0; i < n; i++) if (tSt[i] > max) max = tSt[i];
      let team = -2;
      let first = -1;
      for (let i = 0; i < n; i++) {
        if (tSt[i] !== max) continue;
        if (first < 0) first = tSeat[i];
        const tt = teams[tSeat[i]];
        team = team === -2 || team === tt ? tt : TIE;
      }
      outcomes.push(team as TrickOutcome);
      if (team !== TIE) leader = first;
      tLen = 0;
      result = handWinner(outcomes, allTied, maoTeam, dealerTeam);
    }
    const score = result === sit.team ? 1 : result === null || result === undefined ? 0.5 : 0;
    visit?.result(score);
    total += score;
  }
  return total / samples;
}

// ------------------------------------------------------------ envido odds

let ENVIDO_CDF: number[] | null = null;

/** P(a random 3-card hand has envido ≤ x), over all C(40,3) hands. */
function envidoCdf(x: number): number {
  if (!ENVIDO_CDF) {
    const counts = new Array(34).fill(0);
    const ids = ALL_CARD_IDS;
    let total = 0;
    for (let i = 0; i < ids.length; i++)
      for (let j = i + 1; j < ids.length; j++)
        for (let k = j + 1; k < ids.length; k++) {
          counts[envidoOfIds([ids[i], ids[j], ids[k]])]++;
          total++;
        }
    ENVIDO_CDF = [];
    let acc = 0;
    for (let v = 0; v < counts.length; v++) {
      acc += counts[v];
      ENVIDO_CDF.push(acc / total);
    }
  }
  if (x < 0) return 0;
  return x >= ENVIDO_CDF.length ? 1 : ENVIDO_CDF[x];
}

/** The envido count below which this share of the deck's hands falls (a seat refusing this share of calls accepts from it up). */
export function envidoQuantile(share: number): number {
  for (let e = 0; e <= 33; e++) if (envidoCdf(e) >= share) return e;
  return 33;
}

/** How likely a seat that calls envido from about `callFrom` points up made a call with `points` (a few calls below it). */
export function envidoCallLikelihood(points: number, callFrom: number): number {
  return 0.08 + 0.92 / (1 + Math.exp(-(points - callFrom) / 1.5));
}

/** How likely a seat that accepts envido from about `acceptFrom` points up accepts with `points`. */
export function envidoAcceptLikelihood(points: number, acceptFrom: number): number {
  return 0.05 + 0.9 / (1 + Math.exp(-(points - acceptFrom) / 1.5));
}

/**
 * Chance my envido beats every opponent's after the opponents made `calls` envido calls, each
 * made from about `callFrom` points up (with a few calls below it): the caller's envido is drawn
 * from the deck's distribution weighted by how likely it made those calls; the other opponents'
 * from the deck's. Ties go to the seat nearer the mão.
 */
export function envidoWinChanceAfterCalls(sit: Situation, calls: number, callFrom: number): number {
  const opps = sit.teams.filter((t) => t !== sit.team).length;
  const n = sit.n;
  const pos = (s: number) => (s - sit.mao + n) % n;
  let tiesMine = true;
  for (let i = 0; i < n; i++) if (sit.teams[i] !== sit.team && pos(i) < pos(sit.seat)) tiesMine = false;
  const beat = tiesMine ? sit.myEnvido : sit.myEnvido - 1;
  let num = 0;
  let den = 0;
  for (let e = 0; e <= 33; e++) {
    const pmf = envidoCdf(e) - envidoCdf(e - 1);
    if (pmf <= 0) continue;
    const like = Math.pow(0.08 + 0.92 / (1 + Math.exp(-(e - callFrom) / 1.5)), Math.min(calls, 2));
    den += pmf * like;
    if (e <= beat) num += pmf * like;
  }
  const caller = den > 0 ? num / den : 0;
  return caller * Math.pow(envidoCdf(beat), Math.max(0, opps - 1));
}

/**
 * In pairs the team's best envido counts: the chance my team's beats theirs, my partner's envido
 * drawn from the deck's distribution and the opponents' as in envidoWinChanceAfterCalls (no calls:
 * `calls` 0). The calls are put on the opponent easiest for my team to lose to. Ties go to the
 * seat nearer the mão.
 */
export function teamEnvidoWinChance(sit: Situation, calls: number, callFrom: number): number {
  const n = sit.n;
  const pos = (s: number) => (s - sit.mao + n) % n;
  let partner = -1;
  const opps: number[] = [];
  for (let s = 0; s < n; s++) {
    if (sit.teams[s] !== sit.team) opps.push(s);
    else if (s !== sit.seat) partner = s;
  }
  const pmf = (e: number) => envidoCdf(e) - envidoCdf(e - 1);
  // The caller's envido: the deck's distribution weighted by how likely it made the calls.
  const caller = new Float64Array(35);
  let acc = 0;
  for (let e = 0; e <= 33; e++) {
    const like = calls > 0 ? Math.pow(0.08 + 0.92 / (1 + Math.exp(-(e - callFrom) / 1.5)), Math.min(calls, 2)) : 1;
    acc += pmf(e) * like;
    caller[e + 1] = acc;
  }
  const callerCdf = (t: number) => (t < 0 ? 0 : caller[Math.min(33, t) + 1] / acc);
  // An opponent loses to a count of my team that is higher, or equal and held nearer the mão.
  const beat = (x: number, holder: number, o: number) => (pos(holder) < pos(o) ? x : x - 1);
  let win = 0;
  for (let ep = 0; ep <= 33; ep++) {
    const pp = pmf(ep);
    if (pp <= 0) continue;
    let prod = 1;
    let worst = 1;
    for (const o of opps) {
      let t = beat(sit.myEnvido, sit.seat, o);
      if (partner >= 0) t = Math.max(t, beat(ep, partner, o));
      const any = t < 0 ? 0 : envidoCdf(t);
      const called = callerCdf(t);
      prod *= any;
      // The calls go on this opponent if that costs my team most.
      if (any > 0 && called / any < worst) worst = called / any;
    }
    win += pp * prod * (calls > 0 ? worst : 1);
  }
  return win;
}

/** Chance my envido beats every opponent's (ties go to the seat nearer the mão). */
export function envidoWinChance(sit: Situation): number {
  const opps = sit.teams.filter((t) => t !== sit.team).length;
  const n = sit.n;
  // Am I before every opponent, counting from the mão?
  const pos = (s: number) => (s - sit.mao + n) % n;
  let tiesMine = true;
  for (let i = 0; i < n; i++) if (sit.teams[i] !== sit.team && pos(i) < pos(sit.seat)) tiesMine = false;
  const p = envidoCdf(tiesMine ? sit.myEnvido : sit.myEnvido - 1);
  return Math.pow(p, opps);
}

// ------------------------------------------------------------ match-win probability

const WIN_TABLES = new WeakMap<readonly number[], Map<number, Float64Array>>();
const TABLES_BY_KEY = new Map<string, Float64Array>();

/**
 * Probability of winning the match from (my points needed, their points needed), assuming each
 * hand is won by either side with equal chance and is worth points drawn from a rough
 * per-ladder distribution. Used to weigh a bet by what it means for the match.
 */
export function matchWinProb(sit: Situation, myGain: number, oppGain: number): number {
  return matchWinProbFor(sit.target, sit.values, sit.scores[sit.team] + myGain, sit.scores[1 - sit.team] + oppGain);
}

export function matchWinProbFor(target: number, values: readonly number[], mine: number, theirs: number): number {
  const a = target - mine;
  const b = target - theirs;
  if (a <= 0) return 1;
  if (b <= 0) return 0;
  // Rules objects are shared by every state of a match, so the ladder array identifies the table.
  let byTarget = WIN_TABLES.get(values);
  if (!byTarget) {
    byTarget = new Map();
    WIN_TABLES.set(values, byTarget);
  }
  let table = byTarget.get(target);
  if (!table) {
    const key = `${target}:${values.join(",")}`;
    table = TABLES_BY_KEY.get(key) ?? buildTable(target, values);
    TABLES_BY_KEY.set(key, table);
    byTarget.set(target, table);
  }
  return table[a * (target + 1) + b];
}

/** A hand's own points when no envido is played: the table of matchWinProb. */
const NO_ENVIDO: readonly [number, number][] = [[0, 1]];

/**
 * The match-winning table for `target` and ladder values `v`: t[a·(target+1)+b] is the chance of
 * winning from a points short against b, both sides even hand by hand. `envido` gives the points
 * an envido scores in each hand (to either side with equal chance, before the hand's own points:
 * if it ends the match, the hand's points do not count); NO_ENVIDO leaves it out. `edge`: my side's
 * chance of each hand's own points (0.5: even).
 */
function buildTable(target: number, v: readonly number[], envido: readonly [number, number][] = NO_ENVIDO, edge = 0.5): Float64Array {
  // Hand values: mostly unbet, often the first rung, rarely more.
  const dist: [number, number][] = [
    [v[0], 0.55],
    [v[1], 0.3],
    [v[2] ?? v[1], 0.1],
    [v[3] ?? v[2] ?? v[1], 0.05],
  ];
  const w = target + 1;
  const t = new Float64Array(w * w);
  const get = (a: number, b: number) => (a <= 0 ? 1 : b <= 0 ? 0 : t[a * w + b]);
  for (let s = 2; s <= 2 * target; s++) {
    for (let a = 1; a <= target; a++) {
      const b = s - a;
      if (b < 1 || b > target) continue;
      let p = 0;
      for (const [e, pe] of envido) {
        for (const envMine of e === 0 ? [true] : [true, false]) {
          const we = e === 0 ? pe : pe * 0.5;
          const a1 = envMine ? a - e : a;
          const b1 = envMine ? b : b - e;
          if (a1 <= 0) {
            p += we;
            continue;
          }
          if (b1 <= 0) continue;
          for (const [pts, pr] of dist) p += we * pr * (edge * get(a1 - pts, b1) + (1 - edge) * get(a1, b1 - pts));
        }
      }
      t[a * w + b] = p;
    }
  }
  return t;
}

/**
 * Envido points a later hand scores, roughly (docs/decisions/158-envido-priced-by-its-whole-ladder.md):
 * often none, often a refused or accepted first call, sometimes a raise. The falta is left out.
 */
const ENVIDO_HAND_POINTS: readonly [number, number][] = [
  [0, 0.4],
  [1, 0.25],
  [2, 0.2],
  [4, 0.1],
  [7, 0.05],
];

const ENVIDO_TABLES = new Map<string, Float64Array>();

/**
 * matchWinProb where later hands score an envido too (independent of the truco, either side
 * with equal chance, before the hand's own points): the envido search weighs its points by it, so
 * a few envido points behind count for what they are in a match where every hand has an envido.
 * `edge`: my team's chance of each later hand's truco points, to the hundredth (read.ts handEdge;
 * docs/decisions/164-envido-priced-with-the-hard-players-edge.md); 0.5 is the even table.
 */
export function matchWinProbWithEnvido(sit: Situation, myGain: number, oppGain: number, edge = 0.5): number {
  const target = sit.target;
  const a = target - (sit.scores[sit.team] + myGain);
  const b = target - (sit.scores[1 - sit.team] + oppGain);
  if (a <= 0) return 1;
  if (b <= 0) return 0;
  const q = Math.round(edge * 100) / 100;
  const key = `${target}:${sit.values.join(",")}:${q}`;
  let table = ENVIDO_TABLES.get(key);
  if (!table) {
    table = buildTable(target, sit.values, ENVIDO_HAND_POINTS, q);
    ENVIDO_TABLES.set(key, table);
  }
  return table[a * (target + 1) + b];
}
