import { and, desc, eq, lt } from "drizzle-orm";
import { coinTransactions } from "../../db/schema";
import type { Database } from "./db.server";

export const TRANSACTIONS_PAGE_MAX = 100;
export const TRANSACTIONS_PAGE_DEFAULT = 50;

/** A ledger row as the Transações tab shows it (spec §3). */
export interface TransactionEntry {
  id: number;
  transaction_type: string;
  description: string | null;
  amount: number;
  created_at: string;
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
  return db
    .select({
      id: coinTransactions.id,
      transaction_type: coinTransactions.transaction_type,
      description: coinTransactions.description,
      amount: coinTransactions.amount,
      created_at: coinTransactions.created_at,
    })
    .from(coinTransactions)
    .where(
      page.before === undefined
        ? eq(coinTransactions.user_id, userId)
        : and(eq(coinTransactions.user_id, userId), lt(coinTransactions.id, page.before)),
    )
    .orderBy(desc(coinTransactions.id))
    .limit(page.limit);
}
