import { performance } from "node:perf_hooks";
import type { SpectatorFrame } from "../../../game/protocol/spectate";
import { addProfile, type Profile } from "../lib/floor";
import type { Player, Scenario } from "../lib/scenario";
import { fmtMs, MoveStats } from "../lib/stats";
import { BENCH_GAME, Table } from "../lib/table";
import { errorMessage, log } from "../lib/util";

// Spectators (docs/decisions/134-spectating-through-a-relay.md): one public 4-player room, the
// same run measured twice: --spectator-moves moves with nobody watching, then as many with N
// spectators (--spectators, 1,000) on the game's relay. Printed: the players' move → broadcast
// p50/p99 in both halves, whether every spectator received every version (in order, one unbroken
// sequence) up to the last the players saw, and the room's own time per move in both halves (its
// profile, inside the Durable Object). Figures only: nothing here passes or fails a budget.

/** One spectator's socket: the versions it received, in order. */
interface Watcher {
  ws: WebSocket;
  versions: number[];
  broken: number;
}

function watch(ws: WebSocket): Watcher {
  const watcher: Watcher = { ws, versions: [], broken: 0 };
  ws.addEventListener("message", (event) => {
    try {
      const message = JSON.parse(String(event.data)) as { type: string; payload: SpectatorFrame };
      if (message.type !== "frame") return;
      const last = watcher.versions.at(-1);
      if (last !== undefined && message.payload.since !== last) watcher.broken += 1;
      watcher.versions.push(message.payload.version);
    } catch {
      watcher.broken += 1;
    }
  });
  return watcher;
}

export const spectators: Scenario = {
  id: "spectators",
  optIn: true,
  players: (options) => ({ signIn: 4, bulk: options.spectators }),

  async run({ options, app }, players: Player[]) {
    const [seated, audience] = [players.slice(0, 4), players.slice(4)];
    const moves = options.spectatorMoves;
    const failures: string[] = [];
    const quiet = new MoveStats();
    const watched = new MoveStats();
    const table = new Table(app, seated, quiet, 7, { ...BENCH_GAME, is_public: true });
    const profiles: (Profile | null)[] = [null, null];
    const readProfile = async (half: 0 | 1) => {
      if (!table.gameId) return;
      try {
        profiles[half] = addProfile(profiles[half], await app.api<Profile>("GET", `/api/bench/profile?game=${table.gameId}`, seated[0]));
      } catch (error) {
        log(`  spectators: no room profile (${errorMessage(error)})`);
      }
    };
    const watchers: Watcher[] = [];
    let lastVersion = 0;
    try {
      log(`spectators: one public 4-player room, ${moves} moves unwatched, then ${moves} with ${audience.length} spectators`);
      await table.open();
      await readProfile(0); // The setup's moves are not the measurement's.
      profiles[0] = null;
      const play = async (stats: MoveStats) => {
        table.stats = stats;
        while (stats.moves < moves) {
          if ((await table.move()) === "completed") {
            throw new Error("the match ended before the moves were measured (use fewer --spectator-moves)");
          }
        }
      };
      await play(quiet);
      await readProfile(0);
      const opened = performance.now();
      for (const player of audience) {
        try {
          watchers.push(watch(await app.openWatch(table.gameId!, player)));
        } catch (error) {
          failures.push(`spectators: a spectator's socket was refused (${errorMessage(error)})`);
          break;
        }
      }
      log(`  spectators: ${watchers.length} sockets open in ${((performance.now() - opened) / 1000).toFixed(1)} s`);
      const deadline = Date.now() + 30_000;
      while (watchers.some((w) => w.versions.length === 0) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      await play(watched);
      await readProfile(1);
      lastVersion = table.state?.version ?? 0;
      const settle = Date.now() + 10_000;
      while (watchers.some((w) => w.versions.at(-1) !== lastVersion) && Date.now() < settle) await new Promise((r) => setTimeout(r, 100));
    } catch (error) {
      failures.push(`spectators: ${errorMessage(error)}`);
    } finally {
      for (const w of watchers) w.ws.close();
      table.close();
    }

    const complete = watchers.filter((w) => w.broken === 0 && w.versions.at(-1) === lastVersion).length;
    const a = quiet.all.summary();
    const b = watched.all.summary();
    const perMove = (p: Profile | null) => (p && p.moves ? `${(p.toSent / p.moves).toFixed(3)} ms over ${p.moves} moves` : "—");
    return {
      lines: [
        `S. spectators: one public 4-player room, ${moves} moves without and ${watched.moves} with ${watchers.length} spectators (same run)`,
        `  players' move → broadcast, nobody watching: p50 ${fmtMs(a.p50)} ms, p99 ${fmtMs(a.p99)} ms (${a.n} moves)`,
        `  players' move → broadcast, ${watchers.length} watching: p50 ${fmtMs(b.p50)} ms, p99 ${fmtMs(b.p99)} ms (${b.n} moves)`,
        `  spectators that received every version in order up to the players' last (${lastVersion}): ${complete} of ${watchers.length}`,
        `  room's own time per move (profile, in the Durable Object): nobody watching ${perMove(profiles[0])}; watched ${perMove(profiles[1])}`,
      ],
      budgets: [],
      failures,
    };
  },
};
