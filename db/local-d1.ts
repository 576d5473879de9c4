import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { SQLWrapper } from "drizzle-orm";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import { createDb } from "./client";

// Node only (the seed, the bench): statements for the local D1 database that
// `wrangler pages dev --persist-to <stateDir>` serves. They are built with
// drizzle over the project's schema and modules (the ledger's movements, the
// app's sign-in rows), rendered by drizzle's SQLite dialect with their
// parameters inlined as literals (its own quoting: no SQL text is assembled by
// hand), and applied the way `npm start` migrates: `wrangler d1 execute
// --local --file`, which runs the whole file as one D1 batch (all or nothing).
// A file scales to the bench's thousands of players, where one call per
// statement through wrangler's platform proxy does not.

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

class NoClient {
  prepare(): never {
    throw new Error("statementDb only builds statements: apply them with executeLocal");
  }
  batch = this.prepare;
  exec = this.prepare;
  dump = this.prepare;
  withSession = this.prepare;
}

/** A drizzle client that only builds statements (the project's `Database` type): run them with executeLocal. */
export const statementDb = createDb(new NoClient() as unknown as D1Database);

const dialect = new SQLiteAsyncDialect();

/** One statement as SQLite text, its parameters inlined by drizzle. */
export function sqlText(statement: SQLWrapper): string {
  return dialect.sqlToQuery(statement.getSQL().inlineParams()).sql;
}

function wrangler(stateDir: string, args: string[], what: string): string {
  const result = spawnSync(
    path.join(ROOT, "node_modules", ".bin", "wrangler"),
    ["d1", "execute", "DB", "--local", "--persist-to", path.resolve(ROOT, stateDir), "-c", "wrangler.toml", ...args],
    {
      cwd: ROOT,
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
      // wrangler runs on this Node (22 under npm run), whatever PATH says.
      env: { ...process.env, CI: "1", PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ""}` },
    },
  );
  if (result.status !== 0)
    throw new Error(`${what} failed (exit ${result.status ?? result.signal}):\n${(result.stderr || result.stdout).slice(-2000)}`);
  return result.stdout;
}

/** Writes the statements to `<stateDir>/<name>.sql` and applies them to the state dir's database, in one batch. */
export function executeLocal(stateDir: string, name: string, statements: readonly SQLWrapper[]) {
  const file = path.join(path.resolve(ROOT, stateDir), `${name}.sql`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(
    file,
    `-- ${name}: written by db/local-d1.ts, applied with wrangler d1 execute --file.\n${statements.map((s) => `${sqlText(s)};`).join("\n")}\n`,
  );
  wrangler(stateDir, ["--file", file], `applying ${path.relative(ROOT, file)}`);
}

/** The rows of one query against the state dir's database. */
export function queryLocal<T>(stateDir: string, query: SQLWrapper): T[] {
  const out = wrangler(stateDir, ["--json", "--command", sqlText(query)], "the query");
  const [first] = JSON.parse(out.slice(out.indexOf("["))) as { results: T[] }[];
  return first.results;
}
