// Envido (truco-rules.md §4.5): when it may be called, the ladder envido → real envido
// → falta envido, what accepting or refusing scores, the showdown, and "flor cancels envido".
import { envidoOfIds } from "./cards";
import type { Draft } from "./draft";
import { autoDeclareFlor, undeclaredFlorHolders } from "./flor";
import { addPoints, faltaValue } from "./scoring";
import { pid, seatTeam, showdown, teamIdOf } from "./seats";
import type { EnvidoCall, MatchState, TeamIdx } from "./types";

const ENVIDO_VALUE: Readonly<Record<EnvidoCall, number>> = Object.freeze({ envido: 2, real_envido: 3, falta_envido: 0 });

/** What accepting these calls scores (the falta depends on the scores and, for some rules, on the winner). */
export function envidoAcceptValue(s: MatchState, calls: readonly EnvidoCall[], winner: TeamIdx | null): number {
  if (calls.includes("falta_envido")) return Math.max(1, faltaValue(s, winner));
  let sum = 0;
  for (const c of calls) sum += ENVIDO_VALUE[c];
  return sum;
}

/** What refusing the last of these calls gives the caller: 1 for a first call, else what was already accepted. */
export function envidoRejectValue(calls: readonly EnvidoCall[]): number {
  if (calls.length <= 1) return 1;
  let sum = 0;
  for (let i = 0; i < calls.length - 1; i++) sum += ENVIDO_VALUE[calls[i]];
  return sum;
}

/** May this seat open the envido now? Trick 1 only, once per hand, never after an accepted truco or a flor. */
export function envidoOpenAllowed(s: MatchState, seat: number): boolean {
  const h = s.hand;
  if (!s.rules.envido || h.envido !== null || h.tricks.length !== 1 || h.stake !== 0) return false;
  if (h.flor && h.flor.declared.length > 0) return false;
  if (s.phase === "playing") return h.turn === seat;
  if (s.phase === "waiting_truco_response" && h.truco && h.truco.responder === seat && h.truco.level === 1) {
    // "El envido está primero": the challenged team may still envido while one of its players has not played.
    const team = seatTeam(s, seat);
    for (let i = 0; i < s.players.length; i++) {
      if (seatTeam(s, i) === team && h.held[i].length === 3) return true;
    }
  }
  return false;
}

/** The calls that may answer a pending envido by raising it. */
export function envidoRaises(calls: readonly EnvidoCall[]): EnvidoCall[] {
  if (calls.includes("falta_envido")) return [];
  const out: EnvidoCall[] = [];
  const hasReal = calls.includes("real_envido");
  if (!hasReal && calls.filter((c) => c === "envido").length < 2) out.push("envido");
  if (!hasReal) out.push("real_envido");
  out.push("falta_envido");
  return out;
}

export function callEnvido(w: Draft, seat: number, call: EnvidoCall): void {
  const d = w.s;
  const h = d.hand;
  const n = d.players.length;
  const team = seatTeam(d, seat);
  if (h.envido && h.envido.status === "pending") {
    const e = w.envido();
    e.calls.push(call);
    e.caller = seat;
    e.responder = (seat + 1) % n;
    pushEnvidoCalled(w);
    return;
  }
  const holders = d.rules.flor ? undeclaredFlorHolders(d) : [];
  h.envido = {
    calls: [call],
    caller: seat,
    responder: holders.length > 0 ? null : (seat + 1) % n,
    status: holders.length > 0 ? "cancelled" : "pending",
    winnerTeam: null,
    points: 0,
    shown: [],
  };
  if (holders.length === 0) {
    pushEnvidoCalled(w);
    return;
  }
  // Flor cancels the envido: every flor in the hand is declared now (declaring it is mandatory).
  w.ev.push({
    type: "envido_called",
    call,
    by: pid(d, seat),
    team: teamIdOf(team),
    acceptValue: null,
    rejectValue: 1,
    responder: pid(d, holders[0]),
  });
  for (const s of holders) autoDeclareFlor(w, s);
  w.ev.push({ type: "envido_cancelled", reason: "flor" });
}

function pushEnvidoCalled(w: Draft): void {
  const d = w.s;
  const e = d.hand.envido!;
  const falta = e.calls.includes("falta_envido");
  w.ev.push({
    type: "envido_called",
    call: e.calls[e.calls.length - 1],
    by: pid(d, e.caller),
    team: teamIdOf(seatTeam(d, e.caller)),
    acceptValue: falta ? null : envidoAcceptValue(d, e.calls, null),
    rejectValue: envidoRejectValue(e.calls),
    responder: pid(d, e.responder!),
  });
}

export function respondEnvido(w: Draft, seat: number, response: "accept" | "reject"): void {
  const d = w.s;
  const e = w.envido();
  e.responder = null;
  w.ev.push({ type: "envido_responded", response, by: pid(d, seat) });
  let team: TeamIdx;
  let points: number;
  if (response === "accept") {
    e.status = "accepted";
    const all = d.players.map((_, i) => i);
    const sd = showdown(d, all, (s) => envidoOfIds(d.hand.dealt[s]));
    team = seatTeam(d, sd.winner);
    points = envidoAcceptValue(d, e.calls, team);
    e.shown = sd.shown;
  } else {
    e.status = "rejected";
    team = seatTeam(d, e.caller);
    points = envidoRejectValue(e.calls);
  }
  e.winnerTeam = team;
  e.points = points;
  w.ev.push({
    type: "envido_resolved",
    accepted: response === "accept",
    winnerTeam: teamIdOf(team),
    points,
    shown: e.shown.map((x) => ({ playerId: pid(d, x.seat), points: x.points })),
  });
  addPoints(w, team, points);
}
