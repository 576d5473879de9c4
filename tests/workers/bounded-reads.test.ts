import { env } from "cloudflare:test";
import type { SQLWrapper } from "drizzle-orm";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { heldSeatsOf, heldSeatsStatement, practiceStatsStatement } from "../../db/games";
import { cutsOfBoard, measureCurrentCuts, rowOnBoard, rowsAbove } from "../../db/leaderboard";
import { applyMovement, movementStatements } from "../../db/ledger";
import { playerResultStatements } from "../../db/game-results";
import { percentileAt, RANK_EXACT_LIMIT } from "../../game/leaderboard";
import { sessionLookup } from "~/services/auth.server";
import { seatStatement } from "~/services/games.server";
import { transactionsStatement } from "~/services/transactions.server";
import { leaderboardOf, placeOnBoard } from "~/services/leaderboard.server";
import { createPlayer, expectLedgerInvariant, testContext, userRow, type Player } from "./helpers";

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

  it("within the first 10,000 the rank is exact, with the board's tie-breaks, and counts no further than the rank", async () => {
    const { db } = testContext();
    for (const id of ["lb-150", "lb-151", "lb-4001", "lb-4002", "lb-9990"]) {
      const expected = await oracle(id);
      expect(expected).toBeLessThanOrEqual(RANK_EXACT_LIMIT);
      expect(await placeOf(id)).toEqual({ rank: expected });
      const [row] = await rowOnBoard(db, board, id);
      const { rowsRead } = await measured(rowsAbove(db, board, row!));
      // The rows above, and the lines that share the player's points (7 per value here) down to them.
      expect(rowsRead).toBeLessThanOrEqual(expected + 10);
    }
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

  it("the board's own rank count stops at 10,000 rows", async () => {
    const { db } = testContext();
    const [row] = await rowOnBoard(db, board, "lb-12000");
    const { rows, rowsRead } = await measured(rowsAbove(db, board, row!));
    expect(Object.values(rows[0] as object)[0]).toBe(RANK_EXACT_LIMIT);
    expect(rowsRead).toBeLessThanOrEqual(RANK_EXACT_LIMIT + 2);
  });
});
