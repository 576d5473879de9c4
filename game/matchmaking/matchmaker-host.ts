import type { ChannelEvent } from "../protocol/channel";
import { CAPACITY, ENTRY_COST } from "../protocol/constants";
import type { AssignedSeat } from "../room/api";
import type { MatchReport } from "./api";
import {
  MATCH_NO_SHOW_SECONDS,
  MATCHMAKER_TICK_MS,
  pairQueue,
  QUEUE_STALE_MS,
  queueKey,
  QueueSchema,
  type Match,
  type Queue,
} from "./pairing";
import type { FailedMatch, MatchmakerPorts } from "./ports";

// One quick-match queue (variant × type × mode), served by the Matchmaker Durable Object, which
// only wires its platform to these ports (ADR 070). The queue is D1 rows whose key is the
// player, so a player is in one queue at most; this host serialises the pairing of its queue
// (`pairQueue` decides who plays whom), claims each match's players in one conditional D1
// statement, creates the game through the room's `openAssigned` (each seat debits its entry
// there, as any seat), and sends the players in through their channel. While anyone waits, the
// alarm runs a pass every MATCHMAKER_TICK_MS; the object stores only its queue's name.

interface Caller {
  resolve(report: MatchReport): void;
  reject(error: unknown): void;
}

export class MatchmakerHost {
  /** A pass is running: passes never overlap. */
  private running = false;
  /** Callers that arrived during a pass: the next pass (which sees their rows) answers them. */
  private waiting: Caller[] = [];

  constructor(private readonly ports: MatchmakerPorts) {}

  /**
   * One pass for this caller. A caller arriving during a pass is answered by the pass after it,
   * never by the whole burst that follows: under a stream of arrivals each player's request waits
   * one pass at most.
   */
  async run(queue: Queue, now: number): Promise<MatchReport> {
    await this.ports.store.remember(queue);
    if (this.running) return new Promise<MatchReport>((resolve, reject) => this.waiting.push({ resolve, reject }));
    this.running = true;
    const first = this.pass(queue, now);
    void first.then(
      () => this.drain(queue),
      () => this.drain(queue),
    );
    return first;
  }

  /** The alarm: a pass over the queue last remembered. */
  async alarm(): Promise<void> {
    const queue = QueueSchema.safeParse(await this.ports.store.recall());
    if (queue.success) await this.run(queue.data, this.ports.clock.now());
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
        const report = await this.pass(queue, this.ports.clock.now());
        for (const caller of callers) caller.resolve(report);
      } catch (error) {
        for (const caller of callers) caller.reject(error);
      }
    }
  }

  /** One look at the queue: drop who left, pair, seat, and keep the alarm while anyone waits. */
  private async pass(queue: Queue, now: number): Promise<MatchReport> {
    const started = this.ports.clock.ticks();
    const key = queueKey(queue);
    const dropped = await this.dropClosedTabs(key, now);
    const entries = await this.ports.records.waiting(key);
    const { matches } = pairQueue(entries, queue, now);
    const { made, unable, unclaimed } = await this.seatAll(queue, key, matches);
    // Who waits now: the entries read, less the players seated, those dropped as unable to pay, and
    // those who left the queue (cancelled, or taken by another queue) before their claim.
    const waiting = entries.length - made * CAPACITY[queue.type] - unable - unclaimed;
    if (waiting > 0) await this.ports.store.setAlarm(this.ports.clock.now() + MATCHMAKER_TICK_MS);
    else await this.ports.store.deleteAlarm();
    if (made > 0) this.ports.passed?.(key, made, this.ports.clock.ticks() - started);
    return { games: made, waiting: Math.max(0, waiting), dropped: dropped + unable };
  }

  /**
   * A player whose waiting page stopped calling (QUEUE_STALE_MS) and whose channel is offline closed
   * the tab: they leave the queue (well within 30 s of closing it). A player whose page went
   * elsewhere but is still online (a practice game while waiting) keeps the place.
   */
  private async dropClosedTabs(key: string, now: number): Promise<number> {
    const stale = await this.ports.records.staleWaiting(key, now - QUEUE_STALE_MS);
    if (stale.length === 0) return 0;
    const online = new Set(await this.ports.records.online(stale));
    const gone = stale.filter((id) => !online.has(id));
    await this.ports.records.dropWaiting(gone);
    return gone.length;
  }

  /**
   * Seats one pass's matches (they share no player) in the same few round trips whatever their
   * number: one read of every matched player; one drop of those who can no longer pay or were
   * banned meanwhile (their match is not made, its others keep their place); one batch of the games
   * and the claims; the rooms opened side by side, each seat debiting its entry there through the
   * ledger as any seat does; one batch undoing the matches that fell through; the players told at once.
   */
  private async seatAll(queue: Queue, key: string, matches: Match[]): Promise<{ made: number; unable: number; unclaimed: number }> {
    if (matches.length === 0) return { made: 0, unable: 0, unclaimed: 0 };
    const { records, peers } = this.ports;
    const entry = ENTRY_COST[queue.mode];
    const groups = matches.map((match) => match.seats.map((seat) => seat.userId));
    const players = new Map((await records.players(groups.flat())).map((player) => [player.id, player]));
    const cannotPay = (id: string) => {
      const player = players.get(id);
      return !player || player.banned_at !== null || player.virtual_coins < entry;
    };
    const unable = groups.flat().filter(cannotPay);
    await records.dropWaiting(unable);

    const ready = groups.filter((ids) => !ids.some(cannotPay));
    const created = await records.createAndClaim(queue, key, ready);
    const failed: FailedMatch[] = [];
    let unclaimed = 0;
    const claimedAll = created.flatMap(({ game, claimed }, i) => {
      if (claimed.length === ready[i]!.length) return [{ game, ids: ready[i]! }];
      // Someone cancelled or was taken by another queue: the others keep their place.
      unclaimed += ready[i]!.length - claimed.length;
      failed.push({ gameId: game.id, claimed, close: true });
      return [];
    });

    const nowIso = new Date(this.ports.clock.now()).toISOString();
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
        return peers.room(game.id).openAssigned(game, seats, { noShowSeconds: MATCH_NO_SHOW_SECONDS, noShowRule: "bots" });
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
    await records.fallThrough(failed, nowIso);
    await this.notify(
      seated.flatMap(({ gameId, ids }) =>
        ids.map((id): [string, ChannelEvent] => [id, { type: "match_found", payload: { game_id: gameId } }]),
      ),
    );
    // A room that could not be reached may have opened: its players stay claimed (entering the
    // queue again sends them to that game), and the pass fails.
    const unreachable = opened.find((result) => result.status === "rejected");
    if (unreachable) throw unreachable.reason;
    return { made: seated.length, unable: unable.length, unclaimed };
  }

  private async notify(deliveries: [string, ChannelEvent][]): Promise<void> {
    const results = await Promise.allSettled(deliveries.map(([id, event]) => this.ports.peers.channel(id).notify(event)));
    for (const result of results) if (result.status === "rejected") this.ports.warn("match not pushed", result.reason);
  }
}
