import type { AppLoadContext } from "@remix-run/cloudflare";
import type { Game, User } from "../../db/schema";
import type { SeatCheck } from "../../game/room/api";
import type { GameSummary } from "../../game/protocol/entities";
import type { CreateGame } from "~/schemas/games";
import { SEAT_CLAIM_SECONDS } from "../../db/games";
import { channel } from "./channels.server";
import { seatConflict } from "../../game/room/one-seat";
import { houseRulesAllowed } from "../../game/truco/table-options";
import { entryCostFor, findGame, findOpenGameByCode, heldSeatsOf, isSeated, newGame, summaryOf } from "./games.server";
import { refusal, type Outcome } from "./http.server";
import { serverT } from "./i18n.server";
import { stepOutOfQueue } from "./matchmaking.server";
import { room, roomRefusal, seatAtRoom, seatRequestOf } from "./rooms.server";
import { isPremium } from "./users.server";
import { rateLimited, refundRateLimit } from "./rate-limit.server";
import { primaryUser } from "./auth.server";

// Opening and joining tables: the one decision behind `POST /api/games`, `POST /api/games/join`
// and the home page's forms (which work before the page has hydrated).

/**
 * Opens a table and seats its creator (seat 0, paying the entry in the room). The entry cost comes
 * from the mode (spec §9), never from the client; only a premium member may open an exclusive
 * (premium-only) table.
 */
export async function createGameFor(
  context: AppLoadContext,
  request: Request,
  user: User,
  input: CreateGame,
): Promise<Outcome<GameSummary>> {
  const limited = await rateLimited(context, request, "game_create", user);
  if (limited) return limited;
  const opened = await openTable(context, request, user, input);
  return opened.ok ? { ok: true, data: summaryOf(opened.data) } : opened;
}

/**
 * The same as createGameFor, answering the game's row, for services that count their own limit
 * (an invitation to a new table counts `game_invite`, a rematch `game_create` once per player).
 */
export async function openTable(context: AppLoadContext, request: Request, sessionUser: User, input: CreateGame): Promise<Outcome<Game>> {
  const t = await serverT(request);
  const entry = entryCostFor(input);
  const short = (u: User) => (input.premium_only && !input.vs_computer && !isPremium(u)) || u.virtual_coins < entry;
  // The session's row may be a replica's: a refusal it would cause is decided on the primary's row.
  const user = short(sessionUser) ? await primaryUser(context, sessionUser) : sessionUser;
  if (input.premium_only && !input.vs_computer && !isPremium(user)) return refusal(403, t("errors:premiumOnlyCreate"));
  if (!houseRulesAllowed(input)) return refusal(400, t("errors:houseRulesRanked"));
  if (user.virtual_coins < entry) return refusal(400, t("errors:createInsufficient", { n: entry }));
  const open = async (): Promise<Outcome<Game>> =>
    (await secondSeatRefusal(context, request, user, null)) ?? (await seatCreator(context, request, user, input));
  // A practice game binds nobody: no lease to take.
  if (input.vs_computer) return open();
  if (await stepOutOfQueue(context, user.id)) return refusal(409, t("errors:alreadyInGame"), "in_game");
  // A creation holds the player's seat lease under a token of its own: any other seat asked for meanwhile is refused.
  return withSeatClaim(context, request, user, `create:${crypto.randomUUID()}`, open);
}

/**
 * Opens the game's room, which writes the game's row and seats its creator in one D1 batch (the
 * checks are done). A code another open game holds is tried again with a new one.
 */
async function seatCreator(context: AppLoadContext, request: Request, user: User, input: CreateGame): Promise<Outcome<Game>> {
  const entry = entryCostFor(input);
  for (let attempt = 0; attempt < 10; attempt++) {
    const game = newGame(user, input);
    const opened = await room(context, game.id).open(summaryOf(game), seatRequestOf(user), { listed: game.is_public, create: true });
    if (opened.ok) {
      // Opening seats the creator (and a practice table's computer players) without changing the
      // game's row: the row as written is the answer, with no read back from the primary.
      return { ok: true, data: game };
    }
    if (opened.error !== "code_taken") return roomRefusal(request, opened.error, entry, true);
  }
  throw new Error("Could not find a free game code");
}

/**
 * Takes a seat at the open game with that code (or finds the player's own seat again). Every try
 * counts as a wrong code until the code turns out right: guesses sent all at once cannot all get
 * past a count that none of them is in yet.
 */
export async function joinGameByCode(
  context: AppLoadContext,
  request: Request,
  user: User,
  code: string,
): Promise<Outcome<{ game_id: string }>> {
  const limited = await rateLimited(context, request, ["game_join", "join_code_failure"], user);
  if (limited) return limited;
  const t = await serverT(request);
  const found = await openGameByCode(context, code, user.id);
  if (!found) return refusal(404, t("errors:gameNotFound"));
  await refundRateLimit(context, request, "join_code_failure", user);
  return takeSeat(context, request, user, found.game, found.place);
}

/**
 * The open game with that code and the player's place at it. A code maps to its game on a replica
 * when the game's room confirms it open (the room's status is the primary's); a replica's miss (a
 * table opened a moment ago) or a game its room no longer holds open (ended within the replica's
 * lag, its code perhaps taken by a newer table) is asked again of the primary.
 */
async function openGameByCode(
  context: AppLoadContext,
  code: string,
  userId: string,
): Promise<{ game: Game; place: SeatCheck | null } | null> {
  const seen = await findOpenGameByCode(context.reads.replica, code);
  const seenPlace = seen ? await seatAtRoom(context, seen.id, userId) : null;
  if (seen && seenPlace && (seenPlace.status === "waiting" || seenPlace.status === "active")) return { game: seen, place: seenPlace };
  const game = await findOpenGameByCode(context.db, code);
  if (!game) return null;
  return { game, place: game.id === seen?.id ? seenPlace : await seatAtRoom(context, game.id, userId) };
}

/** One tap on an open public table of the home page: its seat, counted as a join. */
export async function sitAtOpenTable(
  context: AppLoadContext,
  request: Request,
  user: User,
  gameId: string,
): Promise<Outcome<{ game_id: string }>> {
  const limited = await rateLimited(context, request, "game_join", user);
  if (limited) return limited;
  const game = await findGame(context, gameId);
  if (!game || !game.is_public) return refusal(404, (await serverT(request))("errors:gameNotFound"));
  return takeSeat(context, request, user, game);
}

/**
 * Takes a seat at an open game, paying its entry (joining by code, and an accepted invitation).
 * Counts no limit: its callers do.
 * Back to a table where the player already sits (another tab, a reload) counts as seated.
 * `asked`: the room's answer about the player's place, when the caller already has it.
 */
export async function takeSeat(
  context: AppLoadContext,
  request: Request,
  sessionUser: User,
  game: Game,
  asked?: SeatCheck | null,
): Promise<Outcome<{ game_id: string }>> {
  const t = await serverT(request);
  const short = (u: User) => (game.premium_only && !isPremium(u)) || u.virtual_coins < game.entry_cost;
  // The session's row may be a replica's: a refusal it would cause is decided on the primary's row.
  const user = short(sessionUser) ? await primaryUser(context, sessionUser) : sessionUser;
  // The room holds the seats and the status as D1's primary has them (it writes before it adopts);
  // D1 answers only for a game without a room.
  const place = asked === undefined ? await seatAtRoom(context, game.id, user.id) : asked;
  if (place ? place.seated : await isSeated(context, game.id, user.id)) return { ok: true, data: { game_id: game.id } };
  const status = place?.status ?? game.status;
  if (status !== "waiting") return refusal(409, t(status === "active" ? "errors:gameStarted" : "errors:gameClosed"));
  if (game.premium_only && !isPremium(user)) return refusal(403, t("errors:premiumOnlyJoin"));
  if (user.virtual_coins < game.entry_cost) return refusal(400, t("errors:joinInsufficient", { n: game.entry_cost }));
  if (await stepOutOfQueue(context, user.id)) return refusal(409, t("errors:alreadyInGame"), "in_game");
  const join = async (): Promise<Outcome<{ game_id: string }>> => {
    const busy = await secondSeatRefusal(context, request, user, game.id);
    if (busy) return busy;
    const joined = await room(context, game.id).join(seatRequestOf(user));
    if (!joined.ok) return roomRefusal(request, joined.error, game.entry_cost);
    return { ok: true, data: { game_id: game.id } };
  };
  // A practice game binds nobody: no lease to take.
  return game.bot_level === null ? withSeatClaim(context, request, user, game.id, join) : join();
}

/**
 * Runs `work` (the one-table check and the room's seat) holding the player's seat lease, which
 * their PlayerChannel keeps in its storage:
 * two requests of one player to two tables at once cannot both pass the check before either seat
 * is written. The second is refused as a second seat; the lease is given back once the room has
 * answered, when the seat (if any) is in D1 for every later check.
 *
 * The claimed section runs to its end even if the player's connection drops: the runtime
 * cancels a request whose client went away at its next await, which would leave the lease taken
 * and never given back, so for the lease's 20 s every create or join of that player would be
 * refused as "already seated" at no table at all. Under waitUntil the seat is taken (or refused) and the
 * lease released; a player who lost the answer finds the table on their next page.
 */
function withSeatClaim<T>(
  context: AppLoadContext,
  request: Request,
  user: User,
  claim: string,
  work: () => Promise<Outcome<T>>,
): Promise<Outcome<T>> {
  const run = (async (): Promise<Outcome<T>> => {
    const lease = channel(context, user.id);
    if (!(await lease.claimSeat(claim, SEAT_CLAIM_SECONDS))) {
      const t = await serverT(request);
      return refusal(409, t("errors:alreadySeated"), "already_seated");
    }
    try {
      return await work();
    } finally {
      await lease.releaseSeat(claim);
    }
  })();
  context.cloudflare.ctx.waitUntil(run.catch(() => {}));
  return run;
}

/**
 * One table at a time: a 409 naming the table the player already sits at,
 * unless that is a practice game (those may be left at any time).
 */
async function secondSeatRefusal(context: AppLoadContext, request: Request, user: User, targetGameId: string | null) {
  const conflict = seatConflict(await heldSeatsOf(context, user.id), targetGameId);
  if (!conflict) return null;
  const t = await serverT(request);
  return refusal(409, t("errors:alreadySeated"), "already_seated");
}
