import { env } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { benchBindings, benchMeter } from "../../db/bench-meter";
import { BOOKMARK_COOKIE, bookmarkFrom, FROM_PRIMARY, readSessions } from "../../db/read-replicas";
import { users } from "../../db/schema";
import { stubOf } from "../../db/stubs";
import type { RoomRpc } from "../../game/room/api";
import { call, CASUAL_1V1, createPlayer, expectLedgerInvariant, ORIGIN, userRow } from "./helpers";

// D1's Sessions API (ADR 120): lag-tolerant reads go through a session anchored at the browser's
// bookmark, which every answer that may have written hands back in a cookie. Locally D1 has one
// instance (no replica), so these tests hold the plumbing to its contract: the bookmark is minted,
// carried and honoured, and a read anchored at it sees the write before it.

afterEach(expectLedgerInvariant);

/** The bookmark a response sets, or null. */
function bookmarkSet(response: Response): string | null {
  const cookies = response.headers.getSetCookie().filter((cookie) => cookie.startsWith(`${BOOKMARK_COOKIE}=`));
  return cookies.length ? bookmarkFrom(cookies[0]!.split(";")[0]!) : null;
}

describe("read-your-writes through the bookmark cookie", () => {
  it("a write answers with the primary's bookmark, and a replica read with that cookie sees the write", async () => {
    const [a, b] = [await createPlayer("Ana"), await createPlayer("Bia")];
    const sent = await call("/api/friends/request", { method: "POST", cookie: a.cookie, body: { user_id: b.user.id } });
    expect(sent.status).toBe(201);
    const [{ id }] = await (await call("/api/friends/requests", { cookie: b.cookie })).json<{ id: string }[]>();
    const accepted = await call(`/api/friends/${id}/accept`, { method: "POST", cookie: b.cookie });
    expect(accepted.status).toBe(200);
    const bookmark = bookmarkSet(accepted);
    expect(bookmark).toEqual(expect.any(String));
    // The request's own last primary statement came after everything it wrote: its bookmark, not the marker.
    expect(bookmark).not.toBe(FROM_PRIMARY);

    // The friends list is a replica read: anchored at the bookmark, it shows the friendship just made.
    const cookie = `${b.cookie}; ${BOOKMARK_COOKIE}=${bookmark}`;
    const friends = await call("/api/friends", { cookie });
    expect(friends.status).toBe(200);
    expect((await friends.json<{ id: string }[]>()).map((friend) => friend.id)).toEqual([a.user.id]);
    // Nothing newer than the browser's bookmark: no cookie set again.
    const again = bookmarkSet(friends);
    if (again !== null) expect(again).not.toBe(bookmark);
  });

  it("a session anchored at a bookmark sees the write that minted it, through drizzle", async () => {
    const { user } = await createPlayer("Caio");
    const request = new Request(ORIGIN, { method: "POST" });
    const writer = readSessions(env.DB, request);
    await writer.primary.update(users).set({ nickname: "Caio Novo" }).where(eq(users.id, user.id));
    const bookmark = await writer.bookmarkAfter(true);
    expect(bookmark).toEqual(expect.any(String));
    expect(bookmark).not.toBe(FROM_PRIMARY);
    const reads = readSessions(env.DB, new Request(ORIGIN, { headers: { Cookie: `${BOOKMARK_COOKIE}=${bookmark}` } }));
    const row = await reads.replica.query.users.findFirst({ where: (users, { eq }) => eq(users.id, user.id) });
    expect(row?.nickname).toBe("Caio Novo");
    // The replica session moves on from there: its bookmark is never older than the one it started at.
    expect(await reads.bookmarkAfter(false)).not.toBe("");
  });

  it("a refused request hands back only its replica read's position, and a mangled cookie is ignored", async () => {
    const a = await createPlayer("Duda");
    const refused = await call("/api/friends/request", { method: "POST", cookie: a.cookie, body: { user_id: "nobody" } });
    expect(refused.status).toBe(404);
    // Its session was looked up on the replica (ADR 139): the position that read reached, never the
    // primary's marker, since it wrote nothing.
    const position = bookmarkSet(refused);
    expect(position).toMatch(/^[0-9a-zA-Z-]+$/);
    expect(position).not.toBe(FROM_PRIMARY);
    expect(bookmarkFrom(`${BOOKMARK_COOKIE}=<script>`)).toBeNull();
    const friends = await call("/api/friends", { cookie: `${a.cookie}; ${BOOKMARK_COOKIE}=not%20a%20bookmark` });
    expect(friends.status).toBe(200);
    expect(await friends.json()).toEqual([]);
  });

  it("the bookmark after a write is the request's own statements', with no query of its own", async () => {
    const { user } = await createPlayer("Eva");
    const metered = benchBindings({ ...env, BENCH_MODE: "1" }).DB;
    const reads = readSessions(metered, new Request(ORIGIN, { method: "POST" }));
    benchMeter.reset();
    await reads.primary.update(users).set({ nickname: "Eva Nova" }).where(eq(users.id, user.id));
    await reads.primary.batch([
      reads.primary.update(users).set({ nickname: "Eva" }).where(eq(users.id, user.id)),
      reads.primary.select({ id: users.id }).from(users).where(eq(users.id, user.id)),
    ]);
    const bookmark = await reads.bookmarkAfter(true);
    expect(bookmark).toMatch(/^[0-9a-zA-Z-]+$/);
    expect(bookmark).not.toBe(FROM_PRIMARY);
    const snapshot = benchMeter.snapshot();
    // One lone write and one batch: nothing else reached D1 (no `SELECT 1` for the bookmark).
    expect(snapshot.statements.reduce((sum, kind) => sum + kind.calls, 0)).toBe(3);
    expect(snapshot.statements.some((kind) => kind.kind.startsWith("select ?"))).toBe(false);
    expect(snapshot).toMatchObject({ writeTransactions: 2, primaryReads: 1, replicaReads: 0, sessions: { primary: 2, replica: 0 } });
  });

  it("a Durable Object's call after the request's last primary statement hands back the marker, and a statement after it a bookmark", async () => {
    const { user } = await createPlayer("Fabi");
    const reads = readSessions(env.DB, new Request(ORIGIN, { method: "POST" }));
    const rooms = reads.watch(env.GAME_ROOM);
    await reads.primary.select({ id: users.id }).from(users).where(eq(users.id, user.id));
    // A room that does not exist answers without writing; the call is noted all the same.
    expect(await stubOf<RoomRpc>(rooms, crypto.randomUUID()).leave(user.id)).toEqual({ ok: false, error: "not_found" });
    expect(await reads.bookmarkAfter(true)).toBe(FROM_PRIMARY);
    await reads.primary.select({ id: users.id }).from(users).where(eq(users.id, user.id));
    const bookmark = await reads.bookmarkAfter(true);
    expect(bookmark).not.toBe(FROM_PRIMARY);
    expect(bookmark).toMatch(/^[0-9a-zA-Z-]+$/);
  });

  it("a table opened through its room hands back the marker; the next page reads from the primary and hands back a bookmark", async () => {
    const a = await createPlayer("Gil");
    const created = await call("/api/games", { method: "POST", cookie: a.cookie, body: CASUAL_1V1 });
    expect(created.status).toBe(201);
    // The room wrote the seat and its entry after the request's last statement: no bookmark of the request covers them.
    expect(bookmarkSet(created)).toBe(FROM_PRIMARY);
    const cookie = `${a.cookie}; ${BOOKMARK_COOKIE}=${FROM_PRIMARY}`;
    const me = await call("/api/users/me", { cookie });
    expect(me.status).toBe(200);
    // The entry is in the balance the page shows (its session lookup started at the primary).
    expect((await me.json<{ virtual_coins: number }>()).virtual_coins).toBe((await userRow(a.user.id))!.virtual_coins);
    const next = bookmarkSet(me);
    expect(next).toMatch(/^[0-9a-zA-Z-]+$/);
    expect(next).not.toBe(FROM_PRIMARY);
  });
});
