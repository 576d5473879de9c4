// Flor (truco-rules.md §4.6): the mandatory declaration, the contest between two teams'
// flors (contraflor, contraflor al resto, "con flor me achico") and when a flor is scored.
import { florPoints, hasFlor } from "./cards";
import type { Draft } from "./draft";
import { addPoints, faltaValue } from "./scoring";
import { pid, seatsFromMao, seatTeam, showdown, teamIdOf } from "./seats";
import type { FlorCall, FlorState, MatchState, TeamIdx } from "./types";

/** Flor declarations this seat must make now (mandatory: when non-empty, nothing else is legal). */
export function florOptions(s: MatchState, seat: number): FlorCall[] {
  if (!s.rules.flor) return [];
  const h = s.hand;
  if (h.tricks.length !== 1 || h.held[seat].length !== 3 || !hasFlor(h.dealt[seat])) return [];
  const f = h.flor;
  if (f && (f.resolved || f.declared.includes(seat))) return [];
  if (f && f.declared.length > 0) {
    const myTeam = seatTeam(s, seat);
    let mine = false;
    let theirs = false;
    for (const d of f.declared) {
      if (seatTeam(s, d) === myTeam) mine = true;
      else theirs = true;
    }
    // The second team's first flor answers the first one.
    if (theirs && !mine) return ["flor", "contraflor", "contraflor_al_resto", "achico"];
  }
  return ["flor"];
}

/** Seats holding a flor, from the mão. */
function florHolders(s: MatchState): number[] {
  return seatsFromMao(s).filter((seat) => hasFlor(s.hand.dealt[seat]));
}

/** Seats holding a flor they have not declared yet, from the mão. */
export function undeclaredFlorHolders(s: MatchState): number[] {
  const h = s.hand;
  const out: number[] = [];
  for (const seat of seatsFromMao(s)) {
    if (hasFlor(h.dealt[seat]) && !(h.flor && h.flor.declared.includes(seat))) out.push(seat);
  }
  return out;
}

/** Who answers a contraflor: the caller's next opponent with a declared flor. */
function florResponder(s: MatchState, caller: number): number {
  const n = s.players.length;
  const f = s.hand.flor!;
  const team = seatTeam(s, caller);
  for (let k = 1; k < n; k++) {
    const seat = (caller + k) % n;
    if (seatTeam(s, seat) !== team && f.declared.includes(seat)) return seat;
  }
  return (caller + 1) % n;
}

export function callFlor(w: Draft, seat: number, call: FlorCall): void {
  const d = w.s;
  const waiting = d.phase === "waiting_flor_response";
  const f = w.flor();
  if (waiting) {
    const c = f.contest!;
    c.calls.push("contraflor_al_resto");
    c.caller = seat;
    c.responder = florResponder(d, seat);
    w.ev.push({ type: "flor_declared", by: pid(d, seat), call, auto: false });
    return;
  }
  f.declared.push(seat);
  w.ev.push({ type: "flor_declared", by: pid(d, seat), call, auto: false });
  if (call === "achico") {
    const team = (1 - seatTeam(d, seat)) as TeamIdx;
    settleFlor(w, team, d.rules.florValues.achico, "achico", []);
  } else if (call === "contraflor" || call === "contraflor_al_resto") {
    f.contest = { calls: [call], caller: seat, responder: florResponder(d, seat) };
  }
}

export function respondFlor(w: Draft, seat: number, response: "accept" | "reject"): void {
  const d = w.s;
  const c = w.flor().contest!;
  c.responder = null;
  w.ev.push({ type: "flor_responded", response, by: pid(d, seat) });
  const alResto = c.calls[c.calls.length - 1] === "contraflor_al_resto";
  const fv = d.rules.florValues;
  if (response === "reject") {
    settleFlor(w, seatTeam(d, c.caller), alResto ? fv.contest : fv.achico, "rejected", []);
    return;
  }
  const holders = florHolders(d);
  const sd = showdown(d, holders, (s) => florPoints(d.hand.dealt[s]));
  const team = seatTeam(d, sd.winner);
  const points = alResto ? faltaValue(d, team) + fv.flor * holders.length : fv.contest;
  settleFlor(w, team, points, "accepted", sd.shown);
}

function settleFlor(
  w: Draft,
  team: TeamIdx,
  points: number,
  outcome: NonNullable<FlorState["outcome"]>,
  shown: { seat: number; points: number }[],
): void {
  const d = w.s;
  const f = w.flor();
  f.resolved = true;
  f.winnerTeam = team;
  f.points = points;
  f.outcome = outcome;
  f.shown = shown;
  w.ev.push({
    type: "flor_resolved",
    winnerTeam: teamIdOf(team),
    points,
    outcome,
    shown: shown.map((x) => ({ playerId: pid(d, x.seat), points: x.points })),
  });
  addPoints(w, team, points);
}

/** Declare a flor for `seat` on its behalf (when an envido call or the end of trick 1 forces it). */
export function autoDeclareFlor(w: Draft, seat: number): void {
  w.flor().declared.push(seat);
  w.ev.push({ type: "flor_declared", by: pid(w.s, seat), call: "flor", auto: true });
}

/**
 * Flor is scored when the first trick is complete or the hand ends, whichever comes first.
 * Declaring is mandatory, so a flor whose holder never had a decision is declared now.
 */
export function resolveFlorIfNeeded(w: Draft): void {
  const d = w.s;
  if (!d.rules.flor) return;
  const h = d.hand;
  if (h.flor && h.flor.resolved) return;
  const holders = florHolders(d);
  if (holders.length === 0) return;
  const f = w.flor();
  for (const s of holders) if (!f.declared.includes(s)) autoDeclareFlor(w, s);
  const teams = new Set(holders.map((s) => seatTeam(d, s)));
  if (teams.size === 2) {
    const sd = showdown(d, holders, (s) => florPoints(h.dealt[s]));
    settleFlor(w, seatTeam(d, sd.winner), d.rules.florValues.contest, "contest", sd.shown);
  } else {
    const team = seatTeam(d, holders[0]);
    settleFlor(w, team, d.rules.florValues.flor * holders.length, "uncontested", []);
  }
}
