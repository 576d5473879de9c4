import { count, eq, sql } from "drizzle-orm";
import { queryLocal, statementDb as db } from "../../../db/local-d1";
import { coinTransactions, games, users } from "../../../db/schema";

// After the bench (server stopped): invariant L1 over every user the bench
// made and every coin its games moved (DESIGN.md §4).

export function ledgerCheck(stateDir: string) {
  const ledgerSum = db
    .select({ total: sql<number>`COALESCE(SUM(${coinTransactions.amount}), 0)` })
    .from(coinTransactions)
    .where(eq(coinTransactions.user_id, users.id));
  const query = db
    .select({
      // Named, because queryLocal reads the rows by their column names.
      users: count().as("users"),
      broken: sql<number>`COALESCE(SUM(${users.virtual_coins} != (${ledgerSum})), 0)`.as("broken"),
      completed: sql<number>`${db.$count(games, eq(games.status, "completed"))}`.as("completed"),
    })
    .from(users);
  const [row] = queryLocal<{ users: number; broken: number; completed: number }>(stateDir, query);
  return row;
}
