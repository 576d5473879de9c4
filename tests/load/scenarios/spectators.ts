import { performance } from "node:perf_hooks";
import { addProfile, type Profile } from "../lib/floor";
import type { Player, Scenario } from "../lib/scenario";
import { fmtMs, MoveStats, Samples } from "../lib/stats";
import { BENCH_GAME, Table } from "../lib/table";
import { errorMessage, log } from "../lib/util";

// Spectators (docs/decisions/134-spectating-through-a-relay.md): public 4-player rooms, the same
// run measured in three phases of --spectator-moves moves each: nobody watching, one spectator,
// then N (--spectators, 1,000) on the game's relay. A match ends after about a hundred moves, so a
// phase plays as many matches as it needs; the audience watches each of its phase's games from
// before the first move to the last. Printed: the players' move → broadcast p50/p99 per phase,
// whether every spectator received every version of every game it watched (in order, one unbroken
// sequence, up to the last version the players saw), and the room's own time per move (its
// profile, inside the Durable Object: the frame's parse to its last send, the spectator frame and
// the relay's call included). One spectator against N shows whether the room's work grows with the
// audience; none against one shows the fixed price of being watched. Figures only: nothing here
// passes or fails a budget.

/** The start of the relay's frame text: `{"type":"frame","payload":{"version":V,"since":S,…`. */
const FRAME_HEAD = /^\{"type":"frame","payload":\{"version":(\d+),"since":(null|\d+),/;

/** One spectator's socket: the versions it received, in order. */
interface Watcher {
  ws: WebSocket;
  versions: number[];
  broken: number;
}

/**
 * A spectator's socket. Only the frame's head is read (a thousand sockets in the bench's own
 * process would otherwise parse a thousand whole frames per move, on the server's two cores).
 */
function watch(ws: WebSocket, lastArrival: Map<number, number>): Watcher {
  const watcher: Watcher = { ws, versions: [], broken: 0 };
  ws.addEventListener("message", (event) => {
    const text = String(event.data);
    if (!text.startsWith('{"type":"frame"')) return;
    const head = FRAME_HEAD.exec(text);
    if (!head) {
      watcher.broken += 1;
      return;
    }
    const [version, since] = [Number(head[1]), head[2] === "null" ? null : Number(head[2])];
    const last = watcher.versions.at(-1);
    if (last !== undefined && (since !== last || version <= last)) watcher.broken += 1;
    watcher.versions.push(version);
    lastArrival.set(version, performance.now());
  });
  return watcher;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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
  /** The bench process's own CPU (its sockets, the audience's included) over the measured moves, ms. */
  benchCpu: number;
}

export const spectators: Scenario = {
  id: "spectators",
  optIn: true,
  players: (options) => ({ signIn: 4, bulk: options.spectators }),

  async run({ options, app }, players: Player[]) {
    const [seated, audience] = [players.slice(0, 4), players.slice(4)];
    const moves = options.spectatorMoves;
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
      lag: new Samples(),
    });
    const phases = [
      phase("nobody watching", []),
      phase("1 watching", audience.slice(0, 1)),
      phase(`${audience.length} watching`, audience),
    ];
    const table = new Table(app, seated, phases[0].stats, 7, { ...BENCH_GAME, is_public: true });
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
      const watchers: Watcher[] = [];
      const lastArrival = new Map<number, number>();
      const playersHad = new Map<number, number>();
      try {
        const opened = performance.now();
        for (const player of p.audience) watchers.push(watch(await app.openWatch(table.gameId!, player), lastArrival));
        p.openSeconds.push((performance.now() - opened) / 1000);
        const ready = Date.now() + 60_000;
        while (watchers.some((w) => w.versions.length === 0) && Date.now() < ready) await wait(50);
        const lost = watchers.filter((w) => w.versions.length === 0).length;
        if (lost) failures.push(`spectators: ${lost} of ${watchers.length} sockets got no first frame within 60 s`);
        // The relay tells the room its count after a second; the room feeds it from then on.
        if (watchers.length) await wait(1_500);
        let last: "moved" | "completed" = "moved";
        const cpu = process.cpuUsage();
        while (p.stats.moves < moves && last !== "completed") {
          last = await table.move();
          if (last === "moved") playersHad.set(table.state?.version ?? 0, performance.now());
        }
        const used = process.cpuUsage(cpu);
        p.benchCpu += (used.user + used.system) / 1000;
        const profile = await readProfile();
        if (profile) p.profile = addProfile(p.profile, profile);
        const lastVersion = table.state?.version ?? 0;
        const settle = Date.now() + 30_000;
        while (watchers.some((w) => w.versions.at(-1) !== lastVersion) && Date.now() < settle) await wait(100);
        if (watchers.length)
          for (const [version, at] of playersHad) {
            const arrived = lastArrival.get(version);
            if (arrived !== undefined) p.lag.add(arrived - at);
          }
        p.sockets += watchers.length;
        p.complete += watchers.filter((w) => w.broken === 0 && w.versions.at(-1) === lastVersion).length;
      } finally {
        for (const w of watchers) w.ws.close();
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
    }

    const perMove = (p: Profile | null) => {
      if (!p || !p.moves) return "—";
      const work = p.sums.room + p.sums.persist + p.sums.send;
      return `${(p.toSent / p.moves).toFixed(2)} ms to the last send, ${(work / p.moves).toFixed(2)} ms handled (${p.moves} moves)`;
    };
    const lines = [
      `S. spectators: public 4-player rooms, ${moves} moves per phase, the phases in one run (the same server, players and code)`,
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
      lines.push(
        `    the bench process's own CPU per move (its sockets; the same two cores): ${(p.benchCpu / Math.max(1, p.stats.moves)).toFixed(1)} ms`,
      );
    }
    const big = phases[2];
    if (big.sockets && big.complete < big.sockets)
      failures.push(`spectators: ${big.sockets - big.complete} spectator sockets missed versions`);
    return { lines, budgets: [], failures };
  },
};
