import { z } from "zod";
import type { ChannelEvent } from "../protocol/channel";
import { ENTRY_COST } from "../protocol/constants";
import type { AssignedSeat } from "../room/api";
import { WaitingEntrySchema, type MatchReport, type WaitingEntry } from "./api";
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
import type { MatchmakerPorts, PlannedGame } from "./ports";
import { estimateWaitMs, rememberWaits, searchOffers } from "./search-policy";

// One quick-match queue (variant × type × mode), served by the Matchmaker Durable Object, which
// only wires its platform to these ports (ADR 070). Who waits is this object's own list, in its
// storage (ADR 122); which queue a player is in, and whether they were claimed for a game, is their
// PlayerChannel's word, so the channel tells this object who enters, leaves and whose sockets all
// closed. A pass drops who has been away too long, pairs with `pairQueue`, claims each match's
// players on their channels (a player who left or moved meanwhile is not claimed), writes the
// games in one D1 batch, opens each room with `openAssigned` (each seat debits its entry there, as
// any seat), and sends the players in through their channel; the ones still waiting hear how many
// search, the estimated wait and what they are offered (search-policy.ts) when any of it changes.
// While anyone waits, the alarm runs a pass every MATCHMAKER_TICK_MS, so an offer due at a stated
// time reaches the page within a tick of it, over the socket the page already holds.

const WaitingListSchema = z.array(WaitingEntrySchema);
/** The players already told a count hear a new one at most this often. */
export const COUNT_PUSH_MS = 2_000;

interface Caller {
  resolve(report: MatchReport): void;
  reject(error: unknown): void;
}

export class MatchmakerHost {
  /** A pass is running: passes never overlap. */
  private running = false;
  /** Callers that arrived during a pass: the next pass (which sees their entries) answers them. */
  private callers: Caller[] = [];
  /** Who waits, by player, as stored (loaded once). */
  private list: Map<string, WaitingEntry> | undefined;
  /** What each waiting player was last told (kept in memory: after an eviction each is told again). */
  private readonly told = new Map<string, { status: string; offers: string }>();
  /**
   * How long the players of this queue's latest matches waited (newest last), for the estimate;
   * kept in memory: an evicted queue estimates from its offers' times until it matches again.
   */
  private waits: number[] = [];
  /** When every waiting player was last brought up to date. */
  private countsAt = Number.NEGATIVE_INFINITY;

  constructor(private readonly ports: MatchmakerPorts) {}

  /**
   * One pass for this caller. A caller arriving during a pass is answered by the pass after it,
   * never by the whole burst that follows: under a stream of arrivals each player's request waits
   * one pass at most.
   */
  async run(queue: Queue, now: number): Promise<MatchReport> {
    await this.ports.store.remember(queue);
    if (this.running) return new Promise<MatchReport>((resolve, reject) => this.callers.push({ resolve, reject }));
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
      const callers = this.callers.splice(0);
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

  // ------------------------------------------------------------------ the waiting list

  private async waitingList(): Promise<Map<string, WaitingEntry>> {
    if (this.list) return this.list;
    const stored = WaitingListSchema.safeParse((await this.ports.store.loadWaiting()) ?? []);
    // Another event may have loaded it while this one awaited storage.
    this.list ??= new Map((stored.success ? stored.data : []).map((entry) => [entry.userId, entry]));
    return this.list;
  }

  private async persist(): Promise<void> {
    await this.ports.store.saveWaiting([...this.list!.values()]);
  }

  /** The player's channel puts them in the list (or again: the channel keeps their place's time), then a pass. */
  async join(queue: Queue, entry: WaitingEntry): Promise<MatchReport> {
    const list = await this.waitingList();
    // Entering again keeps the wider search the player already took.
    const widened = entry.widened || list.get(entry.userId)?.widened;
    list.set(entry.userId, widened ? { ...entry, widened } : entry);
    await this.persist();
    return this.run(queue, this.ports.clock.now());
  }

  async leave(queue: Queue, userId: string): Promise<void> {
    await this.ports.store.remember(queue);
    const list = await this.waitingList();
    if (!list.delete(userId)) return;
    this.told.delete(userId);
    await this.persist();
  }

  async away(queue: Queue, userId: string, since: number | null): Promise<void> {
    await this.ports.store.remember(queue);
    const list = await this.waitingList();
    const entry = list.get(userId);
    if (!entry || entry.awaySince === since) return;
    list.set(userId, { ...entry, awaySince: since });
    await this.persist();
    // The drop is a pass's decision: one must come while this player is away.
    if (since !== null) await this.ports.store.setAlarm(this.ports.clock.now() + MATCHMAKER_TICK_MS);
  }

  async waitingCount(): Promise<number> {
    return (await this.waitingList()).size;
  }

  /** The player takes the wider search (ranked), then a pass; false when they are not waiting here. */
  async widen(queue: Queue, userId: string): Promise<boolean> {
    if (queue.mode !== "ranked") return false;
    const list = await this.waitingList();
    const entry = list.get(userId);
    if (!entry) return false;
    if (!entry.widened) {
      list.set(userId, { ...entry, widened: true });
      await this.persist();
    }
    await this.run(queue, this.ports.clock.now());
    return true;
  }

  /** Where a player stands in this queue: how many search, whether they widened, the estimated wait. */
  async standing(queue: Queue, userId: string): Promise<{ searching: number; widened: boolean; estimateMs: number }> {
    const list = await this.waitingList();
    return { searching: list.size, widened: Boolean(list.get(userId)?.widened), estimateMs: estimateWaitMs(queue.mode, this.waits) };
  }

  // ------------------------------------------------------------------ the pass

  /** One look at the queue: drop who is gone, pair, seat, tell the others, and keep the alarm while anyone waits. */
  private async pass(queue: Queue, now: number): Promise<MatchReport> {
    const started = this.ports.clock.ticks();
    const key = queueKey(queue);
    const list = await this.waitingList();
    const dropped = await this.dropAway(key, now);
    const { matches } = pairQueue([...list.values()], queue, now);
    const { made, unable } = await this.seatAll(queue, key, matches);
    if (list.size > 0) await this.ports.store.setAlarm(this.ports.clock.now() + MATCHMAKER_TICK_MS);
    else await this.ports.store.deleteAlarm();
    await this.tellStatus(queue, key, now);
    if (made > 0) this.ports.passed?.(key, made, this.ports.clock.ticks() - started);
    return { games: made, waiting: list.size, dropped: dropped + unable };
  }

  /**
   * A player whose every channel socket has been closed for QUEUE_STALE_MS (the tab is closed) leaves
   * the queue. A player whose page went elsewhere but still holds a channel socket (a practice game
   * while waiting) keeps the place.
   */
  private async dropAway(key: string, now: number): Promise<number> {
    const gone = [...this.list!.values()].filter((e) => e.awaySince !== null && now - e.awaySince >= QUEUE_STALE_MS);
    if (gone.length === 0) return 0;
    await this.drop(
      key,
      gone.map((e) => e.userId),
      "away",
    );
    return gone.length;
  }

  /** Out of the list, and their channel told (it clears the membership and tells the page). */
  private async drop(key: string, userIds: string[], reason: "away" | "unable"): Promise<void> {
    if (userIds.length === 0) return;
    for (const id of userIds) {
      this.list!.delete(id);
      this.told.delete(id);
    }
    await this.persist();
    const results = await Promise.allSettled(userIds.map((id) => this.ports.peers.channel(id).droppedFromQueue(key, reason)));
    for (const result of results) if (result.status === "rejected") this.ports.warn("drop not told", result.reason);
  }

  /**
   * Seats one pass's matches (they share no player) in the same few round trips whatever their
   * number: one read of every matched player; the drop of those who can no longer pay or were
   * banned meanwhile (their match is not made, its others keep their place); the claims on the
   * players' channels side by side (a player who left or moved is not claimed, and goes from the
   * list); one batch of the games fully claimed; the rooms opened side by side, each seat debiting
   * its entry there through the ledger as any seat does; the players told at once.
   */
  private async seatAll(queue: Queue, key: string, matches: Match[]): Promise<{ made: number; unable: number }> {
    if (matches.length === 0) return { made: 0, unable: 0 };
    const { records, peers } = this.ports;
    const entry = ENTRY_COST[queue.mode];
    const groups = matches.map((match) => match.seats.map((seat) => seat.userId));
    const players = new Map((await records.players(groups.flat())).map((player) => [player.id, player]));
    const cannotPay = (id: string) => {
      const player = players.get(id);
      return !player || player.banned_at !== null || player.virtual_coins < entry;
    };
    const unable = groups.flat().filter(cannotPay);
    await this.drop(key, unable, "unable");

    const planned = groups.filter((ids) => !ids.some(cannotPay)).map((ids) => ({ gameId: this.ports.newId(), ids }));
    const claims = await Promise.all(
      planned.map(({ gameId, ids }) =>
        Promise.allSettled(ids.map((id) => peers.channel(id).claimForMatch(key, gameId))).then((answers) =>
          answers.map((answer) => (answer.status === "fulfilled" ? answer.value : null)),
        ),
      ),
    );
    const claimed: { gameId: string; ids: string[]; entries: WaitingEntry[] }[] = [];
    const fellThrough: { gameId: string; ids: string[] }[] = [];
    const elsewhere: string[] = [];
    planned.forEach(({ gameId, ids }, i) => {
      const answers = claims[i]!;
      if (answers.every((answer) => answer === true)) {
        claimed.push({ gameId, ids, entries: ids.map((id) => this.list!.get(id)!).filter(Boolean) });
        return;
      }
      // Someone cancelled or moved to another queue (their channel said no): they go from this
      // list; the others keep their place. A channel that did not answer keeps its player here.
      ids.forEach((id, j) => answers[j] === false && elsewhere.push(id));
      fellThrough.push({ gameId, ids: ids.filter((_, j) => answers[j] !== false) });
    });
    for (const id of [...elsewhere, ...claimed.flatMap((match) => match.ids)]) {
      this.list!.delete(id);
      this.told.delete(id);
    }
    await this.persist();
    await this.release(fellThrough);

    let games;
    try {
      games = await records.createGames(
        queue,
        claimed.map(({ gameId, ids }): PlannedGame => ({ id: gameId, createdBy: ids[0]! })),
      );
    } catch (error) {
      await this.putBack(claimed);
      throw error;
    }

    const nowIso = new Date(this.ports.clock.now()).toISOString();
    const opened = await Promise.allSettled(
      claimed.map(({ gameId, ids }) => {
        const seats: AssignedSeat[] = ids.map((id) => {
          const player = players.get(id)!;
          return {
            userId: id,
            nickname: player.nickname,
            avatarUrl: player.avatar_url,
            isPremium: Boolean(player.premium_until && player.premium_until > nowIso),
            rating: player.ranking_points,
            ...(player.games_private ? { gamesPrivate: true } : {}),
            entry,
          };
        });
        const game = games.find((row) => row.id === gameId)!;
        return peers.room(gameId).openAssigned(game, seats, { noShowSeconds: MATCH_NO_SHOW_SECONDS, noShowRule: "bots" });
      }),
    );
    const seated: { gameId: string; ids: string[] }[] = [];
    const refused: typeof claimed = [];
    opened.forEach((result, i) => {
      const match = claimed[i]!;
      if (result.status === "rejected") return;
      if (result.value.ok) seated.push(match);
      // The room cancelled the game and returned what it took; a balance spent meanwhile is the
      // likely cause: everyone goes back to waiting, and the next pass drops who cannot pay.
      else refused.push(match);
    });
    await this.putBack(refused);
    const seatedAt = this.ports.clock.now();
    this.waits = rememberWaits(
      this.waits,
      seated.flatMap(({ ids }) => {
        const match = claimed.find((c) => c.ids === ids);
        return match ? match.entries.map((e) => seatedAt - e.joinedAt) : [];
      }),
    );
    await this.notify(
      seated.flatMap(({ gameId, ids }) =>
        ids.map((id): [string, ChannelEvent] => [id, { type: "match_found", payload: { game_id: gameId } }]),
      ),
    );
    // A room that could not be reached may have opened: its players stay claimed (entering the
    // queue again sends them to that game), and the pass fails.
    const unreachable = opened.find((result) => result.status === "rejected");
    if (unreachable) throw unreachable.reason;
    return { made: seated.length, unable: unable.length };
  }

  /** Claimed players whose match fell through wait again, in their place. */
  private async putBack(matches: { gameId: string; ids: string[]; entries: WaitingEntry[] }[]): Promise<void> {
    if (matches.length === 0) return;
    for (const match of matches) for (const entry of match.entries) this.list!.set(entry.userId, entry);
    await this.persist();
    await this.release(matches);
  }

  /** Gives claims back on the players' channels (their match fell through). */
  private async release(matches: { gameId: string; ids: string[] }[]): Promise<void> {
    const results = await Promise.allSettled(
      matches.flatMap(({ gameId, ids }) => ids.map((id) => this.ports.peers.channel(id).releaseMatch(gameId))),
    );
    for (const result of results) if (result.status === "rejected") this.ports.warn("claim not released", result.reason);
  }

  /**
   * Each waiting player with a socket hears how many search, the estimated wait and what they are
   * offered, when that changed for them: a newcomer and a new offer at once, the rest at most every
   * COUNT_PUSH_MS (a busy queue's count changes on every pass, and each push is a call per player).
   */
  private async tellStatus(queue: Queue, key: string, now: number): Promise<void> {
    const searching = this.list!.size;
    const estimate_ms = estimateWaitMs(queue.mode, this.waits);
    const all = now - this.countsAt >= COUNT_PUSH_MS;
    const deliveries: [string, ChannelEvent][] = [];
    for (const e of this.list!.values()) {
      if (e.awaySince !== null) continue;
      const widened = Boolean(e.widened);
      const offers = searchOffers(queue.mode, now - e.joinedAt, widened);
      const told = { status: `${searching}|${estimate_ms}|${widened}`, offers: `${offers.widen}|${offers.bots}` };
      const before = this.told.get(e.userId);
      if (before && before.status === told.status && before.offers === told.offers) continue;
      if (before && before.offers === told.offers && !all) continue;
      this.told.set(e.userId, told);
      deliveries.push([e.userId, { type: "queue_update", payload: { queue_key: key, searching, estimate_ms, offers, widened } }]);
    }
    if (all && deliveries.length > 0) this.countsAt = now;
    await this.notify(deliveries);
  }

  private async notify(deliveries: [string, ChannelEvent][]): Promise<void> {
    const results = await Promise.allSettled(deliveries.map(([id, event]) => this.ports.peers.channel(id).notify(event)));
    for (const result of results) if (result.status === "rejected") this.ports.warn("event not pushed", result.reason);
  }
}
