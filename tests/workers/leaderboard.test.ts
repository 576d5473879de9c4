import { env } from "cloudflare:test";
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { GameSummary } from "../../game/protocol/entities";
import { rankedResultStatements, rankingAdjustmentStatements } from "../../db/leaderboard";
import { leaderboardOf, type LeaderboardEntry } from "~/services/leaderboard.server";
import { call, createPlayer, expectLedgerInvariant, testContext, userRow } from "./helpers";
import { expectBoardsMatchGames, recomputedBoards, settleRanked, storedBoards } from "./leaderboard-helpers";
import { RoomClient } from "./room-client";

afterEach(expectLedgerInvariant);

// The file's tests share one D1: each starts from no games and empty boards (the players of
// earlier tests keep their rows, but without a ranked result they are on no board).
beforeEach(async () => {
  await env.DB.batch(["game_players", "games", "leaderboard_scores"].map((table) => env.DB.prepare(`DELETE FROM ${table}`)));
});

type Player = Awaited<ReturnType<typeof createPlayer>>;

async function players(n: number): Promise<Player[]> {
  const list: Player[] = [];
  for (let i = 0; i < n; i++) list.push(await createPlayer(`Rank${i}`));
  return list;
}

/** The ids and points of a board's lines, in order. */
const lines = (entries: LeaderboardEntry[]) => entries.map((e) => [e.user.id, e.user.ranking_points]);

async function board(period: "all" | "monthly" | "weekly", viewer: Player, now: Date, limit?: number) {
  const { db } = testContext();
  return leaderboardOf(db, period, viewer.user.id, now, limit);
}

/** The account's creation instant (the last tie-break), set before the player has any score row. */
async function createdAt(player: Player, at: string) {
  await env.DB.prepare("UPDATE users SET created_at = ? WHERE id = ?").bind(at, player.user.id).run();
}

describe("the boards", () => {
  it("rank by the São Paulo calendar: a Sunday 23:30 game is in that week, though Monday in UTC; months turn at São Paulo's midnight", async () => {
    const [a, b, c, d] = await players(4);
    // Sunday 29 November 23:30 in São Paulo (Monday 02:30 UTC): the week of Monday the 23rd.
    const g1 = await settleRanked([a.user], [b.user], new Date("2026-11-30T02:30:00Z"));
    // Monday 30 November 00:30 in São Paulo: a new week, still November.
    const g2 = await settleRanked([c.user], [a.user], new Date("2026-11-30T03:30:00Z"));
    // Monday 30 November 21:30 in São Paulo (1 December in UTC): still November.
    const g3 = await settleRanked([b.user], [c.user], new Date("2026-12-01T00:30:00Z"));
    const change = (game: typeof g1, player: Player) => game.find((s) => s.userId === player.user.id)?.ratingChange ?? 0;
    const sum = (player: Player, ...gs: (typeof g1)[]) => gs.reduce((total, g) => total + change(g, player), 0);
    expect(change(g1, a)).toBe(16);

    // Sunday 23:45 in São Paulo: the week of the 23rd holds g1 only.
    const sunday = new Date("2026-11-30T02:45:00Z");
    expect(lines((await board("weekly", a, sunday)).leaderboard)).toEqual([
      [a.user.id, 16],
      [b.user.id, -16],
    ]);
    // Monday 23:00 in São Paulo (Tuesday in UTC): the week of the 30th holds g2 and g3; November, g1 to g3
    // (g3 was settled on 1 December in UTC).
    const monday = new Date("2026-12-01T02:00:00Z");
    const weekly = await board("weekly", a, monday);
    expect(lines(weekly.leaderboard)).toEqual(
      [
        [b.user.id, sum(b, g3)],
        [c.user.id, sum(c, g2, g3)],
        [a.user.id, sum(a, g2)],
      ].sort((x, y) => Number(y[1]) - Number(x[1])),
    );
    expect(weekly.leaderboard.map((e) => e.rank)).toEqual([1, 2, 3]);
    const november = await board("monthly", a, monday);
    expect(new Set(november.leaderboard.map((e) => e.user.id))).toEqual(new Set([a.user.id, b.user.id, c.user.id]));
    for (const entry of november.leaderboard) {
      const player = [a, b, c].find((p) => p.user.id === entry.user.id)!;
      expect(entry.user.ranking_points).toBe(sum(player, g1, g2, g3));
    }
    // Then, Tuesday 1 December 00:30 in São Paulo: December.
    const g4 = await settleRanked([d.user], [b.user], new Date("2026-12-01T03:30:00Z"));
    // Tuesday 1 December 01:00 in São Paulo: December holds g4 only; the week goes on (g2 to g4).
    const tuesday = new Date("2026-12-01T04:00:00Z");
    expect(lines((await board("monthly", d, tuesday)).leaderboard)).toEqual([
      [d.user.id, sum(d, g4)],
      [b.user.id, sum(b, g4)],
    ]);
    expect((await board("weekly", d, tuesday)).leaderboard).toHaveLength(4);
    // Geral: everyone's current points, whenever it is asked.
    const all = await board("all", d, tuesday);
    for (const entry of all.leaderboard) expect(entry.user.ranking_points).toBe((await userRow(entry.user.id))!.ranking_points);
    await expectBoardsMatchGames();
  });

  it("breaks ties by more wins, then the earlier account", async () => {
    const [w, x, y, z] = await players(4);
    await createdAt(w, "2026-01-04T00:00:00.000Z");
    await createdAt(x, "2026-01-02T00:00:00.000Z");
    await createdAt(y, "2026-01-01T00:00:00.000Z");
    await createdAt(z, "2026-01-03T00:00:00.000Z");
    const { db } = testContext();
    const at = new Date("2026-11-18T15:00:00Z");
    // Ten points each this week: w with two wins, the others with one (and a loss, for x and z).
    const results = [
      { userId: w.user.id, result: "win", ratingChange: 6 },
      { userId: w.user.id, result: "win", ratingChange: 4 },
      { userId: x.user.id, result: "win", ratingChange: 20 },
      { userId: x.user.id, result: "loss", ratingChange: -10 },
      { userId: y.user.id, result: "win", ratingChange: 10 },
      { userId: z.user.id, result: "loss", ratingChange: -5 },
      { userId: z.user.id, result: "win", ratingChange: 15 },
    ] as const;
    for (const result of results) await db.batch(rankedResultStatements(db, result, at) as never);
    const weekly = await board("weekly", x, at);
    expect(weekly.leaderboard.map((e) => e.user.id)).toEqual([w.user.id, y.user.id, x.user.id, z.user.id]);
    expect(weekly.leaderboard.map((e) => [e.user.ranking_points, e.wins, e.user.games_played])).toEqual([
      [10, 2, 2],
      [10, 1, 1],
      [10, 1, 2],
      [10, 1, 2],
    ]);
    expect(weekly.leaderboard.map((e) => e.winRate)).toEqual([100, 100, 50, 50]);
    // The own rank outside the page is the same count the order gives.
    for (const [i, player] of [w, y, x, z].entries()) expect((await board("weekly", player, at, 1)).userRank?.rank).toBe(i + 1);
  });

  it("leaves banned players and computer players out, and shows a banned player again when the ban is lifted", async () => {
    const [a, b, c] = await players(3);
    const at = new Date();
    await settleRanked([a.user], [b.user], at);
    await settleRanked([c.user], [null], at); // a computer player on the losing seat
    const ids = async () => (await board("all", a, at)).leaderboard.map((e) => e.user.id);
    expect(new Set(await ids())).toEqual(new Set([a.user.id, b.user.id, c.user.id]));
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM leaderboard_scores WHERE user_id IS NULL").first("n")).toBe(0);

    await env.DB.prepare("UPDATE users SET banned_at = ? WHERE id = ?").bind(at.toISOString(), a.user.id).run();
    expect(await ids()).not.toContain(a.user.id);
    for (const period of ["all", "monthly", "weekly"] as const) {
      const seen = await board(period, b, at);
      expect(seen.leaderboard.map((e) => e.user.id)).not.toContain(a.user.id);
      expect(seen.leaderboard.map((e) => e.rank)).toEqual(seen.leaderboard.map((_, i) => i + 1));
      // b's own rank counts no banned row above it.
      expect((await board(period, b, at, 0)).userRank?.rank).toBe(seen.leaderboard.findIndex((e) => e.user.id === b.user.id) + 1);
    }
    await env.DB.prepare("UPDATE users SET banned_at = NULL WHERE id = ?").bind(a.user.id).run();
    expect(await ids()).toContain(a.user.id);
    await expectBoardsMatchGames();
  });

  it("mirrors a new nickname and picture onto every row of the player", async () => {
    const [a, b] = await players(2);
    await settleRanked([a.user], [b.user], new Date());
    const response = await call("/api/users/profile", { method: "PUT", cookie: a.cookie, body: { nickname: "Rei do Truco" } });
    expect(response.status).toBe(200);
    await env.DB.prepare("UPDATE users SET avatar_url = ? WHERE id = ?").bind("https://example.test/a.png", a.user.id).run();
    const rows = (await storedBoards()).filter((row) => row.user_id === a.user.id);
    expect(rows).toHaveLength(3);
    for (const row of rows) expect(row).toMatchObject({ nickname: "Rei do Truco", avatar_url: "https://example.test/a.png" });
    await expectBoardsMatchGames();
  });

  it("answers userRank for a listed player (also beyond the first page) and null for an unlisted one", async () => {
    const [a, b, c, outsider] = await players(4);
    const at = new Date();
    await settleRanked([a.user], [b.user], at);
    await settleRanked([a.user], [c.user], at);
    const full = await board("weekly", c, at);
    const own = full.leaderboard.find((e) => e.user.id === c.user.id)!;
    expect(full.userRank).toEqual(own);
    // A one-line page: c is beyond it, and its rank is counted.
    const short = await board("weekly", c, at, 1);
    expect(short.leaderboard).toHaveLength(1);
    expect(short.userRank).toEqual(own);
    expect((await board("weekly", outsider, at)).userRank).toBeNull();
  });

  it("moves today's change with every result of the day, and starts it again the next day", async () => {
    const [a, b] = await players(2);
    const day1 = new Date("2026-11-18T13:00:00Z");
    const g1 = await settleRanked([a.user], [b.user], day1);
    const g2 = await settleRanked([a.user], [b.user], new Date("2026-11-18T20:00:00Z"));
    const gained = g1[0].ratingChange + g2[0].ratingChange;
    const sameDay = await board("all", a, new Date("2026-11-18T22:00:00Z"));
    expect(sameDay.userRank).toMatchObject({ rank: 1, change: gained });
    expect(sameDay.leaderboard[1]).toMatchObject({ change: -gained });
    // Next day in São Paulo, nothing moved yet: no change since yesterday.
    const nextDay = await board("weekly", a, new Date("2026-11-19T04:00:00Z"));
    expect(nextDay.userRank).toMatchObject({ rank: 1, change: 0, user: { ranking_points: gained } });
    const g3 = await settleRanked([b.user], [a.user], new Date("2026-11-19T12:00:00Z"));
    expect((await board("weekly", a, new Date("2026-11-19T13:00:00Z"))).userRank?.change).toBe(g3[1].ratingChange);
    await expectBoardsMatchGames();
  });

  it("a manual ranking adjustment moves Geral (and its change) and leaves the month and the week alone", async () => {
    const [a, b] = await players(2);
    const at = new Date("2026-11-18T13:00:00Z");
    await settleRanked([a.user], [b.user], at);
    const { db } = testContext();
    await db.batch(rankingAdjustmentStatements(db, { userId: b.user.id, points: 1200, at: new Date("2026-11-18T14:00:00Z") }) as never);
    expect((await userRow(b.user.id))!.ranking_points).toBe(1200);
    const later = new Date("2026-11-18T15:00:00Z");
    const all = await board("all", b, later);
    expect(lines(all.leaderboard)).toEqual([
      [b.user.id, 1200],
      [a.user.id, 1016],
    ]);
    // −16 from the game, then +216 by hand: +200 today.
    expect(all.userRank).toMatchObject({ rank: 1, change: 200 });
    expect(lines((await board("weekly", b, later)).leaderboard)).toEqual([
      [a.user.id, 16],
      [b.user.id, -16],
    ]);
    // A player with no ranked game gets the points and stays off the boards.
    const [c] = await players(1);
    await db.batch(rankingAdjustmentStatements(db, { userId: c.user.id, points: 5000, at: later }) as never);
    expect((await board("all", c, later)).userRank).toBeNull();
  });

  it("the score table equals a recomputation from game_players over random settled ranked games (and the migration's backfill rebuilds it)", async () => {
    const pool = await players(6);
    const start = Date.parse("2026-09-01T00:00:00Z");
    const game = fc.record({
      size: fc.constantFrom(1, 2),
      order: fc.shuffledSubarray([0, 1, 2, 3, 4, 5], { minLength: 4, maxLength: 4 }),
      ranked: fc.boolean(),
      // Within four months, often close to a São Paulo midnight.
      day: fc.integer({ min: 0, max: 120 }),
      minute: fc.oneof(fc.integer({ min: 0, max: 1439 }), fc.integer({ min: 170, max: 190 })),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(game, { minLength: 1, maxLength: 6 }), async (series) => {
        for (const g of series) {
          const at = new Date(start + g.day * 86_400_000 + g.minute * 60_000);
          const seated = g.order.map((i) => pool[i].user);
          await settleRanked(seated.slice(0, g.size), seated.slice(2, 2 + g.size), at, { ranked: g.ranked });
        }
        await expectBoardsMatchGames();
      }),
      { numRuns: 12 },
    );
    // Ranking points moved only through ranked results, from 1000 each.
    for (const player of pool) {
      const row = await env.DB.prepare(
        `SELECT COALESCE(SUM(gp.rating_change), 0) AS total FROM game_players gp JOIN games g ON g.id = gp.game_id
         WHERE gp.user_id = ? AND g.game_mode = 'ranked'`,
      )
        .bind(player.user.id)
        .first<{ total: number }>();
      expect((await userRow(player.user.id))!.ranking_points).toBe(1000 + row!.total);
    }

    // Migration 0005's backfill, run on the same games, writes the same table.
    const stored = await storedBoards();
    expect(stored.length).toBeGreaterThan(0);
    const backfill = env.TEST_MIGRATIONS.find((m) => m.name.startsWith("0005"))!.queries.find((q) =>
      q.includes("INSERT INTO `leaderboard_scores`"),
    )!;
    await env.DB.prepare("DELETE FROM leaderboard_scores").run();
    await env.DB.prepare(backfill).run();
    expect(await storedBoards()).toEqual(stored);
    expect(await recomputedBoards()).toEqual(stored);
  });
});

describe("GET /api/leaderboard", () => {
  it("answers { leaderboard, userRank } in spec §3's names, for each period", async () => {
    const [a, b] = await players(2);
    await settleRanked([a.user], [b.user], new Date());
    for (const period of ["all", "monthly", "weekly"]) {
      const response = await call(`/api/leaderboard?period=${period}`, { cookie: b.cookie });
      expect(response.status).toBe(200);
      const body = await response.json<{ leaderboard: LeaderboardEntry[]; userRank: LeaderboardEntry | null }>();
      expect(Object.keys(body).sort()).toEqual(["leaderboard", "userRank"]);
      const points = period === "all" ? [1016, 984] : [16, -16];
      expect(body.leaderboard).toEqual([
        {
          rank: 1,
          winRate: 100,
          wins: 1,
          change: points[0] - (period === "all" ? 1000 : 0),
          user: { id: a.user.id, nickname: a.user.nickname, avatar_url: null, ranking_points: points[0], games_played: 1 },
        },
        {
          rank: 2,
          winRate: 0,
          wins: 0,
          change: -16,
          user: { id: b.user.id, nickname: b.user.nickname, avatar_url: null, ranking_points: points[1], games_played: 1 },
        },
      ]);
      expect(body.userRank).toEqual(body.leaderboard[1]);
    }
    // Geral when the period is left out.
    const plain = await (await call("/api/leaderboard", { cookie: a.cookie })).json<{ userRank: LeaderboardEntry }>();
    expect(plain.userRank).toMatchObject({ rank: 1, user: { ranking_points: 1016 } });
  });

  it("refuses a bad period (400), a visitor (401) and other methods (405), with the error field", async () => {
    const [a] = await players(1);
    for (const period of ["daily", "", "ALL", "weekly,monthly"]) {
      const response = await call(`/api/leaderboard?period=${encodeURIComponent(period)}`, { cookie: a.cookie });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: "Período inválido: use all, monthly ou weekly" });
    }
    const english = await call("/api/leaderboard?period=yearly", { cookie: `${a.cookie}; lng=en` });
    expect(await english.json()).toEqual({ error: "Invalid period: use all, monthly or weekly" });
    const visitor = await call("/api/leaderboard?period=all");
    expect(visitor.status).toBe(401);
    expect(await visitor.json()).toHaveProperty("error");
    for (const method of ["POST", "PUT", "DELETE"]) {
      const response = await call("/api/leaderboard?period=all", { method, cookie: a.cookie, body: {} });
      expect(response.status).toBe(405);
      expect(response.headers.get("Allow")).toBe("GET, HEAD");
      expect(await response.json()).toHaveProperty("error");
    }
  });
});

describe("GET /api/leaderboard/players/{id}", () => {
  it("answers a player's public card and nothing private; 404 for an unknown or banned player", async () => {
    const [a, b] = await players(2);
    await settleRanked([a.user], [b.user], new Date());
    const response = await call(`/api/leaderboard/players/${b.user.id}`, { cookie: a.cookie });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      player: {
        id: b.user.id,
        nickname: b.user.nickname,
        avatar_url: null,
        ranking_points: 984,
        games_played: 1,
        games_won: 0,
        winRate: 0,
        rank: 2,
      },
    });
    const [unranked] = await players(1);
    expect(await (await call(`/api/leaderboard/players/${unranked.user.id}`, { cookie: a.cookie })).json()).toMatchObject({
      player: { rank: null, games_played: 0 },
    });
    for (const id of ["no-such-player", "bad%20id%21"]) {
      const missing = await call(`/api/leaderboard/players/${id}`, { cookie: a.cookie });
      expect(missing.status).toBe(404);
      expect(await missing.json()).toEqual({ error: "Jogador não encontrado" });
    }
    await env.DB.prepare("UPDATE users SET banned_at = ? WHERE id = ?").bind(new Date().toISOString(), b.user.id).run();
    expect((await call(`/api/leaderboard/players/${b.user.id}`, { cookie: a.cookie })).status).toBe(404);
    expect((await call(`/api/leaderboard/players/${a.user.id}`)).status).toBe(401);
    const post = await call(`/api/leaderboard/players/${a.user.id}`, { method: "POST", cookie: a.cookie, body: {} });
    expect(post.status).toBe(405);
    expect(post.headers.get("Allow")).toBe("GET, HEAD");
  });
});

describe("the /leaderboard page", () => {
  it("renders the board on the server, with the own row, and a player's card from ?player=", async () => {
    const [a, b] = await players(2);
    await settleRanked([a.user], [b.user], new Date());
    const page = await call("/leaderboard?period=weekly", { cookie: b.cookie });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(a.user.nickname);
    expect(html).toMatch(/data-testid="board-row"[^>]*data-current="true"/);
    expect(html).toContain('data-testid="own-position" data-ranked="true"');
    const card = await (await call(`/leaderboard?period=all&player=${a.user.id}`, { cookie: b.cookie })).text();
    expect(card).toContain('data-testid="player-card"');
    expect(card).not.toContain(a.user.email!);
    // Nobody has played this month for a player with no games: the empty state, in the board's words.
    const [lonely] = await players(1);
    await env.DB.prepare("DELETE FROM leaderboard_scores").run();
    expect(await (await call("/leaderboard", { cookie: lonely.cookie })).text()).toContain("Nenhum jogador encontrado");
    // A visitor goes to the landing page.
    const visitor = await call("/leaderboard");
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toBe("/");
  });
});

describe("a ranked game through the room", () => {
  it("puts both players on every board with their new points when the room settles it", { timeout: 90_000 }, async () => {
    const [a, b] = await players(2);
    const created = await call("/api/games", {
      method: "POST",
      cookie: a.cookie,
      body: { game_type: "1v1", game_mode: "ranked", entry_cost: 100, truco_variant: "paulista" },
    });
    expect(created.status).toBe(201);
    const game = await created.json<GameSummary>();
    expect((await call("/api/games/join", { method: "POST", cookie: b.cookie, body: { game_code: game.game_code } })).status).toBe(200);
    const clients = [await RoomClient.connect(game.id, a), await RoomClient.connect(game.id, b)];
    const stops = clients.map((client) => client.autoplay());
    try {
      for (const client of clients) await client.until(() => client.state?.game.status === "completed", 60_000, "the end of the match");
    } finally {
      stops.forEach((stop) => stop());
      clients.forEach((client) => client.close());
    }
    const winner = (await userRow(a.user.id))!.games_won === 1 ? a : b;
    const loser = winner === a ? b : a;
    for (const period of ["all", "monthly", "weekly"]) {
      const body = await (
        await call(`/api/leaderboard?period=${period}`, { cookie: loser.cookie })
      ).json<{ leaderboard: LeaderboardEntry[] }>();
      expect(lines(body.leaderboard)).toEqual(
        period === "all"
          ? [
              [winner.user.id, 1016],
              [loser.user.id, 984],
            ]
          : [
              [winner.user.id, 16],
              [loser.user.id, -16],
            ],
      );
    }
    await expectBoardsMatchGames();
  });
});
