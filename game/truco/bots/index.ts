// Computer players. They decide only from the view their seat receives (viewFor) and the table
// read (read.ts), which holds nothing but public facts: never from hidden cards.
import { rngFromString } from "../random";
import type { Action } from "../types";
import type { PlayerView } from "../view";
import { hardPolicy } from "./hard";
import { CLUB, easyPolicy, normalPolicy } from "./policy";
import type { TableRead } from "./read";
import { situationFromView } from "./situation";

export type BotLevel = "easy" | "normal" | "hard";
export { emptyRead, noteHand, type TableRead } from "./read";

export interface BotOptions {
  level: BotLevel;
  /** Any string; with the same view, read and seed the bot makes the same choice. */
  seed: string;
  /** What the match has shown of each seat's betting (noteHand after every hand); none: the priors. */
  read?: TableRead | null;
}

/** A computer player's legal choice from `view` (`viewFor(state, itsPlayerId)`), or null when it has no decision to make. */
export function chooseAction(view: PlayerView, opts: BotOptions): Action | null {
  if (view.me === null || view.legalActions.length === 0) return null;
  const sit = situationFromView(view, opts.read);
  const rng = rngFromString(`${opts.seed}:${sit.salt}`);
  switch (opts.level) {
    case "easy":
      return easyPolicy(sit, rng);
    case "hard":
      return hardPolicy(view, sit, opts.read, rng);
    default:
      return normalPolicy(sit, rng, CLUB);
  }
}
