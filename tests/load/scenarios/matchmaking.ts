import { performance } from "node:perf_hooks";
import { CHANNEL_PING, parseChannelServerFrame } from "../../../game/protocol/channel";
import { pairQueue, type Queue, type QueueEntry } from "../../../game/matchmaking/pairing";
import type { Player, Scenario } from "../lib/scenario";
import { Samples } from "../lib/stats";
import { fmtMs } from "../lib/stats";
import { errorMessage, log, pool, rngOf, sleep } from "../lib/util";

// Quick match: 1,000 players enter four queues over 10 s (uniformly spread arrivals).
// Each opens their channel first, then POSTs /api/matchmaking; the time to match is from the POST
// to the answer saying "matched" or the channel's `match_found`, whichever comes first. The
// matchmaker's CPU per match is the pairing policy's own CPU (the rest of a match is D1 and RPC
// I/O), timed here on queues of the sizes the run produced and on a 1,000-player ranked queue.

const PLAYERS = 1_000;
const SPREAD_MS = 10_000;
const QUEUES: Queue[] = [
  { variant: "paulista", type: "1v1", mode: "ranked" },
  { variant: "paulista", type: "1v1", mode: "casual" },
  { variant: "mineiro", type: "2v2", mode: "casual" },
  { variant: "paulista", type: "2v2", mode: "ranked" },
];

function waitMatch(base: string, player: Player): Promise<{ ws: WebSocket; matched: Promise<number> }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${base.replace(/^http/, "ws")}/api/channel/ws`, {
      headers: { Cookie: player.cookie, Origin: base },
    } as unknown as string[]);
    let found: (at: number) => void = () => {};
    const matched = new Promise<number>((done) => (found = done));
    const timer = setTimeout(() => reject(new Error("channel: no hello in 30 s")), 30_000);
    ws.addEventListener("message", (event) => {
      const parsed = parseChannelServerFrame(event.data);
      if (!parsed.ok) return;
      if (parsed.message.type === "heartbeat") ws.send(CHANNEL_PING);
      if (parsed.message.type === "hello") {
        clearTimeout(timer);
        resolve({ ws, matched });
      }
      if (parsed.message.type === "match_found") found(performance.now());
    });
    ws.addEventListener("error", () => reject(new Error("channel error")));
  });
}

/** The pairing policy's CPU per match on a queue of `size` players with spread ratings, ms. */
function policyCpuPerMatch(size: number, queue: Pick<Queue, "type" | "mode">): number {
  const rng = rngOf(size);
  const now = 1_000_000;
  const entries: QueueEntry[] = Array.from({ length: size }, (_, i) => ({
    userId: `p${i}`,
    rating: Math.round(700 + rng() * 600),
    joinedAt: now - Math.round(rng() * 30_000),
  }));
  let matches = 0;
  const started = process.cpuUsage();
  for (let round = 0; round < 20; round++) matches += pairQueue(entries, queue, now).matches.length;
  const used = process.cpuUsage(started);
  return (used.user + used.system) / 1000 / Math.max(1, matches);
}

export const matchmaking: Scenario = {
  id: "matchmaking",
  players: () => ({ signIn: 0, bulk: PLAYERS }),

  async run({ server }, players) {
    const failures: string[] = [];
    const times = new Samples();
    const errors: string[] = [];
    const rng = rngOf(14);
    const schedule = players.map((player, i) => ({ player, queue: QUEUES[i % QUEUES.length]!, at: rng() * SPREAD_MS }));
    schedule.sort((a, b) => a.at - b.at);
    const start = performance.now();
    let unmatched = 0;
    await pool(schedule, 200, async ({ player, queue, at }) => {
      await sleep(start + at - performance.now());
      try {
        const { ws, matched } = await waitMatch(server.base, player);
        const t0 = performance.now();
        const response = await fetch(`${server.base}/api/matchmaking`, {
          method: "POST",
          headers: { Cookie: player.cookie, Origin: server.base, "Content-Type": "application/json" },
          body: JSON.stringify({ truco_variant: queue.variant, game_type: queue.type, game_mode: queue.mode }),
        });
        const body = (await response.json()) as { state?: string; error?: string };
        if (!response.ok) throw new Error(`enter ${response.status}: ${body.error}`);
        // The channel's match_found can arrive before the answer: the earlier of the two counts.
        const answered = performance.now();
        const at =
          body.state === "matched"
            ? Math.min(answered, await Promise.race([matched, Promise.resolve(answered)]))
            : await Promise.race([matched, sleep(60_000).then(() => Number.NaN)]);
        if (Number.isNaN(at)) unmatched++;
        else times.add(at - t0);
        ws.close();
      } catch (error) {
        errors.push(errorMessage(error));
      }
    });
    log(`matchmaking: ${times.count} matched, ${unmatched} left waiting, ${errors.length} errors`);
    if (times.count === 0) failures.push("scenario matchmaking: nobody was matched");
    const s = times.summary();
    const cpuSmall = policyCpuPerMatch(PLAYERS / QUEUES.length, { type: "1v1", mode: "ranked" });
    const cpuLarge = policyCpuPerMatch(1_000, { type: "1v1", mode: "ranked" });
    const cpuTeams = policyCpuPerMatch(1_000, { type: "2v2", mode: "ranked" });
    const lines = [
      "",
      `Quick match. ${PLAYERS} players entering ${QUEUES.length} queues over ${SPREAD_MS / 1000} s: ${times.count} matched, ${unmatched} still waiting after 60 s, ${errors.length} errors${errors[0] ? ` (first: ${errors[0]})` : ""}`,
      `  time to match (POST → matched answer or channel match_found): p50 ${fmtMs(s.p50)} ms, p95 ${fmtMs(s.p95)} ms, max ${fmtMs(s.max)} ms`,
      `  matchmaker CPU per match (the pairing policy; a match's D1 and RPC work is I/O): ${fmtMs(cpuSmall)} ms at ${PLAYERS / QUEUES.length} waiting, ${fmtMs(cpuLarge)} ms at 1,000 waiting (1v1), ${fmtMs(cpuTeams)} ms (2v2)`,
    ];
    return { lines, budgets: [], failures };
  },
};
