// The hand's stake (truco-rules.md §0.5, §1, §4.4, §4.7): the truco ladder (calls, answers,
// raises back, the raise cap), the mão de onze / dez decision and going to the mazo.
import type { Draft } from "./draft";
import { endHand } from "./hand-result";
import { handValue } from "./scoring";
import { pid, seatTeam, teamIdOf } from "./seats";
import type { MatchState, TeamIdx } from "./types";

/**
 * The ladder level this seat may request now, or -1: the next rung only, never by the team that
 * made the last request, never in a mão de onze / de ferro, and with `raiseCap` never when the
 * hand's value once accepted (the pending rung, or the accepted stake) already wins the match for
 * this team (pagat: "illegal to raise a truco if just accepting would give you enough points").
 */
export function trucoRaiseLevel(s: MatchState, seat: number): number {
  const h = s.hand;
  if (h.special !== null) return -1;
  const current = h.truco ? h.truco.level : h.stake;
  const level = current + 1;
  if (level >= s.rules.ladder.values.length) return -1;
  const team = seatTeam(s, seat);
  if (h.lastRaiser === team) return -1;
  if (s.rules.raiseCap === true && s.scores[team] + s.rules.ladder.values[current] >= s.rules.targetPoints) return -1;
  return level;
}

export function callTruco(w: Draft, seat: number): void {
  const d = w.s;
  const h = d.hand;
  const n = d.players.length;
  const names = d.rules.ladder.names;
  if (h.truco) {
    // A raise accepts the pending rung.
    h.stake = h.truco.level;
    w.ev.push({
      type: "truco_responded",
      response: "accept",
      by: pid(d, seat),
      call: names[h.truco.level]!,
      byRaise: true,
      passedTo: null,
    });
  }
  const level = h.stake + 1;
  const team = seatTeam(d, seat);
  const responder = (seat + 1) % n;
  h.truco = { level, by: seat, responder, refused: [] };
  h.lastRaiser = team;
  w.ev.push({
    type: "truco_called",
    call: names[level]!,
    by: pid(d, seat),
    team: teamIdOf(team),
    stake: d.rules.ladder.values[level],
    runValue: d.rules.ladder.values[level - 1],
    responder: pid(d, responder),
  });
}

export function respondTruco(w: Draft, seat: number, response: "accept" | "reject"): void {
  const d = w.s;
  const h = d.hand;
  const t = h.truco!;
  const call = d.rules.ladder.names[t.level]!;
  if (response === "accept") {
    h.stake = t.level;
    h.truco = null;
    w.ev.push({ type: "truco_responded", response, by: pid(d, seat), call, byRaise: false, passedTo: null });
    return;
  }
  const n = d.players.length;
  if (d.rules.responseRule === "both_must_refuse" && n === 4) {
    const partner = (seat + 2) % n;
    if (!t.refused.includes(partner)) {
      h.truco = { ...t, refused: [...t.refused, seat], responder: partner };
      w.ev.push({ type: "truco_responded", response, by: pid(d, seat), call, byRaise: false, passedTo: pid(d, partner) });
      return;
    }
  }
  w.ev.push({ type: "truco_responded", response, by: pid(d, seat), call, byRaise: false, passedTo: null });
  endHand(w, seatTeam(d, t.by), d.rules.ladder.values[t.level - 1], "truco_rejected");
}

/** The mão de onze (dez) decision: play for the first rung, or run and give the unbet value. */
export function respondMao(w: Draft, seat: number, response: "play" | "run"): void {
  const d = w.s;
  const team = seatTeam(d, seat);
  d.hand.maoDecider = null;
  w.ev.push({ type: "mao_decided", response, by: pid(d, seat), team: teamIdOf(team) });
  if (response === "run") endHand(w, (1 - team) as TeamIdx, d.rules.ladder.values[0], "mao_run");
}

/** Irse al mazo: the opponents score the hand's value (plus one with `foldFirstTrickNoEnvido: 'two_points'`). */
export function goToMazo(w: Draft, seat: number): void {
  const d = w.s;
  const h = d.hand;
  const team = seatTeam(d, seat);
  let points = handValue(d);
  if (
    d.rules.foldFirstTrickNoEnvido === "two_points" &&
    h.tricks.length === 1 &&
    h.envido === null &&
    !(h.flor && h.flor.declared.length > 0)
  ) {
    points += 1;
  }
  w.ev.push({ type: "went_to_mazo", by: pid(d, seat), team: teamIdOf(team) });
  endHand(w, (1 - team) as TeamIdx, points, "mazo");
}
