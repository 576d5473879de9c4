import type { AppClient } from "./client";
import type { BudgetRow } from "./report";
import type { BenchServer } from "./server";

// What every scenario of tests/load/scenarios/ is: how many players it needs,
// and a run against the bench's server that answers its part of the report.

/** A signed-in player of the bench. */
export interface Player {
  id: string;
  nickname: string;
  /** The session cookie, `name=value`, as the app set it. */
  cookie: string;
}

export interface BenchOptions {
  /** Scenario B's rooms. */
  rooms: number;
  /** Scenario A's moves. */
  moves: number;
  /** Scenario B's measured play time, seconds. */
  duration: number;
  /** Scenario B's mean think time between two moves of a room, ms. */
  think: number;
  /** Scenario B's saturation probe, seconds (0: none). */
  saturation: number;
  /** Parallel setup requests. */
  concurrency: number;
  port: number;
  /** Talk to workerd's own listener instead of wrangler's proxy in front of it (`--direct`). */
  direct: boolean;
  skipBuild: boolean;
  /** Run one scenario only. */
  only: string | null;
  /** Every player signs in through the sign-in emulator (slow). */
  signinAll: boolean;
  /** Record the runtime with Linux perf during scenario A's moves and B2's probe (ADR 109). */
  perf: boolean;
  /** Scenario L's seeded players (the leaderboard at scale). */
  leaderboardPlayers: number;
  /** The scale scenario's players, its measured window (s) and its players' mean think time (ms). */
  scalePlayers: number;
  scaleSeconds: number;
  scaleThink: number;
  /** The spectators scenario's audience and its moves measured in each half. */
  spectators: number;
  spectatorMoves: number;
  /** The spectators scenario's players' pause before each move, ms (0: back to back). */
  spectatorThink: number;
}

export interface BenchContext {
  options: BenchOptions;
  server: BenchServer;
  app: AppClient;
}

export interface ScenarioOutcome {
  /** Its part of the report (printed in the order of the scenario list). */
  lines: string[];
  budgets: BudgetRow[];
  /** What went wrong: the bench exits non-zero. */
  failures: string[];
}

export interface Scenario {
  /** What --only names it. */
  id: string;
  /** Run only when --only names it (a long measurement the default run leaves out). */
  optIn?: boolean;
  /**
   * Players it needs: `signIn` go through the real sign-in flow once the
   * server is up, `bulk` are made before it starts (lib/players.ts).
   */
  players(options: BenchOptions): { signIn: number; bulk: number };
  run(context: BenchContext, players: Player[]): Promise<ScenarioOutcome>;
}
