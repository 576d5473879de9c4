import { env } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import { BOOKMARK_COOKIE, bookmarkFrom, readSessions } from "../../db/read-replicas";
import { call, createPlayer, expectLedgerInvariant, ORIGIN } from "./helpers";

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
    await env.DB.prepare("UPDATE users SET nickname = 'Caio Novo' WHERE id = ?").bind(user.id).run();
    const bookmark = await readSessions(env.DB, request).bookmarkAfter(true);
    expect(bookmark).toEqual(expect.any(String));
    const reads = readSessions(env.DB, new Request(ORIGIN, { headers: { Cookie: `${BOOKMARK_COOKIE}=${bookmark}` } }));
    const row = await reads.replica.query.users.findFirst({ where: (users, { eq }) => eq(users.id, user.id) });
    expect(row?.nickname).toBe("Caio Novo");
    // The replica session moves on from there: its bookmark is never older than the one it started at.
    expect(await reads.bookmarkAfter(false)).not.toBe("");
  });

  it("a refused or read-only request mints no bookmark, and a mangled cookie is ignored", async () => {
    const a = await createPlayer("Duda");
    const refused = await call("/api/friends/request", { method: "POST", cookie: a.cookie, body: { user_id: "nobody" } });
    expect(refused.status).toBe(404);
    expect(bookmarkSet(refused)).toBeNull();
    expect(bookmarkFrom(`${BOOKMARK_COOKIE}=<script>`)).toBeNull();
    const friends = await call("/api/friends", { cookie: `${a.cookie}; ${BOOKMARK_COOKIE}=not%20a%20bookmark` });
    expect(friends.status).toBe(200);
    expect(await friends.json()).toEqual([]);
  });
});
