import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, desc, eq, inArray, isNull, ne, notInArray, or, sql } from "drizzle-orm";
import { changes, isUniqueViolation } from "../../db/ledger";
import { containsPattern, foldedSql, friendIdsOf } from "../../db/friends";
import { PLAYER_PROFILE, playerLines, type PlayerLine } from "../../db/players";
import { friendRequests, friendships, users, type FriendRequest, type User } from "../../db/schema";
import type { PresenceUpdate } from "../../game/protocol/channel";
import type { Friend, FriendRequestView } from "../../game/protocol/channel";
import { FRIENDS_MAX, SEARCH_MAX_RESULTS, foldText, orderedPair } from "../../game/channel/friends";
import { channel, notifyAll } from "./channels.server";
import type { Outcome, Refusal } from "./http.server";
import { rateLimited } from "./rate-limit.server";
import { FRIEND_REFUSALS, refusalOf } from "./refusals.server";

// Friends (spec §2, §3, §4, §7): requests, the list with presence, search. Every rule
// the issue names is checked here with a clear refusal, and the database holds the ones that
// races could break: one pending request per pair (a partial unique index), one friendship per
// pair (its primary key), and the friend limit inside the accepting batch. Each change is pushed
// to the players' live channels once it is written. The exported actions answer an Outcome (the
// API route and the /friends page's form the same) and count their rate limit.

/** A friend as the list shows them: spec §3 Friend, plus their games for the screen. */
export interface FriendEntry extends Friend {
  games_played: number;
  games_won: number;
}

/** Spec §3 user search result, plus how the searcher relates to them. */
export interface SearchResult extends PlayerLine {
  /**
   * Already a friend, they sent the searcher a request (its id, to accept it), or (the /friends
   * page only) the searcher sent them one that waits (its id, to cancel it).
   */
  relationship: "none" | "friend" | "request_received" | "request_sent";
  request_id: string | null;
}

/** A request the player sent that is still waiting. */
export interface SentRequest {
  id: string;
  created_at: string;
  user: FriendRequestView["friend_profile"];
}

export type FriendError =
  | "self"
  | "player_not_found"
  | "already_friends"
  | "already_requested"
  | "limit_self"
  | "limit_other"
  | "request_not_found"
  | "not_addressee"
  | "not_sender"
  | "request_closed"
  | "not_friends";

/** The internal steps' result; the exported actions turn a refusal into an Outcome (friendRefusal). */
type FriendResult<T> = ({ ok: true } & T) | { ok: false; error: FriendError };

const now = () => new Date().toISOString();

/** A friend's line adds what only friends may see: their status and since when (from the players' channels, not D1). */
function toFriend(row: PlayerLine, presence: PresenceUpdate | undefined): FriendEntry {
  const status = presence?.status ?? "offline";
  return { ...row, status, status_at: presence?.at ?? 0, is_online: status !== "offline" };
}

const STATUS_ORDER = { playing: 0, online: 1, offline: 2 } as const;

/** GET /api/friends: every friend, online ones first, then by nickname. Only friends' statuses are ever read. */
export async function listFriends(context: AppLoadContext, userId: string): Promise<FriendEntry[]> {
  return (await listFriendsPlaying(context, userId)).friends;
}

/** The friends page's list: the API's, and the game each friend playing is in (what "Assistir" opens). */
export async function listFriendsPlaying(
  context: AppLoadContext,
  userId: string,
): Promise<{ friends: FriendEntry[]; games: Record<string, string> }> {
  const [rows, statuses] = await Promise.all([
    playerLines(context.db).where(inArray(users.id, friendIdsOf(userId))),
    channel(context, userId).friendStatuses(userId),
  ]);
  const byId = new Map(statuses.map((update) => [update.user_id, update]));
  const friends = rows
    .map((row) => toFriend(row, byId.get(row.id)))
    .sort(
      (a, b) => STATUS_ORDER[a.status] - STATUS_ORDER[b.status] || a.nickname.localeCompare(b.nickname, "pt-BR", { sensitivity: "base" }),
    );
  const games: Record<string, string> = {};
  for (const update of statuses) if (update.status === "playing" && update.game_id) games[update.user_id] = update.game_id;
  return { friends, games };
}

/** One friend as `viewerId` sees them; null if they are not friends. */
export async function friendOf(context: AppLoadContext, viewerId: string, friendId: string): Promise<FriendEntry | null> {
  const row = await playerLines(context.db)
    .where(and(eq(users.id, friendId), inArray(users.id, friendIdsOf(viewerId))))
    .get();
  if (!row) return null;
  const { visible, at } = await channel(context, friendId).status();
  return toFriend(row, { user_id: friendId, status: visible, at });
}

export async function friendCount(context: AppLoadContext, userId: string): Promise<number> {
  const row = await context.db
    .select({ n: sql<number>`count(*)` })
    .from(friendships)
    .where(or(eq(friendships.user_a_id, userId), eq(friendships.user_b_id, userId)))
    .get();
  return row?.n ?? 0;
}

/** GET /api/friends/requests: the requests the player received and has not answered, newest first. */
export async function receivedRequests(context: AppLoadContext, userId: string): Promise<FriendRequestView[]> {
  const rows = await context.db
    .select({ id: friendRequests.id, created_at: friendRequests.created_at, friend_profile: PLAYER_PROFILE })
    .from(friendRequests)
    .innerJoin(users, eq(users.id, friendRequests.sender_id))
    .where(and(eq(friendRequests.receiver_id, userId), eq(friendRequests.status, "pending"), isNull(users.banned_at)))
    .orderBy(desc(friendRequests.created_at));
  return rows;
}

export async function pendingRequestCount(context: AppLoadContext, userId: string): Promise<number> {
  const row = await context.db
    .select({ n: sql<number>`count(*)` })
    .from(friendRequests)
    .innerJoin(users, eq(users.id, friendRequests.sender_id))
    .where(and(eq(friendRequests.receiver_id, userId), eq(friendRequests.status, "pending"), isNull(users.banned_at)))
    .get();
  return row?.n ?? 0;
}

/** The requests the player sent that still wait for an answer, newest first. */
export async function sentRequests(context: AppLoadContext, userId: string): Promise<SentRequest[]> {
  return context.db
    .select({ id: friendRequests.id, created_at: friendRequests.created_at, user: PLAYER_PROFILE })
    .from(friendRequests)
    .innerJoin(users, eq(users.id, friendRequests.receiver_id))
    .where(and(eq(friendRequests.sender_id, userId), eq(friendRequests.status, "pending"), isNull(users.banned_at)))
    .orderBy(desc(friendRequests.created_at));
}

/** Players this one already sent a pending request to: they leave the search (spec §8). */
function pendingSentTo(userId: string) {
  return sql`(SELECT ${friendRequests.receiver_id} FROM ${friendRequests} WHERE ${friendRequests.sender_id} = ${userId} AND ${friendRequests.status} = 'pending')`;
}

/**
 * GET /api/users/search: nicknames containing the term, case- and accent-insensitive (both sides
 * folded the same way, game/channel/friends.ts), without the searcher, banned players or players the
 * searcher already asked; nicknames that start with the term first, then by points; at most 20.
 * (Computer players have no user row: they cannot be found.)
 */
export async function searchPlayers(
  context: AppLoadContext,
  request: Request,
  searcher: User,
  term: string,
  { keepAsked = false }: { keepAsked?: boolean } = {},
): Promise<Outcome<SearchResult[]>> {
  const limited = await rateLimited(context, request, "user_search", searcher);
  if (limited) return limited;
  return { ok: true, data: await playersMatching(context, searcher, term, keepAsked) };
}

/**
 * `keepAsked`: players the searcher already asked stay, marked `request_sent` (the /friends page,
 * where a row that vanishes after "Adicionar" reads as "nobody found"); the API leaves them out.
 */
async function playersMatching(context: AppLoadContext, searcher: User, term: string, keepAsked: boolean): Promise<SearchResult[]> {
  const folded = foldText(term);
  const nickname = foldedSql(users.nickname);
  const rows = await playerLines(context.db, {
    is_friend: sql<number>`${users.id} IN ${friendIdsOf(searcher.id)}`,
    // Aliased: inside the subquery a bare "id" would be the request's own.
    request_id: sql<string | null>`(SELECT fr.id FROM ${friendRequests} fr WHERE fr.sender_id = "users"."id"
        AND fr.receiver_id = ${searcher.id} AND fr.status = 'pending')`,
    sent_id: sql<string | null>`(SELECT fr.id FROM ${friendRequests} fr WHERE fr.sender_id = ${searcher.id}
        AND fr.receiver_id = "users"."id" AND fr.status = 'pending')`,
  })
    .where(
      and(
        ne(users.id, searcher.id),
        isNull(users.banned_at),
        sql`${nickname} LIKE ${containsPattern(folded)} ESCAPE '\\'`,
        keepAsked ? undefined : notInArray(users.id, pendingSentTo(searcher.id)),
      ),
    )
    .orderBy(sql`CASE WHEN instr(${nickname}, ${folded}) = 1 THEN 0 ELSE 1 END`, desc(users.ranking_points), users.nickname)
    .limit(SEARCH_MAX_RESULTS);
  return rows.map(({ is_friend, request_id, sent_id, ...row }) => {
    if (is_friend) return { ...row, relationship: "friend", request_id: null };
    if (request_id) return { ...row, relationship: "request_received", request_id };
    if (sent_id) return { ...row, relationship: "request_sent", request_id: sent_id };
    return { ...row, relationship: "none", request_id: null };
  });
}

export type Relationship = SearchResult["relationship"];

/** How `viewerId` relates to one other player (a leaderboard card's "Adicionar" reads it). */
export async function relationshipWith(context: AppLoadContext, viewerId: string, otherId: string): Promise<Relationship> {
  if (viewerId === otherId) return "none";
  const [friends, pending] = await Promise.all([areFriends(context, viewerId, otherId), pendingBetween(context, viewerId, otherId)]);
  if (friends) return "friend";
  if (!pending) return "none";
  return pending.sender_id === viewerId ? "request_sent" : "request_received";
}

/** A few strong players the player has nothing to do with yet: the empty friends list's way in. */
export async function suggestedPlayers(context: AppLoadContext, userId: string, limit = 5): Promise<SearchResult[]> {
  const rows = await playerLines(context.db)
    .where(
      and(
        ne(users.id, userId),
        isNull(users.banned_at),
        notInArray(users.id, friendIdsOf(userId)),
        notInArray(users.id, pendingSentTo(userId)),
        notInArray(
          users.id,
          sql`(SELECT ${friendRequests.sender_id} FROM ${friendRequests} WHERE ${friendRequests.receiver_id} = ${userId} AND ${friendRequests.status} = 'pending')`,
        ),
      ),
    )
    .orderBy(desc(users.ranking_points), users.nickname)
    .limit(limit);
  return rows.map((row) => ({ ...row, relationship: "none", request_id: null }));
}

function areFriendsSql(one: string, other: string) {
  const [a, b] = orderedPair(one, other);
  return sql`EXISTS (SELECT 1 FROM ${friendships} WHERE ${friendships.user_a_id} = ${a} AND ${friendships.user_b_id} = ${b})`;
}

async function areFriends(context: AppLoadContext, one: string, other: string): Promise<boolean> {
  const row = await context.db
    .select({ yes: sql<number>`1` })
    .from(users)
    .where(and(eq(users.id, one), areFriendsSql(one, other)))
    .get();
  return Boolean(row);
}

async function pendingBetween(context: AppLoadContext, one: string, other: string): Promise<FriendRequest | null> {
  const row = await context.db
    .select()
    .from(friendRequests)
    .where(
      and(
        eq(friendRequests.status, "pending"),
        or(
          and(eq(friendRequests.sender_id, one), eq(friendRequests.receiver_id, other)),
          and(eq(friendRequests.sender_id, other), eq(friendRequests.receiver_id, one)),
        ),
      ),
    )
    .get();
  return row ?? null;
}

export type Sent = { status: "pending"; request: { id: string; created_at: string } } | { status: "accepted"; friend: FriendEntry };
type SendOutcome = FriendResult<Sent>;

/**
 * POST /api/friends/request. Refused: to oneself, to an unknown or banned player, to a friend, a
 * second pending request, past the friend limit. A request the other player already sent is
 * accepted instead, also when both send at the same moment (the pending-pair index lets only one
 * request in; the loser finds the winner's and accepts it). Counts `friend_request`.
 */
export async function sendRequest(context: AppLoadContext, request: Request, sender: User, receiverId: string): Promise<Outcome<Sent>> {
  const limited = await rateLimited(context, request, "friend_request", sender);
  if (limited) return limited;
  const sent = await send(context, sender, receiverId);
  if (!sent.ok) return friendRefusal(request, sent.error);
  const { ok: _ok, ...data } = sent;
  return { ok: true, data };
}

async function send(context: AppLoadContext, sender: User, receiverId: string): Promise<SendOutcome> {
  if (receiverId === sender.id) return { ok: false, error: "self" };
  const receiver = await context.db.select({ id: users.id, banned_at: users.banned_at }).from(users).where(eq(users.id, receiverId)).get();
  if (!receiver || receiver.banned_at) return { ok: false, error: "player_not_found" };
  if (await areFriends(context, sender.id, receiverId)) return { ok: false, error: "already_friends" };
  const pending = await pendingBetween(context, sender.id, receiverId);
  if (pending) return pending.sender_id === sender.id ? { ok: false, error: "already_requested" } : acceptPending(context, sender, pending);
  if ((await friendCount(context, sender.id)) >= FRIENDS_MAX) return { ok: false, error: "limit_self" };

  const id = crypto.randomUUID();
  const createdAt = now();
  let inserted: number;
  try {
    // Written only while they are not friends and the addressee is not banned (both could change since the checks).
    const result = await context.db.run(sql`INSERT INTO ${friendRequests} (id, sender_id, receiver_id, status, created_at)
      SELECT ${id}, ${sender.id}, ${receiverId}, 'pending', ${createdAt}
      WHERE NOT ${areFriendsSql(sender.id, receiverId)}
        AND EXISTS (SELECT 1 FROM ${users} WHERE ${users.id} = ${receiverId} AND ${users.banned_at} IS NULL)`);
    inserted = changes(result);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // A pending request between the two got in first: theirs is accepted, ours was already there.
    const raced = await pendingBetween(context, sender.id, receiverId);
    if (raced && raced.sender_id !== sender.id) return acceptPending(context, sender, raced);
    if (raced) return { ok: false, error: "already_requested" };
    return (await areFriends(context, sender.id, receiverId)) ? { ok: false, error: "already_friends" } : send(context, sender, receiverId);
  }
  if (inserted === 0) {
    return { ok: false, error: (await areFriends(context, sender.id, receiverId)) ? "already_friends" : "player_not_found" };
  }
  const request: FriendRequestView = {
    id,
    created_at: createdAt,
    friend_profile: { id: sender.id, nickname: sender.nickname, avatar_url: sender.avatar_url, ranking_points: sender.ranking_points },
  };
  await notifyAll(context, [[receiverId, { type: "friend_request", payload: { request } }]]);
  return { ok: true, status: "pending", request: { id, created_at: createdAt } };
}

/** The request, if `user` may answer it. */
async function answerable(context: AppLoadContext, user: User, requestId: string): Promise<FriendResult<{ request: FriendRequest }>> {
  const request = await context.db.select().from(friendRequests).where(eq(friendRequests.id, requestId)).get();
  // Someone else's request is not even acknowledged; the sender learns that only the addressee answers.
  if (!request || (request.receiver_id !== user.id && request.sender_id !== user.id)) return { ok: false, error: "request_not_found" };
  if (request.receiver_id !== user.id) return { ok: false, error: "not_addressee" };
  if (request.status !== "pending") return { ok: false, error: "request_closed" };
  return { ok: true, request };
}

/** POST /api/friends/{id}/accept (id: the request's). Counts `friend_response`. */
export async function acceptRequest(
  context: AppLoadContext,
  request: Request,
  user: User,
  requestId: string,
): Promise<Outcome<{ friend: FriendEntry }>> {
  const limited = await rateLimited(context, request, "friend_response", user);
  if (limited) return limited;
  const found = await answerable(context, user, requestId);
  if (!found.ok) return friendRefusal(request, found.error);
  const accepted = await acceptPending(context, user, found.request);
  return accepted.ok ? { ok: true, data: { friend: accepted.friend } } : friendRefusal(request, accepted.error);
}

/**
 * The friendship and the request's answer in one batch: the friendship is written only while the
 * request is pending and both players are under the limit; the request is marked accepted only if
 * the friendship exists. A second accept, or one past the limit, changes nothing.
 */
async function acceptPending(
  context: AppLoadContext,
  user: User,
  request: FriendRequest,
): Promise<FriendResult<{ status: "accepted"; friend: FriendEntry }>> {
  const { db } = context;
  const [a, b] = orderedPair(request.sender_id, request.receiver_id);
  const at = now();
  const under = (id: string) =>
    sql`(SELECT count(*) FROM ${friendships} WHERE ${friendships.user_a_id} = ${id} OR ${friendships.user_b_id} = ${id}) < ${FRIENDS_MAX}`;
  const [, update] = await db.batch([
    // INSERT … SELECT (the columns in table order: user_a_id, user_b_id, created_at), guarded.
    db
      .insert(friendships)
      .select(
        sql`SELECT ${a}, ${b}, ${at}
      WHERE EXISTS (SELECT 1 FROM ${friendRequests} WHERE ${friendRequests.id} = ${request.id} AND ${friendRequests.status} = 'pending')
        AND ${under(a)} AND ${under(b)}`,
      )
      .onConflictDoNothing(),
    db
      .update(friendRequests)
      .set({ status: "accepted", responded_at: at })
      .where(and(eq(friendRequests.id, request.id), eq(friendRequests.status, "pending"), areFriendsSql(a, b))),
  ]);
  if (changes(update) !== 1) {
    const current = await db.select({ status: friendRequests.status }).from(friendRequests).where(eq(friendRequests.id, request.id)).get();
    if (current?.status !== "pending") return { ok: false, error: "request_closed" };
    return { ok: false, error: (await friendCount(context, user.id)) >= FRIENDS_MAX ? "limit_self" : "limit_other" };
  }
  const other = request.sender_id === user.id ? request.receiver_id : request.sender_id;
  const [friend, me] = await Promise.all([friendOf(context, user.id, other), friendOf(context, other, user.id)]);
  if (friend && me) {
    await notifyAll(context, [
      [user.id, { type: "friend_added", payload: { friend: asFriend(friend) } }],
      [other, { type: "friend_added", payload: { friend: asFriend(me) } }],
    ]);
  }
  return { ok: true, status: "accepted", friend: friend! };
}

/** Spec §3 Friend, exactly (what the channel pushes). */
function asFriend(entry: FriendEntry): Friend {
  const { games_played: _played, games_won: _won, ...friend } = entry;
  return friend;
}

/** POST /api/friends/{id}/decline (id: the request's). Counts `friend_response`. */
export async function declineRequest(
  context: AppLoadContext,
  request: Request,
  user: User,
  requestId: string,
): Promise<Outcome<{ id: string; status: "declined" }>> {
  const limited = await rateLimited(context, request, "friend_response", user);
  if (limited) return limited;
  const found = await answerable(context, user, requestId);
  if (!found.ok) return friendRefusal(request, found.error);
  const result = await context.db
    .update(friendRequests)
    .set({ status: "declined", responded_at: now() })
    .where(and(eq(friendRequests.id, requestId), eq(friendRequests.status, "pending")));
  if (changes(result) !== 1) return friendRefusal(request, "request_closed");
  await notifyAll(context, [
    [found.request.sender_id, { type: "friend_request_declined", payload: { request_id: requestId, user_id: user.id } }],
  ]);
  return { ok: true, data: { id: requestId, status: "declined" } };
}

/**
 * POST /api/friends/{id}/cancel (id: the request's; only its sender may): the request is withdrawn
 * (its row deleted while it is still pending). Against an accept or decline at the same moment one
 * of them wins: accepting writes the friendship only while the request row is pending, and this
 * deletes only a pending row, so the other finds it closed. Counts `friend_response`.
 */
export async function cancelRequest(
  context: AppLoadContext,
  request: Request,
  user: User,
  requestId: string,
): Promise<Outcome<{ id: string; status: "cancelled" }>> {
  const limited = await rateLimited(context, request, "friend_response", user);
  if (limited) return limited;
  const found = await context.db.select().from(friendRequests).where(eq(friendRequests.id, requestId)).get();
  if (!found || (found.receiver_id !== user.id && found.sender_id !== user.id)) return friendRefusal(request, "request_not_found");
  if (found.sender_id !== user.id) return friendRefusal(request, "not_sender");
  if (found.status !== "pending") return friendRefusal(request, "request_closed");
  const result = await context.db
    .delete(friendRequests)
    .where(and(eq(friendRequests.id, requestId), eq(friendRequests.sender_id, user.id), eq(friendRequests.status, "pending")));
  if (changes(result) !== 1) return friendRefusal(request, "request_closed");
  await notifyAll(context, [
    [found.receiver_id, { type: "friend_request_cancelled", payload: { request_id: requestId, user_id: user.id } }],
  ]);
  return { ok: true, data: { id: requestId, status: "cancelled" } };
}

/** DELETE /api/friends/{id} (id: the friend's user id). No limit: it only ever takes away. */
export async function removeFriend(
  context: AppLoadContext,
  request: Request,
  user: User,
  friendId: string,
): Promise<Outcome<{ id: string; removed: true }>> {
  const [a, b] = orderedPair(user.id, friendId);
  const result = await context.db.delete(friendships).where(and(eq(friendships.user_a_id, a), eq(friendships.user_b_id, b)));
  if (changes(result) !== 1) return friendRefusal(request, "not_friends");
  await notifyAll(context, [
    [user.id, { type: "friend_removed", payload: { user_id: friendId } }],
    [friendId, { type: "friend_removed", payload: { user_id: user.id } }],
  ]);
  return { ok: true, data: { id: friendId, removed: true } };
}

/** A refusal in the reader's language (spec §8 texts where the spec has them). */
async function friendRefusal(request: Request, error: FriendError): Promise<Refusal> {
  return refusalOf(request, FRIEND_REFUSALS, error, { n: FRIENDS_MAX });
}

/** The profile's "appear offline" switch: written to D1 (the friends list reads it), then the channel republishes. */
export async function setAppearOffline(context: AppLoadContext, userId: string, appearOffline: boolean): Promise<void> {
  await context.db.update(users).set({ appear_offline: appearOffline }).where(eq(users.id, userId));
  await channel(context, userId)
    .setAppearOffline(userId, appearOffline)
    .catch((error: unknown) => console.warn("presence setting not pushed", error));
}
