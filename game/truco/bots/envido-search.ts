// The hard player's envido (docs/decisions/146-envido-by-sampled-hands.md): the other seats'
// envido counts come from the deals the sampler draws (worlds.ts), weighed by every bet seen this
// hand (envido calls and answers, truco calls, cards played without a call) under the table read;
// each call or answer is scored by its expected match-winning chance over those deals, with the
// answering seat accepting as often as the read says it does.
import { envidoOfIds } from "../cards";
import { envidoAcceptValue, envidoRejectValue } from "../envido";
import type { Rng } from "../random";
import type { Action, EnvidoCall, MatchState, TeamIdx } from "../types";
import type { PlayerView } from "../view";
import { envidoAcceptLikelihood, envidoQuantile, matchWinProb } from "./estimate";
import { profileOf, type TableRead } from "./read";
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

/** Expected match-winning chance of calling `calls` (the hand's envido calls so far plus mine), `answerer` answering. */
function callValue(
  sit: Situation,
  state: MatchState,
  worlds: readonly World[],
  winners: readonly TeamIdx[],
  calls: EnvidoCall[],
  answerer: number,
  acceptFrom: number,
): number {
  const rejectPts = envidoRejectValue(calls);
  const refused = matchWinProb(sit, rejectPts, 0);
  let total = 0;
  for (let i = 0; i < worlds.length; i++) {
    const a = envidoAcceptLikelihood(envidoOfIds(worlds[i].dealt[answerer]), acceptFrom);
    total += (1 - a) * refused + a * showdownValue(sit, state, calls, winners[i]);
  }
  return total / worlds.length;
}

/** Match-winning chance once the envido of `calls` is played and `winner` takes it. */
function showdownValue(sit: Situation, state: MatchState, calls: readonly EnvidoCall[], winner: TeamIdx): number {
  const pts = envidoAcceptValue(state, calls, winner);
  return winner === sit.team ? matchWinProb(sit, pts, 0) : matchWinProb(sit, 0, pts);
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
  // A call or raise of mine is answered by the next seat.
  const answerer = (sit.seat + 1) % sit.n;
  const acceptFrom = envidoQuantile(profileOf(read, answerer).envidoRunRate ?? 0.45);

  let best: Action | null = null;
  let bestValue: number;
  if (answering) {
    const e = sit.envido!;
    let accept = 0;
    for (const t of winners) accept += showdownValue(sit, state, e.calls, t);
    accept /= worlds.length;
    const reject = matchWinProb(sit, 0, e.rejectPts);
    best = { type: "respond_envido", response: accept >= reject ? "accept" : "reject" };
    bestValue = Math.max(accept, reject);
  } else bestValue = matchWinProb(sit, 0, 0) + MARGIN;
  for (const a of raises) {
    const v = callValue(sit, state, worlds, winners, [...prior, a.call], answerer, acceptFrom);
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
