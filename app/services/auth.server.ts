import { createCookie, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, gt, isNull } from "drizzle-orm";
import { sessions, users, type User } from "../../db/schema";
import type { Database } from "../../db/client";
import type { AppEnv } from "./env.server";
import { jsonError } from "./http.server";
import { serverT } from "./i18n.server";
import { readsMayLag } from "./replica.server";
import { channel } from "./channels.server";

const SESSION_DAYS = 30;

function sessionCookie(env: AppEnv) {
  const production = env.APP_ENV === "production";
  // __Host- pins the cookie to this exact origin (needs Secure, Path=/).
  return createCookie(production ? "__Host-truco_session" : "truco_session", {
    httpOnly: true,
    secure: production,
    sameSite: "lax",
    path: "/",
    maxAge: SESSION_DAYS * 24 * 60 * 60,
    secrets: [env.SESSION_SECRET],
  });
}

function randomToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** The hash of the session cookie's token (the sessions row id), or null without a readable cookie. */
export async function sessionIdFrom(request: Request, context: AppLoadContext): Promise<string | null> {
  let token: unknown;
  try {
    token = await sessionCookie(context.env).parse(request.headers.get("Cookie"));
  } catch {
    return null; // A mangled cookie is no session.
  }
  return typeof token === "string" && token.length > 20 ? sha256Hex(token) : null;
}

/**
 * A new server-side session for the user: its row (only the token's hash is
 * stored) and the Set-Cookie header that carries the token.
 */
export async function newSession(env: AppEnv, userId: string) {
  const token = randomToken();
  const expires = new Date(Date.now() + SESSION_DAYS * 24 * 60 * 60 * 1000).toISOString();
  return {
    row: { id: await sha256Hex(token), user_id: userId, expires_at: expires },
    setCookie: await sessionCookie(env).serialize(token),
  };
}

/**
 * Starts a new server-side session for the user and answers the Set-Cookie
 * header. Any session the browser already had is revoked (rotation).
 */
export async function startSession(request: Request, context: AppLoadContext, userId: string): Promise<string> {
  forgetSessions(context);
  const previous = await sessionIdFrom(request, context);
  const { row, setCookie } = await newSession(context.env, userId);
  const insert = context.db.insert(sessions).values(row);
  if (previous) {
    const [replaced] = await context.db.batch([
      context.db.delete(sessions).where(eq(sessions.id, previous)).returning({ userId: sessions.user_id }),
      insert,
    ]);
    // A copy of the replaced token is refused at once too, whatever a replica still shows (actionLookup).
    if (replaced[0]) await channel(context, replaced[0].userId).revokeSession(previous);
  } else {
    await insert;
  }
  return setCookie;
}

/** The Set-Cookie that clears the session cookie. */
export function clearSessionCookie(env: AppEnv): Promise<string> {
  return sessionCookie(env).serialize("", { maxAge: 0 });
}

/**
 * Revokes the session at once and answers the Set-Cookie that clears it, with the session it
 * ended (null when the browser had none), so the caller can close that session's sockets.
 */
export async function endSession(
  request: Request,
  context: AppLoadContext,
): Promise<{ setCookie: string; ended: { userId: string; sessionId: string } | null }> {
  forgetSessions(context);
  const id = await sessionIdFrom(request, context);
  const deleted = id ? await context.db.delete(sessions).where(eq(sessions.id, id)).returning({ userId: sessions.user_id }) : [];
  // A replica may show the row a moment longer: the channel refuses it from now on (actionLookup).
  if (id && deleted[0]) await channel(context, deleted[0].userId).revokeSession(id);
  return {
    setCookie: await sessionCookie(context.env).serialize("", { maxAge: 0 }),
    ended: id && deleted[0] ? { userId: deleted[0].userId, sessionId: id } : null,
  };
}

/** The session lookup: a live session by its id and its user, unless banned (two rows, by primary keys). */
export function sessionLookup(db: Database, sessionId: string, now: Date) {
  return db
    .select({ user: users, created_at: sessions.created_at })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.user_id))
    .where(and(eq(sessions.id, sessionId), gt(sessions.expires_at, now.toISOString()), isNull(users.banned_at)))
    .limit(1);
}

type SessionAnswer = { user: User; sessionId: string } | null;

/**
 * The request's session lookup, once per request: the root loader and the route's loader (which
 * Remix runs side by side for one request, with the same load context) share its answer. Only
 * reads share it (GET and HEAD: loaders): an action reads its own, and the loaders that follow an
 * action in the same request read after it. Signing in or out forgets it too.
 */
const lookups = new WeakMap<AppLoadContext, Map<string, Promise<SessionAnswer>>>();

function forgetSessions(context: AppLoadContext) {
  lookups.delete(context);
}

/**
 * An action's or a socket upgrade's lookup. The replica (anchored at the browser's bookmark) says
 * whether the session and its user exist; a replica that has not yet seen a sign-out's or a ban's
 * delete still shows the session, so the player's channel, told of every revocation before the
 * sign-out or the ban is answered, refuses it then. A miss asks the primary (a session created a
 * moment ago). So the primary reads nothing for a known session, and a revoked or banned session
 * is refused exactly as the primary would refuse it.
 */
async function actionLookup(context: AppLoadContext, id: string): Promise<SessionAnswer> {
  const [found] = await sessionLookup(context.reads.replica, id, new Date());
  if (!found) {
    const [current] = await sessionLookup(context.db, id, new Date());
    return current ? { user: current.user, sessionId: id } : null;
  }
  if (await channel(context, found.user.id).sessionRevoked(id, found.created_at)) return null;
  return { user: found.user, sessionId: id };
}

/** The signed-in user and the id of their session, or null. Banned users and expired sessions count as signed out. */
export async function getSession(request: Request, context: AppLoadContext): Promise<SessionAnswer> {
  const id = await sessionIdFrom(request, context);
  if (!id) return null;
  const lookup = (db: Database) =>
    sessionLookup(db, id, new Date()).then((rows) => (rows[0] ? { user: rows[0].user, sessionId: id } : null));
  if (!readsMayLag(request)) return actionLookup(context, id);
  let byId = lookups.get(context);
  if (!byId) lookups.set(context, (byId = new Map()));
  let answer = byId.get(id);
  if (!answer) {
    // A page's lookup reads the replica; a miss asks the primary, so a session created a
    // moment ago (signing in is a GET callback) is found, and only a stale "still valid" can come
    // from the replica: for its lag, on a page's reads, never on an action or a socket.
    answer = lookup(context.reads.replica).then((found) => found ?? lookup(context.db));
    byId.set(id, answer);
    // A failed read is not remembered: the next caller tries again.
    answer.catch(() => byId.delete(id));
  }
  return answer;
}

/**
 * The user's row as the primary has it now. An action's session lookup reads a replica, whose
 * row may not yet have a write made outside this browser's requests (a settlement over the room's
 * socket, a payment's webhook, an admin's change); a decision that row could get wrong (a refusal
 * for coins or membership, an admin's role, a purchase allowed) is made on this one instead.
 */
export async function primaryUser(context: AppLoadContext, user: User): Promise<User> {
  return (await context.db.select().from(users).where(eq(users.id, user.id)).get()) ?? user;
}

/** The signed-in user, or null. */
export async function getUser(request: Request, context: AppLoadContext): Promise<User | null> {
  return (await getSession(request, context))?.user ?? null;
}

/** For pages: the user, or a redirect to the landing page. */
export async function requireUser(request: Request, context: AppLoadContext): Promise<User> {
  const user = await getUser(request, context);
  if (!user) throw redirect("/");
  return user;
}

/** For the API: the user and their session, or a 401 with a JSON error. */
export async function requireApiSession(request: Request, context: AppLoadContext): Promise<{ user: User; sessionId: string }> {
  const session = await getSession(request, context);
  if (!session) {
    const t = await serverT(request);
    throw jsonError(401, t("errors:unauthenticated"));
  }
  return session;
}

/** For the API: the user, or a 401 with a JSON error. */
export async function requireApiUser(request: Request, context: AppLoadContext): Promise<User> {
  return (await requireApiSession(request, context)).user;
}

/** Revokes every session of a user (ban, account events): in D1, then at their channel (see actionLookup). */
export async function revokeAllSessions(context: AppLoadContext, userId: string): Promise<void> {
  forgetSessions(context);
  await context.db.delete(sessions).where(eq(sessions.user_id, userId));
  await channel(context, userId).revokeSession(null);
}
