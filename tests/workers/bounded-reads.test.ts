import { env } from "cloudflare:test";
import type { SQLWrapper } from "drizzle-orm";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { heldSeatsOf, heldSeatsStatement, practiceStatsStatement } from "../../db/games";
import { cutsOfBoard, measureCurrentCuts, rankedResultStatements, rowOnBoard } from "../../db/leaderboard";
import { applyMovement, movementStatements } from "../../db/ledger";
import { playerResultStatements } from "../../db/game-results";
import { percentileAt, RANK_EXACT_LIMIT } from "../../game/leaderboard";
import { sessionLookup } from "~/services/auth.server";
import { seatStatement } from "~/services/games.server";
import { transactionsStatement } from "~/services/transactions.server";
import { leaderboardOf, placeOnBoard } from "~/services/leaderboard.server";
import { createPlayer, expectLedgerInvariant, testContext, userRow, type Player } from "./helpers";
import { benchBindings, benchMeter } from "../../db/bench-meter";
import { createDb } from "../../db/client";

// Each hot statement's bound, read from D1's own meta.rows_read with a large history seeded: the
// statement as the app builds it (drizzle), run through the raw binding so its meta is visible.

afterEach(expectLedgerInvariant);

const dialect = new SQLiteAsyncDialect();

/** A statement run once through the binding: its rows and D1's rows_read. */
async function measured(statement: SQLWrapper) {
  const query = dialect.sqlToQuery(statement.getSQL());
  const result = await env.DB.prepare(query.sql)
    .bind(...query.params)
    .all();
  return { rows: result.results, rowsRead: result.meta.rows_read };
}

const HISTORY = 3_000;

describe("a player with a long history", () => {
  let player: Player;

  beforeAll(async () => {
    player = await createPlayer("Veterano");
    const id = player.user.id;
    // 3,000 ledger rows (net zero), 3,000 finished games with a seat each (half of them practice),
    // 3,000 expired sessions.
    await env.DB.batch([
      env.DB.prepare(
        `INSERT INTO coin_transactions (user_id, amount, transaction_type, description, idempotency_key, created_at)
         WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
         SELECT ?, CASE WHEN i % 2 = 0 THEN 5 ELSE -5 END, 'admin_adjustment', 'history', 'history:' || ? || ':' || i, '2026-01-01T00:00:00.000Z' FROM n`,
      ).bind(HISTORY, id, id),
      env.DB.prepare(
        `INSERT INTO games (id, game_code, status, game_type, game_mode, truco_variant, entry_cost, bot_level, created_by, completed_at)
         WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
         SELECT 'hist-' || ? || '-' || i, 'H' || i, 'completed', '1v1', 'casual', 'paulista', 0, CASE WHEN i % 2 = 0 THEN 'easy' END, ?, '2026-01-01T00:00:00.000Z' FROM n`,
      ).bind(HISTORY, id, id),
      env.DB.prepare(
        `INSERT INTO game_players (game_id, user_id, seat, team, nickname, result)
         SELECT id, ?, 0, 'team1', 'Veterano', 'win' FROM games WHERE id LIKE 'hist-' || ? || '-%'`,
      ).bind(id, id),
      env.DB.prepare(
        `INSERT INTO sessions (id, user_id, expires_at)
         WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
         SELECT 'old-' || ? || '-' || i, ?, '2026-01-01T00:00:00.000Z' FROM n`,
      ).bind(HISTORY, id, id),
    ]);
  });

  it("a debit reads the player's row and the key, not their ledger; a replayed key moves nothing", async () => {
    const { db } = testContext();
    const before = (await userRow(player.user.id))!.virtual_coins;
    const [insert] = movementStatements(db, {
      userId: player.user.id,
      amount: -40,
      type: "game_entry",
      description: "test",
      key: `bounded:${player.user.id}`,
    });
    const { rowsRead } = await measured(insert);
    // The user's row (twice: the guard and the trigger's update) and the ledger's unique indexes.
    expect(rowsRead).toBeLessThanOrEqual(10);
    expect((await userRow(player.user.id))!.virtual_coins).toBe(before - 40);
    // The same key again, through the app's own path: a duplicate, and the balance stays.
    expect(
      await applyMovement(db, {
        userId: player.user.id,
        amount: -40,
        type: "game_entry",
        description: "test",
        key: `bounded:${player.user.id}`,
      }),
    ).toBe("duplicate");
    // ON CONFLICT DO NOTHING (the seed's replay): no row, so no balance move either.
    await db.batch([insert.onConflictDoNothing()]);
    expect((await userRow(player.user.id))!.virtual_coins).toBe(before - 40);
  });

  it("held seats read the held seats only", async () => {
    const { db } = testContext();
    const open = `open-${player.user.id}`;
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO games (id, game_code, status, game_type, game_mode, truco_variant, entry_cost, created_by) VALUES (?, 'OPEN01', 'waiting', '1v1', 'casual', 'paulista', 0, ?)",
      ).bind(open, player.user.id),
      env.DB.prepare("INSERT INTO game_players (game_id, user_id, seat, team, nickname) VALUES (?, ?, 0, 'team1', 'Veterano')").bind(
        open,
        player.user.id,
      ),
    ]);
    const { rows, rowsRead } = await measured(heldSeatsStatement(db, player.user.id));
    expect(rows).toEqual([{ id: open, status: "waiting", bot_level: null }]);
    expect(rowsRead).toBeLessThanOrEqual(5);
    // The game ends: its seat is no longer held, whatever wrote the status.
    await env.DB.prepare("UPDATE games SET status = 'cancelled' WHERE id = ?").bind(open).run();
    expect(await heldSeatsOf(db, player.user.id)).toEqual([]);
  });

  it("practice stats read one row, and a settled practice game counts on it", async () => {
    const { db } = testContext();
    await db.batch([
      playerResultStatements(
        db,
        "hist-x",
        { userId: player.user.id, result: "win", coinsChange: 0, ratingChange: 0 },
        { countStats: false, ranked: false, at: new Date() },
      )[1]!,
    ]);
    const { rows, rowsRead } = await measured(practiceStatsStatement(db, player.user.id));
    expect(rows).toEqual([{ games: 1, wins: 1 }]);
    expect(rowsRead).toBeLessThanOrEqual(2);
  });

  it("the session lookup reads the session and its user", async () => {
    const { db } = testContext();
    const live = await env.DB.prepare("SELECT id FROM sessions WHERE user_id = ? AND id NOT LIKE 'old-%'")
      .bind(player.user.id)
      .first<{ id: string }>();
    const { rows, rowsRead } = await measured(sessionLookup(db, live!.id, new Date()));
    expect(rows).toHaveLength(1);
    expect(rowsRead).toBeLessThanOrEqual(3);
  });

  it("a page of the player's 3,000 ledger rows reads that page, with no sort over the whole ledger", async () => {
    const { db } = testContext();
    const first = await measured(transactionsStatement(db, player.user.id, { limit: 50 }));
    expect(first.rows).toHaveLength(50);
    // The page's rows and each one's primary-key lookups of its game or payment.
    expect(first.rowsRead).toBeLessThanOrEqual(100);
    const ids = first.rows.map((row) => (row as { id: number }).id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const next = await measured(transactionsStatement(db, player.user.id, { limit: 50, before: ids.at(-1)! }));
    expect(next.rows).toHaveLength(50);
    expect((next.rows[0] as { id: number }).id).toBeLessThan(ids.at(-1)!);
    expect(next.rowsRead).toBeLessThanOrEqual(100);
  });

  it("a seat by game and player reads its index entry, not the player's 3,000 seats, and the rule of one seat per game holds", async () => {
    const { db } = testContext();
    const seated = await measured(seatStatement(db, `hist-${player.user.id}-1500`, player.user.id));
    expect(seated.rows).toHaveLength(1);
    expect(seated.rowsRead).toBeLessThanOrEqual(2);
    const absent = await measured(seatStatement(db, `hist-${player.user.id}-no-such`, player.user.id));
    expect(absent.rows).toEqual([]);
    expect(absent.rowsRead).toBeLessThanOrEqual(2);
    // A second seat for the same player at the same game is refused by the (user_id, game_id) index.
    await expect(
      env.DB.prepare("INSERT INTO game_players (game_id, user_id, seat, team, nickname) VALUES (?, ?, 1, 'team2', 'Veterano')")
        .bind(`hist-${player.user.id}-1500`, player.user.id)
        .run(),
    ).rejects.toThrow(/UNIQUE constraint failed: game_players.user_id, game_players.game_id/);
  });
});

describe("own rank beside a board of 12,000", () => {
  const SIZE = 12_000;
  const now = new Date();
  const board = "all";

  beforeAll(async () => {
    await env.DB.prepare("DELETE FROM leaderboard_scores").run();
    // Lines with every kind of tie: points in steps, wins repeating, accounts created in pairs.
    await env.DB.prepare(
      `INSERT INTO users (id, nickname, created_at)
       WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
       SELECT 'lb-' || i, 'Linha ' || i, strftime('%Y-%m-%dT%H:%M:%fZ', '2025-01-01', '+' || (i / 2) || ' seconds') FROM n`,
    )
      .bind(SIZE)
      .run();
    await env.DB.prepare(
      `INSERT INTO leaderboard_scores (board, user_id, points, games, wins, nickname, user_created_at, hidden, day, day_points)
       SELECT 'all', id, 5000 - (CAST(substr(id, 4) AS INTEGER) / 7), 10, CAST(substr(id, 4) AS INTEGER) % 3, nickname, created_at, 0, '2026-01-01', 0
       FROM users WHERE id LIKE 'lb-%'`,
    ).run();
    await measureCurrentCuts(testContext().db, now);
  });

  /** The board's order, computed apart (the oracle): each line's place. */
  async function oracle(userId: string): Promise<number> {
    const row = await env.DB.prepare(
      `SELECT place FROM (SELECT user_id, ROW_NUMBER() OVER (ORDER BY points DESC, wins DESC, user_created_at, user_id) AS place
       FROM leaderboard_scores WHERE board = 'all' AND hidden = 0) WHERE user_id = ?`,
    )
      .bind(userId)
      .first<{ place: number }>();
    return row!.place;
  }

  async function placeOf(userId: string) {
    const { db } = testContext();
    const [row] = await rowOnBoard(db, board, userId);
    return placeOnBoard(db, board, row!);
  }

  it("on the first page the rank is the line's place on that page", async () => {
    const { db } = testContext();
    const third = await env.DB.prepare(
      "SELECT user_id FROM leaderboard_scores WHERE board = 'all' ORDER BY points DESC, wins DESC, user_created_at, user_id LIMIT 1 OFFSET 2",
    ).first<{ user_id: string }>();
    const result = await leaderboardOf(db, "all", third!.user_id, now);
    expect(result.leaderboard[2]!.user.id).toBe(third!.user_id);
    expect(result.userRank).toMatchObject({ rank: 3 });
    expect(result.userRank).not.toHaveProperty("percentile");
  });

  /** Own rank through the metered binding: the place, and the most rows any one of its statements read. */
  async function meteredPlaceOf(userId: string) {
    const db = createDb(benchBindings({ ...env, BENCH_MODE: "1" }).DB);
    const [row] = await rowOnBoard(db, board, userId);
    benchMeter.reset();
    const place = await placeOnBoard(db, board, row!);
    const statements = benchMeter.snapshot().statements;
    return { place, maxRowsRead: Math.max(0, ...statements.map((s) => s.maxRowsRead)), statements: statements.length };
  }

  it("within the first 10,000 the rank is exact, with the board's tie-breaks, and no statement reads more than 100 rows", async () => {
    const lastExact = await env.DB.prepare(
      "SELECT user_id FROM leaderboard_scores WHERE board = 'all' AND hidden = 0 ORDER BY points DESC, wins DESC, user_created_at, user_id LIMIT 1 OFFSET ?",
    )
      .bind(RANK_EXACT_LIMIT - 1)
      .first<{ user_id: string }>();
    for (const id of ["lb-1", "lb-150", "lb-151", "lb-4001", "lb-4002", "lb-9990", lastExact!.user_id]) {
      const expected = await oracle(id);
      expect(expected).toBeLessThanOrEqual(RANK_EXACT_LIMIT);
      const { place, maxRowsRead } = await meteredPlaceOf(id);
      expect(place).toEqual({ rank: expected });
      expect(maxRowsRead).toBeLessThanOrEqual(100);
    }
  });

  it("the rank stays exact and bounded while lines climb, fall, arrive, are hidden and go between two measurements", async () => {
    const moved = ["lb-9000", "lb-20", "lb-5000", "lb-7777"];
    await env.DB.batch([
      // A climb to the top, a fall from it, a move across many blocks, a tie made with another line.
      env.DB.prepare("UPDATE leaderboard_scores SET points = 6000 WHERE board = 'all' AND user_id = 'lb-9000'"),
      env.DB.prepare("UPDATE leaderboard_scores SET points = 3700, wins = 0 WHERE board = 'all' AND user_id = 'lb-20'"),
      env.DB.prepare("UPDATE leaderboard_scores SET points = 4900 WHERE board = 'all' AND user_id = 'lb-5000'"),
      env.DB.prepare(
        "UPDATE leaderboard_scores SET points = (SELECT points FROM leaderboard_scores WHERE board = 'all' AND user_id = 'lb-3000'), wins = 2 WHERE board = 'all' AND user_id = 'lb-7777'",
      ),
      // New lines, one above every measured block; a banned player's line hidden; one line gone.
      env.DB.prepare(
        "INSERT INTO users (id, nickname, created_at) VALUES ('lb-new-1', 'Nova 1', '2026-01-01T00:00:00.000Z'), ('lb-new-2', 'Nova 2', '2026-01-02T00:00:00.000Z')",
      ),
      env.DB.prepare(
        "INSERT INTO leaderboard_scores (board, user_id, points, games, wins, nickname, user_created_at, hidden, day, day_points) VALUES ('all', 'lb-new-1', 7000, 1, 1, 'Nova 1', '2026-01-01T00:00:00.000Z', 0, '2026-01-01', 0), ('all', 'lb-new-2', 4500, 1, 1, 'Nova 2', '2026-01-02T00:00:00.000Z', 0, '2026-01-01', 0)",
      ),
      env.DB.prepare("UPDATE users SET banned_at = '2026-01-01T00:00:00.000Z' WHERE id = 'lb-600'"),
      env.DB.prepare("DELETE FROM leaderboard_scores WHERE board = 'all' AND user_id = 'lb-601'"),
    ]);
    // A ranked result's upsert (the settlement's statement) moves a line too: Geral takes the player's points.
    const { db: appDb } = testContext();
    await env.DB.prepare("UPDATE users SET ranking_points = 4990 WHERE id = 'lb-8000'").run();
    await appDb.batch(rankedResultStatements(appDb, { userId: "lb-8000", result: "win", ratingChange: 10 }, now) as never);
    moved.push("lb-8000");
    // Only Geral is measured here: the month's and the week's rows the result added go.
    await env.DB.prepare("DELETE FROM leaderboard_scores WHERE board <> 'all'").run();
    // Each block's count is the lines it holds now.
    const drift = await env.DB.prepare(
      `SELECT b.block, b.lines, (SELECT COUNT(*) FROM leaderboard_scores s WHERE s.board = 'all' AND s.hidden = 0
         AND (b.block = 0 OR s.rank_key >= b.rank_key)
         AND s.rank_key < COALESCE((SELECT n.rank_key FROM leaderboard_blocks n WHERE n.board = 'all' AND n.block = b.block + 1), char(127))) AS held
       FROM leaderboard_blocks b WHERE b.board = 'all'`,
    ).all<{ block: number; lines: number; held: number }>();
    expect(drift.results.length).toBe(RANK_EXACT_LIMIT / 100 + 1);
    for (const block of drift.results) expect(block.lines).toBe(block.held);
    for (const id of [...moved, "lb-new-1", "lb-new-2", "lb-1", "lb-599", "lb-602", "lb-4001", "lb-9990"]) {
      const expected = await oracle(id);
      const { place, maxRowsRead } = await meteredPlaceOf(id);
      expect(place).toEqual({ rank: expected });
      expect(maxRowsRead).toBeLessThanOrEqual(100);
    }
    // The same answers beside the board: the viewer's line agrees with the page it is shown with.
    const { db } = testContext();
    const view = await leaderboardOf(db, "all", "lb-4001", now);
    expect(view.userRank?.rank).toBe(await oracle("lb-4001"));
    expect(view.leaderboard[0]!.user.id).toBe("lb-new-1");
    expect(view.leaderboard[1]!.user.id).toBe("lb-9000");
    // The next measurement starts the blocks again from the board as it is.
    await measureCurrentCuts(db, now);
    expect((await meteredPlaceOf("lb-9990")).place).toEqual({ rank: await oracle("lb-9990") });
  });

  it("beyond the first 10,000 a player is told their percentile, read from at most 101 rows, with no count", async () => {
    const { db } = testContext();
    const { rows, rowsRead } = await measured(cutsOfBoard(db, board));
    expect(rows.length).toBeLessThanOrEqual(101);
    expect(rowsRead).toBeLessThanOrEqual(101);
    for (const id of ["lb-10500", "lb-11999", "lb-12000"]) {
      const expected = await oracle(id);
      expect(expected).toBeGreaterThan(RANK_EXACT_LIMIT);
      const place = await placeOf(id);
      expect(place.percentile).toBe(percentileAt(expected, SIZE));
      expect(place.rank).toBeGreaterThanOrEqual(expected);
    }
    // The last line is in the last percent, as the bench checks.
    const [last] = await rowOnBoard(db, board, "lb-12000");
    const api = await leaderboardOf(db, "all", "lb-12000", now);
    expect(api.userRank).toMatchObject({ percentile: 100, user: { id: last!.user_id } });
  });
});
