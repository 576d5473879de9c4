import { createDb, type Database } from "./client";

// D1's Sessions API (read replication): the reads that tolerate a moment's lag go to a session
// that a read replica may serve, anchored at the browser's bookmark so it sees everything this
// browser has written; every other statement, and every write, uses the plain binding, which the
// primary serves. The bookmark travels in a cookie: a request that may have written ends by taking
// the primary's bookmark, a replica read by passing on the one its session reached.

/** The cookie that carries the browser's D1 bookmark (not a secret: a position in D1's history). */
export const BOOKMARK_COOKIE = "d1_bookmark";
/** How long a bookmark is worth keeping: far longer than any replica's lag. */
const BOOKMARK_SECONDS = 60 * 60;
/** A bookmark as D1 writes them: hex groups and dashes; anything else is ignored. */
const BOOKMARK = /^[0-9a-zA-Z-]{1,200}$/;

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
   * The bookmark to hand back, or null when there is nothing newer than the browser's: after a
   * request that may have written (`wrote`), the primary's own (one `SELECT 1` there), so the next
   * replica read sees every write of this request, the Durable Objects' included; else the one the
   * replica session reached, if it ran a query.
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

/** The request's read sessions over the D1 binding, from the request's bookmark cookie. */
export function readSessions(d1: D1Database, request: Request): ReadSessions {
  const from = bookmarkFrom(request.headers.get("Cookie"));
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
    async bookmarkAfter(wrote) {
      let bookmark: string | null = null;
      if (wrote) {
        const primary = d1.withSession("first-primary");
        await primary.prepare("SELECT 1").run();
        bookmark = primary.getBookmark();
      } else {
        bookmark = session ? (session as D1DatabaseSession).getBookmark() : null;
      }
      return bookmark && bookmark !== from ? bookmark : null;
    },
  };
}
