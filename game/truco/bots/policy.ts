// The easy and normal computer players, as policies over a Situation. In 1v1 the normal player
// also reads its opponent (the CLUB options: docs/decisions/160-the-normal-player-reads-its-opponent.md,
// 165-normal-bluffs-by-the-read-and-tries-raising-back.md); hard's playouts use the plain rule.
import type { Rng } from "../random";
import type { Action, EnvidoCall, FlorCall } from "../types";
import { envidoWinChance, estimateWin, matchWinProb } from "./estimate";
import { acceptLikelihood, backRunPrior, callLikelihood, cardPercentile, standingIn, trickNow, type Profile } from "./read";
import { strengthIn, trickLead, type Situation } from "./situation";
import { handDeck } from "../deal";

const has = (legal: Action[], pred: (a: Action) => boolean) => legal.find(pred);

function playActions(sit: Situation): Extract<Action, { type: "play_card" }>[] {
  return sit.legal.filter((a): a is Extract<Action, { type: "play_card" }> => a.type === "play_card");
}

// ------------------------------------------------------------ easy

/** Roughly normal noise with this standard deviation (a sum of three uniforms). */
function gut(rng: Rng, sd: number): number {
  return (rng.next() + rng.next() + rng.next() - 1.5) * 2 * sd;
}

/**
 * A beginner: bets and answers on a gut feel for its hand (a few samples of its odds, blurred by
 * wide noise) around the thresholds a sound player uses, so it runs from good hands and stays in
 * with bad ones; often forgets which rank the manilha is this hand, throws its best card at once,
 * or plays a card without thinking. It ignores the score and the table read, and never goes to
 * the deck. The normal player beats it in about four matches of five.
 */
export function easyPolicy(sit: Situation, rng: Rng): Action {
  const legal = sit.legal;
  if (legal.length === 1) return legal[0];
  if (legal[0].type === "call_flor" || sit.phase === "waiting_flor_response") return normalPolicy(sit, rng, EASY_ODDS);
  // Forgetting the manilha: the cards are judged by their printed rank this decision.
  const seen: Situation = sit.manilha !== null && rng.next() < 0.5 ? { ...sit, manilha: null } : sit;
  const feel = () => Math.min(1, Math.max(0, estimateWin(seen, rng, EASY_ODDS.samples) + gut(rng, 0.5)));
  switch (sit.phase) {
    case "waiting_mao_decision":
      return { type: "respond_mao", response: feel() >= 0.5 ? "play" : "run" };
    case "waiting_envido_response": {
      const pts = sit.myEnvido + gut(rng, 5);
      const raise = has(legal, (a) => a.type === "call_envido" && a.call === "envido");
      if (raise && pts >= 31) return raise;
      return { type: "respond_envido", response: pts >= 25 ? "accept" : "reject" };
    }
    case "waiting_truco_response": {
      const env = easyEnvido(sit, rng);
      if (env) return env;
      const w = feel();
      const raise = has(legal, (a) => a.type === "call_truco");
      if (raise && w >= 0.85) return raise;
      return { type: "respond_truco", response: w >= 0.45 ? "accept" : "reject" };
    }
    default: {
      const env = easyEnvido(sit, rng);
      if (env) return env;
      const call = has(legal, (a) => a.type === "call_truco");
      if (call && feel() >= 0.8) return call;
      return easyCard(seen, rng);
    }
  }
}

const EASY_ODDS: NormalOptions = { samples: 6 };

function easyEnvido(sit: Situation, rng: Rng): Action | null {
  const env = has(sit.legal, (a) => a.type === "call_envido" && a.call === "envido");
  return env && sit.myEnvido + gut(rng, 5) >= 28 ? env : null;
}

function easyCard(sit: Situation, rng: Rng): Action {
  const up = playActions(sit).filter((a) => !a.faceDown);
  if (up.length <= 1 || sit.blind) return chooseCard(sit);
  const r = rng.next();
  // Eager: the best card goes out first, whatever the trick needs.
  if (r < 0.5) {
    let best = up[0];
    for (const a of up) if (strengthIn(sit, a.cardId) > strengthIn(sit, best.cardId)) best = a;
    return best;
  }
  if (r < 0.75) return up[rng.int(up.length)];
  return chooseCard(sit);
}

// ------------------------------------------------------------ normal

/** Match-win probability if my team scores `mine` and the opponents `theirs` now. */
const u = (sit: Situation, mine: number, theirs: number) => matchWinProb(sit, mine, theirs);

/** Expected match-win probability when the hand is played for `value` with trick chance `w`. */
const playFor = (sit: Situation, w: number, value: number) => w * u(sit, value, 0) + (1 - w) * u(sit, 0, value);

export interface NormalOptions {
  /** Samples for the trick-chance estimate. */
  samples: number;
  /** How often the opponents are assumed to run from a call; by default what the table read says. */
  foldGuess?: number;
  /**
   * In 1v1, answer a call and make its own calls by the opponent's read (answerValues,
   * callValues). The normal level's own play; absent in the rule the hard
   * player's searches and fallbacks use, which stays as it was.
   */
  read?: boolean;
}

const NORMAL: NormalOptions = { samples: 24 };

/** The normal level (index.ts): NORMAL and the read of its opponent in 1v1. */
export const CLUB: NormalOptions = { samples: 24, read: true };

/** Solid play: keeps strong cards for when they matter, bets and answers by hand strength and score. */
export function normalPolicy(sit: Situation, rng: Rng, opts: NormalOptions = NORMAL): Action {
  const legal = sit.legal;
  if (legal.length === 1) return legal[0];
  if (legal[0].type === "call_flor" && sit.phase !== "waiting_flor_response") return florDeclaration(sit);
  switch (sit.phase) {
    case "waiting_mao_decision": {
      const w = estimateWin(sit, rng, opts.samples * 2);
      const play = playFor(sit, w, sit.values[1]);
      const run = u(sit, 0, sit.values[0]);
      return { type: "respond_mao", response: play >= run ? "play" : "run" };
    }
    case "waiting_flor_response":
      return florResponse(sit);
    case "waiting_envido_response":
      return envidoResponse(sit);
    case "waiting_truco_response": {
      const env = envidoOpening(sit);
      if (env) return env;
      if (opts.read && sit.n === 2) return readAnswer(sit, rng, opts.samples);
      return trucoResponse(sit, estimateWin(sit, rng, opts.samples));
    }
    default: {
      const env = envidoOpening(sit);
      if (env) return env;
      const call = has(legal, (a) => a.type === "call_truco");
      if (call && opts.read && sit.n === 2) {
        const v = callValues(sit, rng, opts.samples);
        if (v.win > CALL_FLOOR && v.call > v.keep + 0.005) return call;
      } else if (call) {
        const w = estimateWin(sit, rng, opts.samples);
        if (wantsToCall(sit, w, opts.foldGuess ?? sit.opponents.runRate * 0.7)) return call;
      }
      return chooseCard(sit);
    }
  }
}

/**
 * The least trick chance normal calls with: a club player bluffs with a weak hand where the read
 * says the opponent runs from enough calls to pay for it (callValues), but not from nothing.
 */
const CALL_FLOOR = 0.1;

function wantsToCall(sit: Situation, w: number, foldGuess: number): boolean {
  const level = sit.stake + 1;
  const now = sit.values[sit.stake];
  const next = sit.values[level];
  const keep = playFor(sit, w, now);
  const call = foldGuess * u(sit, now, 0) + (1 - foldGuess) * playFor(sit, w, next);
  // Against opponents who run a lot, weaker hands are worth a call.
  return w > Math.max(0.3, 0.6 - 0.6 * (foldGuess - 0.25)) && call > keep + 0.005;
}

function trucoResponse(sit: Situation, raw: number): Action {
  const p = sit.pending!;
  // The estimate ignores the call; a caller who bluffs often is weaker than one who never does.
  const w = Math.min(1, Math.max(0, raw + (sit.opponents.bluffRate - 0.2) * 0.6));
  const value = sit.values[p.level];
  const run = u(sit, 0, sit.values[p.level - 1]);
  const accept = playFor(sit, w, value);
  const raise = sit.legal.find((a) => a.type === "call_truco");
  if (raise && w > 0.78) {
    const more = sit.values[p.level + 1];
    const raiseEv = 0.4 * u(sit, value, 0) + 0.6 * playFor(sit, w, more);
    if (raiseEv > accept) return raise;
  }
  return { type: "respond_truco", response: accept >= run ? "accept" : "reject" };
}

/** Each card strength's percentile in this hand's deck (the read's card percentile, by strength). */
const PCT_BY_STRENGTH = new Map<string, Map<number, number>>();
function pctByStrength(sit: Situation): (st: number) => number {
  const key = `${sit.mode}:${sit.rules.deck ?? "sujo"}:${sit.manilha ?? "-"}`;
  let m = PCT_BY_STRENGTH.get(key);
  if (!m) {
    m = new Map();
    const pct = cardPercentile(sit.rules, sit.manilha);
    for (const c of handDeck(sit.rules)) m.set(strengthIn(sit, c), pct(c));
    PCT_BY_STRENGTH.set(key, m);
  }
  const table = m;
  return (st) => table.get(st) ?? 0;
}

/** What answering the pending call is worth, by match-win probability, as readAnswer weighs it. */
export interface AnswerValues {
  run: number;
  accept: number;
  /** null: no raise is legal. */
  raise: number | null;
  /** The trick chance once the call is weighed in, and how often the caller is expected to run from a raise back. */
  win: number;
  fold: number;
}

/**
 * The answer to a call in 1v1, by what the caller's betting in this match says (read.ts): each
 * sampled hand of the caller is weighed by how likely a seat of its profile makes this call with
 * it (callLikelihood of its standing, as the read scores calls), so a caller who calls only with
 * good cards is believed and one who calls with anything is not. A raise back is priced by how
 * often the caller runs from one (backRunRate: counted in the match, expected from its run rate
 * before that) and, when it stays, by the trick chance against its strongest hands of that share.
 */
export function answerValues(sit: Situation, rng: Rng, samples: number, prof: Profile = sit.opponents): AnswerValues {
  const p = sit.pending!;
  const { drawn, raw } = drawStandings(sit, rng, samples, p.by);
  let weight = 0;
  let wins = 0;
  const weighed = drawn.map((d) => ({ ...d, c: callLikelihood(prof, d.s) }));
  for (const d of weighed) {
    weight += d.c;
    wins += d.c * d.score;
  }
  const win = weight > 0 ? wins / weight : raw;
  const fold = prof.backRunRate ?? backRunPrior(prof.runRate);
  // The hands that stay: the caller's strongest, up to the share it does not run with.
  weighed.sort((x, y) => y.s - x.s);
  let kept = 0;
  let keptWins = 0;
  const keep = (1 - fold) * weight;
  for (const d of weighed) {
    if (kept >= keep) break;
    const c = Math.min(d.c, keep - kept);
    kept += c;
    keptWins += c * d.score;
  }
  const stayWin = kept > 0 ? keptWins / kept : win;
  const value = sit.values[p.level];
  const run = u(sit, 0, sit.values[p.level - 1]);
  const accept = playFor(sit, win, value);
  const canRaise = sit.legal.some((x) => x.type === "call_truco");
  const raise = canRaise ? fold * u(sit, value, 0) + (1 - fold) * playFor(sit, stayWin, sit.values[p.level + 1]) : null;
  return { run, accept, raise, win, fold };
}

/**
 * estimateWin's samples with, for each, the standing (read.ts) of `seat`'s sampled cards as the
 * read scores a call or an answer of that seat at this moment, and my team's score.
 */
function drawStandings(sit: Situation, rng: Rng, samples: number, seat: number): { drawn: { s: number; score: number }[]; raw: number } {
  const team = sit.teams[seat];
  const pct = pctByStrength(sit);
  const won = sit.outcomes.map((o) => (o === -1 ? -1 : o === team ? 1 : 0));
  const trick = trickNow(
    seat,
    sit.n,
    sit.teams,
    sit.plays.map((q) => ({ seat: q.seat, pct: q.down || q.card === null ? -1 : pct(strengthIn(sit, q.card)) })),
  );
  const id = (x: number) => x;
  const drawn: { s: number; score: number }[] = [];
  const held: number[] = [];
  let s = 0;
  const raw = estimateWin(sit, rng, samples, {
    deal(hands, sizes) {
      held.length = 0;
      for (let i = 0; i < sizes[seat]; i++) held.push(pct(hands[seat][i]));
      s = standingIn(id, held, won, trick);
    },
    result(score) {
      drawn.push({ s, score });
    },
  });
  return { drawn, raw };
}

/**
 * Whether to call (or raise) in 1v1, by the opponent's read: its sampled hands weighed by what it
 * showed this hand (the last accepted raise: its own call, callLikelihood; or its acceptance of
 * ours, acceptLikelihood), and each priced by how likely it accepts the call (acceptLikelihood):
 * a call takes the points now from the hands that run, and plays on for more against the ones
 * that stay, which are its better hands; of those, the ones it would call with raise (where the
 * ladder lets it), and against them I then run or play on, whichever is worth more.
 */
export function callValues(
  sit: Situation,
  rng: Rng,
  samples: number,
  prof: Profile = sit.opponents,
): { keep: number; call: number; win: number } {
  const opp = (sit.seat + 1) % sit.n;
  const oppTeam = sit.teams[opp];
  const { drawn, raw } = drawStandings(sit, rng, samples, opp);
  const now = sit.values[sit.stake];
  const next = sit.values[sit.stake + 1];
  // Whether the opponent could raise my call (the ladder's next rung; the raise cap as the engine has it).
  const top = sit.stake + 2 < sit.values.length && !(sit.rules.raiseCap && sit.scores[oppTeam] + next >= sit.target);
  let weight = 0;
  let wins = 0;
  let call = 0;
  let raised = 0;
  let raisedWins = 0;
  for (const d of drawn) {
    const c = sit.stake === 0 ? 1 : sit.lastRaiser === oppTeam ? callLikelihood(prof, d.s) : acceptLikelihood(prof, d.s);
    const a = acceptLikelihood(prof, d.s);
    // Of the hands that stay, the ones it would call with raise my call.
    const r = top ? a * callLikelihood(prof, d.s) : 0;
    weight += c;
    wins += c * d.score;
    call += c * ((1 - a) * u(sit, now, 0) + (a - r) * playFor(sit, d.score, next));
    raised += c * r;
    raisedWins += c * r * d.score;
  }
  if (weight <= 0) return { keep: playFor(sit, raw, now), call: playFor(sit, raw, next), win: raw };
  if (raised > 0) {
    // Raised, I answer by the hands that raise: run (they score the call's rung) or play for the next.
    const w = raisedWins / raised;
    call += raised * Math.max(u(sit, 0, next), playFor(sit, w, sit.values[sit.stake + 2]));
  }
  const win = wins / weight;
  return { keep: playFor(sit, win, now), call: call / weight, win };
}

function readAnswer(sit: Situation, rng: Rng, samples: number): Action {
  const v = answerValues(sit, rng, samples);
  const raise = sit.legal.find((a) => a.type === "call_truco");
  if (raise && v.raise !== null && v.raise > v.accept && v.raise > v.run) return raise;
  return { type: "respond_truco", response: v.accept >= v.run ? "accept" : "reject" };
}

// ------------------------------------------------------------ cards

/** Percentile of a strength among the cards I cannot see (how often it beats one of them). */
function percentile(sit: Situation, st: number): number {
  if (sit.unseen.length === 0) return 1;
  let below = 0;
  for (const c of sit.unseen) {
    const x = strengthIn(sit, c);
    if (x < st) below++;
    else if (x === st) below += 0.5;
  }
  return below / sit.unseen.length;
}

export function chooseCard(sit: Situation): Action {
  const plays = playActions(sit);
  const up = plays.filter((a) => !a.faceDown);
  if (up.length === 0) return plays[0];
  if (sit.blind) return up[0];
  const cards = up.map((a) => ({ a, st: strengthIn(sit, a.cardId) })).sort((x, y) => x.st - y.st);
  const lowest = cards[0];
  const highest = cards[cards.length - 1];
  const coverLowest = plays.find((a) => a.faceDown && a.cardId === lowest.a.cardId);

  // The trick so far.
  const { best, bestTeam } = trickLead(sit);
  const after = sit.n - sit.plays.length - 1; // players still to play after me
  const won = sit.outcomes; // finished tricks
  const t = sit.trickIdx;

  if (sit.plays.length === 0) {
    // Leading.
    if (cards.length === 1) return highest.a;
    if (t === 0) {
      // Keep a top card for later when another good card can open.
      const top = percentile(sit, highest.st) >= 0.9;
      return top && cards.length === 3 ? cards[1].a : highest.a;
    }
    if (won[0] === sit.team) {
      // One trick in: open with a winner if likely, else save it and give up the lowest.
      return percentile(sit, highest.st) >= 0.75 ? highest.a : (coverLowest ?? lowest.a);
    }
    return highest.a; // we lost or tied the first: this trick decides
  }

  const partnerWinning = bestTeam === sit.team;
  if (partnerWinning && (after === 0 || percentile(sit, best) >= 0.7)) return t > 0 && coverLowest ? coverLowest : lowest.a;
  const beaters = cards.filter((c) => c.st > best);
  const tiers = cards.filter((c) => c.st === best);
  if (after === 0) {
    if (beaters.length > 0) return beaters[0].a;
    // A tie is worth it when it decides in our favour or keeps the hand open.
    if (tiers.length > 0 && (t === 0 || won[0] === sit.team)) return tiers[0].a;
    return t > 0 && coverLowest ? coverLowest : lowest.a;
  }
  // Opponents still to play after me.
  if (beaters.length > 0) {
    const good = beaters.find((c) => percentile(sit, c.st) >= 0.6);
    if (good) return good.a;
    if (t > 0 || sit.n === 2) return beaters[beaters.length - 1].a;
  }
  return lowest.a;
}

// ------------------------------------------------------------ envido and flor

/** An envido call or none, with `p` the chance my envido wins (default: against any hand, my own alone). */
export function envidoOpening(sit: Situation, p?: number): Action | null {
  if (!sit.legal.some((a) => a.type === "call_envido")) return null;
  if (sit.phase === "waiting_envido_response") return null;
  p ??= envidoWinChance(sit);
  const can = (call: EnvidoCall) => sit.legal.find((a) => a.type === "call_envido" && a.call === call);
  if (p >= 0.93) {
    const falta = can("falta_envido");
    const faltaPts = sit.target - Math.max(sit.scores[0], sit.scores[1]);
    if (falta && faltaPts <= 8) return falta;
  }
  if (p >= 0.85) return can("real_envido") ?? can("envido") ?? null;
  if (p >= 0.68) return can("envido") ?? null;
  return null;
}

/** An answer to an envido call by match points, with `p` the chance my envido wins (default: against any hand). */
export function envidoResponse(sit: Situation, p = envidoWinChance(sit)): Action {
  const e = sit.envido!;
  const accept = p * u(sit, e.acceptPts, 0) + (1 - p) * u(sit, 0, e.acceptPts);
  const reject = u(sit, 0, e.rejectPts);
  if (p >= 0.88) {
    const raise = sit.legal.find((a) => a.type === "call_envido" && a.call !== "falta_envido");
    if (raise) return raise;
  }
  return { type: "respond_envido", response: accept >= reject ? "accept" : "reject" };
}

function florDeclaration(sit: Situation): Action {
  const calls = sit.legal.filter((a): a is { type: "call_flor"; call: FlorCall } => a.type === "call_flor");
  const pick = (c: FlorCall) => calls.find((a) => a.call === c);
  if (calls.length > 1) {
    if (sit.myFlorPoints >= 33) return pick("contraflor") ?? calls[0];
    if (sit.myFlorPoints <= 24) return pick("achico") ?? calls[0];
  }
  return pick("flor") ?? calls[0];
}

function florResponse(sit: Situation): Action {
  const raise = sit.legal.find((a) => a.type === "call_flor");
  if (raise && sit.myFlorPoints >= 35) return raise;
  return { type: "respond_flor", response: sit.myFlorPoints >= 31 ? "accept" : "reject" };
}
