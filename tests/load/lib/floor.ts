import { performance } from "node:perf_hooks";
import type { AppClient } from "./client";
import type { Player } from "./scenario";
import { Samples } from "./stats";

// The platform's floor (ADR 057): a bare Durable Object in the room's Worker (BenchFloor), reached
// the way a room is (the Pages app's session and Origin checks), whose only work per "move" is
// what the platform must do for one: a frame in on one socket, a frame of the given size out on
// each of the four. Measured in the same run as the room, so the ratio holds on a noisy machine.

const FLOOR_TIMEOUT_MS = 10_000;

/**
 * `rounds` floor moves of four players, each a frame that makes the floor send `bytes` to all four;
 * with `store`, after a storage.put of that many bytes and (unless `alarm` is false) a setAlarm.
 */
export async function measureFloor(
  app: AppClient,
  players: Player[],
  rounds: number,
  bytes: number,
  store = 0,
  alarm = true,
): Promise<Samples> {
  const room = `floor-${Date.now()}`;
  const sockets: WebSocket[] = [];
  for (const player of players) sockets.push(await app.openFloor(room, player));
  const samples = new Samples();
  try {
    for (let i = 0; i < rounds; i++) {
      const arrived = sockets.map(
        (ws) =>
          new Promise<number>((resolve, reject) => {
            const timer = setTimeout(() => reject(new Error("the floor sent nothing")), FLOOR_TIMEOUT_MS);
            ws.addEventListener(
              "message",
              () => {
                clearTimeout(timer);
                resolve(performance.now());
              },
              { once: true },
            );
          }),
      );
      const sentAt = performance.now();
      sockets[i % sockets.length].send(JSON.stringify(store > 0 ? { size: bytes, store, alarm: alarm ? 1 : 0 } : { size: bytes }));
      const times = await Promise.all(arrived);
      samples.add(Math.max(...times) - sentAt);
    }
  } finally {
    for (const ws of sockets) ws.close();
  }
  return samples;
}

/** What the room reports of its moves (workers/game-room/src/profile.ts), summed over rooms. */
export interface Profile {
  moves: number;
  sums: Record<string, number>;
  toSent: number;
  durable: { moves: number; sum: number };
  exclusive: number;
  /** Calls to the spectators' relay during the moves (absent from an older server). */
  relayCalls?: number;
  /** GameRoom instances the runtime has built so far, all rooms together (not per room). */
  instances: number;
}

export function addProfile(total: Profile | null, next: Profile): Profile {
  if (!total) return next;
  const sums = { ...total.sums };
  for (const [phase, ms] of Object.entries(next.sums)) sums[phase] = (sums[phase] ?? 0) + ms;
  return {
    moves: total.moves + next.moves,
    sums,
    toSent: total.toSent + next.toSent,
    durable: { moves: total.durable.moves + next.durable.moves, sum: total.durable.sum + next.durable.sum },
    exclusive: total.exclusive + next.exclusive,
    relayCalls: (total.relayCalls ?? 0) + (next.relayCalls ?? 0),
    instances: Math.max(total.instances, next.instances),
  };
}

/** The profile as report lines: each phase's mean per move. */
export function profileLines(profile: Profile | null): string[] {
  if (!profile || profile.moves === 0) return ["room profile: none (the rooms reported no moves)"];
  const per = (ms: number) => `${(ms / profile.moves).toFixed(3)} ms`;
  const phases = Object.entries(profile.sums)
    .map(([phase, ms]) => `${phase} ${per(ms)}`)
    .join(", ");
  const durable = profile.durable.moves ? (profile.durable.sum / profile.durable.moves).toFixed(2) : "—";
  return [
    `room profile over ${profile.moves} moves (means per move, inside the Durable Object; workerd's clock moves in whole ms):`,
    `  ${phases}`,
    `  frame in → last send ${per(profile.toSent)}; storage write durable after ${durable} ms on average; ${profile.exclusive} moves ran exclusively (a match's end)`,
  ];
}
