import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { sql, type SQLWrapper } from "drizzle-orm";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import { getPlatformProxy } from "wrangler";
import { createDb } from "../../../db/client";
import {
  measureBlocksStatements,
  measureCutsStatements,
  rankedResultStatements,
  rowOnBoard,
  topOfBoard,
  type BoardRow,
} from "../../../db/leaderboard";
import { executeLocal, ROOT, sqlText, statementDb as db } from "../../../db/local-d1";
import { users } from "../../../db/schema";
import { calendarDate, monthOf, weekStart } from "../../../game/calendar";
import {
  boardKey,
  boardsAt,
  LEADERBOARD_PAGE,
  LEADERBOARD_PERIODS,
  RANK_EXACT_LIMIT,
  type BoardKey,
  type LeaderboardPeriod,
} from "../../../game/leaderboard";
import { placeOnBoard } from "../../../app/services/leaderboard.server";
import { budget, type BudgetRow } from "../lib/report";
import type { Player, Scenario } from "../lib/scenario";
import { errorMessage, log } from "../lib/util";

// L. The leaderboard at scale (ADR 040): `--lb-players` players (100,000) with a year
// of ranked results, seeded straight into the bench's local D1 in bulk (a few INSERT ... SELECT
// statements that generate the score rows inside SQLite: a file of millions of rows would not
// fit through wrangler), then, for each period, the app's own statements (db/leaderboard.ts):
// the top-100 read, and a player's own place as the app finds it (app/services/leaderboard.server.ts
// placeOnBoard over the rank blocks and cuts the hourly job measures: ADR 144) for the top player, a
// player at line 5,050 and the bottom one. Each read runs through the real local D1
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
/**
 * The most rows any one statement of own place may read (ADR 144): a page of 100 lines, the 99
 * blocks above, or the board's 101 percentile cuts, and the one row where SQLite's range scan stops.
 */
const BUDGET_RANK_STATEMENT_ROWS = 102;
/** The line of the middle bench player: within the exact ranks, inside a block, not on a block's edge. */
const MIDDLE_LINE = 5_050;

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
    // The scheduled job's measurement of the current boards' percentile cuts and rank blocks, as its hourly run makes it.
    executeLocal(
      stateDir,
      "bench-leaderboard-cuts",
      boardsAt(now).keys.flatMap((key) => [...measureCutsStatements(db, key, now), ...measureBlocksStatements(db, key)]),
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

    /**
     * The app's placeOnBoard through the local binding, each statement counted: D1's rows_read per
     * statement (the largest, and their sum), how many ran, and the median round trip less the
     * proxy's own per statement.
     */
    async function meteredPlace(board: BoardKey, row: BoardRow) {
      let ran: Ran[] = [];
      const metered = createDb(countingD1(d1, (statement) => ran.push(statement)));
      const times: number[] = [];
      let place!: Awaited<ReturnType<typeof placeOnBoard>>;
      for (let i = 0; i < REPEAT; i++) {
        ran = [];
        const t0 = performance.now();
        place = await placeOnBoard(metered, board, row);
        times.push(performance.now() - t0);
      }
      const reads = ran.map((r) => r.rowsRead);
      const cpus = ran.map((r) => sqliteCpuMs(file, r.statement));
      return {
        place,
        statements: ran.length,
        rowsRead: reads.reduce((a, b) => a + b, 0),
        maxRowsRead: Math.max(0, ...reads),
        netMs: Math.max(0, median(times) - ran.length * baselineMs),
        cpu: cpus.every((cpu) => cpu !== null) ? cpus.reduce((a, b) => a + b!, 0) : null,
      };
    }
    let baselineMs = 0;

    try {
      const [{ n: rows }] = (await d1.prepare("SELECT COUNT(*) AS n FROM leaderboard_scores").all<{ n: number }>()).results;
      const baseline = await measure("SELECT 1 (the proxy's round trip)", sql`SELECT 1`);
      baselineMs = baseline.ms;
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
      lines.push(
        "   (own place: the app's placeOnBoard, its statements' rows_read summed, st. = statements; proxy ms less the proxy's own per statement)",
      );
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
        // A seeded player at line MIDDLE_LINE of this board (a setup read, not measured).
        const middle = await d1
          .prepare("SELECT user_id FROM leaderboard_scores WHERE board = ? AND hidden = 0 ORDER BY rank_key LIMIT 1 OFFSET ?")
          .bind(board, MIDDLE_LINE - 1)
          .first<{ user_id: string }>();
        const placed: [string, string, number | null][] = [
          ["top", top.id, 1],
          ...(middle ? [["middle", middle.user_id, MIDDLE_LINE] as [string, string, number]] : []),
          ["bottom", bottom.id, null],
        ];
        for (const [who, userId, expected] of placed) {
          const own = await measure(`${who} player: own row`, rowOnBoard(db, board, userId));
          const row = own.results[0] as BoardRow;
          // The app's own place, through the metered binding: every statement's rows_read, and the round trip.
          const place = await meteredPlace(board, row);
          const rowsRead = own.rowsRead + place.rowsRead;
          const maxRows = Math.max(own.rowsRead, place.maxRowsRead);
          const cpu = own.cpu !== null && place.cpu !== null ? own.cpu + place.cpu : null;
          // As for every read here: the SQLite CPU time when measured, else the proxy's net time.
          const ms = cpu ?? net(own) + place.netMs;
          const placeText = place.place.percentile === undefined ? place.place.rank.toLocaleString("en") : `top ${place.place.percentile}%`;
          lines.push(
            pad([
              "",
              `${who} player: own place (${placeText})`,
              (net(own) + place.netMs).toFixed(2),
              cpuText(cpu),
              `${rowsRead} (${place.statements + 1} st.)`,
              "",
            ]),
          );
          // Own place agrees with the board: the top player is first, the middle one at their line; the
          // bottom one is the last line (exact within the first RANK_EXACT_LIMIT lines), else in the board's last percent.
          if (expected !== null && place.place.rank !== expected)
            failures.push(`scenario L: ${period}: the ${who} player's place reads ${placeText}, not ${expected}`);
          if (who === "bottom" && (size <= RANK_EXACT_LIMIT ? place.place.rank !== size : place.place.percentile !== 100)) {
            failures.push(`scenario L: ${period}: the bottom player's place reads ${placeText} on a board of ${size}`);
          }
          budgets.push(
            budget(
              `leaderboard ${period}: own place, ${who} player (most rows read by one statement)`,
              `≤ ${BUDGET_RANK_STATEMENT_ROWS}`,
              String(maxRows),
              maxRows <= BUDGET_RANK_STATEMENT_ROWS,
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

/**
 * The local binding with each statement's D1 meta handed to `count`. Through the platform proxy a
 * statement's raw() (what drizzle's selects use) drops the meta, so raw() here is all() with each
 * row's values in column order: fine for the one-table reads of own place (no join, no duplicate
 * column names).
 */
function countingD1(inner: D1Database, count: (ran: Ran) => void): D1Database {
  interface Counted {
    inner: D1PreparedStatement;
    text: string;
    params: unknown[];
  }
  const ran = (c: Counted, meta: D1Meta) => count({ statement: withParams(c.text, c.params), rowsRead: meta.rows_read });
  const statement = (s: D1PreparedStatement, text: string, params: unknown[]): D1PreparedStatement => {
    const c: Counted = { inner: s, text, params };
    return {
      ...c,
      bind: (...values: unknown[]) => statement(s.bind(...values), text, values),
      all: async () => {
        const result = await s.all();
        ran(c, result.meta);
        return result;
      },
      run: async () => {
        const result = await s.run();
        ran(c, result.meta);
        return result;
      },
      first: async (column?: string) => {
        const result = await s.all<Record<string, unknown>>();
        ran(c, result.meta);
        const first = result.results[0] ?? null;
        return column === undefined || first === null ? first : first[column];
      },
      raw: async (options?: { columnNames?: boolean }) => {
        const result = await s.all<Record<string, unknown>>();
        ran(c, result.meta);
        const rows = result.results.map((r) => Object.values(r));
        return options?.columnNames && result.results[0] ? [Object.keys(result.results[0]), ...rows] : rows;
      },
    } as unknown as D1PreparedStatement;
  };
  const counted = (s: D1PreparedStatement) => s as unknown as Counted;
  return {
    prepare: (text: string) => statement(inner.prepare(text), text, []),
    batch: async (statements: D1PreparedStatement[]) => {
      const results = await inner.batch(statements.map((s) => counted(s).inner));
      results.forEach((result, i) => ran(counted(statements[i]!), result.meta));
      return results;
    },
  } as unknown as D1Database;
}

/** A statement that ran: as SQL with its parameters (for the sqlite3 shell), and D1's rows_read. */
interface Ran {
  statement: SQLWrapper;
  rowsRead: number;
}

/** Drizzle's D1 text (positional `?`, none inside a literal in these reads) with its parameters in place. */
function withParams(text: string, params: unknown[]): SQLWrapper {
  const parts = text.split("?");
  return sql.join(
    parts.map((part, i) => (i < params.length ? sql`${sql.raw(part)}${params[i]}` : sql.raw(part))),
    sql.raw(""),
  );
}
