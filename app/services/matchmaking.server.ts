import type { AppLoadContext } from "@remix-run/cloudflare";
import type { User } from "../../db/schema";
import { enterQueue, forgetMatch, leaveQueue, openGameOf, queueRowOf, touchQueue, waitingCount } from "../../db/matchmaking";
import type { MatchmakerRpc } from "../../game/matchmaking/api";
import { BOTS_OFFER_MS, parseQueueKey, queueKey, type Queue } from "../../game/matchmaking/pairing";
import { ENTRY_COST } from "../../game/protocol/constants";
import { refusal, type Outcome } from "./http.server";
import { rateLimited } from "./rate-limit.server";
import { serverT } from "./i18n.server";
import { stubOf } from "../../db/stubs";

// Quick match: the one decision behind the home page's queue buttons (a form
// that works before hydration), the waiting page, and `/api/matchmaking`. The queue is D1 rows
// (db/matchmaking.ts); the Matchmaker object of the queue pairs and seats.

function matchmaker(context: AppLoadContext, queue: Queue): MatchmakerRpc {
  return stubOf<MatchmakerRpc>(context.cloudflare.env.MATCHMAKER, queueKey(queue));
}

export type QueueState =
  | { state: "none" }
  | { state: "matched"; game_id: string }
  | {
      state: "waiting";
      queue: Queue;
      joined_at: number;
      now: number;
      /** How many are searching in this queue, the player included. */
      searching: number;
      /** A casual player alone 20 s is offered a game against the computer (keeping the place). */
      offer_bots: boolean;
    };

/**
 * Puts the player in a queue and pairs at once. Refused while the player holds a seat in an open
 * game (one game at a time; the game a match just gave them is answered instead) or cannot pay the
 * entry; nothing is charged here: the entry is debited by the room when the match seats them.
 * Counts `matchmaking`.
 */
export async function enterQueueFor(context: AppLoadContext, request: Request, user: User, queue: Queue): Promise<Outcome<QueueState>> {
  const limited = await rateLimited(context, request, "matchmaking", user);
  if (limited) return limited;
  const t = await serverT(request);
  const seated = await openGameOf(context.db, user.id);
  if (seated) {
    // A second press right after a match, before the player reached the room: the match's game.
    const row = await queueRowOf(context.db, user.id);
    if (row?.game_id === seated) return { ok: true, data: { state: "matched", game_id: seated } };
    return refusal(409, t("errors:alreadyInGame"), "in_game");
  }
  const entry = ENTRY_COST[queue.mode];
  if (user.virtual_coins < entry) return refusal(400, t("errors:queueInsufficient", { n: entry }));
  const now = Date.now();
  const entered = await enterQueue(context.db, { userId: user.id, queueKey: queueKey(queue), rating: user.ranking_points, now });
  if (!entered.queued) return { ok: true, data: { state: "matched", game_id: entered.gameId } };
  try {
    await matchmaker(context, queue).kick(queue);
  } catch (error) {
    // The queue row stands; the matchmaker's next look (or the next kick) pairs the player.
    console.warn("matchmaker not reached", error);
  }
  return { ok: true, data: await queueStateOf(context, user.id) };
}

/** Where the player stands; a waiting player's page calling here keeps them in the queue. */
export async function queueStateOf(context: AppLoadContext, userId: string, touch = false): Promise<QueueState> {
  const row = await queueRowOf(context.db, userId);
  if (!row) return { state: "none" };
  if (row.game_id) return { state: "matched", game_id: row.game_id };
  const queue = parseQueueKey(row.queue_key);
  if (!queue) return { state: "none" };
  const now = Date.now();
  if (touch) await touchQueue(context.db, userId, now);
  return {
    state: "waiting",
    queue,
    joined_at: row.joined_at,
    now,
    searching: await waitingCount(context.db, row.queue_key),
    offer_bots: queue.mode === "casual" && now - row.joined_at >= BOTS_OFFER_MS,
  };
}

/** The queue the player is still searching in (not yet matched), for the banner on other pages. */
export async function searchingQueueOf(context: AppLoadContext, userId: string): Promise<Queue | null> {
  const row = await queueRowOf(context.db, userId);
  return row && !row.game_id ? parseQueueKey(row.queue_key) : null;
}

/** The player reached their matched game: the queue forgets them. */
export async function arrivedAt(context: AppLoadContext, userId: string, gameId: string): Promise<void> {
  await forgetMatch(context.db, userId, gameId);
}

/** Cancels the wait (nothing was charged). Too late when a matchmaker already seated the player: answers that game. */
export async function cancelQueueFor(context: AppLoadContext, userId: string): Promise<{ left: boolean; game_id: string | null }> {
  const left = await leaveQueue(context.db, userId);
  return { left: left.left, game_id: left.gameId };
}

/**
 * A player who takes a seat elsewhere (a room, an open table, a code) leaves their queue first: one
 * queue or one game. Answers the game a matchmaker seated them in meanwhile, if it is still open.
 */
export async function stepOutOfQueue(context: AppLoadContext, userId: string): Promise<string | null> {
  const left = await leaveQueue(context.db, userId);
  if (!left.gameId) return null;
  const open = await openGameOf(context.db, userId);
  if (open === left.gameId) return open;
  await forgetMatch(context.db, userId, left.gameId);
  return null;
}
