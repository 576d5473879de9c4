import { DurableObject } from "cloudflare:workers";
import { and, inArray } from "drizzle-orm";
import type { PlayerChannelRpc } from "../../../game/channel/api";
import type { ChannelEvent } from "../../../game/protocol/channel";
import type { MatchmakerRpc, MatchReport } from "../../../game/matchmaking/api";
import {
  MATCH_NO_SHOW_SECONDS,
  MATCHMAKER_TICK_MS,
  pairQueue,
  QUEUE_STALE_MS,
  queueKey,
  QueueSchema,
  type Match,
  type Queue,
} from "../../../game/matchmaking/pairing";
import { CAPACITY, ENTRY_COST } from "../../../game/protocol/constants";
import type { AssignedSeat, RoomRpc } from "../../../game/room/api";
import { createDb, type Database } from "../../../db/client";
import { gameSummaryOf } from "../../../db/games";
import { createAndClaim, dropWaiting, fallThrough, playersOf, staleWaiting, waitingIn } from "../../../db/matchmaking";
import { presences } from "../../../db/schema";
import { stubOf } from "../../../db/stubs";

export interface MatchmakerEnv {
  DB: D1Database;
  GAME_ROOM: DurableObjectNamespace;
  PLAYER_CHANNEL: DurableObjectNamespace;
  /** "1" only under `npm run bench`: the CPU each run spends is logged (ADR 057). */
  BENCH_MODE?: string;
}

/**
 * The Matchmaker (issue 14, ADR 070): one object per queue (variant × type × mode), a thin adapter
 * over game/matchmaking/pairing.ts. The queue is D1 rows (db/matchmaking.ts) whose key is the
 * player, so a player is in one queue at most; this object serialises the pairing of its queue,
 * claims each match's players in one conditional D1 statement (a player who cancelled, or whom
 * another queue took, is simply not claimed), creates the game through the room core's
 * `openAssigned` (each seat debits its entry there, as any seat), and sends the players in through
 * their channel. While anyone waits, an alarm runs it every second; it stores only its queue's name.
 */
export class Matchmaker extends DurableObject<MatchmakerEnv> implements MatchmakerRpc {
  private readonly db: Database;
  /** A pass is running: passes never overlap. */
  private running = false;
  /** Callers that arrived during a pass: the next pass (which sees their rows) answers them. */
  private waiting: { resolve(report: MatchReport): void; reject(error: unknown): void }[] = [];

  constructor(ctx: DurableObjectState, env: MatchmakerEnv) {
    super(ctx, env);
    this.db = createDb(env.DB);
  }

  async kick(queue: Queue): Promise<MatchReport> {
    return this.run(queue, Date.now());
  }

  /**
   * One pass for this caller. A caller arriving during a pass is answered by the pass after it,
   * never by the whole burst that follows: under a stream of arrivals each player's request waits
   * one pass at most (it used to wait until the queue went quiet).
   */
  async run(queue: Queue, now: number): Promise<MatchReport> {
    const parsed = QueueSchema.parse(queue);
    await this.ctx.storage.put("queue", parsed);
    if (this.running) return new Promise<MatchReport>((resolve, reject) => this.waiting.push({ resolve, reject }));
    this.running = true;
    const first = this.pass(parsed, now);
    void first.then(
      () => this.drain(parsed),
      () => this.drain(parsed),
    );
    return first;
  }

  /** Runs a pass for each group of callers that arrived during the previous one. */
  private async drain(queue: Queue): Promise<void> {
    for (;;) {
      const callers = this.waiting.splice(0);
      if (callers.length === 0) {
        this.running = false;
        return;
      }
      try {
        const report = await this.pass(queue, Date.now());
        for (const caller of callers) caller.resolve(report);
      } catch (error) {
        for (const caller of callers) caller.reject(error);
      }
    }
  }

  async alarm(): Promise<void> {
    const queue = QueueSchema.safeParse(await this.ctx.storage.get("queue"));
    if (queue.success) await this.run(queue.data, Date.now());
  }

  /** One look at the queue: drop who left, pair, seat, and keep the alarm while anyone waits. */
  private async pass(queue: Queue, now: number): Promise<MatchReport> {
    const started = performance.now();
    const key = queueKey(queue);
    const dropped = await this.dropClosedTabs(key, now);
    const rows = await waitingIn(this.db, key);
    const { matches } = pairQueue(
      rows.map((row) => ({ userId: row.user_id, rating: row.rating, joinedAt: row.joined_at })),
      queue,
      now,
    );
    const { made, unable, unclaimed } = await this.seatAll(queue, key, matches);
    // Who waits now: the rows read, less the players seated, those dropped as unable to pay, and
    // those who left the queue (cancelled, or taken by another queue) before their claim.
    const waiting = rows.length - made * CAPACITY[queue.type] - unable - unclaimed;
    if (waiting > 0) await this.ctx.storage.setAlarm(Date.now() + MATCHMAKER_TICK_MS);
    else await this.ctx.storage.deleteAlarm();
    if (this.env.BENCH_MODE === "1" && made > 0) {
      console.log(`matchmaker ${key}: ${made} games, ${((performance.now() - started) / made).toFixed(2)} ms per match`);
    }
    return { games: made, waiting: Math.max(0, waiting), dropped: dropped + unable };
  }

  /**
   * A player whose waiting page stopped calling (QUEUE_STALE_MS) and whose channel is offline closed
   * the tab: they leave the queue (well within 30 s of closing it). A player whose page went
   * elsewhere but is still online (a practice game while waiting) keeps the place.
   */
  private async dropClosedTabs(key: string, now: number): Promise<number> {
    const stale = await staleWaiting(this.db, key, now - QUEUE_STALE_MS);
    if (stale.length === 0) return 0;
    const ids = stale.map((row) => row.user_id);
    const online = await this.db
      .select({ id: presences.user_id })
      .from(presences)
      .where(and(inArray(presences.user_id, ids), inArray(presences.status, ["online", "playing"])));
    const onlineIds = new Set(online.map((row) => row.id));
    const gone = ids.filter((id) => !onlineIds.has(id));
    await dropWaiting(this.db, gone);
    return gone.length;
  }

  /**
   * Seats one pass's matches (they share no player) in the same few round trips whatever their
   * number: one read of every matched player; one drop of those who can no longer pay or were
   * banned meanwhile (their match is not made, its others keep their place); one batch of the games
   * and the claims (a player who cancelled, or whom another queue took, is simply not claimed);
   * the rooms opened side by side, each seat debiting its entry there through the ledger as any
   * seat does; one batch undoing the matches that fell through; the players told at once.
   */
  private async seatAll(queue: Queue, key: string, matches: Match[]): Promise<{ made: number; unable: number; unclaimed: number }> {
    if (matches.length === 0) return { made: 0, unable: 0, unclaimed: 0 };
    const entry = ENTRY_COST[queue.mode];
    const groups = matches.map((match) => match.seats.map((seat) => seat.userId));
    const players = new Map((await playersOf(this.db, groups.flat())).map((player) => [player.id, player]));
    const cannotPay = (id: string) => {
      const player = players.get(id);
      return !player || player.banned_at !== null || player.virtual_coins < entry;
    };
    const unable = groups.flat().filter(cannotPay);
    await dropWaiting(this.db, unable);

    const ready = groups.filter((ids) => !ids.some(cannotPay));
    const created = await createAndClaim(this.db, queue, key, ready);
    const failed: { gameId: string; claimed: string[]; close: boolean }[] = [];
    let unclaimed = 0;
    const claimedAll = created.flatMap(({ game, claimed }, i) => {
      if (claimed.length === ready[i]!.length) return [{ game, ids: ready[i]! }];
      // Someone cancelled or was taken by another queue: the others keep their place.
      unclaimed += ready[i]!.length - claimed.length;
      failed.push({ gameId: game.id, claimed, close: true });
      return [];
    });

    const nowIso = new Date().toISOString();
    const opened = await Promise.allSettled(
      claimedAll.map(({ game, ids }) => {
        const seats: AssignedSeat[] = ids.map((id) => {
          const player = players.get(id)!;
          return {
            userId: id,
            nickname: player.nickname,
            avatarUrl: player.avatar_url,
            isPremium: Boolean(player.premium_until && player.premium_until > nowIso),
            rating: player.ranking_points,
            entry,
          };
        });
        return this.roomOf(game.id).openAssigned(gameSummaryOf(game), seats, { noShowSeconds: MATCH_NO_SHOW_SECONDS, noShowRule: "bots" });
      }),
    );
    const seated: { gameId: string; ids: string[] }[] = [];
    opened.forEach((result, i) => {
      const { game, ids } = claimedAll[i]!;
      if (result.status === "rejected") return;
      if (result.value.ok) seated.push({ gameId: game.id, ids });
      // The room cancelled the game and returned what it took; a balance spent meanwhile is the
      // likely cause: everyone goes back to waiting, and the next pass drops who cannot pay.
      else failed.push({ gameId: game.id, claimed: ids, close: false });
    });
    await fallThrough(this.db, failed, nowIso);
    await this.notify(
      seated.flatMap(({ gameId, ids }) =>
        ids.map((id): [string, ChannelEvent] => [id, { type: "match_found", payload: { game_id: gameId } }]),
      ),
    );
    // A room that could not be reached may have opened: its players stay claimed (entering the
    // queue again sends them to that game), and the pass fails as it did before.
    const unreachable = opened.find((result) => result.status === "rejected");
    if (unreachable) throw unreachable.reason;
    return { made: seated.length, unable: unable.length, unclaimed };
  }

  private async notify(deliveries: [string, ChannelEvent][]): Promise<void> {
    const results = await Promise.allSettled(deliveries.map(([id, event]) => this.channelOf(id).notify(event)));
    for (const result of results) if (result.status === "rejected") console.warn("match not pushed", result.reason);
  }

  private roomOf(gameId: string): RoomRpc {
    return stubOf<RoomRpc>(this.env.GAME_ROOM, gameId);
  }

  private channelOf(userId: string): PlayerChannelRpc {
    return stubOf<PlayerChannelRpc>(this.env.PLAYER_CHANNEL, userId);
  }
}
