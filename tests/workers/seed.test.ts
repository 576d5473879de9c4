import { env } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import { DEMO_FRIENDSHIPS, DEMO_PENDING_REQUEST, DEMO_PLAYERS, DEMO_SINCE, seedStatements } from "../../db/demo-data";
import { welcomeKey } from "../../db/ledger";
import { boardKey, LEADERBOARD_PERIODS } from "../../game/leaderboard";
import { bulkPlayers } from "../load/lib/bulk-players";
import { call, expectLedgerInvariant, testContext } from "./helpers";
import { expectBoardsMatchGames } from "./leaderboard-helpers";
import { countRows } from "./payment-helpers";

afterEach(expectLedgerInvariant);

// What `npm start` (db/seed.ts) and `npm run bench` (tests/load/) write into
// their local databases, applied here to the test D1 with the same statements.

describe("the demo seed", () => {
  it("writes the demo players with their welcome bonus through the ledger and their ranked history, and a second run changes nothing", async () => {
    const { db } = testContext();
    const now = new Date();
    await db.batch(seedStatements(db, now));
    const boards = await env.DB.prepare("SELECT * FROM leaderboard_scores ORDER BY board, user_id").all();
    await db.batch(seedStatements(db, now));
    expect((await env.DB.prepare("SELECT * FROM leaderboard_scores ORDER BY board, user_id").all()).results).toEqual(boards.results);
    // The history went through the settlement's statements: the boards are the games' sums.
    await expectBoardsMatchGames();
    // Every board of today has a podium on a fresh start.
    for (const period of LEADERBOARD_PERIODS) {
      expect(await countRows("SELECT COUNT(*) AS n FROM leaderboard_scores WHERE board = ?", boardKey(period, now))).toBeGreaterThanOrEqual(
        3,
      );
    }
    for (const player of DEMO_PLAYERS) {
      const row = await env.DB.prepare("SELECT nickname, ranking_points, virtual_coins, created_at FROM users WHERE id = ?")
        .bind(player.id)
        .first();
      const gained = await env.DB.prepare(
        "SELECT COALESCE(SUM(rating_change), 0) AS total, COUNT(*) AS games FROM game_players WHERE user_id = ?",
      )
        .bind(player.id)
        .first<{ total: number; games: number }>();
      expect(gained!.games).toBeGreaterThan(0);
      expect(row).toEqual({
        nickname: player.nickname,
        ranking_points: 1000 + gained!.total,
        virtual_coins: 1000,
        created_at: DEMO_SINCE,
      });
      const { results } = await env.DB.prepare(
        "SELECT amount, transaction_type, idempotency_key, created_at FROM coin_transactions WHERE user_id = ?",
      )
        .bind(player.id)
        .all();
      expect(results).toEqual([
        { amount: 1000, transaction_type: "bonus", idempotency_key: welcomeKey(player.id), created_at: DEMO_SINCE },
      ]);
    }
  });

  it("writes the demo friendships and one pending request, once", async () => {
    const { db } = testContext();
    await db.batch(seedStatements(db));
    await db.batch(seedStatements(db));
    const friends = await env.DB.prepare("SELECT count(*) AS n FROM friendships WHERE user_a_id LIKE 'demo-%'").first<{ n: number }>();
    expect(friends!.n).toBe(DEMO_FRIENDSHIPS.length);
    const request = await env.DB.prepare("SELECT sender_id, receiver_id, status FROM friend_requests WHERE id = ?")
      .bind(DEMO_PENDING_REQUEST.id)
      .first();
    expect(request).toEqual({ sender_id: "demo-ana", receiver_id: "demo-lucas", status: "pending" });
  });
});

describe("the bench's players", () => {
  it("made in bulk with the app's sign-in code, are signed in with their 1,000 welcome coins", async () => {
    const context = testContext();
    const { statements, players } = await bulkPlayers(context.db, context.env, 3);
    await context.db.batch(statements);
    for (const player of players) {
      const response = await call("/api/users/me", { cookie: player.cookie });
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ id: player.id, nickname: player.nickname, virtual_coins: 1000 });
    }
    expect(await countRows("SELECT COUNT(*) AS n FROM oauth_accounts WHERE provider = ?", "https://bench.truco.local")).toBe(3);
  });
});
