// Bot-versus-bot matches (for the benchmark and tests). Pure: no I/O, no clock.
import { createMatch } from "../match";
import { playMatch } from "../play-match";
import type { Variant } from "../types";
import { chooseAction, type BotLevel } from "./index";

export interface ArenaResult {
  winner: "team1" | "team2";
  hands: number;
  actions: number;
}

/** Play one whole match: team1 seats use `team1Level`, team2 seats `team2Level`. */
export function botMatch(variant: Variant, mode: 2 | 4, team1Level: BotLevel, team2Level: BotLevel, seed: string): ArenaResult {
  const players = Array.from({ length: mode }, (_, i) => ({
    id: `p${i}`,
    team: (i % 2 === 0 ? "team1" : "team2") as "team1" | "team2",
  }));
  const levelOf = (p: string) => (Number(p.slice(1)) % 2 === 0 ? team1Level : team2Level);
  const run = playMatch(
    createMatch({ variant, players, seed }),
    (s, p) => chooseAction(s, p, { level: levelOf(p), seed: `${seed}:${p}` }),
    {
      log: false,
    },
  );
  if (run.stop !== "match_over") {
    const e = run.error;
    throw new Error(e ? `bot ${levelOf(e.playerId)} chose an illegal action: ${e.message}` : `bot match stopped: ${run.stop}`);
  }
  return { winner: run.state.winner!, hands: run.hands, actions: run.actions };
}

/**
 * Win rate of `strong` over `weak` in `matches` matches with fixed seeds; the strong side takes
 * team1 in even matches and team2 in odd ones (so neither keeps the first deal).
 */
export function winRate(
  variant: Variant,
  mode: 2 | 4,
  strong: BotLevel,
  weak: BotLevel,
  matches: number,
  seedPrefix = "arena",
  from = 0,
): { wins: number; matches: number } {
  let wins = 0;
  for (let i = from; i < from + matches; i++) {
    const seed = `${seedPrefix}:${variant}:${mode}:${strong}-${weak}:${i}`;
    if (i % 2 === 0) wins += botMatch(variant, mode, strong, weak, seed).winner === "team1" ? 1 : 0;
    else wins += botMatch(variant, mode, weak, strong, seed).winner === "team2" ? 1 : 0;
  }
  return { wins, matches };
}
