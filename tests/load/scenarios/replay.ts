import { decode } from "turbo-stream";
import { GameRecordSchema, type GameRecord } from "../../../game/protocol/record";
import { decisionsOf, opinionAt } from "../../../game/replay/analysis";
import { buildTimeline } from "../../../game/replay/timeline";
import { budget, BUDGETS } from "../lib/report";
import type { Player, Scenario } from "../lib/scenario";
import { MoveStats } from "../lib/stats";
import { BENCH_GAME, Table } from "../lib/table";
import { errorMessage, log } from "../lib/util";
import { auditPage, blockingLine, pct, startChrome, stopChrome, type PageResult } from "./lighthouse";

// A finished game's replay (docs/decisions/127-replays.md, 128-the-computers-second-opinion.md):
// four players play a whole 2v2 Paulista game over the room's sockets (the budget's is a game of
// 12 hands: they seldom call truco, and play another game, up to MAX_GAMES, until one has as many), then
// - its replay page is audited with Lighthouse's mobile defaults (a simulated mid-range phone on
//   slow 4G), three times, median reported: first render (first contentful paint) and performance;
// - the computer's second opinion on every decision of that game is computed here, on one core,
//   with the same pure code the page runs in its Web Worker: the CPU time of the whole analysis.

/** The replay route's id, as Remix names it (app/routes/game_.$gameId.replay.tsx). */
const REPLAY_ROUTE = "routes/game_.$gameId.replay";

/** The game's record, as the replay page's own data request (Remix single fetch, turbo-stream) gives it. */
async function recordOf(base: string, gameId: string, player: Player): Promise<GameRecord | null> {
  const response = await fetch(`${base}/game/${gameId}/replay.data`, { headers: { Cookie: player.cookie } });
  if (!response.ok || !response.body) return null;
  const { value, done } = await decode(response.body);
  await done;
  const route = (value as Record<string, { data?: { page?: { state?: string; record?: unknown } } }>)[REPLAY_ROUTE];
  const page = route?.data?.page;
  return page?.state === "ready" ? GameRecordSchema.parse(page.record) : null;
}

/** The record once the room has written it (the settlement and the record follow the last move). */
async function finishedRecord(base: string, gameId: string, player: Player): Promise<GameRecord> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const record = await recordOf(base, gameId, player);
    if (record) return record;
    if (Date.now() > deadline) throw new Error(`no replay for ${gameId} 30 s after its last move`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** The budgets are stated for a game of this many hands (DESIGN.md §9, issue 31). */
const BUDGET_HANDS = 12;
const MAX_GAMES = 4;

/** CPU time (ms) of this process while `work` runs: the analysis is synchronous, so it is one core's. */
function cpuMsOf(work: () => void): number {
  const before = process.cpuUsage();
  work();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

export const replayScenario: Scenario = {
  id: "replay",
  players: () => ({ signIn: 4, bulk: 0 }),

  async run({ app, server }, players) {
    const failures: string[] = [];
    let record: GameRecord | null = null;
    let page: PageResult | null = null;
    for (let game = 0; game < MAX_GAMES && (record?.hands.length ?? 0) < BUDGET_HANDS; game += 1) {
      const table = new Table(app, players, new MoveStats(), 7 + game, BENCH_GAME, 0.04);
      try {
        log(`replay: four players play a whole 2v2 Paulista game (${game + 1})`);
        await table.open();
        while ((await table.move()) === "moved");
        const played = await finishedRecord(server.base, table.gameId!, players[0]);
        if (played.hands.length > (record?.hands.length ?? 0)) record = played;
      } catch (error) {
        return { lines: [], budgets: [], failures: [`replay: ${errorMessage(error)}`] };
      } finally {
        table.close();
      }
    }
    if (!record) return { lines: [], budgets: [], failures: ["replay: no game was played"] };
    if (record.hands.length < BUDGET_HANDS)
      failures.push(`replay: the longest of ${MAX_GAMES} games had ${record.hands.length} hands, fewer than the budget's ${BUDGET_HANDS}`);

    const hands = buildTimeline(record);
    const decisions = decisionsOf(hands);
    let analysed = 0;
    const analysisMs = cpuMsOf(() => {
      for (const at of decisions) if (opinionAt(record, hands, at)) analysed += 1;
    });

    const chrome = await startChrome().catch((error: unknown) => {
      failures.push(`replay: ${errorMessage(error)}`);
      return null;
    });
    if (chrome) {
      try {
        page = await auditPage(chrome, "replay (finished 2v2)", `${server.base}/game/${record.game.id}/replay`, players[0].cookie);
      } catch (error) {
        failures.push(`replay: ${errorMessage(error)}`);
      } finally {
        await stopChrome(chrome);
      }
    }

    const fcp = page?.fcpMs ?? null;
    const lines = [
      "",
      `Replay of a finished game: ${record.hands.length} hands, ${decisions.length} decisions (${analysed} with an opinion), ${record.game.team1_score} × ${record.game.team2_score}`,
      `  second opinion on every decision, one core (CPU): ${(analysisMs / 1000).toFixed(2)} s`,
      page
        ? `  replay page, Lighthouse mobile: performance ${page.performanceRuns.map(pct).join(" / ")}, first contentful paint ${fcp === null ? "n/a" : `${Math.round(fcp)} ms`}, largest ${page.lcpMs === null ? "n/a" : `${Math.round(page.lcpMs)} ms`}`
        : "  replay page: not audited",
    ];
    if (page?.failing.length) lines.push(`  costs points: ${page.failing.join(", ")}`);
    if (page) lines.push(blockingLine(page));
    const budgets = [
      budget(
        "Replay: whole-game analysis, one core",
        `≤ ${BUDGETS.replayAnalysisS} s`,
        `${(analysisMs / 1000).toFixed(2)} s`,
        analysisMs <= BUDGETS.replayAnalysisS * 1000,
      ),
      budget(
        "Replay page: first render (mobile, simulated)",
        `≤ ${BUDGETS.replayFirstRenderMs} ms`,
        fcp === null ? "n/a" : `${Math.round(fcp)} ms`,
        fcp !== null && fcp <= BUDGETS.replayFirstRenderMs,
      ),
      budget(
        "Replay page: Lighthouse performance",
        `≥ ${BUDGETS.replayLighthousePerformance}`,
        pct(page?.scores.performance ?? null),
        (page?.scores.performance ?? 0) * 100 >= BUDGETS.replayLighthousePerformance,
      ),
    ];
    return { lines, budgets, failures };
  },
};
