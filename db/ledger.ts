import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "./client";
import { coinTransactions, users } from "./schema";
import { sha256Words } from "../game/truco/sha256";

// Every coin movement in the product goes through here (DESIGN.md §4).
//
// A movement is one statement, the ledger row, inserted only if the user can
// afford it (a negative amount never takes the balance below zero); a repeated
// idempotency key violates the UNIQUE index and aborts the whole batch it
// travels in. The balance moves in that same statement: the ledger's insert
// trigger (migration 0015) adds the row's amount to users.virtual_coins, so a
// row that is not inserted (a replayed key, an unaffordable debit, a
// conflict skipped by ON CONFLICT DO NOTHING) moves nothing, and the users
// CHECK aborts anything that would end below zero. The statement reads the
// user's row and the key's index entry, never the player's history: invariant
// L1 (balance == SUM(amount)) holds by construction, and the scheduled audit
// (db/ledger-audit.ts) and every test's ledger check verify it.
// Nothing is read before the batch, so there is no read-then-write race.

export type TransactionType =
  | "bonus"
  | "daily_reward"
  | "game_entry"
  | "game_refund"
  | "game_win"
  | "game_loss"
  | "purchase"
  | "refund"
  | "admin_adjustment"
  | "tournament_entry"
  | "tournament_prize"
  | "tournament_refund";

export interface Movement {
  userId: string;
  amount: number;
  type: TransactionType;
  description: string;
  /** What caused it: a game, a payment, an admin action. */
  ref?: string | null;
  /** Names the cause, e.g. `game:{id}:entry:{user}`; UNIQUE in the ledger. */
  key: string;
  /** When it happened (ISO-8601); now unless given: the seed dates its demo history. */
  at?: string;
  /**
   * The key of the movement this one gives back (a game's entry returned): it moves only if that
   * movement is in the ledger, for the same player and the opposite amount. A return listed for an
   * entry that was never paid moves nothing.
   */
  givesBack?: string;
}

// Idempotency keys and refs, one spelling for every writer (the room, refunds, the screens).
export const gameRef = (gameId: string) => `game:${gameId}`;
export const paymentRef = (paymentId: string) => `payment:${paymentId}`;
export const entryKey = (gameId: string, userId: string) => `${gameRef(gameId)}:entry:${userId}`;
export const returnKey = (gameId: string, userId: string) => `${gameRef(gameId)}:return:${userId}`;
export const payoutKey = (gameId: string, userId: string) => `${gameRef(gameId)}:payout:${userId}`;
export const refundKey = (gameId: string, userId: string) => `refund:${gameId}:${userId}`;
export const welcomeKey = (userId: string) => `welcome:${userId}`;
/** Tournaments: the fee, the prize and the fee returned, once per player and tournament. */
export const tournamentRef = (tournamentId: string) => `tournament:${tournamentId}`;
export const tournamentEntryKey = (tournamentId: string, userId: string) => `${tournamentRef(tournamentId)}:entry:${userId}`;
export const tournamentPrizeKey = (tournamentId: string, userId: string) => `${tournamentRef(tournamentId)}:prize:${userId}`;
export const tournamentRefundKey = (tournamentId: string, userId: string) => `${tournamentRef(tournamentId)}:refund:${userId}`;
/** An admin's coin reset: one ledger row per admin action. */
export const adminKey = (actionId: string) => `admin:${actionId}`;
export const isWelcomeKey = (key: string) => key.startsWith("welcome:");

// A game writes three or four ledger rows, and each stores its key twice (the row and the UNIQUE
// index): a game's key (`game:{uuid}:entry:{uuid}`, 85 characters) is stored as the first 128
// bits of its SHA-256 in base64url, 22 characters. Distinct keys stay distinct (a collision among
// 2^64 keys is about as likely as not; among ten billion, about 10^-19), and a
// stored hash never equals a key in its full form, all of which have a colon. Rows written before
// hold the full form: a movement looks for its key in that form too and, when it is there, inserts
// that form, so a replay of an old game's movement still violates the UNIQUE index and aborts
// its batch as it always did. Keys of other kinds (welcome, payments, refunds, tournaments, admin)
// are rare and read back by their text, and are stored as they are.

/** Whether a key is stored as its hash: a game's entry, return and payout. */
const hashedKind = (key: string) => key.startsWith("game:");

/** The form a key is stored in (see above). */
export function storedKey(key: string): string {
  if (!hashedKind(key)) return key;
  const bytes = new Uint8Array(16);
  sha256Words(key)
    .slice(0, 4)
    .forEach((word, i) => new DataView(bytes.buffer).setUint32(i * 4, word));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

/** Every form a key may be stored in: its stored form, and its full form for the rows written before keys were hashed. */
export function keyForms(key: string): string[] {
  const stored = storedKey(key);
  return stored === key ? [key] : [stored, key];
}

/**
 * The key an insert writes: the full form when a row written before holds it (the insert then
 * violates the UNIQUE index, as a replay always did), else the stored form. One index probe.
 */
function insertedKey(key: string) {
  const stored = storedKey(key);
  if (stored === key) return sql<string>`${key}`;
  return sql<string>`coalesce((select ${coinTransactions.idempotency_key} from ${coinTransactions} where ${coinTransactions.idempotency_key} = ${key}), ${stored})`;
}

/** The movement stored under `key` (either form), for this player and amount, is in the ledger: one index probe per form. */
function paid(key: string, userId: string, amount: number) {
  return sql`EXISTS (SELECT 1 FROM ${coinTransactions} WHERE ${inArray(coinTransactions.idempotency_key, keyForms(key))} AND ${coinTransactions.user_id} = ${userId} AND ${coinTransactions.amount} = ${amount})`;
}

/** Every new player's welcome bonus (DESIGN.md §5): sign-up, the seed's demo players and the bench's players. */
export const WELCOME_BONUS = 1000;
export const welcomeBonus = (userId: string, at?: string): Movement => ({
  userId,
  amount: WELCOME_BONUS,
  type: "bonus",
  description: "Bônus de boas-vindas",
  key: welcomeKey(userId),
  at,
});

export type MovementOutcome = "applied" | "duplicate" | "insufficient";

export function movementStatements(db: Database, m: Movement) {
  if (!Number.isSafeInteger(m.amount) || m.amount === 0) {
    throw new Error(`Invalid ledger amount ${m.amount}`);
  }
  const insert = db.insert(coinTransactions).select(
    db
      .select({
        // Every column, in table order (drizzle's INSERT ... SELECT rule).
        id: sql<number>`NULL`.as("id"),
        user_id: users.id,
        amount: sql<number>`${m.amount}`.as("amount"),
        transaction_type: sql<string>`${m.type}`.as("transaction_type"),
        description: sql<string>`${m.description}`.as("description"),
        ref: sql<string | null>`${m.ref ?? null}`.as("ref"),
        idempotency_key: insertedKey(m.key).as("idempotency_key"),
        created_at: (m.at ? sql<string>`${m.at}` : sql<string>`strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`).as("created_at"),
      })
      .from(users)
      .where(
        and(
          eq(users.id, m.userId),
          sql`${users.virtual_coins} + ${m.amount} >= 0`,
          m.givesBack ? paid(m.givesBack, m.userId, -m.amount) : undefined,
        ),
      ),
  );
  return [insert] as const;
}

export interface BalanceTarget {
  userId: string;
  /** The balance the user must end with (non-negative). */
  balance: number;
  type: TransactionType;
  description: string;
  ref?: string | null;
  key: string;
}

/**
 * Sets a balance through the ledger (an admin's coin reset): one row of the difference, computed
 * inside the statement from the balance at that instant (so a movement landing just before cannot
 * make the result miss the target), and no row when there is no difference. The ledger's insert
 * trigger moves the balance by that difference, as for any movement (invariant L1).
 */
export function balanceTargetStatements(db: Database, t: BalanceTarget) {
  if (!Number.isSafeInteger(t.balance) || t.balance < 0) throw new Error(`Invalid balance ${t.balance}`);
  const insert = db.insert(coinTransactions).select(
    db
      .select({
        id: sql<number>`NULL`.as("id"),
        user_id: users.id,
        amount: sql<number>`${t.balance} - ${users.virtual_coins}`.as("amount"),
        transaction_type: sql<string>`${t.type}`.as("transaction_type"),
        description: sql<string>`${t.description}`.as("description"),
        ref: sql<string | null>`${t.ref ?? null}`.as("ref"),
        idempotency_key: insertedKey(t.key).as("idempotency_key"),
        created_at: sql<string>`strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`.as("created_at"),
      })
      .from(users)
      .where(and(eq(users.id, t.userId), sql`${users.virtual_coins} != ${t.balance}`)),
  );
  return [insert] as const;
}

/**
 * Credits for many users in one statement, for bulk setup (the bench's
 * thousands of new players): the ledger rows in one insert, each moving its
 * user's balance through the ledger's insert trigger (invariant L1). Only
 * credits: with no debit there is no balance to guard.
 */
export function creditStatements(db: Database, credits: readonly Movement[]) {
  for (const m of credits) {
    if (!Number.isSafeInteger(m.amount) || m.amount <= 0) throw new Error(`Not a credit: ${m.amount}`);
  }
  if (credits.length === 0) throw new Error("No credits");
  const insert = db.insert(coinTransactions).values(
    credits.map((m) => ({
      user_id: m.userId,
      amount: m.amount,
      transaction_type: m.type,
      description: m.description,
      ref: m.ref ?? null,
      // Bulk credits are new players' welcome bonuses: no row written before can hold their keys.
      idempotency_key: storedKey(m.key),
      created_at: m.at,
    })),
  );
  return [insert] as const;
}

export function isUniqueViolation(error: unknown): boolean {
  const text = String((error as { cause?: unknown })?.cause ?? "") + String(error);
  return /UNIQUE constraint failed/i.test(text);
}

export async function keyExists(db: Database, key: string): Promise<boolean> {
  const row = await db
    .select({ id: coinTransactions.id })
    .from(coinTransactions)
    .where(inArray(coinTransactions.idempotency_key, keyForms(key)))
    .get();
  return Boolean(row);
}

/** Applies one movement on its own batch and says what happened. */
export async function applyMovement(db: Database, m: Movement): Promise<MovementOutcome> {
  try {
    const [insert] = await db.batch(movementStatements(db, m));
    if (moved(insert)) return "applied";
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return "duplicate";
  }
  return (await keyExists(db, m.key)) ? "duplicate" : "insufficient";
}

/**
 * Whether a movement's ledger insert wrote its row. D1 counts the rows its triggers write in
 * `changes` too: an applied movement reports its row and the balance its trigger moved.
 */
export function moved(insertResult: unknown): boolean {
  return changes(insertResult) > 0;
}

export function changes(result: unknown): number {
  return (result as { meta?: { changes?: number } })?.meta?.changes ?? 0;
}

export async function balanceOf(db: Database, userId: string): Promise<number | null> {
  const row = await db.select({ coins: users.virtual_coins }).from(users).where(eq(users.id, userId)).get();
  return row?.coins ?? null;
}
