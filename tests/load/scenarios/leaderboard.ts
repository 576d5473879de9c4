import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { sql, type SQLWrapper } from "drizzle-orm";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import { getPlatformProxy } from "wrangler";
import { cutsOfBoard, measureCutsStatements, rankedResultStatements, rowOnBoard, rowsAbove, topOfBoard } from "../../../db/leaderboard";
import { executeLocal, ROOT, sqlText, statementDb as db } from "../../../db/local-d1";
import { users } from "../../../db/schema";
import { calendarDate, monthOf, weekStart } from "../../../game/calendar";
import {
  boardKey,
  boardsAt,
  compareRank,
  LEADERBOARD_PAGE,
  LEADERBOARD_PERIODS,
  percentileFromCuts,
  RANK_EXACT_LIMIT,
  type BoardKey,
  type LeaderboardPeriod,
  type PercentileCut,
} from "../../../game/leaderboard";
import { budget, type BudgetRow } from "../lib/report";
import type { Player, Scenario } from "../lib/scenario";
import { errorMessage, log } from "../lib/util";

// L. The leaderboard at scale (ADR 040): `--lb-players` players (100,000) with a year
// of ranked results, seeded straight into the bench's local D1 in bulk (a few INSERT ... SELECT
// statements that generate the score rows inside SQLite: a file of millions of rows would not
// fit through wrangler), then, for each period, the app's own statements (db/leaderboard.ts):
// the top-100 read, and a player's own place (their row by the primary key, the board's percentile
// cuts as the hourly job measures them, then the count of better rows stopped at 10,000 unless the
// cuts put the row beyond that line), for the top player and the bottom one. Each read runs through the real local D1
// binding (wrangler's platform proxy over the same state dir), which reports D1's `rows_read`;
// its time is the round trip's median less the median of a `SELECT 1` through the same proxy
// (workerd does not advance its clock during a synchronous SQLite call, so D1's own `duration`
// reads 0 locally). On a busy machine that round trip is mostly waiting for a core, so when the
// `sqlite3` shell is installed each statement also runs there, read-only on the same database
// file, and its CPU time (user + sys, median of 7) is what the budgets compare. Last, GET /api/leaderboard end to end for the two bench players, placed on
// top and at the bottom of every board through the settlement's own statements.

/** Weeks of history: a year, up to the current week. */
const WEEKS = 53;
/** The share of weeks (in %) a player plays ranked games in. */
const ACTIVE_WEEKS_PERCENT = 35;
const REPEAT = 9;
const dialect = new SQLiteAsyncDialect();
const BUDGET_TOP_ROWS = 150;
const BUDGET_TOP_MS = 20;
const BUDGET_RANK_MS = 25;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/** The São Paulo weeks of the last year: each Monday, its month, and the last day a result in it can have by `now`. */
function yearOfWeeks(now: Date) {
  const today = calendarDate(now);
  const monday = weekStart(today);
  return Array.from({ length: WEEKS }, (_, k) => {
    const start = new Date(Date.parse(`${monday}T00:00:00Z`) - (WEEKS - 1 - k) * 7 * 86_400_000);
    const week = start.toISOString().slice(0, 10);
    const sunday = new Date(start.getTime() + 6 * 86_400_000).toISOString().slice(0, 10);
    return { k, week, month: monthOf(week), day: sunday < today ? sunday : today };
  });
}

/**
 * The seed: players `Ranked <i>` (no coins, so the ledger invariant holds), a scratch table of
 * their weekly results (games, wins and points gained, a deterministic hash of player and week:
 * a player plays in about a third of the weeks), the week, month and all-time score rows summed
 * from it, the users' points and stats to match, and the scratch table dropped.
 */
function seedStatements(players: number, now: Date): SQLWrapper[] {
  const weeks = yearOfWeeks(now);
  const values = sql.join(
    weeks.map((w) => sql`(${w.k}, ${w.week}, ${w.month}, ${w.day})`),
    sql`, `,
  );
  // Integer hashes of (player i, week k): which weeks, how many games, how many won.
  const h1 = sql.raw(`((n.i * 2654435761 + w.k * 40503) % 1000003)`);
  const games = sql.raw(`(1 + (n.i * 7919 + w.k * 104729) % 6)`);
  const wins = sql.raw(`((n.i * 31 + w.k * 17 + (n.i / 7)) % (1 + (n.i * 7919 + w.k * 104729) % 6 + 1))`);
  const created = sql.raw(`strftime('%Y-%m-%dT%H:%M:%fZ', '2025-01-01', '+' || (n.i * 30) || ' seconds')`);
  return [
    sql`INSERT INTO users (id, nickname, created_at)
        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${players})
        SELECT 'bench-lb-' || n.i, 'Ranked ' || n.i, ${created} FROM n`,
    sql`DROP TABLE IF EXISTS bench_lb_weeks`,
    sql`CREATE TABLE bench_lb_weeks (user_id TEXT, nickname TEXT, created_at TEXT, week TEXT, month TEXT, day TEXT, games INTEGER, wins INTEGER, gained INTEGER)`,
    sql`INSERT INTO bench_lb_weeks
        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${players}),
        w(k, week, month, day) AS (VALUES ${values})
        SELECT 'bench-lb-' || n.i, 'Ranked ' || n.i, ${created}, w.week, w.month, w.day, ${games}, ${wins},
               (2 * ${wins} - ${games}) * 16 + (${h1} % 9) - 4
        FROM n CROSS JOIN w WHERE ${h1} % 100 < ${ACTIVE_WEEKS_PERCENT}`,
    sql`INSERT INTO leaderboard_scores (board, user_id, points, games, wins, nickname, avatar_url, user_created_at, hidden, day, day_points)
        SELECT 'week:' || week, user_id, gained, games, wins, nickname, NULL, created_at, 0, day, gained % 33 FROM bench_lb_weeks`,
    sql`INSERT INTO leaderboard_scores (board, user_id, points, games, wins, nickname, avatar_url, user_created_at, hidden, day, day_points)
        SELECT 'month:' || month, user_id, SUM(gained), SUM(games), SUM(wins), nickname, NULL, created_at, 0, MAX(day), 0
        FROM bench_lb_weeks GROUP BY month, user_id`,
    sql`INSERT INTO leaderboard_scores (board, user_id, points, games, wins, nickname, avatar_url, user_created_at, hidden, day, day_points)
        SELECT 'all', user_id, MAX(0, 1000 + SUM(gained)), SUM(games), SUM(wins), nickname, NULL, created_at, 0, MAX(day), 0
        FROM bench_lb_weeks GROUP BY user_id`,
    sql`UPDATE users SET
          ranking_points = s.points, games_played = s.games, games_won = s.wins, games_lost = s.games - s.wins
        FROM (SELECT user_id, points, games, wins FROM leaderboard_scores WHERE board = 'all') AS s
        WHERE s.user_id = users.id`,
    sql`DROP TABLE bench_lb_weeks`,
  ];
}

/**
 * The two bench players on every board through the settlement's own statements: `top` with a
 * million points won, `bottom` with a million lost (and no points on Geral, the latest account).
 */
function placeStatements(top: Player, bottom: Player, now: Date): SQLWrapper[] {
  return [
    db
      .update(users)
      .set({ ranking_points: 1_000_000 })
      .where(sql`${users.id} = ${top.id}`),
    ...rankedResultStatements(db, { userId: top.id, result: "win", ratingChange: 1_000_000 }, now),
    db
      .update(users)
      .set({ ranking_points: 0 })
      .where(sql`${users.id} = ${bottom.id}`),
    ...rankedResultStatements(db, { userId: bottom.id, result: "loss", ratingChange: -1_000_000 }, now),
  ];
}

/** The local D1's SQLite file in a state dir (miniflare keeps one file per database). */
function sqliteFile(stateDir: string): string | null {
  const dir = path.join(path.resolve(ROOT, stateDir), "v3", "d1", "miniflare-D1DatabaseObject");
  const file = fs.existsSync(dir) ? fs.readdirSync(dir).find((name) => /^[0-9a-f]{64}\.sqlite$/.test(name)) : undefined;
  return file ? path.join(dir, file) : null;
}

/** A statement's CPU time in the sqlite3 shell (median of 7 runs, ms); null without the shell. */
function sqliteCpuMs(file: string | null, statement: SQLWrapper): number | null {
  if (!file) return null;
  const text = `${sqlText(statement)};`;
  const run = spawnSync("sqlite3", ["-readonly", file], { input: `.timer on\n${Array(7).fill(text).join("\n")}\n`, encoding: "utf8" });
  if (run.status !== 0) return null;
  const cpu = [...run.stdout.matchAll(/Run Time: real [\d.]+ user ([\d.]+) sys ([\d.]+)/g)].map(
    (m) => (Number(m[1]) + Number(m[2])) * 1000,
  );
  return cpu.length ? median(cpu) : null;
}

interface Read {
  what: string;
  ms: number;
  /** CPU ms in the sqlite3 shell, if there is one. */
  cpu: number | null;
  rowsRead: number;
  rows: number;
}

export const leaderboard: Scenario = {
  id: "lb",
  players: () => ({ signIn: 0, bulk: 2 }),

  async run({ options, server, app }, players) {
    const count = options.leaderboardPlayers;
    const failures: string[] = [];
    const lines: string[] = [];
    const budgets: BudgetRow[] = [];
    const [top, bottom] = players;
    const now = new Date();
    const stateDir = server.config.stateDir;

    log(`scenario L: seeding ${count.toLocaleString("en")} players with a year of ranked results into the local D1`);
    let started = performance.now();
    executeLocal(stateDir, "bench-leaderboard", seedStatements(count, now));
    executeLocal(stateDir, "bench-leaderboard-place", placeStatements(top, bottom, now));
    // The scheduled job's measurement of the current boards' percentile cuts, as its hourly run makes it.
    executeLocal(
      stateDir,
      "bench-leaderboard-cuts",
      boardsAt(now).keys.flatMap((key) => measureCutsStatements(db, key, now)),
    );
    const seedSeconds = (performance.now() - started) / 1000;
    log(`  L: seeded in ${seedSeconds.toFixed(0)} s`);

    const proxy = await getPlatformProxy<{ DB: D1Database }>({
      configPath: path.join(ROOT, "wrangler.toml"),
      persist: { path: path.join(path.resolve(ROOT, stateDir), "v3") },
      remoteBindings: false,
    });
    const d1 = proxy.env.DB;
    const file = sqliteFile(stateDir);
    /** One statement through the real binding: the median round trip, D1's rows_read, the rows. */
    async function measure(what: string, statement: SQLWrapper): Promise<Read & { results: unknown[] }> {
      const query = dialect.sqlToQuery(statement.getSQL());
      const times: number[] = [];
      let last!: D1Result;
      for (let i = 0; i < REPEAT; i++) {
        const t0 = performance.now();
        last = await d1
          .prepare(query.sql)
          .bind(...query.params)
          .all();
        times.push(performance.now() - t0);
      }
      const cpu = sqliteCpuMs(file, statement);
      return { what, ms: median(times), cpu, rowsRead: last.meta.rows_read, rows: last.results.length, results: last.results };
    }

    try {
      const [{ n: rows }] = (await d1.prepare("SELECT COUNT(*) AS n FROM leaderboard_scores").all<{ n: number }>()).results;
      const baseline = await measure("SELECT 1 (the proxy's round trip)", sql`SELECT 1`);
      lines.push(
        "",
        `L. leaderboard: ${count.toLocaleString("en")} players with a year of ranked results (${rows.toLocaleString("en")} score rows, seeded in ${seedSeconds.toFixed(0)} s);`,
        `   each read is the app's statement (db/leaderboard.ts) through the local D1 binding, median of ${REPEAT};`,
        `   proxy ms = round trip − the proxy's own (SELECT 1: ${baseline.ms.toFixed(2)} ms); sqlite ms = CPU time of the same statement`,
        `   in the sqlite3 shell on the same file${file && baseline.cpu !== null ? " (what the budgets compare)" : ": no sqlite3 shell, the budgets compare proxy ms"}`,
      );
      const w = [10, 34, 10, 10, 12, 8];
      const pad = (cols: (string | number)[]) => "   " + cols.map((c, i) => String(c).padEnd(w[i])).join("  ");
      lines.push(pad(["period", "read", "proxy ms", "sqlite ms", "rows_read", "rows"]));
      const net = (read: Read) => Math.max(0, read.ms - baseline.ms);
      const cpuText = (cpu: number | null) => (cpu === null ? "—" : cpu.toFixed(2));
      /** What a budget compares: the SQLite CPU time when measured, else the proxy's net time. */
      const timeOf = (...reads: Read[]) => reads.reduce((sum, read) => sum + (read.cpu ?? net(read)), 0);
      for (const period of LEADERBOARD_PERIODS as readonly LeaderboardPeriod[]) {
        const board: BoardKey = boardKey(period, now);
        const [{ n: size }] = (
          await d1.prepare("SELECT COUNT(*) AS n FROM leaderboard_scores WHERE board = ?").bind(board).all<{ n: number }>()
        ).results;
        const page = await measure(`top ${LEADERBOARD_PAGE}`, topOfBoard(db, board, LEADERBOARD_PAGE));
        lines.push(
          pad([
            period,
            `${page.what} (board of ${size.toLocaleString("en")})`,
            net(page).toFixed(2),
            cpuText(page.cpu),
            page.rowsRead,
            page.rows,
          ]),
        );
        budgets.push(
          budget(
            `leaderboard ${period}: top-100 rows read / ms`,
            `≤ ${BUDGET_TOP_ROWS} / ${BUDGET_TOP_MS}`,
            `${page.rowsRead} / ${timeOf(page).toFixed(1)}`,
            page.rowsRead <= BUDGET_TOP_ROWS && timeOf(page) <= BUDGET_TOP_MS,
          ),
        );
        if ((page.results[0] as { user_id?: string } | undefined)?.user_id !== top.id)
          failures.push(`scenario L: ${period}: the top player is not first`);
        for (const [who, player] of [
          ["top", top],
          ["bottom", bottom],
        ] as const) {
          // The app's own place (app/services/leaderboard.server.ts placeOnBoard): the board's cuts say
          // whether the row lies beyond the exact ranks; above that line, a count stopped at the limit.
          const own = await measure(`${who} player: own row`, rowOnBoard(db, board, player.id));
          const row = own.results[0] as Parameters<typeof rowsAbove>[2];
          const cutsRead = await measure(`${who} player: cuts`, cutsOfBoard(db, board));
          // Raw rows carry the table's column names.
          const cuts: PercentileCut[] = (cutsRead.results as Record<string, never>[]).map((cut) => ({
            place: cut.place,
            percentile: cut.percentile,
            points: cut.points,
            wins: cut.wins,
            since: cut.user_created_at,
            userId: cut.user_id,
          }));
          const key = { points: row.points, wins: row.wins, since: row.user_created_at, userId: row.user_id };
          const limitLine = cuts.find((cut) => cut.place === RANK_EXACT_LIMIT);
          const reads: Read[] = [own, cutsRead];
          let rank: number | null = null;
          if (!limitLine || compareRank(key, limitLine) <= 0) {
            const above = await measure(`${who} player: rows above`, rowsAbove(db, board, row));
            reads.push(above);
            // The count's column is unnamed in the SQL (drizzle names it by position): its one value.
            const count = Number(Object.values(above.results[0] as object)[0]);
            if (count < RANK_EXACT_LIMIT) rank = count + 1;
          }
          const percentile = rank === null ? (percentileFromCuts(cuts, key)?.percentile ?? null) : null;
          const ms = timeOf(...reads);
          const cpu = reads.every((read) => read.cpu !== null) ? reads.reduce((sum, read) => sum + read.cpu!, 0) : null;
          const rowsRead = reads.reduce((sum, read) => sum + read.rowsRead, 0);
          const placeText = rank !== null ? rank.toLocaleString("en") : `top ${percentile}%`;
          lines.push(
            pad([
              "",
              `${who} player: own place (${placeText})`,
              reads.reduce((sum, read) => sum + net(read), 0).toFixed(2),
              cpuText(cpu),
              rowsRead,
              "",
            ]),
          );
          // Own place agrees with the board: the top player is first; the bottom one is the last line
          // (exact within the first RANK_EXACT_LIMIT lines), else in the board's last percent.
          if (who === "top" && rank !== 1) failures.push(`scenario L: ${period}: the top player's place reads ${placeText}`);
          if (who === "bottom" && (size <= RANK_EXACT_LIMIT ? rank !== size : percentile !== 100)) {
            failures.push(`scenario L: ${period}: the bottom player's place reads ${placeText} on a board of ${size}`);
          }
          budgets.push(
            budget(
              `leaderboard ${period}: own place, ${who} player (rows read)`,
              `≤ ${RANK_EXACT_LIMIT + LEADERBOARD_PAGE}`,
              String(rowsRead),
              rowsRead <= RANK_EXACT_LIMIT + LEADERBOARD_PAGE,
            ),
          );
          budgets.push(
            budget(`leaderboard ${period}: own rank, ${who} player (ms)`, `≤ ${BUDGET_RANK_MS}`, ms.toFixed(1), ms <= BUDGET_RANK_MS),
          );
        }
      }
      // The whole request, as the screen's data: GET /api/leaderboard for the two bench players.
      lines.push("", "   GET /api/leaderboard end to end (HTTP on local workerd, median of 5): the top-100 page and the player's own line");
      for (const period of LEADERBOARD_PERIODS) {
        const figures: string[] = [];
        for (const [who, player] of [
          ["top", top],
          ["bottom", bottom],
        ] as const) {
          const times: number[] = [];
          let rank = 0;
          let percentile: number | null | undefined;
          for (let i = 0; i < 5; i++) {
            started = performance.now();
            const body = await app.api<{ userRank: { rank: number; percentile?: number | null } | null }>(
              "GET",
              `/api/leaderboard?period=${period}`,
              player,
            );
            times.push(performance.now() - started);
            rank = body.userRank?.rank ?? 0;
            percentile = body.userRank?.percentile;
          }
          const place = percentile === undefined ? `rank ${rank.toLocaleString("en")}` : `top ${percentile}%`;
          figures.push(`${who} (${place}) ${median(times).toFixed(1)} ms`);
        }
        lines.push(`   ${period.padEnd(8)} ${figures.join(", ")}`);
      }
    } catch (error) {
      failures.push(`scenario L: ${errorMessage(error)}`);
    } finally {
      await proxy.dispose();
    }
    return { lines, budgets, failures };
  },
};
