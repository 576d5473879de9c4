import { performance } from "node:perf_hooks";
import { Audience } from "../lib/audience";
import { threadCpuMs } from "../lib/cpu";
import { addProfile, type Profile } from "../lib/floor";
import type { Player, Scenario } from "../lib/scenario";
import { RUNTIME_LABEL, type BenchServer } from "../lib/server";
import { budget, type BudgetRow } from "../lib/report";
import { fmtMs, MoveStats, Samples } from "../lib/stats";
import { BENCH_GAME, Table } from "../lib/table";
import { errorMessage, log } from "../lib/util";

// Spectators (docs/decisions/134-spectating-through-a-relay.md, 151): public 4-player rooms, the
// same run measured in three phases of --spectator-moves moves each: nobody watching, one
// spectator, then N (--spectators, 1,000) on the game's relay. The players pause --spectator-think
// ms before each move (a human takes seconds; 0 plays back to back). A match ends after about a
// hundred moves, so a phase plays as many matches as it needs; the audience watches each of its
// phase's games from before the first move to the last, from a worker thread of its own
// (lib/audience.ts), so the players' timing on the main thread does not wait behind the audience's
// frames. Printed: the players' move → broadcast p50/p99 per phase, whether every spectator
// received every version of every game it watched (in order, one unbroken sequence, up to the
// last version the players saw), the room's own time per move (its profile, inside the Durable
// Object: the frame's parse to its last send, the spectator frame and the relay's call included)
// with its relay calls per move, and the CPU per move of workerd (the app, the rooms and the
// relays share its one thread), of the players' thread and of the audience's. One spectator
// against N shows whether the room's work grows with the audience; none against one shows the
// fixed price of being watched. The budget rows (issue 31) compare the N phase with the two small
// ones of the same run: a latency is "no worse beyond the machine's noise" when it is at most the
// larger of the nobody and one-spectator figures plus their difference (two audiences that cost the
// room the same, so their gap is the run's noise), with a floor of 1 ms; every spectator must have
// every version; the room's relay calls per move must be the same with one spectator as with N.

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** CPU seconds so far of the workerd that runs the Workers. */
function workerdSeconds(server: BenchServer): number {
  let seconds = 0;
  for (const { label, seconds: used } of server.cpu().values()) if (label === RUNTIME_LABEL) seconds += used;
  return seconds;
}

interface Phase {
  label: string;
  audience: Player[];
  stats: MoveStats;
  profile: Profile | null;
  games: number;
  /** Spectator sockets opened over the phase's games, and those that received every version. */
  sockets: number;
  complete: number;
  /** Seconds to open the audience's sockets, per game. */
  openSeconds: number[];
  /** Per move, from the last player's socket having the version to the last spectator's having it, ms. */
  lag: Samples;
  /** Over the measured moves, ms of CPU: the bench's main thread (the players' sockets and timing), the audience's thread, workerd (the app, the room, the relay: one thread). */
  benchCpu: number;
  audienceCpu: number;
  workerdCpu: number;
}

export const spectators: Scenario = {
  id: "spectators",
  optIn: true,
  players: (options) => ({ signIn: 4, bulk: options.spectators }),

  async run({ options, app, server }, players: Player[]) {
    const [seated, audience] = [players.slice(0, 4), players.slice(4)];
    const moves = options.spectatorMoves;
    const think = options.spectatorThink;
    const failures: string[] = [];
    const phase = (label: string, watching: Player[]): Phase => ({
      label,
      audience: watching,
      stats: new MoveStats(),
      profile: null,
      games: 0,
      sockets: 0,
      complete: 0,
      openSeconds: [],
      benchCpu: 0,
      audienceCpu: 0,
      workerdCpu: 0,
      lag: new Samples(),
    });
    const phases = [
      phase("nobody watching", []),
      phase("1 watching", audience.slice(0, 1)),
      phase(`${audience.length} watching`, audience),
    ];
    const table = new Table(app, seated, phases[0].stats, 7, { ...BENCH_GAME, is_public: true });
    const watching = new Audience();
    const readProfile = async (): Promise<Profile | null> => {
      if (!table.gameId) return null;
      try {
        return await app.api<Profile>("GET", `/api/bench/profile?game=${table.gameId}`, seated[0]);
      } catch (error) {
        log(`  spectators: no room profile (${errorMessage(error)})`);
        return null;
      }
    };

    /** One game of a phase: opened, watched by the phase's audience, played until it ends or the phase has its moves. */
    const playGame = async (p: Phase) => {
      table.stats = p.stats;
      await table.open();
      p.games += 1;
      await readProfile(); // The setup (seating, the first deal) is not a move.
      const playersHad = new Map<number, number>();
      const watched = p.audience.length > 0;
      if (watched) {
        const opened = await watching.open(app.base, table.gameId!, p.audience);
        p.openSeconds.push(opened.seconds);
        if (opened.failed.length) failures.push(`spectators: ${opened.failed.length} sockets not opened (${opened.failed[0]})`);
        const lost = opened.sockets - opened.firstFrames;
        if (lost) failures.push(`spectators: ${lost} of ${opened.sockets} sockets got no first frame within 60 s`);
        // The relay tells the room its count after a second; the room feeds it from then on.
        await wait(1_500);
      }
      let last: "moved" | "completed" = "moved";
      const before = { bench: threadCpuMs(), audience: watched ? await watching.cpuMs() : 0, workerd: workerdSeconds(server) };
      while (p.stats.moves < moves && last !== "completed") {
        if (think) await wait(think);
        last = await table.move();
        // Epoch ms, comparable with the audience thread's clock.
        if (last === "moved") playersHad.set(table.state?.version ?? 0, performance.timeOrigin + performance.now());
      }
      p.benchCpu += threadCpuMs() - before.bench;
      p.workerdCpu += (workerdSeconds(server) - before.workerd) * 1000;
      if (watched) p.audienceCpu += (await watching.cpuMs()) - before.audience;
      const profile = await readProfile();
      if (profile) p.profile = addProfile(p.profile, profile);
      if (watched) {
        const tally = await watching.settle(table.state?.version ?? 0);
        const lastArrival = new Map(tally.lastArrival);
        for (const [version, at] of playersHad) {
          const arrived = lastArrival.get(version);
          if (arrived !== undefined) p.lag.add(arrived - at);
        }
        p.sockets += tally.sockets;
        p.complete += tally.complete;
      }
      // A phase that ends mid-match plays it out unmeasured (its audience gone), so the players are free for the next game.
      table.stats = new MoveStats();
      try {
        while ((await table.move()) !== "completed");
      } finally {
        table.close();
      }
    };

    try {
      for (const p of phases) {
        log(`spectators: ${moves} moves with ${p.label}`);
        while (p.stats.moves < moves) await playGame(p);
        const s = p.stats.all.summary();
        log(`  ${p.label}: p50 ${fmtMs(s.p50)} ms, p99 ${fmtMs(s.p99)} ms over ${p.games} game(s)`);
      }
    } catch (error) {
      failures.push(`spectators: ${errorMessage(error)}`);
    } finally {
      await watching.stop();
    }

    const perMove = (p: Profile | null) => {
      if (!p || !p.moves) return "—";
      const per = (ms: number) => (ms / p.moves).toFixed(2);
      const work = p.sums.room + p.sums.persist + p.sums.send + (p.sums.relay ?? 0);
      const phases = Object.entries(p.sums)
        .map(([phase, ms]) => `${phase} ${per(ms)}`)
        .join(", ");
      const calls = p.relayCalls === undefined ? "" : `; ${(p.relayCalls / p.moves).toFixed(2)} relay calls per move`;
      return `${per(p.toSent)} ms to the last send, ${per(work)} ms handled (${phases}; ${p.moves} moves, ${p.exclusive} ran exclusively${calls})`;
    };
    const lines = [
      `S. spectators: public 4-player rooms, ${moves} moves per phase, ${think ? `${think} ms between two moves` : "moves back to back"}, the phases in one run (the same server, players and code)`,
    ];
    for (const p of phases) {
      const s = p.stats.all.summary();
      lines.push(
        `  ${p.label} (${p.games} game(s)): players' move → broadcast p50 ${fmtMs(s.p50)} ms, p99 ${fmtMs(s.p99)} ms (${s.n} moves)`,
      );
      if (p.audience.length) {
        const open = p.openSeconds.length ? Math.max(...p.openSeconds).toFixed(1) : "—";
        const lag = p.lag.summary();
        lines.push(`    the last spectator has a version after the last player: p50 ${fmtMs(lag.p50)} ms, p99 ${fmtMs(lag.p99)} ms`);
        lines.push(
          `    spectators that received every version in order up to the players' last: ${p.complete} of ${p.sockets} (sockets opened in ≤ ${open} s per game)`,
        );
      }
      lines.push(`    room's own time per move (profile, in the Durable Object): ${perMove(p.profile)}`);
      const cpu = (ms: number) => (ms / Math.max(1, p.stats.moves)).toFixed(1);
      lines.push(
        `    CPU per move: workerd ${cpu(p.workerdCpu)} ms (the app, the room, the relay and their sockets: one thread); ` +
          `the bench's main thread ${cpu(p.benchCpu)} ms (the players)` +
          (p.audience.length ? `; the audience's thread ${cpu(p.audienceCpu)} ms` : ""),
      );
    }
    const big = phases[2];
    if (big.sockets && big.complete < big.sockets)
      failures.push(`spectators: ${big.sockets - big.complete} spectator sockets missed versions`);
    return { lines, budgets: spectatorBudgets(phases), failures };
  },
};

/** A figure of the big audience against the run's own noise: the two small phases' larger value plus their gap (at least 1 ms). */
function withinNoise(none: number, one: number, many: number): { bound: number; ok: boolean } {
  const bound = Math.max(none, one) + Math.max(1, Math.abs(none - one));
  return { bound, ok: Number.isFinite(many) && many <= bound };
}

function spectatorBudgets(phases: Phase[]): BudgetRow[] {
  const [none, one, many] = phases;
  if (!many.stats.moves || !none.stats.moves || !one.stats.moves) return [];
  const [a, b, c] = [none, one, many].map((p) => p.stats.all.summary());
  const rows: BudgetRow[] = [];
  for (const key of ["p50", "p99"] as const) {
    const { bound, ok } = withinNoise(a[key], b[key], c[key]);
    rows.push(
      budget(
        `Spectators: move → broadcast ${key}, ${many.audience.length} watching`,
        `≤ ${fmtMs(bound)} ms (noise)`,
        `${fmtMs(c[key])} ms (none ${fmtMs(a[key])})`,
        ok,
      ),
    );
  }
  rows.push(
    budget(
      "Spectators: every spectator has every version",
      `${many.sockets} of ${many.sockets}`,
      `${many.complete} of ${many.sockets}`,
      many.sockets > 0 && many.complete === many.sockets,
    ),
  );
  const calls = (p: Phase) => (p.profile?.relayCalls !== undefined && p.profile.moves ? p.profile.relayCalls / p.profile.moves : NaN);
  rows.push(
    budget(
      "Spectators: the room's relay calls per move, 1 vs many",
      "equal",
      `${calls(one).toFixed(2)} / ${calls(many).toFixed(2)}`,
      Number.isFinite(calls(many)) && calls(many) === calls(one),
    ),
  );
  return rows;
}
