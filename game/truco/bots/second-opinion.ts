// The computer's second opinion on a decision (docs/decisions/128-the-computers-second-opinion.md):
// what the hard player would do in that seat, knowing only what the seat knew (its view and the
// table read), and its estimate of the match-winning chance after the move played and after its
// own choice. Where the hard player searches (hard.ts), the opinion runs the same search (every
// candidate and the move played on the same sampled deals and playout randomness, without the
// early stop) and its choice is the best of them, so the choice and the two estimates agree; where
// the hard player bets by odds (envido, flor), its choice is its own and both moves are estimated the same way.
import { applyAction } from "../apply";
import { rngFromString, sfc32 } from "../random";
import type { Action } from "../types";
import type { PlayerView } from "../view";
import { envidoMove, searchPlan } from "./hard";
import { chooseAction } from "./index";
import { OWN_STYLE, playout, type PlayoutSetup } from "./playout";
import { powerOf, profileOf, type TableRead } from "./read";
import { situationFromView } from "./situation";
import { sampleWorlds, stateFromView } from "./worlds";

export interface SecondOpinion {
  /** The hard player's choice. */
  choice: Action;
  /** The seat's team's estimated chance of winning the match after the move played, and after the choice (0..1). */
  played: number;
  chosen: number;
}

export interface OpinionOptions {
  /** Deals sampled per decision: more is steadier and slower. */
  worlds: number;
}

/** 1v1 playouts are fast; in pairs the normal player plays them out (hard.ts), about five times slower. */
export const OPINION_1V1: OpinionOptions = { worlds: 48 };
export const OPINION_2V2: OpinionOptions = { worlds: 16 };

/** The second opinion at `view`'s decision, given the `played` action; null when the seat had nothing to decide. */
export function secondOpinion(
  view: PlayerView,
  played: Action,
  read: TableRead | null,
  seed: string,
  opts: OpinionOptions = view.seats.length === 2 ? OPINION_1V1 : OPINION_2V2,
): SecondOpinion | null {
  if (view.me === null || view.legalActions.length < 2) return null;
  const sit = situationFromView(view, read);
  // The hard player's envido move, drawn from the same randomness as the hard player's own.
  const plan = searchPlan(sit, envidoMove(view, sit, read, rngFromString(`${seed}:${sit.salt}`)));
  const own = plan.kind === "search" ? null : chooseAction(view, { level: "hard", seed, read });
  if (plan.kind !== "search" && !own) return null;
  const rng = rngFromString(`${seed}:opinion:${sit.salt}`);
  const worlds = sampleWorlds(view, sit, read, rng, opts.worlds);
  if (worlds.length === 0) return null;
  const profiles = sit.teams.map((t, s) => (t === sit.team ? OWN_STYLE : profileOf(read, s)));
  const power = powerOf(sit.rules, sit.manilha);
  const salt = rng.nextU32();
  const actions = [
    played,
    ...(plan.kind === "search" ? plan.candidates.filter((a) => !sameMove(a, played)) : own && !sameMove(own, played) ? [own] : []),
  ];
  const totals = actions.map(() => 0);
  const counted = actions.map(() => 0);
  for (let k = 0; k < worlds.length; k++) {
    const w = worlds[k];
    const base = stateFromView(view, w.dealt, w.held);
    const setup: PlayoutSetup = { rule: sit.n === 2 ? "fast" : "normal", profiles, powers: w.dealt.map(power), samples: 4 };
    for (let i = 0; i < actions.length; i++) {
      const r = applyAction(base, view.me, actions[i]);
      if (!r.ok) continue;
      totals[i] += playout(r.state, sit.team, setup, sfc32(salt, k, 0x9e37, 1));
      counted[i]++;
    }
  }
  const mean = (i: number) => (counted[i] > 0 ? totals[i] / counted[i] : 0);
  // The search's choice is its best mean (the move played when none beats it); otherwise the hard player's own.
  let best = actions.length > 1 ? 1 : 0;
  if (plan.kind === "search") {
    best = 0;
    for (let i = 1; i < actions.length; i++) if (mean(i) > mean(best)) best = i;
  }
  return { choice: actions[best], played: mean(0), chosen: mean(best) };
}

/** The same move (a play names the same card the same way up). */
export function sameMove(a: Action, b: Action): boolean {
  return JSON.stringify(a, Object.keys(a).sort()) === JSON.stringify(b, Object.keys(b).sort());
}
