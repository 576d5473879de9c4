import { drizzle } from "drizzle-orm/d1";
import * as schema from "./schema";

// The one drizzle client factory: the Pages app (load-context.ts) and the Workers build theirs here.

export function createDb(d1: D1Database) {
  return drizzle(d1, { schema });
}

export type Database = ReturnType<typeof createDb>;
