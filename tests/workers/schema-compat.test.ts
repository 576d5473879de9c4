import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { getTableName, is } from "drizzle-orm";
import { SQLiteTable } from "drizzle-orm/sqlite-core";
import * as schema from "../../db/schema";

// Migrations are expand-then-contract (ADR 116): `npm run deploy` migrates before it rolls out the
// code that needs the change, so for a while the previous release runs on the new schema. This
// test holds the newest migration to that: against the database as the real migrations leave it,
// every table and column of the previous schema (drizzle-kit's snapshot before the newest one,
// which the previous release's queries were built from) is still there and readable, and every
// column the previous release does not know can be left out of its inserts (nullable or defaulted).

const SnapshotSchema = z.object({
  tables: z.record(
    z.string(),
    z.object({
      name: z.string(),
      columns: z.record(z.string(), z.object({ name: z.string(), notNull: z.boolean(), default: z.unknown().optional() })),
    }),
  ),
});

const snapshots = env.TEST_SCHEMA_SNAPSHOTS.map((text) => SnapshotSchema.parse(JSON.parse(text)));

interface ColumnInfo {
  name: string;
  notnull: number;
  dflt_value: string | null;
  pk: number;
}

async function columnsOf(table: string) {
  // A table name from the snapshot, quoted as an identifier: PRAGMA takes no bound parameters.
  const { results } = await env.DB.prepare(`PRAGMA table_info("${table.replaceAll('"', '""')}")`).all<ColumnInfo>();
  return results;
}

describe("the previous release on the migrated schema", () => {
  const previous = snapshots.at(-2)!;

  it("has a previous schema to compare with", () => {
    expect(snapshots.length).toBeGreaterThanOrEqual(2);
  });

  for (const table of Object.values(previous.tables)) {
    it(`still reads and writes ${table.name}`, async () => {
      const now = await columnsOf(table.name);
      expect(now.length, `${table.name} is still there`).toBeGreaterThan(0);
      const names = new Set(now.map((column) => column.name));
      const known = Object.keys(table.columns);
      for (const column of known) expect(names.has(column), `${table.name}.${column} is still there`).toBe(true);
      // The previous release's read, column by column, parses and runs.
      const list = known.map((column) => `"${column}"`).join(", ");
      await env.DB.prepare(`SELECT ${list} FROM "${table.name}" LIMIT 0`).all();
      // Its inserts name only the columns it knows: any other must be nullable, defaulted or the rowid.
      const unknownRequired = now.filter(
        (column) => !known.includes(column.name) && column.notnull && column.dflt_value === null && !column.pk,
      );
      expect(
        unknownRequired.map((column) => column.name),
        `new required columns in ${table.name}`,
      ).toEqual([]);
    });
  }
});

// A contract step (dropping a table) ships in a later release than the one that stopped using the
// table: until then it waits in db/contract/ (ADR 119). This holds each waiting step to that: what
// it drops is in no table of this release's schema (db/schema.ts), so the release that applies it
// runs beside this one safely; the table is still in the migrated database (the step has not been
// applied by a migration yet); and the statement compiles against it (EXPLAIN: nothing runs).
describe("the contract steps waiting for a later release", () => {
  const inUse = new Set((Object.values(schema) as unknown[]).flatMap((value) => (is(value, SQLiteTable) ? [getTableName(value)] : [])));

  for (const step of env.TEST_CONTRACT_STEPS) {
    it(`${step.name} drops only tables this release no longer uses`, async () => {
      const statements = step.sql
        .split("--> statement-breakpoint")
        .map((text) => text.replace(/^\s*--.*$/gm, "").trim())
        .filter(Boolean);
      expect(statements.length).toBeGreaterThan(0);
      for (const statement of statements) {
        const dropped = /^DROP TABLE (?:IF EXISTS )?`([^`]+)`;?$/i.exec(statement)?.[1];
        expect(dropped, `a contract step only drops tables: ${statement}`).toBeDefined();
        expect(inUse.has(dropped!), `${dropped} is still in db/schema.ts`).toBe(false);
        expect((await columnsOf(dropped!)).length, `${dropped} is still in the migrated database`).toBeGreaterThan(0);
        await env.DB.prepare(`EXPLAIN ${statement.replace(/;$/, "")}`).all();
      }
    });
  }
});
