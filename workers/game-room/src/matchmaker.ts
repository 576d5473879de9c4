import { DurableObject } from "cloudflare:workers";
import { createDb } from "../../../db/client";
import { queueRecords } from "../../../db/matchmaking";
import { stubOf } from "../../../db/stubs";
import type { PlayerChannelRpc } from "../../../game/channel/api";
import { z } from "zod";
import { WaitingEntrySchema, type MatchmakerRpc, type MatchReport, type WaitingEntry } from "../../../game/matchmaking/api";
import { MatchmakerHost } from "../../../game/matchmaking/matchmaker-host";
import { QueueSchema, type Queue } from "../../../game/matchmaking/pairing";
import type { RoomRpc } from "../../../game/room/api";

export interface MatchmakerEnv {
  DB: D1Database;
  GAME_ROOM: DurableObjectNamespace;
  PLAYER_CHANNEL: DurableObjectNamespace;
  /** "1" only under `npm run bench`: the CPU each run spends is logged. */
  BENCH_MODE?: string;
}

const QUEUE_KEY = "queue";
/** Who waits in this queue (game/matchmaking/matchmaker-host.ts), one value. */
const WAITING_KEY = "waiting";

/**
 * One object per quick-match queue (`idFromName(queueKey(queue))`), wiring the platform to
 * game/matchmaking/matchmaker-host.ts: its storage (the queue's name and who waits), D1 (db/matchmaking.ts) and the
 * rooms' and channels' stubs become the host's ports; each RPC parses its queue and forwards.
 */
export class Matchmaker extends DurableObject<MatchmakerEnv> implements MatchmakerRpc {
  private readonly host: MatchmakerHost;

  constructor(ctx: DurableObjectState, env: MatchmakerEnv) {
    super(ctx, env);
    this.host = new MatchmakerHost({
      store: {
        remember: (queue) => ctx.storage.put(QUEUE_KEY, queue),
        recall: () => ctx.storage.get(QUEUE_KEY),
        loadWaiting: () => ctx.storage.get(WAITING_KEY),
        saveWaiting: (entries) => ctx.storage.put(WAITING_KEY, entries),
        setAlarm: (at) => ctx.storage.setAlarm(at),
        deleteAlarm: () => ctx.storage.deleteAlarm(),
      },
      records: queueRecords(createDb(env.DB)),
      peers: {
        room: (gameId) => stubOf<RoomRpc>(env.GAME_ROOM, gameId),
        channel: (userId) => stubOf<PlayerChannelRpc>(env.PLAYER_CHANNEL, userId),
      },
      clock: { now: () => Date.now(), ticks: () => performance.now() },
      newId: () => crypto.randomUUID(),
      warn: (message, error) => console.warn(message, error),
      passed:
        env.BENCH_MODE === "1"
          ? (key, games, elapsedMs) => console.log(`matchmaker ${key}: ${games} games, ${(elapsedMs / games).toFixed(2)} ms per match`)
          : undefined,
    });
  }

  async kick(queue: Queue): Promise<MatchReport> {
    return this.host.run(QueueSchema.parse(queue), Date.now());
  }

  async run(queue: Queue, now: number): Promise<MatchReport> {
    return this.host.run(QueueSchema.parse(queue), now);
  }

  async join(queue: Queue, entry: WaitingEntry): Promise<MatchReport> {
    return this.host.join(QueueSchema.parse(queue), WaitingEntrySchema.parse(entry));
  }

  async leave(queue: Queue, userId: string): Promise<void> {
    await this.host.leave(QueueSchema.parse(queue), z.string().min(1).max(64).parse(userId));
  }

  async away(queue: Queue, userId: string, since: number | null): Promise<void> {
    await this.host.away(QueueSchema.parse(queue), z.string().min(1).max(64).parse(userId), z.number().nullable().parse(since));
  }

  async widen(queue: Queue, userId: string): Promise<boolean> {
    return this.host.widen(QueueSchema.parse(queue), z.string().min(1).max(64).parse(userId));
  }

  async standing(queue: Queue, userId: string): Promise<{ searching: number; widened: boolean; estimateMs: number }> {
    return this.host.standing(QueueSchema.parse(queue), z.string().min(1).max(64).parse(userId));
  }

  async waitingCount(queue: Queue): Promise<number> {
    QueueSchema.parse(queue);
    return this.host.waitingCount();
  }

  async alarm(): Promise<void> {
    await this.host.alarm();
  }
}
