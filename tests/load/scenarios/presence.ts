import fs from "node:fs";
import { performance } from "node:perf_hooks";
import { friendships } from "../../../db/schema";
import { executeLocal, statementDb } from "../../../db/local-d1";
import { CHANNEL_PING, parseChannelServerFrame } from "../../../game/protocol/channel";
import { orderedPair } from "../../../game/channel/friends";
import type { Player, Scenario } from "../lib/scenario";
import { fmtMs, MoveStats } from "../lib/stats";
import { errorMessage, log, pool, sleep } from "../lib/util";

// Presence: 2,000 players' channels open at once, each player with 20 friends (a ring:
// i is friends with i±1…i±10). Then a sample of players who were kept offline connect one at a
// time: the time from opening their socket to each of their 20 friends' sockets receiving the
// `presence: online` frame is the delivery latency (p50/p95), and the same for a clean close
// (which includes the channel's 1 s offline grace). The memory of the workerd processes is read
// from /proc before and after the channels open.

const PLAYERS = 2_000;
const HALF_RING = 10;
/** Every SAMPLE_EVERY-th player is kept offline, then connects alone. */
const SAMPLE_EVERY = 100;
const ROWS_PER_INSERT = 400;

interface Channel {
  ws: WebSocket;
  listeners: Set<(frame: { type: string; payload?: { user_id?: string; status?: string } }) => void>;
}

function openChannel(base: string, player: Player): Promise<Channel> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${base.replace(/^http/, "ws")}/api/channel/ws`, {
      headers: { Cookie: player.cookie, Origin: base },
    } as unknown as string[]);
    const channel: Channel = { ws, listeners: new Set() };
    const timer = setTimeout(() => reject(new Error("channel: no hello in 30 s")), 30_000);
    ws.addEventListener("message", (event) => {
      const parsed = parseChannelServerFrame(event.data);
      if (!parsed.ok) return;
      const frame = parsed.message;
      if (frame.type === "heartbeat") ws.send(CHANNEL_PING);
      if (frame.type === "hello") {
        clearTimeout(timer);
        resolve(channel);
      }
      for (const listener of channel.listeners) listener(frame as never);
    });
    ws.addEventListener("close", () => {
      clearTimeout(timer);
      reject(new Error("channel closed before hello"));
    });
  });
}

/** Resident memory (MB) of the server's workerd processes. */
function workerdMemoryMb(pids: number[]): number {
  let kb = 0;
  for (const pid of pids) {
    try {
      const cmd = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8");
      if (!cmd.includes("workerd")) continue;
      const rss = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
      if (rss) kb += Number(rss[1]);
    } catch {
      // Gone.
    }
  }
  return kb / 1024;
}

/** Waits until every friend's channel saw `who` reach `status`; answers each arrival's latency from `start`. */
function arrivals(friends: Channel[], who: string, status: "online" | "offline", start: () => number): Promise<number[]> {
  return Promise.all(
    friends.map(
      (friend) =>
        new Promise<number>((resolve, reject) => {
          const timer = setTimeout(() => {
            friend.listeners.delete(listener);
            reject(new Error(`presence ${status} not delivered in 30 s`));
          }, 30_000);
          const listener: Parameters<Channel["listeners"]["add"]>[0] = (frame) => {
            if (frame.type !== "presence" || frame.payload?.user_id !== who || frame.payload?.status !== status) return;
            clearTimeout(timer);
            friend.listeners.delete(listener);
            resolve(performance.now() - start());
          };
          friend.listeners.add(listener);
        }),
    ),
  );
}

export const presence: Scenario = {
  id: "presence",
  players: () => ({ signIn: 0, bulk: PLAYERS }),

  async run({ server }, players) {
    const n = players.length;
    const failures: string[] = [];
    // The friendships, written straight into the local D1 (as the bench writes its players, ADR 026).
    const rows: { user_a_id: string; user_b_id: string }[] = [];
    for (let i = 0; i < n; i++) {
      for (let d = 1; d <= HALF_RING; d++) {
        const [a, b] = orderedPair(players[i].id, players[(i + d) % n].id);
        rows.push({ user_a_id: a, user_b_id: b });
      }
    }
    const statements = [];
    for (let from = 0; from < rows.length; from += ROWS_PER_INSERT) {
      statements.push(
        statementDb
          .insert(friendships)
          .values(rows.slice(from, from + ROWS_PER_INSERT))
          .onConflictDoNothing(),
      );
    }
    executeLocal(server.config.stateDir, "bench-friendships", statements);
    log(`presence: ${rows.length} friendships written (${n} players × ${HALF_RING * 2} friends)`);

    const memoryBefore = workerdMemoryMb(server.pids());
    const channels = new Map<number, Channel>();
    const samples = players.map((_, i) => i).filter((i) => i % SAMPLE_EVERY === 0);
    const others = players.map((_, i) => i).filter((i) => i % SAMPLE_EVERY !== 0);
    const stats = new MoveStats();
    const setupStart = performance.now();
    await pool(others, 16, async (i) => {
      try {
        channels.set(i, await openChannel(server.base, players[i]));
      } catch (error) {
        stats.error("open", errorMessage(error));
      }
      if (channels.size % 250 === 0) log(`  presence: ${channels.size}/${others.length} channels open`);
    });
    const setupSeconds = (performance.now() - setupStart) / 1000;
    await sleep(2_000);
    const memoryAfter = workerdMemoryMb(server.pids());
    log(`presence: ${channels.size} channels open in ${setupSeconds.toFixed(0)} s; workerd ${memoryAfter.toFixed(0)} MB`);

    const online = new MoveStats();
    const offline = new MoveStats();
    for (const i of samples) {
      const friends: Channel[] = [];
      for (let d = 1; d <= HALF_RING; d++) {
        for (const j of [(i + d) % n, (i - d + n) % n]) {
          const channel = channels.get(j);
          if (channel) friends.push(channel);
        }
      }
      try {
        let t0 = 0;
        const wanted = arrivals(friends, players[i].id, "online", () => t0);
        t0 = performance.now();
        const mine = await openChannel(server.base, players[i]);
        for (const ms of await wanted) online.perSocket.add(ms);
        const gone = arrivals(friends, players[i].id, "offline", () => t0);
        t0 = performance.now();
        mine.ws.close();
        for (const ms of await gone) offline.perSocket.add(ms);
      } catch (error) {
        stats.error("presence", errorMessage(error));
      }
    }
    for (const channel of channels.values()) channel.ws.close();

    const errors = stats.errors.length;
    if (online.perSocket.count === 0) failures.push("scenario presence: no presence update was delivered");
    const lines = [
      "",
      `Presence. ${n} players, ${HALF_RING * 2} friends each: ${channels.size} channels opened in ${setupSeconds.toFixed(0)} s, ${errors} errors`,
      `  workerd memory: ${memoryBefore.toFixed(0)} MB before the channels, ${memoryAfter.toFixed(0)} MB with ${channels.size} open (${fmtMs(((memoryAfter - memoryBefore) * 1024) / Math.max(1, channels.size))} KB a channel)`,
      `  connect → each friend sees 'online' (${samples.length} players × ${HALF_RING * 2} friends): ${summary(online)}`,
      `  clean close → friend sees offline (includes the 1 s grace): ${summary(offline)}`,
    ];
    return { lines, budgets: [], failures };
  },
};

function summary(stats: MoveStats): string {
  const s = stats.perSocket.summary();
  return `n=${s.n} p50 ${fmtMs(s.p50)} ms, p95 ${fmtMs(s.p95)} ms, max ${fmtMs(s.max)} ms`;
}
