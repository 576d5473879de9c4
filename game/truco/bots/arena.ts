// Matches between computer players and fixed-style opponents (for the benchmark and tests). Pure:
// no I/O, no clock. Each side sees only its own view and the table read, as in a room.
import { createMatch } from "../match";
import { playMatch } from "../play-match";
import { rngFromString } from "../random";
import type { Action, Variant } from "../types";
import { viewFor, type PlayerView } from "../view";
import { chooseAction, type BotLevel } from "./index";
import { noteHand, type TableRead } from "./read";
import { situationFromView } from "./situation";
import { FIXED_STYLES, stylePolicy, type FixedStyle } from "./styles";

/** A level of ours or a fixed-style opponent. */
export type Contender = BotLevel | FixedStyle;

export interface ArenaResult {
  winner: "team1" | "team2";
  hands: number;
  actions: number;
}

export interface ArenaOptions {
  /** Wraps each decision of `contender` (the benchmark times them). */
  around?: (contender: Contender, decide: () => Action | null) => Action | null;
}

/** One decision of a contender from its view. */
export function decide(who: Contender, view: PlayerView, read: TableRead | null, seed: string): Action | null {
  if ((FIXED_STYLES as readonly string[]).includes(who)) {
    if (view.legalActions.length === 0) return null;
    const sit = situationFromView(view, read);
    return stylePolicy(who as FixedStyle, sit, rngFromString(`${seed}:${sit.salt}`));
  }
  return chooseAction(view, { level: who as BotLevel, seed, read });
}

/** Play one whole match: team1 seats are `team1`, team2 seats `team2`. */
export function botMatch(
  variant: Variant,
  mode: 2 | 4,
  team1: Contender,
  team2: Contender,
  seed: string,
  opts: ArenaOptions = {},
): ArenaResult {
  const players = Array.from({ length: mode }, (_, i) => ({
    id: `p${i}`,
    team: (i % 2 === 0 ? "team1" : "team2") as "team1" | "team2",
  }));
  const who = (p: string) => (Number(p.slice(1)) % 2 === 0 ? team1 : team2);
  let read: TableRead | null = null;
  let handActions: { playerId: string; action: Action }[] = [];
  const run = playMatch(
    createMatch({ variant, players, seed }),
    (s, p) => {
      const view = viewFor(s, p);
      const go = () => decide(who(p), view, read, `${seed}:${p}`);
      return opts.around ? opts.around(who(p), go) : go();
    },
    {
      log: false,
      onStep: ({ playerId, action, events, state }) => {
        if (playerId && action) handActions.push({ playerId, action });
        if (events.some((e) => e.type === "hand_ended")) {
          read = noteHand(read, state, handActions);
          handActions = [];
        }
      },
    },
  );
  if (run.stop !== "match_over") {
    const e = run.error;
    throw new Error(e ? `${who(e.playerId)} chose an illegal action: ${e.message}` : `bot match stopped: ${run.stop}`);
  }
  return { winner: run.state.winner!, hands: run.hands, actions: run.actions };
}

/** The seed of match `i` of a pairing: the benchmark's matches, and any tool that replays them, name it so. */
export function matchSeed(prefix: string, variant: Variant, mode: 2 | 4, strong: Contender, weak: Contender, i: number): string {
  return `${prefix}:${variant}:${mode}:${strong}-${weak}:${i}`;
}

/**
 * Win rate of `strong` over `weak` in `matches` matches with fixed seeds; the strong side takes
 * team1 in even matches and team2 in odd ones, so seats and the first deal alternate.
 */
export function winRate(
  variant: Variant,
  mode: 2 | 4,
  strong: Contender,
  weak: Contender,
  matches: number,
  seedPrefix = "arena",
  from = 0,
  opts: ArenaOptions = {},
): { wins: number; matches: number } {
  let wins = 0;
  for (let i = from; i < from + matches; i++) {
    const seed = matchSeed(seedPrefix, variant, mode, strong, weak, i);
    if (i % 2 === 0) wins += botMatch(variant, mode, strong, weak, seed, opts).winner === "team1" ? 1 : 0;
    else wins += botMatch(variant, mode, weak, strong, seed, opts).winner === "team2" ? 1 : 0;
  }
  return { wins, matches };
}
