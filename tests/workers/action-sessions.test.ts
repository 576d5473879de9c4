import { env } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { getLoadContext } from "../../load-context";
import { benchMeter } from "../../db/bench-meter";
import { sessions } from "../../db/schema";
import { stubOf } from "../../db/stubs";
import type { PlayerChannelRpc } from "../../game/channel/api";
import { getSession, startSession } from "~/services/auth.server";
import { call, CASUAL_1V1, createPlayer, expectLedgerInvariant, ORIGIN, testContext } from "./helpers";

// An action's and a socket upgrade's session lookup reads a replica, and the player's channel
// refuses a session revoked meanwhile (auth.server's actionLookup). Locally D1 has one instance,
// so a replica that has not yet seen a sign-out is played by a session row that is still there
// while the channel has been told.

afterEach(expectLedgerInvariant);

const channelOf = (userId: string) => stubOf<PlayerChannelRpc>(env.PLAYER_CHANNEL, userId);

async function sessionIdOf(userId: string): Promise<string> {
  const context = testContext();
  const rows = await context.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.user_id, userId));
  expect(rows).toHaveLength(1);
  return rows[0]!.id;
}

describe("an action's session on a replica, refused by the channel once revoked", () => {
  it("a signed-out session a replica still shows is refused to actions and sockets", async () => {
    const player = await createPlayer("Gabi");
    const id = await sessionIdOf(player.user.id);
    expect((await call("/api/games", { method: "POST", cookie: player.cookie, body: CASUAL_1V1 })).status).toBe(201);

    await channelOf(player.user.id).revokeSession(id);
    const refused = await call("/api/games/join", { method: "POST", cookie: player.cookie, body: { game_code: "ZZZZZZ" } });
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ error: expect.any(String) });
    const socket = await call("/api/channel/ws", { cookie: player.cookie, headers: { Upgrade: "websocket" }, origin: ORIGIN });
    expect(socket.status).toBe(401);
  });

  it("a ban refuses every session held then, and a session started after it acts", async () => {
    const player = await createPlayer("Hugo");
    await channelOf(player.user.id).revokeSession(null);
    expect((await call("/api/games", { method: "POST", cookie: player.cookie, body: CASUAL_1V1 })).status).toBe(401);
    // Sessions' times are D1's, to the millisecond: the next one is certainly later.
    await new Promise((resolve) => setTimeout(resolve, 5));
    const setCookie = await startSession(new Request(ORIGIN), testContext(), player.user.id);
    const cookie = setCookie.split(";")[0]!;
    expect((await call("/api/games", { method: "POST", cookie, body: CASUAL_1V1 })).status).toBe(201);
  });

  it("sign-out tells the channel before it answers, and replacing a session revokes the old one there", async () => {
    const player = await createPlayer("Iara");
    const first = await sessionIdOf(player.user.id);
    const channel = channelOf(player.user.id);
    const now = new Date().toISOString();
    expect(await channel.sessionRevoked(first, now)).toBe(false);
    // Signing in again in the same browser replaces the session.
    const replaced = await startSession(new Request(ORIGIN, { headers: { Cookie: player.cookie } }), testContext(), player.user.id);
    expect(await channel.sessionRevoked(first, now)).toBe(true);
    const second = await sessionIdOf(player.user.id);
    expect(await channel.sessionRevoked(second, now)).toBe(false);
    const out = await call("/api/logout", { method: "POST", cookie: replaced.split(";")[0]! });
    expect(out.status).toBe(200);
    expect(await channel.sessionRevoked(second, now)).toBe(true);
  });

  it("an action's lookup of a known session reads no row on the primary; a page's neither", async () => {
    const player = await createPlayer("Joana");
    for (const method of ["POST", "GET"]) {
      const request = new Request(`${ORIGIN}/api/games`, { method, headers: { Cookie: player.cookie } });
      const context = getLoadContext({
        request,
        context: {
          cloudflare: {
            env: { ...env, BENCH_MODE: "1" } as never,
            cf: undefined,
            ctx: { waitUntil: () => {}, passThroughOnException: () => {} },
            caches: caches as never,
          },
        },
      });
      benchMeter.reset();
      const found = await getSession(request, context);
      expect(found?.user.id).toBe(player.user.id);
      expect(benchMeter.snapshot()).toMatchObject({ primaryReads: 0, replicaReads: 1, writeTransactions: 0 });
    }
  });

  it("a session created a moment ago that a replica lacks is asked of the primary", async () => {
    // Locally the replica has every row, so the fallback is the primary's answer for a missing
    // one: an unknown session stays signed out after both reads.
    const response = await call("/api/games", {
      method: "POST",
      cookie: "truco_session=not-a-session-of-anyone-at-all",
      body: CASUAL_1V1,
    });
    expect(response.status).toBe(401);
  });
});
