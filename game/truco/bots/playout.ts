// The hard player's playouts (docs/decisions/114-hard-player-search.md): a sampled deal played to
// the end of the hand through the engine, every seat by a fast rule (or by the normal player). Cards: lead high, follow with
// the lowest card that takes the trick from the other team, else the lowest. Bets: each seat acts
// on its hand's power against a profile, the table read's for the opponents, the searcher's own
// style for its team, so a call's worth reflects how these opponents answer it.
import { florPoints, envidoOfIds, strengthTable } from "../cards";
import { applyAction, applyLegal } from "../apply";
import { legalForSeat } from "../legal-actions";
import { decisionSeat } from "../phase";
import type { Rng } from "../random";
import type { Action, MatchState, TeamIdx } from "../types";
import { matchWinProbFor } from "./estimate";
import type { Profile } from "./read";
import { normalPolicy } from "./policy";
import { situationFromState } from "./situation";

/** How the searcher's own team is assumed to bet later in the hand. */
export const OWN_STYLE: Profile = { runRate: 0.4, bluffRate: 0.04, callFrom: 0.66, callWinRate: 0.75 };

export interface PlayoutSetup {
  /**
   * 'fast': the rule above. 'normal': the normal player for every seat, each deciding from what
   * its seat would see; about five times slower, and what 2v2 needs (docs/decisions/114).
   */
  rule: "fast" | "normal";
  /** Each seat's betting profile. */
  profiles: Profile[];
  /** Each seat's hand power in this world (its dealt cards). */
  powers: number[];
  /** Samples for the trick odds of the normal rule (fewer than the normal player's own). */
  samples: number;
  /**
   * The normal rule: what each seat expects of the other team's betting (absent: the priors). The
   * searcher's team expects what the table read says of its opponents, so in the playouts it
   * bluffs into a team that runs and believes a team that never bluffs.
   */
  expects?: (Profile | undefined)[];
}

/** Match-winning chance for `team` after playing the hand out from `s`. */
export function playout(s: MatchState, team: TeamIdx, setup: PlayoutSetup, rng: Rng): number {
  const table = strengthTable(s.rules.manilhaMode, s.hand.manilha);
  for (let guard = 0; guard < 80 && s.phase !== "round_end" && s.phase !== "game_over"; guard++) {
    const seat = decisionSeat(s);
    const legal = legalForSeat(s, seat);
    let a: Action;
    if (legal.length === 1) a = legal[0];
    else if (setup.rule === "normal") a = normalPolicy(situationFromState(s, seat, setup.expects?.[seat]), rng, { samples: setup.samples });
    else a = fastChoice(s, seat, legal, table, setup, rng);
    const r = legal.includes(a) ? applyLegal(s, seat, a) : applyAction(s, s.players[seat].id, a);
    if (!r.ok) break;
    s = r.state;
  }
  if (s.phase === "game_over") return s.winner === (team === 0 ? "team1" : "team2") ? 1 : 0;
  return matchWinProbFor(s.rules.targetPoints, s.rules.ladder.values, s.scores[team], s.scores[1 - team]);
}

/** A seat's power as the hand stands: its deal, moved by the tricks its team won or lost. */
function powerNow(s: MatchState, seat: number, setup: PlayoutSetup): number {
  const team = s.players[seat].team === "team1" ? 0 : 1;
  let p = setup.powers[seat];
  for (const t of s.hand.tricks) {
    if (t.outcome === null || t.outcome === -1) continue;
    p += t.outcome === team ? 0.25 : -0.25;
  }
  return p;
}

function fastChoice(
  s: MatchState,
  seat: number,
  legal: readonly Action[],
  table: Readonly<Record<string, number>>,
  setup: PlayoutSetup,
  rng: Rng,
): Action {
  const first = legal[0];
  const profile = setup.profiles[seat];
  if (first.type === "call_flor" && s.phase !== "waiting_flor_response")
    return legal.find((a) => a.type === "call_flor" && a.call === "flor") ?? first;
  switch (s.phase) {
    case "waiting_mao_decision":
      return first;
    case "waiting_flor_response":
      return pick(legal, "respond_flor", florPoints(s.hand.dealt[seat]) >= 31 ? "accept" : "reject");
    case "waiting_envido_response":
      return pick(legal, "respond_envido", envidoOfIds(s.hand.dealt[seat]) >= 27 ? "accept" : "reject");
    case "waiting_truco_response": {
      const level = s.hand.truco ? s.hand.truco.level : 0;
      // A raise back over a call made after a won first trick: answered as the read says
      // that seat's calls there were made, by its cards as far as its calls told nothing of them.
      const back = level === 2 && profile.backRunBar !== undefined;
      let p = powerNow(s, seat, setup);
      if (back) p -= (profile.backByCards ?? 0) * (p - setup.powers[seat]);
      const raise = legal.find((a) => a.type === "call_truco");
      if (raise && p >= 0.93) return raise;
      // A team that raised before holds what it raised with: it seldom runs from the next rung.
      const from = back ? profile.backRunBar! : level >= 2 ? profile.runRate * 0.4 : profile.runRate;
      return pick(legal, "respond_truco", p >= from ? "accept" : "reject");
    }
    default: {
      const call = legal.find((a) => a.type === "call_truco");
      if (call) {
        const p = powerNow(s, seat, setup);
        // A hand has about two turns to bluff on: half the rate at each.
        if (p >= profile.callFrom || rng.next() < profile.bluffRate * 0.5) return call;
      }
      return cardChoice(s, seat, legal, table);
    }
  }
}

function pick(legal: readonly Action[], type: "respond_truco" | "respond_envido" | "respond_flor", response: "accept" | "reject"): Action {
  return legal.find((a) => a.type === type && a.response === response) ?? legal[0];
}

/** Greedy card rule; face-up cards only when any may be played face up. */
function cardChoice(s: MatchState, seat: number, legal: readonly Action[], table: Readonly<Record<string, number>>): Action {
  const h = s.hand;
  let plays = legal.filter((a): a is Extract<Action, { type: "play_card" }> => a.type === "play_card" && !a.faceDown);
  if (plays.length === 0) plays = legal.filter((a): a is Extract<Action, { type: "play_card" }> => a.type === "play_card");
  if (plays.length === 0) return legal[0];
  if (h.blind) return plays[0];
  const st = (a: Extract<Action, { type: "play_card" }>) => table[a.cardId] ?? 0;
  plays.sort((x, y) => st(x) - st(y));
  const trick = h.tricks[h.tricks.length - 1];
  const team = s.players[seat].team;
  if (trick.plays.length === 0) {
    // Leading: keep a top card back in the first trick when the middle one can open.
    if (h.tricks.length === 1 && plays.length === 3 && st(plays[2]) >= 11) return plays[1];
    return plays[plays.length - 1];
  }
  let best = -1;
  let bestTeam: string | null = null;
  for (const p of trick.plays) {
    const x = p.down ? 0 : table[p.card];
    const t = s.players[p.seat].team;
    if (x > best) {
      best = x;
      bestTeam = t;
    } else if (x === best && bestTeam !== t) bestTeam = null;
  }
  if (bestTeam === team) return plays[0];
  for (const a of plays) if (st(a) > best) return a;
  return plays[0];
}
