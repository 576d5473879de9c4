import { createDb, type Database } from "./client";

// D1's Sessions API (read replication): the reads that tolerate a moment's lag go to a session
// that a read replica may serve, anchored at the browser's bookmark so it sees everything this
// browser has written; every other statement, and every write, goes to the primary, each in a
// fresh `first-primary` session whose bookmark after it is kept. The bookmark travels in a cookie:
// a request that may have written hands back the newest bookmark its own primary statements
// reached, a replica read the one its session reached. When a Durable Object may have written on
// the request's behalf after the request's last primary statement began, no bookmark of the
// request covers that write, and the cookie carries `first-primary` instead: the browser's next
// replica session starts at the primary (one read there, no extra query).

/** The cookie that carries the browser's D1 bookmark (not a secret: a position in D1's history). */
export const BOOKMARK_COOKIE = "d1_bookmark";
/** How long a bookmark is worth keeping: far longer than any replica's lag. */
const BOOKMARK_SECONDS = 60 * 60;
/** A bookmark as D1 writes them: hex groups and dashes; anything else is ignored. */
const BOOKMARK = /^[0-9a-zA-Z-]{1,200}$/;
/** The cookie's value that makes the next replica session start at the primary. */
export const FROM_PRIMARY = "first-primary";
/**
 * The Durable Objects that write D1 rows on a request's behalf (seats, entries, games). The
 * others the app calls (the rate limiter, the lobby, the player channel) write no D1 row.
 */
export const WRITING_OBJECTS = ["GAME_ROOM", "MATCHMAKER", "TOURNAMENT"] as const;

/** The bookmark in a Cookie header, or null. */
export function bookmarkFrom(cookieHeader: string | null): string | null {
  for (const part of (cookieHeader ?? "").split(";")) {
    const [name, ...value] = part.trim().split("=");
    if (name === BOOKMARK_COOKIE) {
      const bookmark = decodeURIComponent(value.join("="));
      return BOOKMARK.test(bookmark) ? bookmark : null;
    }
  }
  return null;
}

/** The Set-Cookie of a bookmark (Secure outside local development and tests). */
export function bookmarkCookie(bookmark: string, secure: boolean): string {
  return `${BOOKMARK_COOKIE}=${encodeURIComponent(bookmark)}; Path=/; Max-Age=${BOOKMARK_SECONDS}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

export interface ReadSessions {
  /** The drizzle client for lag-tolerant reads: a D1 session anchored at the browser's bookmark. */
  readonly replica: Database;
  /**
   * The drizzle client for writes and the reads that must be current: every statement and batch
   * on the primary (a fresh `first-primary` session each, as the plain binding would send it), and
   * the newest bookmark they reached kept for `bookmarkAfter`.
   */
  readonly primary: Database;
  /** A Durable Object namespace whose stubs' calls are noted, for `bookmarkAfter` to know what they may have written. */
  watch(namespace: DurableObjectNamespace): DurableObjectNamespace;
  /**
   * The bookmark to hand back, or null when there is nothing newer than the browser's: after a
   * request that may have written (`wrote`), the newest one its primary statements reached, or
   * `first-primary` when a watched Durable Object call ended after the last of them began (or
   * none ran); else the one the replica session reached, if it ran a query. No query of its own.
   */
  bookmarkAfter(wrote: boolean): Promise<string | null>;
}

/**
 * A drizzle client over a fresh `first-unconstrained` session: any replica may answer. For a
 * Durable Object's reads that tolerate a moment's lag and have no browser bookmark to honour.
 */
export function anyReplica(d1: D1Database): Database {
  // drizzle's D1 driver only calls prepare() and batch(), which a session has too.
  return createDb(d1.withSession("first-unconstrained") as unknown as D1Database);
}

/** The newer of two bookmarks (D1 orders them as strings, as workerd's own sessions compare them). */
function newer(a: string | null, b: string | null): string | null {
  if (!a) return b;
  if (!b) return a;
  return a.localeCompare(b) < 0 ? b : a;
}

/**
 * The request's primary statements, in order of their starts, and the watched Durable Object
 * calls, in order of their ends, on one counter: a call that ended before a statement began has
 * its writes in that statement's bookmark (the primary commits them before the object answers).
 */
class Primary {
  private tick = 0;
  private lastStatement = 0;
  private lastCallEnd = 0;
  private callsInFlight = 0;
  bookmark: string | null = null;

  constructor(private readonly d1: D1Database) {}

  /** Runs `use` on a fresh `first-primary` session: the primary answers it, and its bookmark is kept. */
  async statement<T>(use: (session: D1DatabaseSession) => Promise<T>): Promise<T> {
    this.lastStatement = ++this.tick;
    const session = this.d1.withSession(FROM_PRIMARY);
    try {
      return await use(session);
    } finally {
      this.bookmark = newer(this.bookmark, session.getBookmark());
    }
  }

  async call<T>(run: () => T): Promise<Awaited<T>> {
    this.callsInFlight += 1;
    try {
      return await run();
    } finally {
      this.callsInFlight -= 1;
      this.lastCallEnd = ++this.tick;
    }
  }

  /** Whether a watched call may have written after the bookmark kept (or is still running). */
  get objectsAhead(): boolean {
    return this.callsInFlight > 0 || this.lastCallEnd > this.lastStatement;
  }
}

/** A statement of the primary client: prepared text and parameters, run in a fresh session when it runs. */
class PrimaryStatement {
  constructor(
    private readonly primary: Primary,
    readonly sql: string,
    readonly params: unknown[] = [],
  ) {}

  bind(...values: unknown[]): PrimaryStatement {
    return new PrimaryStatement(this.primary, this.sql, values);
  }

  on(session: D1DatabaseSession): D1PreparedStatement {
    return session.prepare(this.sql).bind(...this.params);
  }

  run<T = Record<string, unknown>>(): Promise<D1Result<T>> {
    return this.primary.statement((session) => this.on(session).run<T>());
  }

  all<T = Record<string, unknown>>(): Promise<D1Result<T>> {
    return this.primary.statement((session) => this.on(session).all<T>());
  }

  first<T = unknown>(column?: string): Promise<T | null> {
    return this.primary.statement((session) => (column === undefined ? this.on(session).first<T>() : this.on(session).first<T>(column)));
  }

  raw<T = unknown[]>(options?: { columnNames?: boolean }): Promise<T[]> {
    return this.primary.statement((session) => this.on(session).raw<T>(options as { columnNames: true }) as Promise<T[]>);
  }
}

function primaryD1(primary: Primary): D1Database {
  return {
    prepare: (sql: string) => new PrimaryStatement(primary, sql) as unknown as D1PreparedStatement,
    batch: <T>(statements: D1PreparedStatement[]) =>
      primary.statement((session) => session.batch<T>(statements.map((s) => (s instanceof PrimaryStatement ? s.on(session) : s)))),
  } as unknown as D1Database;
}

/** A stub whose method calls are noted (its other properties untouched). */
function watchedStub<T extends object>(stub: T, primary: Primary): T {
  return new Proxy(stub, {
    get(target, property) {
      const value = (target as Record<PropertyKey, unknown>)[property];
      if (typeof value !== "function" || property === "then") return value;
      return (...args: unknown[]) => primary.call(() => (target as Record<PropertyKey, (...a: unknown[]) => unknown>)[property]!(...args));
    },
  });
}

/** The request's sessions over the D1 binding, from the request's bookmark cookie. */
export function readSessions(d1: D1Database, request: Request): ReadSessions {
  const from = bookmarkFrom(request.headers.get("Cookie"));
  const primary = new Primary(d1);
  const primaryDb = createDb(primaryD1(primary));
  let session: D1DatabaseSession | null = null;
  let replica: Database | null = null;
  return {
    get replica() {
      if (!replica) {
        session = d1.withSession(from ?? "first-unconstrained");
        // drizzle's D1 driver only calls prepare() and batch(), which a session has too.
        replica = createDb(session as unknown as D1Database);
      }
      return replica;
    },
    primary: primaryDb,
    watch(namespace) {
      return new Proxy(namespace, {
        get(target, property) {
          const value = (target as unknown as Record<PropertyKey, unknown>)[property];
          if (typeof value !== "function") return value;
          if (property === "get" || property === "getByName")
            return (...args: unknown[]) => watchedStub((value as (...a: unknown[]) => object).apply(target, args), primary);
          return (value as (...a: unknown[]) => unknown).bind(target);
        },
      });
    },
    async bookmarkAfter(wrote) {
      let bookmark: string | null = null;
      if (wrote) bookmark = primary.objectsAhead || !primary.bookmark ? FROM_PRIMARY : primary.bookmark;
      else bookmark = session ? (session as D1DatabaseSession).getBookmark() : null;
      return bookmark && bookmark !== from ? bookmark : null;
    },
  };
}
