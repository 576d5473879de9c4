import type { AppLoadContext } from "@remix-run/cloudflare";
import type { User } from "../../db/schema";
import { primaryUser } from "./auth.server";
import { gameIsOpen, openGameOf } from "../../db/matchmaking";
import type { Membership } from "../../game/channel/queue-membership";
import type { MatchmakerRpc } from "../../game/matchmaking/api";
import { parseQueueKey, queueKey, type Queue } from "../../game/matchmaking/pairing";
import { estimateWaitMs, searchOffers } from "../../game/matchmaking/search-policy";
import { ENTRY_COST } from "../../game/protocol/constants";
import { refusal, type Outcome } from "./http.server";
import { rateLimited } from "./rate-limit.server";
import { serverT } from "./i18n.server";
import { stubOf } from "../../db/stubs";
import { channel } from "./channels.server";

// Quick match: the one decision behind the home page's queue buttons (a form
// that works before hydration), the waiting page, and `/api/matchmaking`. The player's
// PlayerChannel holds which queue they are in (ADR 122) and tells the queue's Matchmaker, which
// keeps who waits, pairs and seats.

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
      /** A game against the computer, keeping the place (casual after 20 s, ranked after 60 s; practice). */
      offer_bots: boolean;
      /** Ranked after 30 s: the wider search (any rating difference), until the player takes it. */
      offer_widen: boolean;
      /** The player took the wider search. */
      widened: boolean;
      /** The typical wait in this queue, from its recent matches (game/matchmaking/search-policy.ts). */
      estimate_ms: number;
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
    const held = await channel(context, user.id).queueState();
    if (held?.gameId === seated) return { ok: true, data: { state: "matched", game_id: seated } };
    return refusal(409, t("errors:alreadyInGame"), "in_game");
  }
  const entry = ENTRY_COST[queue.mode];
  // The session's row may be a replica's: a refusal it would cause is decided on the primary's row.
  if (user.virtual_coins < entry && (await primaryUser(context, user)).virtual_coins < entry) {
    return refusal(400, t("errors:queueInsufficient", { n: entry }));
  }
  const player = channel(context, user.id);
  let entered = await player.enterQueue(user.id, queue, user.ranking_points);
  if (entered.state === "matched" && !(await gameIsOpen(context.db, entered.gameId))) {
    // A claim whose game is over (never reached): it ends, and the player enters anew.
    await player.forgetMatch(entered.gameId);
    entered = await player.enterQueue(user.id, queue, user.ranking_points);
  }
  if (entered.state !== "waiting") return { ok: true, data: stateOf(null, entered, Date.now()) };
  const standing = await matchmaker(context, queue).standing(queue, user.id);
  return { ok: true, data: stateOf(entered.membership, { ...entered, ...standing }, Date.now()) };
}

interface Standing {
  searching?: number;
  widened?: boolean;
  estimateMs?: number;
}

function stateOf(held: Membership | null, found: { state: string; gameId?: string } & Standing, now: number): QueueState {
  if (found.state === "matched" && found.gameId) return { state: "matched", game_id: found.gameId };
  const queue = held ? parseQueueKey(held.queueKey) : null;
  if (!held || !queue) return { state: "none" };
  const widened = found.widened ?? false;
  const offers = searchOffers(queue.mode, now - held.joinedAt, widened);
  return {
    state: "waiting",
    queue,
    joined_at: held.joinedAt,
    now,
    searching: Math.max(1, found.searching ?? 1),
    offer_bots: offers.bots,
    offer_widen: offers.widen,
    widened,
    estimate_ms: found.estimateMs ?? estimateWaitMs(queue.mode, []),
  };
}

/** Where the player stands: their channel's word, and the count of their queue's Matchmaker. */
export async function queueStateOf(context: AppLoadContext, userId: string): Promise<QueueState> {
  const held = await channel(context, userId).queueState();
  if (!held) return { state: "none" };
  if (held.gameId) return { state: "matched", game_id: held.gameId };
  const queue = parseQueueKey(held.queueKey);
  if (!queue) return { state: "none" };
  const standing = await matchmaker(context, queue).standing(queue, userId);
  return stateOf(held, { state: "waiting", ...standing }, Date.now());
}

/** The player takes the wider search in their ranked queue (false when not waiting in one). */
export async function widenSearchFor(context: AppLoadContext, userId: string): Promise<boolean> {
  const held = await channel(context, userId).queueState();
  const queue = held && !held.gameId ? parseQueueKey(held.queueKey) : null;
  if (!queue || queue.mode !== "ranked") return false;
  return matchmaker(context, queue).widen(queue, userId);
}

/** The queue the player is still searching in (not yet matched), for the banner on other pages. */
export async function searchingQueueOf(context: AppLoadContext, userId: string): Promise<Queue | null> {
  const held = await channel(context, userId).queueState();
  return held && !held.gameId ? parseQueueKey(held.queueKey) : null;
}

/** The player reached their matched game: the queue forgets them. */
export async function arrivedAt(context: AppLoadContext, userId: string, gameId: string): Promise<void> {
  await channel(context, userId).forgetMatch(gameId);
}

/** Cancels the wait (nothing was charged). Too late when a matchmaker already seated the player: answers that game. */
export async function cancelQueueFor(context: AppLoadContext, userId: string): Promise<{ left: boolean; game_id: string | null }> {
  const left = await channel(context, userId).leaveQueue();
  return { left: left.left, game_id: left.gameId };
}

/**
 * A player who takes a seat elsewhere (a room, an open table, a code) leaves their queue first: one
 * queue or one game. Answers the game a matchmaker seated them in meanwhile, if it is still open.
 */
export async function stepOutOfQueue(context: AppLoadContext, userId: string): Promise<string | null> {
  const player = channel(context, userId);
  const left = await player.leaveQueue();
  if (!left.gameId) return null;
  const open = await openGameOf(context.db, userId);
  if (open === left.gameId) return open;
  await player.forgetMatch(left.gameId);
  return null;
}
