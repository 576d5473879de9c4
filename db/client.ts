import type { SQLWrapper } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { drizzle } from "drizzle-orm/d1";
import * as schema from "./schema";

// The one drizzle client factory: the Pages app (load-context.ts) and the Workers build theirs here.

export function createDb(d1: D1Database) {
  return drizzle(d1, { schema });
}

export type Database = ReturnType<typeof createDb>;

/** A statement for db.batch that drizzle can also render as SQL text (every query builder is both). */
export type Statement = BatchItem<"sqlite"> & SQLWrapper;

/** Statements as db.batch takes them: at least one. */
export function batchOf(statements: readonly Statement[]): [Statement, ...Statement[]] {
  const [first, ...rest] = statements;
  if (!first) throw new Error("An empty batch");
  return [first, ...rest];
}
