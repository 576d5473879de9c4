// Fixed-style opponents for measuring the computer players (the engine benchmark and the strength
// tests): each bets in one fixed way, whatever happens, and plays its cards like the normal
// player, so a level's results against them show whether it adapts to how a table bets.
import type { Rng } from "../random";
import type { Action } from "../types";
import { estimateWin } from "./estimate";
import { chooseCard, normalPolicy } from "./policy";
import type { Situation } from "./situation";

export const FIXED_STYLES = ["always_accept", "always_run", "maniac", "tight", "random"] as const;
export type FixedStyle = (typeof FIXED_STYLES)[number];

const answer = (sit: Situation, yes: boolean): Action | undefined =>
  sit.legal.find(
    (a) =>
      (a.type === "respond_truco" || a.type === "respond_envido" || a.type === "respond_flor" || a.type === "respond_mao") &&
      a.response === (yes ? (a.type === "respond_mao" ? "play" : "accept") : a.type === "respond_mao" ? "run" : "reject"),
  );

/**
 * always_accept: accepts every call, never calls. always_run: runs from every call, never calls.
 * maniac: calls and raises at every chance, accepts everything. tight: calls only with a very
 * strong hand and accepts only a good one. random: any legal action, uniformly.
 */
export function stylePolicy(style: FixedStyle, sit: Situation, rng: Rng): Action {
  const legal = sit.legal;
  if (style === "random" || legal.length === 1) return legal[rng.int(legal.length)];
  if (legal[0].type === "call_flor" && sit.phase !== "waiting_flor_response") return normalPolicy(sit, rng);
  const responding = sit.phase !== "playing";
  const raise = legal.find((a) => a.type === "call_truco");
  switch (style) {
    case "always_accept":
      return (responding ? answer(sit, true) : undefined) ?? chooseCard(sit);
    case "always_run":
      return (responding ? answer(sit, false) : undefined) ?? chooseCard(sit);
    case "maniac":
      return raise ?? legal.find((a) => a.type === "call_envido") ?? (responding ? answer(sit, true) : undefined) ?? chooseCard(sit);
    case "tight": {
      const w = sit.phase === "waiting_envido_response" || sit.phase === "waiting_flor_response" ? 0.5 : estimateWin(sit, rng, 24);
      if (raise && w >= 0.85) return raise;
      if (responding) return answer(sit, w >= 0.6) ?? chooseCard(sit);
      return chooseCard(sit);
    }
  }
}
