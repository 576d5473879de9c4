// `npm run bench -- --only scale` only (BENCH_MODE=1, ADR 124): the D1 and R2 bindings wrapped so
// that every statement the isolate sends to D1 is counted by kind, with D1's own meta.rows_read and
// meta.rows_written, and every write to the game records' bucket is counted. Each side wraps its
// bindings in one place (the Pages app in load-context.ts, the Durable Objects' Worker in
// workers/game-room/src/index.ts); without BENCH_MODE=1 the bindings are handed back untouched, so
// production never runs this code. The counters live in the isolate: the bench reads them through
// GET /api/bench/d1 (the app's) and the BenchFloor object (the Worker's).

/** One kind of statement: its normalised text and what the bench has seen of it. */
export interface StatementKind {
  kind: string;
  /** Whether it writes (insert, update, delete, replace, DDL). */
  write: boolean;
  calls: number;
  /** How many of the calls ran inside a db.batch (one transaction). */
  inBatch: number;
  /** How many went through a Sessions API session that may read from a replica. */
  replicaEligible: number;
  rowsRead: number;
  rowsWritten: number;
  maxRowsRead: number;
  /** D1's own query time (meta.duration, ms), summed. */
  durationMs: number;
  /** Calls whose meta D1 did not give back (none expected; counted rather than guessed). */
  noMeta: number;
}

export interface MeterSnapshot {
  /** When the counters were last reset (ms since the epoch). */
  since: number;
  at: number;
  /** Write transactions: a batch with a write counts once, a lone write statement once. */
  writeTransactions: number;
  /** Batches with no write (one read transaction each). */
  readBatches: number;
  /** Read statements that must go to the primary (no replica session, or inside a batch that writes). */
  primaryReads: number;
  /** Read statements through a session that allows replicas (not `first-primary`), outside a writing batch. */
  replicaReads: number;
  writeStatements: number;
  rowsRead: number;
  rowsWritten: number;
  durationMs: number;
  /** Sessions opened with withSession, by whether they allow replicas. */
  sessions: { replica: number; primary: number };
  /** The game records' bucket: puts (and multipart uploads completed), their bytes; and reads. */
  r2: { puts: number; bytes: number; gets: number; deletes: number };
  statements: StatementKind[];
}

interface D1Meta {
  rows_read?: number;
  rows_written?: number;
  duration?: number;
}

const WRITE_VERBS = new Set(["insert", "update", "delete", "replace", "create", "drop", "alter"]);

/** The statement's first keyword after any CTE: `with x as (...) insert ...` writes. */
function verbOf(sql: string): string {
  const text = sql.trim().toLowerCase();
  const first = /^[a-z]+/.exec(text)?.[0] ?? "";
  if (first !== "with") return first;
  // The verb after the CTEs: the first keyword at parenthesis depth 0 after `with`.
  let depth = 0;
  for (let i = 4; i < text.length; i++) {
    const c = text[i];
    if (c === "(") depth++;
    else if (c === ")") depth--;
    else if (depth === 0) {
      const word = /^(select|insert|update|delete|replace)\b/.exec(text.slice(i))?.[0];
      if (word && /\W/.test(text[i - 1] ?? " ")) return word;
    }
  }
  return "with";
}

/**
 * A statement's kind: its SQL with quotes dropped, literals and parameters as `?`, a select's
 * column list as `…` and whitespace collapsed, cut at 140 characters; two calls of the same query
 * with other values are one kind.
 */
export function kindOf(sql: string): string {
  let text = sql
    .replace(/'(?:[^']|'')*'/g, "?")
    .replace(/"([^"]*)"/g, "$1")
    .replace(/`([^`]*)`/g, "$1")
    .replace(/\b\d+(\.\d+)?\b/g, "?")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase();
  // A select's column list (which can hold subqueries): from `select` to its own `from`.
  const select = /^(with .*?\)\s*)?select (distinct )?/.exec(text);
  if (select) {
    let depth = 0;
    for (let i = select[0].length; i < text.length; i++) {
      const c = text[i];
      if (c === "(") depth++;
      else if (c === ")") depth--;
      else if (depth === 0 && text.startsWith(" from ", i)) {
        text = `${text.slice(0, select[0].length)}…${text.slice(i)}`;
        break;
      }
    }
  }
  text = text.replace(/\?(, ?\?)+/g, "?…").replace(/(\(\?…?\))(, ?\(\?…?\))+/g, "$1");
  return text.length > 140 ? `${text.slice(0, 139)}…` : text;
}

class Meter {
  private since = Date.now();
  private kinds = new Map<string, StatementKind>();
  private totals = this.zero();

  private zero() {
    return {
      writeTransactions: 0,
      readBatches: 0,
      primaryReads: 0,
      replicaReads: 0,
      writeStatements: 0,
      rowsRead: 0,
      rowsWritten: 0,
      durationMs: 0,
      sessions: { replica: 0, primary: 0 },
      r2: { puts: 0, bytes: 0, gets: 0, deletes: 0 },
    };
  }

  reset() {
    this.since = Date.now();
    this.kinds.clear();
    this.totals = this.zero();
  }

  /** One statement that ran: `batch` says whether it was in a batch and whether that batch writes. */
  statement(sql: string, meta: D1Meta | undefined, replica: boolean, batch: { writes: boolean } | null) {
    const kind = kindOf(sql);
    const write = WRITE_VERBS.has(verbOf(sql));
    let entry = this.kinds.get(kind);
    if (!entry) {
      entry = {
        kind,
        write,
        calls: 0,
        inBatch: 0,
        replicaEligible: 0,
        rowsRead: 0,
        rowsWritten: 0,
        maxRowsRead: 0,
        durationMs: 0,
        noMeta: 0,
      };
      this.kinds.set(kind, entry);
    }
    const t = this.totals;
    const eligible = replica && !write && !batch?.writes;
    entry.calls += 1;
    if (batch) entry.inBatch += 1;
    if (eligible) entry.replicaEligible += 1;
    if (meta) {
      const read = meta.rows_read ?? 0;
      entry.rowsRead += read;
      entry.rowsWritten += meta.rows_written ?? 0;
      entry.maxRowsRead = Math.max(entry.maxRowsRead, read);
      entry.durationMs += meta.duration ?? 0;
      t.rowsRead += read;
      t.rowsWritten += meta.rows_written ?? 0;
      t.durationMs += meta.duration ?? 0;
    } else {
      entry.noMeta += 1;
    }
    if (write) {
      t.writeStatements += 1;
      if (!batch) t.writeTransactions += 1;
    } else if (eligible) t.replicaReads += 1;
    else t.primaryReads += 1;
  }

  batch(writes: boolean) {
    if (writes) this.totals.writeTransactions += 1;
    else this.totals.readBatches += 1;
  }

  session(replica: boolean) {
    this.totals.sessions[replica ? "replica" : "primary"] += 1;
  }

  r2(kind: "put" | "get" | "delete", bytes = 0) {
    const r2 = this.totals.r2;
    if (kind === "put") {
      r2.puts += 1;
      r2.bytes += bytes;
    } else if (kind === "get") r2.gets += 1;
    else r2.deletes += 1;
  }

  snapshot(): MeterSnapshot {
    const t = this.totals;
    return {
      since: this.since,
      at: Date.now(),
      ...t,
      sessions: { ...t.sessions },
      r2: { ...t.r2 },
      statements: [...this.kinds.values()].map((k) => ({ ...k })),
    };
  }
}

/**
 * The isolate's counters, one per isolate: the Pages app carries two copies of this module (the
 * Functions bundle's, which load-context.ts wraps with, and the Remix server build's, whose bench
 * route reads them), so the instance is kept on the global object under a registered symbol.
 */
const METER = Symbol.for("truco.bench-meter");
export const benchMeter: Meter = ((globalThis as { [METER]?: Meter })[METER] ??= new Meter());

// ---------------------------------------------------------------- D1

interface Raw {
  statement: string;
  params: unknown[];
  dbSession?: { _sendOrThrow?: (endpoint: string, sql: string, params: unknown[], format: string, span: unknown) => Promise<unknown> };
}

/** What workerd's D1 statements do with their span: nothing, here. */
const NO_SPAN = { setAttribute() {}, setAttributes() {} };

/** A prepared statement that counts itself when it runs. */
class MeteredStatement {
  constructor(
    readonly inner: D1PreparedStatement,
    readonly sql: string,
    private readonly replica: boolean,
  ) {}

  bind(...values: unknown[]): MeteredStatement {
    return new MeteredStatement(this.inner.bind(...values), this.sql, this.replica);
  }

  async all<T = Record<string, unknown>>(): Promise<D1Result<T>> {
    const result = await this.inner.all<T>();
    benchMeter.statement(this.sql, result.meta, this.replica, null);
    return result;
  }

  async run<T = Record<string, unknown>>(): Promise<D1Result<T>> {
    const result = await this.inner.run<T>();
    benchMeter.statement(this.sql, result.meta, this.replica, null);
    return result;
  }

  /** first() is all()'s first row (as workerd's own first() builds it), so that the meta is seen. */
  async first<T = unknown>(column?: string): Promise<T | null> {
    const result = await this.all<Record<string, unknown>>();
    const row = result.results[0];
    if (!row) return null;
    if (column === undefined) return row as T;
    if (!(column in row)) throw new Error(`D1_COLUMN_NOTFOUND: Column not found (${column})`);
    return row[column] as T;
  }

  /**
   * raw() answers rows as arrays, and workerd's raw() drops the meta. Rows as objects would lose a
   * join's columns of the same name, so this asks the statement's own session for the rows and
   * columns with their meta, as workerd's raw() does inside; where that is not there (another
   * runtime), it runs raw() itself and counts the call without rows.
   */
  async raw<T = unknown[]>(options?: { columnNames?: boolean }): Promise<T[]> {
    const inner = this.inner as unknown as Raw;
    const send = inner.dbSession?._sendOrThrow;
    if (typeof send !== "function") {
      const rows = await this.inner.raw<T>(options as { columnNames: true });
      benchMeter.statement(this.sql, undefined, this.replica, null);
      return rows as T[];
    }
    const answer = await send.call(inner.dbSession, "/query", inner.statement, inner.params, "ROWS_AND_COLUMNS", NO_SPAN);
    const s = (Array.isArray(answer) ? answer[0] : answer) as {
      meta?: D1Meta;
      results?: { columns: string[]; rows: unknown[][] } | Record<string, unknown>[];
    };
    benchMeter.statement(this.sql, s.meta, this.replica, null);
    const results = s.results;
    if (!results) return [];
    if (Array.isArray(results)) {
      const out: unknown[][] = [];
      for (const row of results) {
        if (options?.columnNames && out.length === 0) out.push(Object.keys(row));
        out.push(Object.values(row));
      }
      return out as T[];
    }
    return [...(options?.columnNames ? [results.columns] : []), ...results.rows] as T[];
  }
}

const unwrap = (statement: D1PreparedStatement) =>
  (statement instanceof MeteredStatement ? statement.inner : statement) as D1PreparedStatement;

async function meteredBatch<T>(
  run: (statements: D1PreparedStatement[]) => Promise<D1Result<T>[]>,
  statements: D1PreparedStatement[],
  replica: boolean,
): Promise<D1Result<T>[]> {
  const sqls = statements.map((s) => (s instanceof MeteredStatement ? s.sql : ((s as unknown as Raw).statement ?? "?")));
  const results = await run(statements.map(unwrap));
  const writes = sqls.some((sql) => WRITE_VERBS.has(verbOf(sql)));
  benchMeter.batch(writes);
  results.forEach((result, i) => benchMeter.statement(sqls[i]!, result.meta, replica, { writes }));
  return results;
}

/** A Sessions API session: reads through it may go to a replica unless it starts at the primary. */
function meteredSession(inner: D1DatabaseSession, replica: boolean): D1DatabaseSession {
  return {
    prepare: (sql: string) => new MeteredStatement(inner.prepare(sql), sql, replica) as unknown as D1PreparedStatement,
    batch: <T>(statements: D1PreparedStatement[]) => meteredBatch<T>((s) => inner.batch<T>(s), statements, replica),
    getBookmark: () => inner.getBookmark(),
  } as D1DatabaseSession;
}

function meteredD1(inner: D1Database): D1Database {
  return {
    prepare: (sql: string) => new MeteredStatement(inner.prepare(sql), sql, false) as unknown as D1PreparedStatement,
    batch: <T>(statements: D1PreparedStatement[]) => meteredBatch<T>((s) => inner.batch<T>(s), statements, false),
    exec: async (sql: string) => {
      const result = await inner.exec(sql);
      for (const line of sql.split("\n").filter((l) => l.trim())) benchMeter.statement(line, undefined, false, null);
      return result;
    },
    dump: () => inner.dump(),
    withSession: (constraint?: string) => {
      const replica = constraint !== "first-primary";
      benchMeter.session(replica);
      return meteredSession(inner.withSession(constraint as D1SessionBookmark), replica);
    },
  } as unknown as D1Database;
}

// ---------------------------------------------------------------- R2

function meteredBucket(inner: R2Bucket): R2Bucket {
  const bytesOf = (value: unknown): number => {
    if (typeof value === "string") return new TextEncoder().encode(value).byteLength;
    if (value instanceof ArrayBuffer) return value.byteLength;
    if (ArrayBuffer.isView(value)) return value.byteLength;
    if (value instanceof Blob) return value.size;
    return 0;
  };
  return new Proxy(inner, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver) as unknown;
      if (typeof value !== "function") return value;
      if (property === "put")
        return async (key: string, body: unknown, options?: R2PutOptions) => {
          const object = await target.put(key, body as string, options);
          benchMeter.r2("put", object?.size ?? bytesOf(body));
          return object;
        };
      if (property === "get" || property === "head")
        return (...args: unknown[]) => {
          benchMeter.r2("get");
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      if (property === "delete")
        return (...args: unknown[]) => {
          benchMeter.r2("delete");
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      return (value as (...a: unknown[]) => unknown).bind(target);
    },
  });
}

// ---------------------------------------------------------------- the one entry

const wrappedD1 = new WeakMap<object, D1Database>();
const wrappedR2 = new WeakMap<object, R2Bucket>();

/**
 * The bindings as the isolate should use them: with BENCH_MODE=1, the same object with DB (and
 * GAME_RECORDS, where bound) metered; otherwise `env` itself.
 */
export function benchBindings<E extends { BENCH_MODE?: unknown; DB?: D1Database; GAME_RECORDS?: R2Bucket }>(env: E): E {
  if (env.BENCH_MODE !== "1" || !env.DB) return env;
  const db = env.DB;
  let d1 = wrappedD1.get(db);
  if (!d1) {
    d1 = meteredD1(db);
    wrappedD1.set(db, d1);
  }
  let records = env.GAME_RECORDS;
  if (records) {
    const known = wrappedR2.get(records);
    if (known) records = known;
    else {
      const metered = meteredBucket(records);
      wrappedR2.set(records, metered);
      records = metered;
    }
  }
  return { ...env, DB: d1, ...(records ? { GAME_RECORDS: records } : {}) };
}
