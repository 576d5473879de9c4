import { and, asc, count, eq, inArray, lte, sql } from "drizzle-orm";
import type { Bracket } from "../game/tournament/bracket";
import type { TournamentRecords } from "../game/tournament/ports";
import { scheduledTournaments } from "../game/tournament/schedule";
import { auditStatement } from "./admin";
import { batchOf, type Database, type Statement } from "./client";
import { gameSummaryOf, randomGameCode } from "./games";
import {
  changes,
  isUniqueViolation,
  moved,
  movementStatements,
  tournamentEntryKey,
  tournamentPrizeKey,
  tournamentRef,
  tournamentRefundKey,
} from "./ledger";
import { coinTransactions, games, tournamentRegistrations, tournaments, users, type Tournament } from "./schema";

// The D1 side of tournaments, shared by the Tournament Durable Object (the only writer of
// a tournament once created) and the app (reads, the schedule, the admin's creation). Every coin
// movement goes through db/ledger.ts in the same batch as the row it pays for.

/** What the statements below read of a tournament's row. */
type TournamentRef = Pick<Tournament, "id" | "name" | "entry_cost" | "bracket">;

export async function findTournament(db: Database, id: string): Promise<Tournament | null> {
  return (await db.select().from(tournaments).where(eq(tournaments.id, id)).get()) ?? null;
}

export async function registrationsOf(db: Database, tournamentId: string) {
  return db
    .select({
      user_id: tournamentRegistrations.user_id,
      nickname: users.nickname,
      avatar_url: users.avatar_url,
      entry_paid: tournamentRegistrations.entry_paid,
      place: tournamentRegistrations.place,
      prize: tournamentRegistrations.prize,
      registered_at: tournamentRegistrations.registered_at,
    })
    .from(tournamentRegistrations)
    .innerJoin(users, eq(users.id, tournamentRegistrations.user_id))
    .where(eq(tournamentRegistrations.tournament_id, tournamentId))
    .orderBy(asc(tournamentRegistrations.registered_at), asc(tournamentRegistrations.user_id));
}

export async function participantCount(db: Database, tournamentId: string): Promise<number> {
  const row = await db
    .select({ n: count() })
    .from(tournamentRegistrations)
    .where(eq(tournamentRegistrations.tournament_id, tournamentId))
    .get();
  return row?.n ?? 0;
}

/**
 * Registration: the fee through the ledger (only if the player can afford it), then the
 * registration row only if that fee row exists; a free tournament has no ledger row. One batch.
 */
export async function registerPlayer(db: Database, t: TournamentRef, userId: string): Promise<"registered" | "insufficient" | "duplicate"> {
  const row = db
    .insert(tournamentRegistrations)
    .values({ tournament_id: t.id, user_id: userId, entry_paid: t.entry_cost })
    .onConflictDoNothing();
  if (t.entry_cost <= 0) {
    const [inserted] = await db.batch([row]);
    return changes(inserted) === 1 ? "registered" : "duplicate";
  }
  const key = tournamentEntryKey(t.id, userId);
  const [debit] = movementStatements(db, {
    userId,
    amount: -t.entry_cost,
    type: "tournament_entry",
    description: t.name,
    ref: tournamentRef(t.id),
    key,
  });
  const paidRow = db.insert(tournamentRegistrations).select(
    db
      .select({
        tournament_id: sql<string>`${t.id}`.as("tournament_id"),
        user_id: sql<string>`${userId}`.as("user_id"),
        entry_paid: sql<number>`${t.entry_cost}`.as("entry_paid"),
        place: sql<number | null>`NULL`.as("place"),
        prize: sql<number>`0`.as("prize"),
        registered_at: sql<string>`strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`.as("registered_at"),
      })
      .from(coinTransactions)
      .where(eq(coinTransactions.idempotency_key, key)),
  );
  try {
    const [inserted] = await db.batch([debit, paidRow]);
    return moved(inserted) ? "registered" : "insufficient";
  } catch (error) {
    // The entry key exists: this player paid this tournament's fee before (and left it).
    if (isUniqueViolation(error)) return "duplicate";
    throw error;
  }
}

/**
 * Leaving during registration: the row goes, the fee comes back (its own key), one batch. Run
 * again after it landed, the refund's key aborts the batch: nothing changes twice.
 */
export async function unregisterPlayer(db: Database, t: TournamentRef, userId: string, entryPaid: number): Promise<void> {
  const remove = db
    .delete(tournamentRegistrations)
    .where(and(eq(tournamentRegistrations.tournament_id, t.id), eq(tournamentRegistrations.user_id, userId)));
  if (entryPaid <= 0) {
    await db.batch([remove]);
    return;
  }
  try {
    await db.batch([remove, ...refundStatements(db, t, userId, entryPaid)]);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
}

function refundStatements(db: Database, t: TournamentRef, userId: string, amount: number): Statement[] {
  return [
    ...movementStatements(db, {
      userId,
      amount,
      type: "tournament_refund",
      description: t.name,
      ref: tournamentRef(t.id),
      key: tournamentRefundKey(t.id, userId),
    }),
    db
      .update(tournamentRegistrations)
      .set({ entry_paid: 0 })
      .where(and(eq(tournamentRegistrations.tournament_id, t.id), eq(tournamentRegistrations.user_id, userId))),
  ];
}

const OPEN = ["upcoming", "registration", "active"] as const;

/**
 * Ends a tournament with every fee still held returned (too few players, an admin's cancel, no
 * champion): the status changes only from an open one, and the refunds' keys make a second run
 * abort as a whole. `status` is 'cancelled' or, for a tournament that ran, 'completed'.
 */
export function closeWithRefundsStatements(
  db: Database,
  t: TournamentRef,
  refunds: { userId: string; amount: number }[],
  status: "cancelled" | "completed",
  reason: string,
  bracket: Bracket | null,
  extra: Statement[] = [],
): Statement[] {
  return [
    ...extra,
    db
      .update(tournaments)
      .set({
        status,
        end_reason: reason,
        end_time: sql`strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`,
        bracket: bracket ? JSON.stringify(bracket) : t.bracket,
      })
      .where(and(eq(tournaments.id, t.id), inArray(tournaments.status, [...OPEN]))),
    ...refunds.filter((r) => r.amount > 0).flatMap((r) => refundStatements(db, t, r.userId, r.amount)),
  ];
}

/** Refunds one player's fee (the odd player out of a 2v2 draw). */
export function refundOneStatements(db: Database, t: TournamentRef, userId: string, amount: number): Statement[] {
  return amount > 0 ? refundStatements(db, t, userId, amount) : [];
}

/** The draw: the tournament turns active with its bracket, from registration only. */
export function startStatement(db: Database, t: TournamentRef, bracket: Bracket) {
  return db
    .update(tournaments)
    .set({ status: "active", bracket: JSON.stringify(bracket) })
    .where(and(eq(tournaments.id, t.id), inArray(tournaments.status, ["upcoming", "registration"])));
}

export function bracketStatement(db: Database, t: TournamentRef, bracket: Bracket) {
  return db
    .update(tournaments)
    .set({ bracket: JSON.stringify(bracket) })
    .where(and(eq(tournaments.id, t.id), eq(tournaments.status, "active")));
}

/**
 * The completion: places, prizes through the ledger (`tournament:{id}:prize:{user}`) and the
 * status, in one batch. A second completion finds the status changed (and its prize keys taken,
 * which aborts the whole batch): prizes are paid once however often it fires.
 */
export function completionStatements(
  db: Database,
  t: TournamentRef,
  bracket: Bracket,
  places: Map<string, number | null>,
  prizes: Map<string, number>,
): Statement[] {
  const statements: Statement[] = [
    db
      .update(tournaments)
      .set({ status: "completed", bracket: JSON.stringify(bracket), end_time: sql`strftime('%Y-%m-%dT%H:%M:%fZ', 'now')` })
      .where(and(eq(tournaments.id, t.id), eq(tournaments.status, "active"))),
  ];
  for (const [userId, place] of places) {
    statements.push(
      db
        .update(tournamentRegistrations)
        .set({ place, prize: prizes.get(userId) ?? 0 })
        .where(and(eq(tournamentRegistrations.tournament_id, t.id), eq(tournamentRegistrations.user_id, userId))),
    );
  }
  for (const [userId, amount] of prizes) {
    if (amount <= 0) continue;
    statements.push(
      ...movementStatements(db, {
        userId,
        amount,
        type: "tournament_prize",
        description: t.name,
        ref: tournamentRef(t.id),
        key: tournamentPrizeKey(t.id, userId),
      }),
    );
  }
  return statements;
}

/** The recurring schedule's tournaments that should exist at `now` (idempotent inserts). */
export function scheduleStatements(db: Database, now: Date): Statement[] {
  const rows = scheduledTournaments(now.getTime()).map((s) => ({
    ...s,
    status: s.registration_opens_at <= now.toISOString() ? ("registration" as const) : ("upcoming" as const),
  }));
  return [
    // One insert per tournament: D1 binds at most 100 parameters per statement.
    ...rows.map((row) => db.insert(tournaments).values(row).onConflictDoNothing()),
    // Upcoming ones whose registration time came.
    db
      .update(tournaments)
      .set({ status: "registration" })
      .where(and(eq(tournaments.status, "upcoming"), lte(tournaments.registration_opens_at, now.toISOString()))),
  ];
}

/** Tournaments past their start still open for registration: their objects close them when woken. */
export async function overdueTournaments(db: Database, now: Date): Promise<string[]> {
  const rows = await db
    .select({ id: tournaments.id })
    .from(tournaments)
    .where(and(inArray(tournaments.status, ["upcoming", "registration"]), lte(tournaments.start_time, now.toISOString())))
    .limit(20);
  return rows.map((r) => r.id);
}

export async function isRegistered(db: Database, tournamentId: string, userId: string): Promise<boolean> {
  const row = await db
    .select({ id: tournamentRegistrations.user_id })
    .from(tournamentRegistrations)
    .where(and(eq(tournamentRegistrations.tournament_id, tournamentId), eq(tournamentRegistrations.user_id, userId)))
    .get();
  return Boolean(row);
}

/** A match's game row: a tournament game has no table entry (the fee was the tournament's). Answers its id. */
async function insertTournamentGame(
  db: Database,
  t: Pick<Tournament, "id" | "game_type" | "truco_variant">,
  createdBy: string,
): Promise<string> {
  for (let attempt = 0; attempt < 10; attempt++) {
    const id = crypto.randomUUID();
    try {
      await db.insert(games).values({
        id,
        game_code: randomGameCode(),
        game_type: t.game_type,
        game_mode: "tournament",
        truco_variant: t.truco_variant,
        entry_cost: 0,
        created_by: createdBy,
        tournament_id: t.id,
      });
      return id;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }
  throw new Error("Could not find a free game code");
}

/** The Tournament object's D1 port (game/tournament/ports.ts). */
export function tournamentRecords(db: Database): TournamentRecords {
  return {
    find: (id) => findTournament(db, id),
    registrations: (id) => registrationsOf(db, id),
    register: (t, userId) => registerPlayer(db, t, userId),
    isRegistered: (tournamentId, userId) => isRegistered(db, tournamentId, userId),
    unregister: (t, userId, entryPaid) => unregisterPlayer(db, t, userId, entryPaid),
    async close(t, refunds, { status, reason, bracket }, audit) {
      const audited = audit
        ? [
            auditStatement(db, {
              id: audit.id,
              adminId: audit.adminId,
              type: "cancel_tournament",
              targetUserId: null,
              targetTournamentId: t.id,
              reason: audit.reason,
            }),
          ]
        : [];
      await db.batch(batchOf(closeWithRefundsStatements(db, t, refunds, status, reason, bracket, audited)));
    },
    async ensureSchedule(now) {
      await db.batch(batchOf(scheduleStatements(db, new Date(now))));
    },
    async start(t, bracket, refunds) {
      await db.batch([startStatement(db, t, bracket), ...refunds.flatMap((r) => refundOneStatements(db, t, r.userId, r.amount))]);
    },
    async saveBracket(t, bracket) {
      await db.batch([bracketStatement(db, t, bracket)]);
    },
    async games(gameIds) {
      return (await db.select().from(games).where(inArray(games.id, gameIds))).map(gameSummaryOf);
    },
    async game(gameId) {
      const row = await db.select().from(games).where(eq(games.id, gameId)).get();
      return row ? gameSummaryOf(row) : null;
    },
    players: (userIds) => db.select().from(users).where(inArray(users.id, userIds)),
    createGame: (t, createdBy) => insertTournamentGame(db, t, createdBy),
    async complete(t, bracket, places, prizes) {
      try {
        await db.batch(batchOf(completionStatements(db, t, bracket, places, prizes)));
      } catch (error) {
        // Paid already (a prize key exists): the completion ran before; nothing more to do.
        if (!isUniqueViolation(error)) throw error;
      }
    },
  };
}
