// Computer players. They decide only from viewFor(state, playerId): never from hidden cards.
import { rngFromString } from "../random";
import type { Action, MatchState } from "../types";
import { viewFor } from "../view";
import { hardPolicy } from "./hard";
import { easyPolicy, normalPolicy } from "./policy";
import { situationFromView } from "./situation";

export type BotLevel = "easy" | "normal" | "hard";

export interface BotOptions {
  level: BotLevel;
  /** Any string; with the same state and seed the bot makes the same choice. */
  seed: string;
}

/** A computer player's legal choice for `playerId`, or null when it has no decision to make. */
export function chooseAction(state: MatchState, playerId: string, opts: BotOptions): Action | null {
  const view = viewFor(state, playerId);
  if (view.legalActions.length === 0) return null;
  const sit = situationFromView(view);
  const rng = rngFromString(`${opts.seed}:${sit.salt}`);
  switch (opts.level) {
    case "easy":
      return easyPolicy(sit, rng);
    case "hard":
      return hardPolicy(view, sit, rng);
    default:
      return normalPolicy(sit, rng);
  }
}
