import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { benchBindings, benchMeter, kindOf } from "../../db/bench-meter";
import { createDb } from "../../db/client";
import { sessions, users } from "../../db/schema";
import { createPlayer } from "./helpers";

// The bench's metered bindings (db/bench-meter.ts, ADR 124) over the real local D1 and R2: the
// same answers as the bindings themselves, and D1's own meta counted by kind.

const benchEnv = () => benchBindings({ ...env, BENCH_MODE: "1" });

beforeEach(() => benchMeter.reset());

describe("benchBindings", () => {
  it("hands the bindings back untouched without BENCH_MODE=1", () => {
    const plain = { ...env };
    expect(benchBindings(plain)).toBe(plain);
    expect(benchBindings({ ...env, BENCH_MODE: "0" }).DB).toBe(env.DB);
  });

  it("answers drizzle's queries as the binding does, a join's columns of the same name included", async () => {
    const { user } = await createPlayer("Medida");
    const query = (db: ReturnType<typeof createDb>) =>
      db
        .select({ userId: users.id, sessionId: sessions.id, coins: users.virtual_coins })
        .from(users)
        .innerJoin(sessions, eq(sessions.user_id, users.id))
        .where(eq(users.id, user.id));
    const plain = await query(createDb(env.DB));
    benchMeter.reset();
    const metered = await query(createDb(benchEnv().DB));
    expect(metered).toEqual(plain);
    expect(metered[0]?.userId).toBe(user.id);
    expect(metered[0]?.sessionId).not.toBe(user.id);

    const snapshot = benchMeter.snapshot();
    expect(snapshot.primaryReads).toBe(1);
    expect(snapshot.writeTransactions).toBe(0);
    const [kind] = snapshot.statements;
    expect(kind?.kind).toMatch(/^select … from users inner join sessions on/);
    expect(kind?.noMeta).toBe(0);
    expect(kind?.rowsRead).toBeGreaterThan(0);
    expect(kind?.maxRowsRead).toBe(kind?.rowsRead);
  });

  it("counts a batch as one write transaction and each of its statements, with D1's rows written", async () => {
    const { user } = await createPlayer("Lote");
    const db = createDb(benchEnv().DB);
    await db.batch([
      db.update(users).set({ virtual_coins: 990 }).where(eq(users.id, user.id)),
      db.update(users).set({ virtual_coins: 1000 }).where(eq(users.id, user.id)),
      db.select({ id: users.id }).from(users).where(eq(users.id, user.id)),
    ]);
    await db.update(users).set({ virtual_coins: 1000 }).where(eq(users.id, user.id));
    const snapshot = benchMeter.snapshot();
    expect(snapshot.writeTransactions).toBe(2);
    expect(snapshot.writeStatements).toBe(3);
    // The select ran inside a writing transaction: on the primary.
    expect(snapshot.primaryReads).toBe(1);
    const update = snapshot.statements.find((s) => s.kind.startsWith("update users"));
    expect(update).toMatchObject({ write: true, calls: 3, inBatch: 2 });
    expect(update?.rowsWritten).toBeGreaterThanOrEqual(3);
  });

  it("counts reads through a session that allows replicas apart from the primary's", async () => {
    const { user } = await createPlayer("Réplica");
    const metered = benchEnv().DB;
    const replica = createDb(metered.withSession("first-unconstrained") as unknown as D1Database);
    const primary = createDb(metered.withSession("first-primary") as unknown as D1Database);
    await replica.select({ id: users.id }).from(users).where(eq(users.id, user.id));
    await replica.select({ id: users.id }).from(users).where(eq(users.id, user.id));
    await primary.select({ id: users.id }).from(users).where(eq(users.id, user.id));
    expect(await metered.prepare("SELECT id FROM users WHERE id = ?").bind(user.id).first("id")).toBe(user.id);
    const snapshot = benchMeter.snapshot();
    expect(snapshot).toMatchObject({ replicaReads: 2, primaryReads: 2, sessions: { replica: 1, primary: 1 } });
  });

  it("counts the game records' puts and their bytes", async () => {
    const records = benchEnv().GAME_RECORDS;
    await records.put("bench-meter/one", "x".repeat(1234));
    expect(await (await records.get("bench-meter/one"))?.text()).toHaveLength(1234);
    expect(benchMeter.snapshot().r2).toEqual({ puts: 1, bytes: 1234, gets: 1, deletes: 0 });
  });
});

describe("kindOf", () => {
  it("is one kind for the same query with other values", () => {
    expect(kindOf(`select "id", "name" from "users" where "id" = ? and "coins" > 10`)).toBe(
      "select … from users where id = ? and coins > ?",
    );
    expect(kindOf(`insert into "t" ("a", "b") values (?, ?), (?, ?)`)).toBe(kindOf(`insert into "t" ("a", "b") values (?, ?)`));
    expect(kindOf(`delete from "t" where "x" = 'abc'`)).toBe("delete from t where x = ?");
  });
});
