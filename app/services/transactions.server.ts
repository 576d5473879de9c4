import { and, desc, eq, like, lt, sql } from "drizzle-orm";
import { coinTransactions, games, payments } from "../../db/schema";
import { findPack } from "~/utils/catalog";
import type { Database } from "../../db/client";
import { isWelcomeKey } from "../../db/ledger";

export const TRANSACTIONS_PAGE_MAX = 100;
export const TRANSACTIONS_PAGE_DEFAULT = 50;

/**
 * What a row refers to, so the screen can describe it in the reader's language
 * (the stored `description` is the Portuguese audit text written with the row).
 */
export interface TransactionDetails {
  /** The welcome bonus of a new account. */
  welcome?: true;
  /** The game an entry, return, payout or refund belongs to. */
  game?: { game_code: string; game_type: string; game_mode: string; truco_variant: string };
  /** The coin pack a purchase credited. */
  pack?: { coins: number; bonus: number };
}

/** A ledger row as the Transações tab shows it (spec §3). */
export interface TransactionEntry {
  id: number;
  transaction_type: string;
  description: string | null;
  amount: number;
  created_at: string;
  details: TransactionDetails;
}

/** A page of the player's ledger, newest first: read through the user_id index in id order (at most `limit` rows). */
export function transactionsStatement(db: Database, userId: string, page: { limit: number; before?: number }) {
  return (
    db
      .select({
        id: coinTransactions.id,
        transaction_type: coinTransactions.transaction_type,
        description: coinTransactions.description,
        amount: coinTransactions.amount,
        created_at: coinTransactions.created_at,
        key: coinTransactions.idempotency_key,
        game_code: games.game_code,
        game_type: games.game_type,
        game_mode: games.game_mode,
        truco_variant: games.truco_variant,
        pack_id: payments.pack_id,
        pack_coins: payments.coins,
      })
      .from(coinTransactions)
      // `ref` is gameRef(id) or paymentRef(id) (db/ledger.ts); each join is a primary-key lookup.
      .leftJoin(games, and(like(coinTransactions.ref, "game:%"), eq(games.id, sql`substr(${coinTransactions.ref}, 6)`)))
      .leftJoin(payments, and(like(coinTransactions.ref, "payment:%"), eq(payments.id, sql`substr(${coinTransactions.ref}, 9)`)))
      .where(
        page.before === undefined
          ? eq(coinTransactions.user_id, userId)
          : and(eq(coinTransactions.user_id, userId), lt(coinTransactions.id, page.before)),
      )
      .orderBy(desc(coinTransactions.id))
      .limit(page.limit)
  );
}

/**
 * The player's own ledger rows, newest first, a page at a time: `before` is
 * the id of the last row already shown (ids only grow, so the cursor is stable
 * while new rows arrive).
 */
export async function listTransactions(
  db: Database,
  userId: string,
  page: { limit: number; before?: number },
): Promise<TransactionEntry[]> {
  const rows = await transactionsStatement(db, userId, page);
  return rows.map((row) => ({
    id: row.id,
    transaction_type: row.transaction_type,
    description: row.description,
    amount: row.amount,
    created_at: row.created_at,
    details: detailsOf(row),
  }));
}

function detailsOf(row: {
  key: string;
  game_code: string | null;
  game_type: string | null;
  game_mode: string | null;
  truco_variant: string | null;
  pack_id: number | null;
  pack_coins: number | null;
}): TransactionDetails {
  if (isWelcomeKey(row.key)) return { welcome: true };
  if (row.game_code && row.game_type && row.game_mode && row.truco_variant) {
    return { game: { game_code: row.game_code, game_type: row.game_type, game_mode: row.game_mode, truco_variant: row.truco_variant } };
  }
  if (row.pack_coins !== null) {
    const pack = row.pack_id === null ? undefined : findPack(row.pack_id);
    return { pack: pack ? { coins: pack.coins, bonus: pack.bonus } : { coins: row.pack_coins, bonus: 0 } };
  }
  return {};
}
