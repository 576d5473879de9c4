import { env, evictDurableObject, runDurableObjectAlarm } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { PlayerChannelRpc } from "../../game/channel/api";
import { newInvitation } from "../../game/channel/invitations";
import { CancelAnswerSchema } from "../../app/schemas/friends";
import { openChannel } from "./channel-client";
import { call, createPlayer, ORIGIN } from "./helpers";

// The friends API's rules (spec §7), the per-player live channel (presence reaches
// friends and never anyone else), invitations, and a channel rebuilt after eviction.

type Player = Awaited<ReturnType<typeof createPlayer>>;

function channelStub(userId: string) {
  return env.PLAYER_CHANNEL.get(env.PLAYER_CHANNEL.idFromName(userId));
}
function channelOf(userId: string) {
  return channelStub(userId) as unknown as PlayerChannelRpc;
}

async function request(from: Player, to: Player) {
  return call("/api/friends/request", { method: "POST", cookie: from.cookie, body: { user_id: to.user.id } });
}

async function befriend(a: Player, b: Player) {
  const sent = await request(a, b);
  expect(sent.status).toBe(201);
  const { id } = await sent.json<{ id: string }>();
  expect((await call(`/api/friends/${id}/accept`, { method: "POST", cookie: b.cookie })).status).toBe(200);
}

/** Lets every pending delivery land (RPC fan-out is asynchronous). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe("the friends API", () => {
  it("sends, lists, accepts and removes, with spec §3 shapes", async () => {
    const [a, b] = await Promise.all([createPlayer("Ana"), createPlayer("Beto")]);
    const sent = await request(a, b);
    expect(sent.status).toBe(201);
    const { id } = await sent.json<{ id: string }>();
    const pending = await (await call("/api/friends/requests", { cookie: b.cookie })).json<unknown[]>();
    expect(pending).toEqual([
      {
        id,
        created_at: expect.any(String),
        friend_profile: { id: a.user.id, nickname: a.user.nickname, avatar_url: null, ranking_points: 1000 },
      },
    ]);
    expect(await (await call("/api/friends/requests", { cookie: a.cookie })).json()).toEqual([]);
    expect((await call(`/api/friends/${id}/accept`, { method: "POST", cookie: b.cookie })).status).toBe(200);
    const friends = await (await call("/api/friends", { cookie: a.cookie })).json<Record<string, unknown>[]>();
    expect(friends).toEqual([
      expect.objectContaining({ id: b.user.id, nickname: b.user.nickname, avatar_url: null, ranking_points: 1000, is_online: false }),
    ]);
    expect((await call(`/api/friends/${b.user.id}`, { method: "DELETE", cookie: a.cookie })).status).toBe(200);
    expect(await (await call("/api/friends", { cookie: b.cookie })).json()).toEqual([]);
    expect((await call(`/api/friends/${b.user.id}`, { method: "DELETE", cookie: a.cookie })).status).toBe(404);
  });

  it("refuses a request to yourself, to an unknown or banned player, to a friend, and a second one, writing nothing", async () => {
    const [a, b, c] = await Promise.all([createPlayer(), createPlayer(), createPlayer()]);
    const count = async () => (await env.DB.prepare("SELECT count(*) AS n FROM friend_requests").first<{ n: number }>())!.n;
    const before = await count();
    expect((await request(a, a)).status).toBe(400);
    expect((await call("/api/friends/request", { method: "POST", cookie: a.cookie, body: { user_id: "nobody" } })).status).toBe(404);
    await env.DB.prepare("UPDATE users SET banned_at = '2026-01-01T00:00:00Z' WHERE id = ?").bind(c.user.id).run();
    const banned = await request(a, c);
    expect(banned.status).toBe(404);
    expect(await banned.json()).toEqual({ error: expect.any(String) });
    expect(await count()).toBe(before);
    expect((await request(a, b)).status).toBe(201);
    const again = await request(a, b);
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ error: expect.any(String) });
    expect(await count()).toBe(before + 1);
    const [{ id }] = await (await call("/api/friends/requests", { cookie: b.cookie })).json<{ id: string }[]>();
    // Only the addressee answers.
    expect((await call(`/api/friends/${id}/accept`, { method: "POST", cookie: a.cookie })).status).toBe(403);
    expect((await call(`/api/friends/${id}/accept`, { method: "POST", cookie: b.cookie })).status).toBe(200);
    expect((await request(a, b)).status).toBe(409);
    expect((await request(b, a)).status).toBe(409);
    expect((await call(`/api/friends/${id}/decline`, { method: "POST", cookie: b.cookie })).status).toBe(409);
  });

  it("accepts a request in the other direction instead of sending a second one", async () => {
    const [a, b] = await Promise.all([createPlayer(), createPlayer()]);
    expect((await request(a, b)).status).toBe(201);
    const crossed = await request(b, a);
    expect(crossed.status).toBe(200);
    expect(await crossed.json()).toMatchObject({ status: "accepted", friend: { id: a.user.id } });
    expect(await (await call("/api/friends", { cookie: a.cookie })).json()).toEqual([expect.objectContaining({ id: b.user.id })]);
  });

  it("makes one friendship when two players send each other requests at the same moment", async () => {
    for (let round = 0; round < 5; round += 1) {
      const [a, b] = await Promise.all([createPlayer(), createPlayer()]);
      const answers = await Promise.all([request(a, b), request(b, a)]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 201]);
      const rows = await env.DB.prepare("SELECT count(*) AS n FROM friendships WHERE user_a_id IN (?1, ?2) AND user_b_id IN (?1, ?2)")
        .bind(a.user.id, b.user.id)
        .first<{ n: number }>();
      expect(rows!.n).toBe(1);
      const open = await env.DB.prepare("SELECT count(*) AS n FROM friend_requests WHERE status = 'pending' AND sender_id IN (?1, ?2)")
        .bind(a.user.id, b.user.id)
        .first<{ n: number }>();
      expect(open!.n).toBe(0);
    }
  });

  it("declines, and refuses someone else's request", async () => {
    const [a, b, c] = await Promise.all([createPlayer(), createPlayer(), createPlayer()]);
    await request(a, b);
    const [{ id }] = await (await call("/api/friends/requests", { cookie: b.cookie })).json<{ id: string }[]>();
    expect((await call(`/api/friends/${id}/decline`, { method: "POST", cookie: c.cookie })).status).toBe(404);
    expect((await call(`/api/friends/${id}/decline`, { method: "POST", cookie: b.cookie })).status).toBe(200);
    expect(await (await call("/api/friends/requests", { cookie: b.cookie })).json()).toEqual([]);
    // A declined request does not block a new one.
    expect((await request(a, b)).status).toBe(201);
  });

  it("cancels a sent request: only its sender, only while it waits, and the addressee's list and channel follow", async () => {
    const [a, b, c] = await Promise.all([createPlayer(), createPlayer(), createPlayer()]);
    const sb = await openChannel(b);
    const sent = await request(a, b);
    const { id } = await sent.json<{ id: string }>();
    await sb.next("friend_request");
    // The addressee answers, it does not withdraw; a stranger is not told the request exists.
    expect((await call(`/api/friends/${id}/cancel`, { method: "POST", cookie: b.cookie })).status).toBe(403);
    expect((await call(`/api/friends/${id}/cancel`, { method: "POST", cookie: c.cookie })).status).toBe(404);
    const cancelled = await call(`/api/friends/${id}/cancel`, { method: "POST", cookie: a.cookie });
    expect(cancelled.status).toBe(200);
    expect(CancelAnswerSchema.parse(await cancelled.json())).toEqual({ id, status: "cancelled" });
    expect((await sb.next("friend_request_cancelled")).payload).toEqual({ request_id: id, user_id: a.user.id });
    expect(await (await call("/api/friends/requests", { cookie: b.cookie })).json()).toEqual([]);
    // A second cancel, and an accept of the withdrawn request, find nothing to act on.
    expect((await call(`/api/friends/${id}/cancel`, { method: "POST", cookie: a.cookie })).status).toBe(404);
    expect((await call(`/api/friends/${id}/accept`, { method: "POST", cookie: b.cookie })).status).toBe(404);
    expect(await (await call("/api/friends", { cookie: a.cookie })).json()).toEqual([]);
    // Withdrawn, it does not block a new one.
    expect((await request(a, b)).status).toBe(201);
    sb.ws.close();
  });

  it("has one outcome when a cancel and an accept of the same request arrive at once", async () => {
    const seen = new Set<string>();
    for (let round = 0; round < 6; round += 1) {
      const [a, b] = await Promise.all([createPlayer(), createPlayer()]);
      const { id } = await (await request(a, b)).json<{ id: string }>();
      const [cancel, accept] = await Promise.all([
        call(`/api/friends/${id}/cancel`, { method: "POST", cookie: a.cookie }),
        call(`/api/friends/${id}/accept`, { method: "POST", cookie: b.cookie }),
      ]);
      const friends = await env.DB.prepare("SELECT count(*) AS n FROM friendships WHERE user_a_id IN (?1, ?2) AND user_b_id IN (?1, ?2)")
        .bind(a.user.id, b.user.id)
        .first<{ n: number }>();
      const row = await env.DB.prepare("SELECT status FROM friend_requests WHERE id = ?").bind(id).first<{ status: string }>();
      if (cancel.status === 200) {
        // Withdrawn first (before or while the accept ran): the accept finds it gone, no friendship is written.
        expect([404, 409]).toContain(accept.status);
        expect(friends!.n).toBe(0);
        expect(row).toBeNull();
        seen.add("cancelled");
      } else {
        // Accepted first: the cancel finds it answered.
        expect([cancel.status, accept.status]).toEqual([409, 200]);
        expect(friends!.n).toBe(1);
        expect(row!.status).toBe("accepted");
        seen.add("accepted");
      }
    }
    expect(seen.size).toBeGreaterThan(0);
  });

  it("refuses past 200 friends", async () => {
    const [a, b] = await Promise.all([createPlayer(), createPlayer()]);
    // 200 friendships for `a`, written directly (200 sign-ins would be slow).
    const ids = Array.from({ length: 200 }, (_, i) => `filler-${a.user.id}-${String(i).padStart(3, "0")}`);
    await env.DB.batch(
      ids.flatMap((id) => [
        env.DB.prepare("INSERT INTO users (id, email, nickname) VALUES (?, ?, ?)").bind(id, `${id}@example.test`, id.slice(-12)),
        env.DB.prepare("INSERT INTO friendships (user_a_id, user_b_id) VALUES (?, ?)").bind(...[a.user.id, id].sort()),
      ]),
    );
    const refused = await request(a, b);
    expect(refused.status).toBe(409);
    expect((await request(b, a)).status).toBe(201);
    const [{ id }] = await (await call("/api/friends/requests", { cookie: a.cookie })).json<{ id: string }[]>();
    expect((await call(`/api/friends/${id}/accept`, { method: "POST", cookie: a.cookie })).status).toBe(409);
    expect(await (await call("/api/friends", { cookie: b.cookie })).json()).toEqual([]);
  });

  it("searches by part of the nickname, ignoring case and accents, without yourself, banned players or more than 20", async () => {
    const tag = crypto.randomUUID().slice(0, 6);
    const me = await createPlayer();
    await env.DB.batch(
      [
        [`s1-${tag}`, `João${tag}`, null],
        [`s2-${tag}`, `JOAO${tag}x`, null],
        [`s3-${tag}`, `joão${tag}b`, "2026-01-01T00:00:00Z"],
      ].map(([id, nickname, banned]) =>
        env.DB.prepare("INSERT INTO users (id, email, nickname, banned_at) VALUES (?, ?, ?, ?)").bind(
          id,
          `${id}@example.test`,
          nickname,
          banned,
        ),
      ),
    );
    const found = await (
      await call(`/api/users/search?q=${encodeURIComponent(`joao${tag}`)}`, { cookie: me.cookie })
    ).json<{ id: string }[]>();
    expect(found.map((row) => row.id).sort()).toEqual([`s1-${tag}`, `s2-${tag}`]);
    expect(found[0]).toEqual(
      expect.objectContaining({ nickname: expect.any(String), avatar_url: null, ranking_points: 1000, games_played: 0, games_won: 0 }),
    );
    expect((await call("/api/users/search?q=j", { cookie: me.cookie })).status).toBe(400);
    const mine = await (
      await call(`/api/users/search?q=${encodeURIComponent(me.user.nickname)}`, { cookie: me.cookie })
    ).json<{ id: string }[]>();
    expect(mine.map((row) => row.id)).not.toContain(me.user.id);
    await env.DB.batch(
      Array.from({ length: 25 }, (_, i) =>
        env.DB.prepare("INSERT INTO users (id, email, nickname) VALUES (?, ?, ?)").bind(
          `m${i}-${tag}`,
          `m${i}-${tag}@example.test`,
          `Many${tag}${i}`,
        ),
      ),
    );
    expect(await (await call(`/api/users/search?q=many${tag}`, { cookie: me.cookie })).json<unknown[]>()).toHaveLength(20);
  });

  it("answers 405 with Allow on other methods, and 401 without a session", async () => {
    const response = await call("/api/friends", { method: "POST", cookie: (await createPlayer()).cookie });
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("GET, HEAD");
    expect((await call("/api/friends")).status).toBe(401);
  });
});

describe("the player channel", () => {
  it("refuses signed-out players, other sites and plain requests", async () => {
    const a = await createPlayer();
    const ws = (cookie?: string, origin = ORIGIN) =>
      call("/api/channel/ws", { cookie, origin: null, headers: { Upgrade: "websocket", Origin: origin } });
    expect((await ws()).status).toBe(401);
    expect((await ws(a.cookie, "https://evil.example")).status).toBe(403);
    expect((await call("/api/channel/ws", { cookie: a.cookie })).status).toBe(426);
  });

  it("pushes a friend request and its acceptance live", async () => {
    const [a, b] = await Promise.all([createPlayer(), createPlayer()]);
    const [sa, sb] = await Promise.all([openChannel(a), openChannel(b)]);
    await request(a, b);
    const arrived = await sb.next("friend_request");
    expect(arrived.payload.request.friend_profile.nickname).toBe(a.user.nickname);
    await call(`/api/friends/${arrived.payload.request.id}/accept`, { method: "POST", cookie: b.cookie });
    expect((await sa.next("friend_added")).payload.friend).toMatchObject({ id: b.user.id, is_online: true });
    sa.ws.close();
    sb.ws.close();
  });

  it("shows presence to friends, and never to anyone else", async () => {
    const [a, b, stranger] = await Promise.all([createPlayer(), createPlayer(), createPlayer()]);
    await befriend(a, b);
    const sa = await openChannel(a);
    const sx = await openChannel(stranger);
    const sb = await openChannel(b);
    expect((await sa.next("presence", (m) => m.payload.user_id === b.user.id)).payload.status).toBe("online");
    const listed = await (await call("/api/friends", { cookie: a.cookie })).json<{ id: string; is_online: boolean }[]>();
    expect(listed).toEqual([expect.objectContaining({ id: b.user.id, is_online: true })]);
    sb.ws.close();
    expect((await sa.next("presence", (m) => m.payload.user_id === b.user.id)).payload.status).toBe("offline");
    await settle();
    expect(sx.frames.filter((frame) => frame.type === "presence")).toEqual([]);
    sa.ws.close();
    sx.ws.close();
  });

  it("hides a player who appears offline", async () => {
    const [a, b] = await Promise.all([createPlayer(), createPlayer()]);
    await befriend(a, b);
    const sa = await openChannel(a);
    // The profile page's switch, posted as a browser does before the page hydrates.
    const switched = await call("/profile", { method: "POST", cookie: b.cookie, form: { appear_offline: "true" } });
    expect(switched.status).toBe(200);
    expect(await env.DB.prepare("SELECT appear_offline FROM users WHERE id = ?").bind(b.user.id).first("appear_offline")).toBe(1);
    const sb = await openChannel(b);
    await settle();
    expect(sa.frames.filter((frame) => frame.type === "presence" && frame.payload.status !== "offline")).toEqual([]);
    const listed = await (await call("/api/friends", { cookie: a.cookie })).json<{ is_online: boolean }[]>();
    expect(listed[0].is_online).toBe(false);
    sa.ws.close();
    sb.ws.close();
  });

  it("still delivers after the channel is evicted (its sockets hibernate, its state is in storage)", async () => {
    const [a, b] = await Promise.all([createPlayer(), createPlayer()]);
    await befriend(a, b);
    const sa = await openChannel(a);
    await evictDurableObject(channelStub(a.user.id));
    expect(await channelOf(a.user.id).notify({ type: "friend_removed", payload: { user_id: "someone" } })).toBe(1);
    expect((await sa.next("friend_removed")).payload.user_id).toBe("someone");
    expect(await channelOf(a.user.id).status()).toMatchObject({ status: "online" });
    await evictDurableObject(channelStub(a.user.id));
    const sb = await openChannel(b);
    expect((await sa.next("presence", (m) => m.payload.user_id === b.user.id)).payload.status).toBe("online");
    sb.ws.close();
    expect((await sa.next("presence", (m) => m.payload.user_id === b.user.id)).payload.status).toBe("offline");
    sa.ws.close();
  });

  it("closes every socket of a player on closeAll (logout)", async () => {
    const a = await createPlayer();
    const sa = await openChannel(a);
    const closed = new Promise<number>((resolve) => sa.ws.addEventListener("close", (event) => resolve(event.code)));
    await channelOf(a.user.id).closeAll("signed_out");
    expect(await closed).toBe(4001);
    expect(await channelOf(a.user.id).status()).toMatchObject({ status: "offline" });
  });
});

describe("invitations", () => {
  it("invites a friend into a new casual 1v1, who accepts into the same room paying the entry", async () => {
    const [a, b] = await Promise.all([createPlayer(), createPlayer()]);
    await befriend(a, b);
    // Each channel's hello comes after its player's presence is settled: both are online now.
    const [sa, sb] = await Promise.all([openChannel(a), openChannel(b)]);
    const invited = await call(`/api/friends/${b.user.id}/invite`, {
      method: "POST",
      cookie: a.cookie,
      body: { truco_variant: "paulista" },
    });
    expect(invited.status).toBe(201);
    const { invitation, game_id } = await invited.json<{ invitation: { id: string }; game_id: string }>();
    expect((await sb.next("invitation")).payload.invitation.id).toBe(invitation.id);
    const accepted = await call(`/api/invitations/${invitation.id}/accept`, { method: "POST", cookie: b.cookie });
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toEqual({ game_id });
    const update = await sa.next("invitation_update", (m) => m.payload.invitation.status === "accepted");
    expect(update.payload.invitation.id).toBe(invitation.id);
    const seats = await env.DB.prepare("SELECT user_id FROM game_players WHERE game_id = ?").bind(game_id).all<{ user_id: string }>();
    expect(seats.results.map((row) => row.user_id).sort()).toEqual([a.user.id, b.user.id].sort());
    const entry = await env.DB.prepare("SELECT amount FROM coin_transactions WHERE user_id = ? AND transaction_type = 'game_entry'")
      .bind(b.user.id)
      .first<{ amount: number }>();
    expect(entry?.amount).toBe(-50);
    sa.ws.close();
    sb.ws.close();
  });

  it("refuses to invite a non-friend or an offline friend", async () => {
    const [a, b, c] = await Promise.all([createPlayer(), createPlayer(), createPlayer()]);
    await befriend(a, b);
    const to = (who: Player) =>
      call(`/api/friends/${who.user.id}/invite`, { method: "POST", cookie: a.cookie, body: { truco_variant: "paulista" } });
    expect((await to(c)).status).toBe(404);
    expect((await to(b)).status).toBe(409);
    const games = await env.DB.prepare("SELECT count(*) AS n FROM games WHERE created_by = ?").bind(a.user.id).first<{ n: number }>();
    expect(games!.n).toBe(0);
  });

  it("expires after its time, and the inviter learns it", async () => {
    const [a, b] = await Promise.all([createPlayer(), createPlayer()]);
    const [sa, sb] = await Promise.all([openChannel(a), openChannel(b)]);
    const now = Date.now();
    const invitation = {
      ...newInvitation(
        {
          id: crypto.randomUUID(),
          from: { id: a.user.id, nickname: a.user.nickname, avatar_url: null },
          to: { id: b.user.id, nickname: b.user.nickname },
          game: {
            id: "g-expiring",
            game_code: "ABCDEF",
            game_type: "1v1" as const,
            game_mode: "casual" as const,
            truco_variant: "paulista" as const,
            entry_cost: 50,
          },
        },
        now,
      ),
      expires_at: now + 100,
    };
    expect((await channelOf(b.user.id).receiveInvitation(invitation)).ok).toBe(true);
    await channelOf(a.user.id).trackInvitation(invitation);
    await sb.next("invitation");
    await new Promise((resolve) => setTimeout(resolve, 150));
    await runDurableObjectAlarm(channelStub(b.user.id));
    expect((await sb.next("invitation_closed")).payload).toEqual({ id: invitation.id, status: "expired" });
    expect((await sa.next("invitation_update", (m) => m.payload.invitation.status !== "pending")).payload.invitation.status).toBe(
      "expired",
    );
    expect((await call(`/api/invitations/${invitation.id}/accept`, { method: "POST", cookie: b.cookie })).status).toBe(410);
    sa.ws.close();
    sb.ws.close();
  });

  it("declines, and the inviter learns it", async () => {
    const [a, b] = await Promise.all([createPlayer(), createPlayer()]);
    await befriend(a, b);
    const [sa, sb] = await Promise.all([openChannel(a), openChannel(b)]);
    await settle();
    const invited = await call(`/api/friends/${b.user.id}/invite`, {
      method: "POST",
      cookie: a.cookie,
      body: { truco_variant: "mineiro" },
    });
    expect(invited.status).toBe(201);
    const { invitation } = await invited.json<{ invitation: { id: string } }>();
    await sb.next("invitation");
    expect((await call(`/api/invitations/${invitation.id}/decline`, { method: "POST", cookie: b.cookie })).status).toBe(200);
    expect((await sa.next("invitation_update", (m) => m.payload.invitation.status === "declined")).payload.invitation.id).toBe(
      invitation.id,
    );
    sa.ws.close();
    sb.ws.close();
  });
});
