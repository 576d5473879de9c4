import { and, eq, isNotNull, sql, type SQL } from "drizzle-orm";
import { createDb, type Database } from "../../../db/client";
import { coinTransactions, gamePlayers, games, users } from "../../../db/schema";
import type { GameSummary } from "../../../game/protocol/entities";
import type { AdminAudit } from "../../../game/room/api";
import { cancelGameAudit } from "../../../db/admin";
import type { Refund, SeatRow, WriteEffect } from "../../../game/room/index";
import type { SeatOutcome as Outcome } from "../../../game/room/settlement";
import type { NewGameRow, SeatOutcome } from "../../../game/room/host/index";
import { endReasonOf } from "../../../game/room/ending";
import type { EndReason } from "../../../game/room/state";
import {
  entryKey,
  gameRef,
  isUniqueViolation,
  keyExists,
  moved,
  movementStatements,
  payoutKey,
  returnKey,
  storedKey,
} from "../../../db/ledger";
import { playerResultStatements } from "../../../db/game-results";

// The room's writes to D1. Each function is one atomic db.batch(): a seat and
// its entry, a cancellation and its refunds, a settlement and its payouts.

export type Db = Database;
export { createDb };

const now = () => new Date().toISOString();

/** The game's row as its summary describes it (a table being opened: waiting, nothing played). */
function gameRow(game: GameSummary, create: NewGameRow) {
  return {
    id: game.id,
    game_code: game.game_code,
    status: game.status,
    game_type: game.game_type,
    game_mode: game.game_mode,
    truco_variant: game.truco_variant,
    entry_cost: game.entry_cost,
    bot_level: game.bot_level,
    premium_only: game.premium_only ?? false,
    is_public: create.listed,
    created_by: game.created_by,
    created_at: game.created_at,
    house_rules: game.house_rules ?? null,
  };
}

/**
 * Seats a player and debits the entry in one batch. The seat row is inserted
 * only if the ledger row was (INSERT ... SELECT on it), so a player who cannot
 * pay gets no seat and a seat is never taken without its payment. With
 * `create`, the game's row opens the same batch: a table exists in D1 only
 * with its creator seated and paid, in one write transaction.
 */
export async function takeSeat(db: Db, game: GameSummary, seat: SeatRow, create?: NewGameRow, starts = false): Promise<SeatOutcome> {
  // A practice table created with its computer players is full at once: its row says started,
  // every seat ready (what the start would write when the creator's socket arrives).
  const practice = Boolean(create?.bots?.length);
  const opening = create
    ? [db.insert(games).values(practice ? { ...gameRow(game, create), ...startedColumns() } : gameRow(game, create))]
    : [];
  // The seat that fills the table writes the start, only if the seat itself went in.
  const start = starts && seat.userId !== null ? startStatements(db, game.id, seat.userId) : [];
  try {
    if (seat.entry === 0 || seat.userId === null) {
      const free = db.insert(gamePlayers).values({ ...freeSeatValues(game, seat), ...(practice ? { is_ready: true } : {}) });
      // A practice table's computer players follow their creator in the same transaction.
      const bots = (create?.bots ?? []).map((bot) => botSeatStatement(db, game, bot));
      if (opening.length || start.length) await db.batch([...opening, free, ...bots, ...start] as never);
      else await free;
      return "seated";
    }
    const results = await db.batch([...opening, ...paidSeatStatements(db, game, { ...seat, userId: seat.userId }), ...start] as never);
    if (moved(results[opening.length])) return "seated";
    // The creator could not pay: the row written with it closes, nothing to return (rare: the app checks the balance first).
    if (create)
      await db
        .update(games)
        .set({ status: "cancelled", end_reason: "creation_failed", completed_at: now() })
        .where(and(eq(games.id, game.id), eq(games.status, "waiting")));
    return "insufficient";
  } catch (error) {
    // Another open game holds the code (games_open_code_unique): the caller tries another.
    if (create && isUniqueViolation(error) && /game_code/.test(String((error as { cause?: unknown })?.cause ?? "") + String(error)))
      return "code_taken";
    if (isUniqueViolation(error)) return "taken";
    throw error;
  }
}

type PaidSeat = SeatRow & { userId: string };

/** A seat that takes no entry (a free table, a computer player): its row as inserted. */
function freeSeatValues(game: GameSummary, seat: SeatRow) {
  return {
    game_id: game.id,
    user_id: seat.userId,
    seat: seat.seat,
    team: seat.team,
    nickname: seat.nickname,
    bot_level: seat.botLevel,
    entry_paid: 0,
  };
}

/**
 * A seat and its entry: the ledger's guarded insert (with its idempotency key), then the seat row,
 * inserted only if that ledger row was, so a seat is never taken without its payment. The
 * movement is the first statement: its result says whether the seat went in.
 */
function paidSeatStatements(db: Db, game: GameSummary, seat: PaidSeat) {
  const key = entryKey(game.id, seat.userId);
  return [
    ...movementStatements(db, {
      userId: seat.userId,
      amount: -seat.entry,
      type: "game_entry",
      description: `Entrada: ${game.game_type} ${game.game_mode}`,
      ref: gameRef(game.id),
      key,
    }),
    db.insert(gamePlayers).select(
      db
        .select({
          id: sql<number>`NULL`.as("id"),
          game_id: sql<string>`${game.id}`.as("game_id"),
          user_id: sql<string>`${seat.userId}`.as("user_id"),
          seat: sql<number>`${seat.seat}`.as("seat"),
          team: sql<string>`${seat.team}`.as("team"),
          nickname: sql<string>`${seat.nickname}`.as("nickname"),
          bot_level: sql<null>`NULL`.as("bot_level"),
          is_ready: sql<number>`0`.as("is_ready"),
          entry_paid: sql<number>`${seat.entry}`.as("entry_paid"),
          result: sql<null>`NULL`.as("result"),
          coins_change: sql<number>`0`.as("coins_change"),
          rating_change: sql<number>`0`.as("rating_change"),
          joined_at: sql<string>`strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`.as("joined_at"),
          left_at: sql<null>`NULL`.as("left_at"),
          // The game is waiting or active while it seats a player (a trigger keeps this true to the game).
          held: sql<number>`1`.as("held"),
        })
        .from(coinTransactions)
        // The entry's row as this batch inserts it (a row written before keys were hashed aborts the batch instead).
        .where(eq(coinTransactions.idempotency_key, storedKey(key))) as never,
    ),
  ] as const;
}

/**
 * Every seat of a server-assigned table with its entry, in one batch (one write transaction
 * instead of one per seat). Each paid seat goes in only with its own ledger row, as in `takeSeat`;
 * the answer says, seat by seat, whether it went in. Null when the batch as a whole was refused
 * (a key or a seat already written: a retried opening), and nothing of it was written: the caller
 * then seats them one by one, where each such case has its own answer.
 */
export async function takeSeats(db: Db, game: GameSummary, seats: SeatRow[], starts = false): Promise<SeatOutcome[] | null> {
  const statements: unknown[] = [];
  const movementAt: (number | null)[] = [];
  for (const seat of seats) {
    if (seat.entry === 0 || seat.userId === null) {
      movementAt.push(null);
      statements.push(db.insert(gamePlayers).values(freeSeatValues(game, seat)));
    } else {
      movementAt.push(statements.length);
      statements.push(...paidSeatStatements(db, game, { ...seat, userId: seat.userId }));
    }
  }
  // The start, only if every seat went in (a seat whose entry was refused cancels the table instead).
  if (starts) statements.push(...fullTableStartStatements(db, game.id, seats.length));
  try {
    const results = (await db.batch(statements as never)) as unknown[];
    return movementAt.map((at) => (at === null || moved(results[at] as never) ? "seated" : "insufficient"));
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}

/**
 * A player leaves a waiting room: the seat goes and the entry comes back. `reopen`: D1 says the
 * table started (its filling seat wrote it); it goes back to waiting in the same batch.
 */
export async function releaseSeat(db: Db, game: GameSummary, userId: string, entry: number, reopen = false): Promise<void> {
  const remove = db.delete(gamePlayers).where(and(eq(gamePlayers.game_id, game.id), eq(gamePlayers.user_id, userId)));
  const freed = reopen ? [remove, ...reopenStatements(db, game.id)] : [remove];
  const free = () => (freed.length === 1 ? remove : db.batch(freed as never));
  if (entry === 0) {
    await free();
    return;
  }
  try {
    await db.batch([...freed, ...returnStatements(db, game, userId, entry, "Entrada devolvida: saída da mesa")] as never);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    await free(); // Already returned earlier: only the seat is left to free.
  }
}

function returnStatements(db: Db, game: GameSummary, userId: string, entry: number, description: string) {
  return movementStatements(db, {
    userId,
    amount: entry,
    type: "game_refund",
    description,
    ref: gameRef(game.id),
    key: returnKey(game.id, userId),
    // Only an entry the ledger holds comes back (a cancel lists every entry an opening may have taken).
    givesBack: entryKey(game.id, userId),
  });
}

/** Filling a casual table with computer players makes it a free practice game: entries go back. */
export async function makePractice(
  db: Db,
  game: GameSummary,
  level: "easy" | "normal" | "hard",
  humans: Refund[],
  bots: SeatRow[],
): Promise<void> {
  const statements = [
    db.update(games).set({ entry_cost: 0, bot_level: level }).where(eq(games.id, game.id)),
    ...humans
      .filter((human) => human.entry > 0)
      .flatMap((human) => [
        ...returnStatements(db, game, human.userId, human.entry, "Entrada devolvida: mesa com computador"),
        db
          .update(gamePlayers)
          .set({ entry_paid: 0 })
          .where(and(eq(gamePlayers.game_id, game.id), eq(gamePlayers.user_id, human.userId))),
      ]),
    ...bots.map((bot) => botSeatStatement(db, game, bot)),
  ];
  await db.batch(statements as never);
}

/** A computer player's seat (always ready: it needs no socket). */
function botSeatStatement(db: Db, game: GameSummary, bot: SeatRow) {
  return db.insert(gamePlayers).values({
    game_id: game.id,
    user_id: null,
    seat: bot.seat,
    team: bot.team,
    nickname: bot.nickname,
    bot_level: bot.botLevel,
    is_ready: true,
  });
}

/** A started game's columns. */
function startedColumns() {
  return { status: "active" as const, started_at: now() };
}

/** The game's start and its seats' readiness, written only while `condition` holds (the seats' rows it asks for are in). */
function startStatementsWhen(db: Db, gameId: string, condition: SQL) {
  return [
    db
      .update(games)
      .set(startedColumns())
      .where(and(eq(games.id, gameId), eq(games.status, "waiting"), condition)),
    db
      .update(gamePlayers)
      .set({ is_ready: true })
      .where(and(eq(gamePlayers.game_id, gameId), condition)),
  ];
}

/**
 * The start written by the seat batch that fills a table: conditioned on that seat's row, so a
 * seat that did not go in (its entry refused) starts nothing.
 */
function startStatements(db: Db, gameId: string, userId: string) {
  return startStatementsWhen(
    db,
    gameId,
    sql`EXISTS (SELECT 1 FROM ${gamePlayers} WHERE ${gamePlayers.game_id} = ${gameId} AND ${gamePlayers.user_id} = ${userId})`,
  );
}

/** The start written by an assigned table's seat batch: conditioned on all `seats` rows being there. */
function fullTableStartStatements(db: Db, gameId: string, seats: number) {
  return startStatementsWhen(db, gameId, sql`(SELECT COUNT(*) FROM ${gamePlayers} WHERE ${gamePlayers.game_id} = ${gameId}) = ${seats}`);
}

/** A table whose start D1 records goes back to waiting (a seat given up before the start). */
function reopenStatements(db: Db, gameId: string) {
  return [
    db
      .update(games)
      .set({ status: "waiting", started_at: null })
      .where(and(eq(games.id, gameId), eq(games.status, "active"))),
    db
      .update(gamePlayers)
      .set({ is_ready: false })
      .where(and(eq(gamePlayers.game_id, gameId), isNotNull(gamePlayers.user_id))),
  ];
}

/**
 * The game started: its row and every seat ready. A seat's readiness while the table waits is the
 * room's (who is connected, in every live view); D1 records it once, here, for the seats of a
 * game that started, which is all a reader of D1 ever shows.
 */
export async function markStarted(db: Db, gameId: string): Promise<void> {
  await db.batch([
    db.update(games).set({ status: "active", started_at: now() }).where(eq(games.id, gameId)),
    db.update(gamePlayers).set({ is_ready: true }).where(eq(gamePlayers.game_id, gameId)),
  ]);
}

/**
 * Cancels a game. Before it started, every entry is returned (a waiting room
 * that timed out or emptied). A game aborted after it started keeps its
 * entries: those are what technical refunds return (DESIGN.md §5).
 */
export async function cancelGame(db: Db, game: GameSummary, reason: string, refunds: Refund[], audit?: AdminAudit): Promise<void> {
  const statements = [
    // An admin's cancel: its audit row in the same batch.
    ...(audit
      ? [cancelGameAudit(db, { id: audit.id, adminId: audit.adminId, type: "cancel_game", reason: audit.reason, targetGameId: game.id })]
      : []),
    db
      .update(games)
      .set({ status: "cancelled", end_reason: reason, completed_at: now() })
      .where(and(eq(games.id, game.id), sql`${games.status} IN ('waiting', 'active')`)),
    ...refunds
      .filter((refund) => refund.entry > 0)
      .flatMap((refund) => returnStatements(db, game, refund.userId, refund.entry, "Entrada devolvida: mesa cancelada")),
  ];
  try {
    await db.batch(statements as never);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // Some entry was already returned: cancel, and return only the others.
    const pending = [];
    for (const refund of refunds) {
      if (refund.entry > 0 && !(await keyExists(db, returnKey(game.id, refund.userId)))) pending.push(refund);
    }
    await cancelGame(db, game, reason, pending, audit);
  }
}

/**
 * The end of a game, once: the game row (its settled_at trigger aborts the
 * whole batch on a second settlement), each player's result, stats and
 * ranking points, a ranked result's leaderboard rows (after the points they
 * read), and the payouts through the ledger. `at` is when it settled (now;
 * tests settle at chosen instants, e.g. either side of a São Paulo midnight).
 */
export async function settleGame(
  db: Db,
  game: GameSummary,
  outcome: {
    winner: "team1" | "team2";
    scores: [number, number];
    seats: Outcome[];
    countStats: boolean;
    ranked: boolean;
    reason?: EndReason;
  },
  at = new Date(),
): Promise<"settled" | "already"> {
  const settledAt = at.toISOString();
  const statements = [
    db
      .update(games)
      .set({
        settled_at: settledAt,
        status: "completed",
        winner_team: outcome.winner,
        team1_score: outcome.scores[0],
        team2_score: outcome.scores[1],
        completed_at: settledAt,
        end_reason: endReasonOf(outcome.reason ?? "match_over"),
      })
      .where(eq(games.id, game.id)),
    ...outcome.seats.flatMap((seat) => [
      ...playerResultStatements(db, game.id, seat, { countStats: outcome.countStats, ranked: outcome.ranked, at }),
      ...(seat.payout > 0
        ? movementStatements(db, {
            userId: seat.userId,
            amount: seat.payout,
            type: "game_win",
            description: `Vitória: ${game.game_type} ${game.game_mode}`,
            ref: gameRef(game.id),
            key: payoutKey(game.id, seat.userId),
          })
        : []),
    ]),
  ];
  try {
    await db.batch(statements as never);
    return "settled";
  } catch (error) {
    if (/already settled/i.test(String((error as { cause?: unknown })?.cause ?? "") + String(error)) || isUniqueViolation(error)) {
      return "already";
    }
    throw error;
  }
}

export async function ratingsOf(db: Db, userIds: string[]): Promise<Map<string, number>> {
  const map = new Map<string, number>();
  for (const id of userIds) {
    const row = await db.select({ points: users.ranking_points }).from(users).where(eq(users.id, id)).get();
    if (row) map.set(id, row.points);
  }
  return map;
}

/** Performs one of the room's D1 writes (game/room's WriteEffect). */
export async function write(db: Db, game: GameSummary, effect: WriteEffect): Promise<void> {
  switch (effect.type) {
    case "release_seat":
      return releaseSeat(db, game, effect.userId, effect.entry, effect.reopen ?? false);
    case "make_practice":
      return makePractice(db, game, effect.level, effect.refunds, effect.bots);
    case "mark_started":
      return markStarted(db, game.id);
    case "cancel":
      return cancelGame(db, game, effect.reason, effect.refunds, effect.audit);
    case "settle":
      await settleGame(db, game, effect);
  }
}

/** The tournament a game belongs to, or null. */
export async function tournamentOf(db: Db, gameId: string): Promise<string | null> {
  const row = await db.select({ tournamentId: games.tournament_id }).from(games).where(eq(games.id, gameId)).get();
  return row?.tournamentId ?? null;
}
