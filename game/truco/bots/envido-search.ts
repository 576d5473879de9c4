// The hard player's envido (docs/decisions/146-envido-by-sampled-hands.md): the other seats'
// envido counts come from the deals the sampler draws (worlds.ts), weighed by every bet seen this
// hand (envido calls and answers, truco calls, cards played without a call) under the table read;
// each call or answer is scored by its expected match-winning chance over those deals, the whole
// ladder played out: an opposing team refuses, accepts or raises (the falta envido included) as
// its read says, and points are weighed with the envido of later hands
// (docs/decisions/158-envido-priced-by-its-whole-ladder.md), my team taken to win the later hands
// by the edge the read gives it (docs/decisions/164-envido-priced-with-the-hard-players-edge.md).
import { envidoOfIds } from "../cards";
import { envidoAcceptValue, envidoRaises, envidoRejectValue } from "../envido";
import type { Rng } from "../random";
import type { Action, EnvidoCall, MatchState, TeamIdx } from "../types";
import type { PlayerView } from "../view";
import { envidoAcceptLikelihood, envidoQuantile, matchWinProbWithEnvido } from "./estimate";
import { envidoAnswerRates, handEdge, type TableRead } from "./read";
import type { Situation } from "./situation";
import { sampleWorlds, stateFromView, type World } from "./worlds";

/** Deals per envido decision: no playouts, so they are cheap. */
export const ENVIDO_WORLDS = 160;

/** A call must gain at least this much match-winning chance over not calling (sampling noise). */
const MARGIN = 0.002;

/** The team whose envido wins in this deal: the highest count, ties to the seat nearer the mão. */
export function envidoWinnerIn(sit: Situation, dealt: readonly (readonly string[])[]): TeamIdx {
  let best = -1;
  let bestSeat = sit.mao;
  for (let k = 0; k < sit.n; k++) {
    const seat = (sit.mao + k) % sit.n;
    const pts = envidoOfIds(dealt[seat]);
    if (pts > best) {
      best = pts;
      bestSeat = seat;
    }
  }
  return sit.teams[bestSeat];
}

/**
 * How a seat answers an envido call, as the read says: it refuses below its acceptance point
 * (`envidoQuantile` of its refusal share), raises from the count above which its share of raises
 * falls, and a raise is a falta envido by its share of faltas (the only raise left after a real envido).
 */
interface Answerer {
  acceptFrom: number;
  raiseFrom: number;
  faltaShare: number;
}

function answererOf(sit: Situation, read: TableRead | null | undefined, seat: number): Answerer {
  const team = sit.teams[seat];
  const seats: number[] = [];
  for (let s = 0; s < sit.n; s++) if (sit.teams[s] === team) seats.push(s);
  // This hand's raises by the team: every call after the first answered the one before it.
  const also = { faced: 0, runs: 0, raises: 0, faltas: 0 };
  const e = sit.envido;
  if (e) {
    const k = e.calls.length;
    for (let i = 1; i < k; i++) {
      const by = (((e.caller - (k - 1 - i)) % sit.n) + sit.n) % sit.n;
      if (sit.teams[by] !== team) continue;
      also.faced++;
      also.raises++;
      if (e.calls[i] === "falta_envido") also.faltas++;
    }
  }
  const r = envidoAnswerRates(read, seats, also);
  return { acceptFrom: envidoQuantile(r.runRate), raiseFrom: envidoQuantile(1 - r.raiseRate), faltaShare: r.faltaShare };
}

/** The sampled deals of one envido decision, and who wins the envido in each. */
interface Ladder {
  sit: Situation;
  state: MatchState;
  worlds: readonly World[];
  winners: readonly TeamIdx[];
  answerers: readonly Answerer[];
  /** My team's chance of each later hand (handEdge). */
  edge: number;
}

/**
 * Match-winning chance in each deal once `caller` made the last of `calls`, the whole ladder
 * played out: the next seat answers. An opponent accepts, refuses or raises (to the next call up
 * or to the falta) as its read says, from its count in that deal; my team answers with the move
 * best over the deals that reach it (`reach`: how likely each deal leads here), as I would.
 */
function ladderValues(l: Ladder, calls: readonly EnvidoCall[], caller: number, reach: Float64Array): Float64Array {
  const { sit, worlds, winners } = l;
  const n = worlds.length;
  const answerer = (caller + 1) % sit.n;
  const callerTeam = sit.teams[caller];
  const rejectPts = envidoRejectValue(calls);
  const refused =
    callerTeam === sit.team ? matchWinProbWithEnvido(sit, rejectPts, 0, l.edge) : matchWinProbWithEnvido(sit, 0, rejectPts, l.edge);
  const shown = new Float64Array(n);
  for (let i = 0; i < n; i++) shown[i] = showdownValue(sit, l.state, calls, winners[i], l.edge);
  const raises = envidoRaises(calls);
  const out = new Float64Array(n);
  if (sit.teams[answerer] === sit.team) {
    // My team answers: the best of accept, refuse and each raise over the deals that lead here.
    let best: Float64Array = shown;
    let bestValue = 0;
    for (let i = 0; i < n; i++) bestValue += reach[i] * shown[i];
    let refuseValue = 0;
    for (let i = 0; i < n; i++) refuseValue += reach[i] * refused;
    if (refuseValue > bestValue) {
      best = new Float64Array(n).fill(refused);
      bestValue = refuseValue;
    }
    for (const r of raises) {
      const v = ladderValues(l, [...calls, r], answerer, reach);
      let value = 0;
      for (let i = 0; i < n; i++) value += reach[i] * v[i];
      if (value > bestValue) {
        best = v;
        bestValue = value;
      }
    }
    return best;
  }
  // An opponent answers, by its count in each deal.
  const a = l.answerers[answerer];
  const up = raises.filter((r) => r !== "falta_envido")[0];
  const falta = raises.includes("falta_envido");
  const pAccept = new Float64Array(n);
  const pUp = new Float64Array(n);
  const pFalta = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const pts = envidoOfIds(worlds[i].dealt[answerer]);
    const stays = envidoAcceptLikelihood(pts, a.acceptFrom);
    const raise = raises.length > 0 ? stays * envidoAcceptLikelihood(pts, a.raiseFrom) : 0;
    const faltaShare = !falta ? 0 : up ? a.faltaShare : 1;
    pAccept[i] = stays - raise;
    pUp[i] = raise * (1 - faltaShare);
    pFalta[i] = raise * faltaShare;
    out[i] = (1 - stays) * refused + pAccept[i] * shown[i];
  }
  const follow = (call: EnvidoCall | undefined, p: Float64Array) => {
    if (!call || !p.some((x) => x > 0)) return;
    const r = new Float64Array(n);
    for (let i = 0; i < n; i++) r[i] = reach[i] * p[i];
    const v = ladderValues(l, [...calls, call], answerer, r);
    for (let i = 0; i < n; i++) out[i] += p[i] * v[i];
  };
  follow(up, pUp);
  if (falta) follow("falta_envido", pFalta);
  return out;
}

/** Expected match-winning chance of my calling `calls` (the hand's envido calls so far plus mine), the ladder played out. */
function callValue(l: Ladder, calls: EnvidoCall[]): number {
  const v = ladderValues(l, calls, l.sit.seat, new Float64Array(l.worlds.length).fill(1));
  let total = 0;
  for (let i = 0; i < v.length; i++) total += v[i];
  return total / v.length;
}

function opponentSeats(sit: Situation): number[] {
  const seats: number[] = [];
  for (let s = 0; s < sit.n; s++) if (sit.teams[s] !== sit.team) seats.push(s);
  return seats;
}

/** Match-winning chance once the envido of `calls` is played and `winner` takes it. */
function showdownValue(sit: Situation, state: MatchState, calls: readonly EnvidoCall[], winner: TeamIdx, edge: number): number {
  const pts = envidoAcceptValue(state, calls, winner);
  return winner === sit.team ? matchWinProbWithEnvido(sit, pts, 0, edge) : matchWinProbWithEnvido(sit, 0, pts, edge);
}

/**
 * The hard player's envido move: an opening call (or null: no call, the search decides the rest),
 * or the answer to a pending call (accept, refuse or raise). Null also when nothing of envido is legal.
 */
export function envidoBySamples(view: PlayerView, sit: Situation, read: TableRead | null | undefined, rng: Rng): Action | null {
  const answering = sit.phase === "waiting_envido_response" && sit.envido !== null;
  const raises = sit.legal.filter((a): a is Extract<Action, { type: "call_envido" }> => a.type === "call_envido");
  if (!answering && raises.length === 0) return null;
  const worlds = sampleWorlds(view, sit, read, rng, ENVIDO_WORLDS);
  if (worlds.length === 0) return null;
  const state = stateFromView(view, worlds[0].dealt, worlds[0].held);
  const winners = worlds.map((w) => envidoWinnerIn(sit, w.dealt));
  const prior = answering ? sit.envido!.calls : [];
  const answerers = Array.from({ length: sit.n }, (_, seat) => answererOf(sit, read, seat));
  const edge = handEdge(read, opponentSeats(sit));
  const ladder: Ladder = { sit, state, worlds, winners, answerers, edge };

  let best: Action | null = null;
  let bestValue: number;
  if (answering) {
    const e = sit.envido!;
    let accept = 0;
    for (const t of winners) accept += showdownValue(sit, state, e.calls, t, edge);
    accept /= worlds.length;
    const reject = matchWinProbWithEnvido(sit, 0, e.rejectPts, edge);
    best = { type: "respond_envido", response: accept >= reject ? "accept" : "reject" };
    bestValue = Math.max(accept, reject);
  } else bestValue = matchWinProbWithEnvido(sit, 0, 0, edge) + MARGIN;
  for (const a of raises) {
    const v = callValue(ladder, [...prior, a.call]);
    if (v > bestValue + (answering ? MARGIN : 0)) {
      best = a;
      bestValue = v;
    }
  }
  if (best && best.type === "respond_envido") {
    const r = best.response;
    return sit.legal.find((a) => a.type === "respond_envido" && a.response === r) ?? null;
  }
  return best;
}
