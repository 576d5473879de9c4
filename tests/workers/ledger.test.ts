import { env } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import { applyMovement, entryKey, keyExists, movementStatements, payoutKey, storedKey, type MovementOutcome } from "../../db/ledger";
import { call, createPlayer, expectLedgerInvariant, testContext, userRow } from "./helpers";
import { countRows } from "./payment-helpers";

afterEach(expectLedgerInvariant);

describe("the ledger under concurrency", () => {
  it("50 concurrent spends against a balance that covers 33: exactly 33 succeed, the rest write nothing", async () => {
    const { user } = await createPlayer("Gastador"); // 1,000 welcome coins
    const { db } = testContext();
    const outcomes = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        applyMovement(db, { userId: user.id, amount: -30, type: "game_entry", description: "Entrada", key: `test:spend:${user.id}:${i}` }),
      ),
    );
    const count = (outcome: MovementOutcome) => outcomes.filter((o) => o === outcome).length;
    expect(count("applied")).toBe(33);
    expect(count("insufficient")).toBe(17);
    expect(count("duplicate")).toBe(0);
    expect((await userRow(user.id))?.virtual_coins).toBe(1000 - 33 * 30);
    // Only the welcome bonus and the 33 spends are in the ledger.
    expect(await countRows("SELECT COUNT(*) AS n FROM coin_transactions WHERE user_id = ?", user.id)).toBe(34);
    const applied = outcomes.flatMap((o, i) => (o === "applied" ? [`test:spend:${user.id}:${i}`] : []));
    const { results } = await env.DB.prepare(
      "SELECT idempotency_key FROM coin_transactions WHERE user_id = ? AND transaction_type = 'game_entry' ORDER BY idempotency_key",
    )
      .bind(user.id)
      .all<{ idempotency_key: string }>();
    expect(results.map((r) => r.idempotency_key)).toEqual([...applied].sort());
  });

  it("the same idempotency key twice, even concurrently, moves coins once", async () => {
    const { user } = await createPlayer("Chave");
    const { db } = testContext();
    const movement = { userId: user.id, amount: 250, type: "bonus" as const, description: "Teste", key: `test:once:${user.id}` };
    expect(await applyMovement(db, movement)).toBe("applied");
    expect(await applyMovement(db, movement)).toBe("duplicate");
    const concurrent = await Promise.all(
      Array.from({ length: 10 }, () => applyMovement(db, { ...movement, key: `test:twice:${user.id}` })),
    );
    expect(concurrent.filter((o) => o === "applied")).toHaveLength(1);
    expect(concurrent.filter((o) => o === "duplicate")).toHaveLength(9);
    expect((await userRow(user.id))?.virtual_coins).toBe(1500);
  });

  it("refuses a spend that would take the balance below zero, and writes nothing", async () => {
    const { user } = await createPlayer("Pobre");
    const { db } = testContext();
    expect(
      await applyMovement(db, { userId: user.id, amount: -1001, type: "game_entry", description: "x", key: `test:over:${user.id}` }),
    ).toBe("insufficient");
    expect((await userRow(user.id))?.virtual_coins).toBe(1000);
    expect(await countRows("SELECT COUNT(*) AS n FROM coin_transactions WHERE idempotency_key = ?", `test:over:${user.id}`)).toBe(0);
  });
});

describe("a game's keys stored as their hash", () => {
  const legacyRow = (userId: string, amount: number, key: string) =>
    env.DB.prepare(
      "INSERT INTO coin_transactions (user_id, amount, transaction_type, description, ref, idempotency_key) VALUES (?, ?, 'game_win', 'antes', NULL, ?)",
    )
      .bind(userId, amount, key)
      .run();

  it("a game's movement stores 22 characters, other kinds their key as it is; a replay is a duplicate, even concurrently", async () => {
    const { user } = await createPlayer("Hash");
    const { db } = testContext();
    const gameId = crypto.randomUUID();
    const key = payoutKey(gameId, user.id);
    const concurrent = await Promise.all(
      Array.from({ length: 10 }, () => applyMovement(db, { userId: user.id, amount: 90, type: "game_win", description: "x", key })),
    );
    expect(concurrent.filter((o) => o === "applied")).toHaveLength(1);
    expect(concurrent.filter((o) => o === "duplicate")).toHaveLength(9);
    const stored = await env.DB.prepare("SELECT idempotency_key AS k FROM coin_transactions WHERE user_id = ? AND amount = 90")
      .bind(user.id)
      .all<{ k: string }>();
    expect(stored.results).toEqual([{ k: storedKey(key) }]);
    expect(storedKey(key)).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(key.length).toBeGreaterThan(80);
    expect(await keyExists(db, key)).toBe(true);
    expect(storedKey(`welcome:${user.id}`)).toBe(`welcome:${user.id}`);
    // Each key of a game is its own: the entry and the payout of one player, one player and another.
    expect(new Set([storedKey(key), storedKey(entryKey(gameId, user.id)), storedKey(payoutKey(gameId, crypto.randomUUID()))]).size).toBe(3);
    expect((await userRow(user.id))?.virtual_coins).toBe(1090);
  });

  it("a key a row written before holds in its full form is still a duplicate, and aborts the batch it travels in", async () => {
    const { user } = await createPlayer("Antigo");
    const { db } = testContext();
    const key = payoutKey(crypto.randomUUID(), user.id);
    await legacyRow(user.id, 70, key); // the ledger's trigger moves the balance: 1,070
    expect(await keyExists(db, key)).toBe(true);
    expect(await applyMovement(db, { userId: user.id, amount: 70, type: "game_win", description: "x", key })).toBe("duplicate");
    const [replay] = movementStatements(db, { userId: user.id, amount: 70, type: "game_win", description: "x", key });
    const other = movementStatements(db, { userId: user.id, amount: 5, type: "bonus", description: "y", key: `test:with:${user.id}` })[0];
    await expect(db.batch([other, replay])).rejects.toThrow(/UNIQUE/);
    expect((await userRow(user.id))?.virtual_coins).toBe(1070);
    expect(await countRows("SELECT COUNT(*) AS n FROM coin_transactions WHERE user_id = ?", user.id)).toBe(2);
  });
});

describe("GET /api/transactions", () => {
  it("answers 401 when signed out", async () => {
    expect((await call("/api/transactions")).status).toBe(401);
  });

  it("lists the player's own movements, newest first, with the spec's fields", async () => {
    const { user, cookie } = await createPlayer("Extrato");
    const other = await createPlayer("Outro");
    const { db } = testContext();
    await applyMovement(db, {
      userId: user.id,
      amount: -50,
      type: "game_entry",
      description: "Entrada na sala ABC123",
      key: `test:tx1:${user.id}`,
    });
    await applyMovement(db, {
      userId: user.id,
      amount: 120,
      type: "daily_reward",
      description: "Recompensa diária (dia 2)",
      key: `test:tx2:${user.id}`,
    });
    await applyMovement(db, { userId: other.user.id, amount: 5, type: "bonus", description: "Outro", key: `test:tx3:${other.user.id}` });

    const response = await call("/api/transactions", { cookie });
    expect(response.status).toBe(200);
    const list = await response.json<Array<Record<string, unknown>>>();
    expect(list.map((t) => [t.transaction_type, t.amount, t.description])).toEqual([
      ["daily_reward", 120, "Recompensa diária (dia 2)"],
      ["game_entry", -50, "Entrada na sala ABC123"],
      ["bonus", 1000, "Bônus de boas-vindas"],
    ]);
    expect(Object.keys(list[0]).sort()).toEqual(["amount", "created_at", "description", "details", "id", "transaction_type"]);
    expect(list[0].created_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(list.map((t) => t.details)).toEqual([{}, {}, { welcome: true }]);
  });

  it("names what a row refers to (the game, the coin pack), for the screen to describe in any language", async () => {
    const { user, cookie } = await createPlayer("Detalhes");
    const created = await call("/api/games", {
      method: "POST",
      cookie,
      body: { game_type: "2v2", game_mode: "ranked", truco_variant: "mineiro" },
    });
    const game = await created.json<{ id: string; game_code: string }>();
    await env.DB.prepare(
      "INSERT INTO payments (id, user_id, kind, pack_id, amount_cents, coins, status, stripe_session_id) VALUES (?, ?, 'coins', 2, 999, 3000, 'paid', ?)",
    )
      .bind(`pay-${user.id}`, user.id, `cs_${user.id}`)
      .run();
    await applyMovement(testContext().db, {
      userId: user.id,
      amount: 3000,
      type: "purchase",
      description: "Pacote de 2.500 moedas + 500 de bônus",
      key: `test:pack:${user.id}`,
      ref: `payment:pay-${user.id}`,
    });
    const list = await (await call("/api/transactions", { cookie })).json<Array<{ transaction_type: string; details: unknown }>>();
    expect(list.map((t) => [t.transaction_type, t.details])).toEqual([
      ["purchase", { pack: { coins: 2500, bonus: 500 } }],
      ["game_entry", { game: { game_code: game.game_code, game_type: "2v2", game_mode: "ranked", truco_variant: "mineiro" } }],
      ["bonus", { welcome: true }],
    ]);
  });

  it("pages with limit and before, and refuses a bad query", async () => {
    const { user, cookie } = await createPlayer("Paginado");
    const { db } = testContext();
    for (let i = 0; i < 4; i++) {
      await applyMovement(db, { userId: user.id, amount: 1, type: "bonus", description: `n${i}`, key: `test:page:${user.id}:${i}` });
    }
    const first = await (await call("/api/transactions?limit=2", { cookie })).json<Array<{ id: number; description: string }>>();
    expect(first.map((t) => t.description)).toEqual(["n3", "n2"]);
    const next = await (await call(`/api/transactions?limit=2&before=${first[1].id}`, { cookie })).json<Array<{ description: string }>>();
    expect(next.map((t) => t.description)).toEqual(["n1", "n0"]);
    expect((await call("/api/transactions?limit=0", { cookie })).status).toBe(400);
    expect((await call("/api/transactions?limit=500", { cookie })).status).toBe(400);
  });
});
