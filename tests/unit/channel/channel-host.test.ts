import { describe, expect, it } from "vitest";
import { newInvitation, type Invitation } from "../../../game/channel/invitations";
import { CHANNEL_CLOSE, CHANNEL_PONG } from "../../../game/protocol/channel";
import { FLOOD_LIMIT } from "../../../game/protocol/constants";
import { ChannelWorld, framesOf, TIMINGS } from "./memory-channels";

// game/channel/channel-host.ts driven through in-memory ports (ADR 113): presence across sockets
// and rooms' reports, the heartbeat, invitations and their mirror, what is stored, and the alarm.

function invitation(world: ChannelWorld, from: string, to: string, gameId = "g1"): Invitation {
  return newInvitation(
    {
      id: `inv-${from}-${to}-${gameId}`,
      from: { id: from, nickname: from, avatar_url: null },
      to: { id: to, nickname: to },
      game: { id: gameId, game_code: "ABCDEF", game_type: "1v1", game_mode: "casual", truco_variant: "paulista", entry_cost: 50 },
    },
    world.now,
  );
}

/** The inviter's channel tracks it and the invited player's channel receives it, as the app does. */
async function invite(world: ChannelWorld, from: string, to: string, gameId = "g1"): Promise<Invitation> {
  const sent = invitation(world, from, to, gameId);
  const received = await world.channel(to).host.receiveInvitation(sent);
  expect(received.ok).toBe(true);
  await world.channel(from).host.trackInvitation(sent);
  return sent;
}

describe("presence", () => {
  it("a socket makes the player online: in the hello, and pushed to friends who are online", async () => {
    const world = new ChannelWorld();
    world.befriend("ana", "beto");
    const beto = await world.connect("beto");
    const ana = await world.connect("ana");
    expect(world.published.get("ana")).toMatchObject({ status: "online", visible: "online" });
    const [hello] = framesOf(ana, "hello");
    expect(hello!.payload).toMatchObject({ user_id: "ana", presence: [{ user_id: "beto", status: "online" }] });
    expect(framesOf(beto, "presence").map((frame) => frame.payload)).toEqual([
      { user_id: "ana", status: "online", at: world.published.get("ana")!.at },
    ]);
  });

  it("goes offline only after the grace, and a reload inside the grace publishes nothing", async () => {
    const world = new ChannelWorld();
    world.befriend("ana", "beto");
    const beto = await world.connect("beto");
    const first = await world.connect("ana");
    const online = world.published.get("ana")!;

    // A reload: the socket closes and another opens within the grace.
    await world.disconnect("ana", first);
    expect(world.published.get("ana")).toBe(online);
    world.now += TIMINGS.graceMs / 2;
    const second = await world.connect("ana");
    expect(world.published.get("ana")).toBe(online);

    // The tab closes: still online until the grace has passed, then offline, and friends hear it once.
    await world.disconnect("ana", second);
    const away = world.now;
    expect(world.published.get("ana")!.status).toBe("online");
    // The alarm armed for the first close comes early: nothing is due yet, the real one is set.
    await world.fireAlarm("ana");
    expect(world.now).toBeLessThan(away + TIMINGS.graceMs);
    expect(world.published.get("ana")!.status).toBe("online");
    await world.fireAlarm("ana");
    expect(world.now).toBe(away + TIMINGS.graceMs);
    expect(world.published.get("ana")).toMatchObject({ status: "offline", visible: "offline" });
    expect(framesOf(beto, "presence").map((frame) => frame.payload.status)).toEqual(["online", "offline"]);
    // A repeated alarm changes nothing.
    await world.fireAlarm("ana");
    expect(framesOf(beto, "presence")).toHaveLength(2);
  });

  it("appearing offline shows friends offline while the player stays online", async () => {
    const world = new ChannelWorld();
    world.befriend("ana", "beto");
    const beto = await world.connect("beto");
    await world.connect("ana");
    world.appearOffline.set("ana", true);
    await world.channel("ana").host.setAppearOffline("ana", true);
    expect(await world.channel("ana").host.status()).toMatchObject({ status: "online", visible: "offline" });
    expect(framesOf(beto, "presence").at(-1)!.payload.status).toBe("offline");
  });

  it("a seat in an active game makes the player playing; the room's later word that it ended brings them back online", async () => {
    const world = new ChannelWorld();
    await world.connect("ana");
    const report = { gameId: "g1", seated: true, sockets: 1, status: "active" as const, full: true, at: world.now, seq: 1 };
    await world.channel("ana").host.reportGame("ana", report);
    expect(world.published.get("ana")).toMatchObject({ status: "playing", gameId: "g1" });
    // An older report arriving late changes nothing.
    await world.channel("ana").host.reportGame("ana", { ...report, status: "waiting", seq: 0 });
    expect(world.published.get("ana")!.status).toBe("playing");
    await world.channel("ana").host.reportGame("ana", { ...report, status: "completed", seq: 2 });
    expect(world.published.get("ana")).toMatchObject({ status: "online", gameId: null });
  });

  it("online only through a game socket: the alarm asks the room, and a room that is gone takes the player offline", async () => {
    const world = new ChannelWorld();
    world.rooms.set("g1", (userId) => ({
      gameId: "g1",
      seated: true,
      sockets: 1,
      status: "waiting",
      full: false,
      at: world.now,
      seq: 5 + userId.length,
    }));
    await world
      .channel("ana")
      .host.reportGame("ana", { gameId: "g1", seated: true, sockets: 1, status: "waiting", full: false, at: world.now, seq: 1 });
    expect(world.published.get("ana")!.status).toBe("online");
    expect(world.armed("ana")).toBe(world.now + TIMINGS.heartbeatMs);
    await world.fireAlarm("ana");
    expect(world.published.get("ana")!.status).toBe("online");
    world.rooms.delete("g1");
    await world.fireAlarm("ana");
    await world.fireAlarm("ana");
    expect(world.published.get("ana")!.status).toBe("offline");
  });

  it("a room that does not answer is asked again later; the failure is said, not thrown", async () => {
    const world = new ChannelWorld();
    await world
      .channel("ana")
      .host.reportGame("ana", { gameId: "g1", seated: true, sockets: 1, status: "waiting", full: false, at: world.now, seq: 1 });
    world.rooms.set("g1", () => {
      throw new Error("unreachable");
    });
    await world.fireAlarm("ana");
    expect(world.warnings).toEqual(["room did not answer"]);
    expect(world.published.get("ana")!.status).toBe("online");
  });
});

describe("friends' presence, channel to channel", () => {
  it("a player coming online learns each friend's status from their channels, and only online friends hear of later changes", async () => {
    const world = new ChannelWorld();
    world.befriend("ana", "beto");
    world.befriend("ana", "caio");
    const beto = await world.connect("beto");
    const ana = await world.connect("ana");
    expect(framesOf(ana, "hello")[0]!.payload.presence).toEqual([
      { user_id: "beto", status: "online", at: world.published.get("beto")!.at },
      { user_id: "caio", status: "offline", at: 0 },
    ]);
    // caio comes online later: his hello reaches ana, who is pushed his status.
    const caio = await world.connect("caio");
    expect(framesOf(ana, "presence").map((frame) => frame.payload)).toEqual([
      { user_id: "caio", status: "online", at: world.published.get("caio")!.at },
    ]);
    expect(framesOf(caio, "hello")[0]!.payload.presence).toEqual([
      { user_id: "ana", status: "online", at: world.published.get("ana")!.at },
    ]);
    // beto goes away: ana and nobody else hears (caio is not his friend).
    await world.disconnect("beto", beto);
    world.now += TIMINGS.graceMs;
    await world.fireAlarm("beto");
    expect(framesOf(ana, "presence").at(-1)!.payload).toMatchObject({ user_id: "beto", status: "offline" });
    expect(framesOf(caio, "presence").filter((frame) => frame.payload.user_id === "beto")).toEqual([]);
  });

  it("a player who appears offline still hears friends' changes, while friends see them offline", async () => {
    const world = new ChannelWorld();
    world.befriend("ana", "beto");
    world.appearOffline.set("ana", true);
    const ana = await world.connect("ana");
    const beto = await world.connect("beto");
    expect(framesOf(beto, "hello")[0]!.payload.presence).toEqual([
      { user_id: "ana", status: "offline", at: world.published.get("ana")!.at },
    ]);
    expect(framesOf(ana, "presence").map((frame) => frame.payload.status)).toEqual(["online"]);
    await world.disconnect("beto", beto);
    world.now += TIMINGS.graceMs;
    await world.fireAlarm("beto");
    expect(framesOf(ana, "presence").map((frame) => frame.payload.status)).toEqual(["online", "offline"]);
  });

  it("an evicted channel asks its friends again, and a new friendship carries presence both ways", async () => {
    const world = new ChannelWorld();
    world.befriend("ana", "beto");
    await world.connect("ana");
    const beto = await world.connect("beto");
    world.evict("ana");
    expect(await world.channel("ana").host.friendStatuses("ana")).toEqual([
      { user_id: "beto", status: "online", at: world.published.get("beto")!.at },
    ]);

    // dani and ana become friends while both are online: the app tells both channels.
    const dani = await world.connect("dani");
    world.befriend("ana", "dani");
    const asFriend = (id: string) => {
      const published = world.published.get(id)!;
      return {
        id,
        nickname: id,
        avatar_url: null,
        ranking_points: 1000,
        is_online: true,
        status: published.visible,
        status_at: published.at,
      };
    };
    await world.channel("ana").host.notify({ type: "friend_added", payload: { friend: asFriend("dani") } });
    await world.channel("dani").host.notify({ type: "friend_added", payload: { friend: asFriend("ana") } });
    world.appearOffline.set("ana", true);
    await world.channel("ana").host.setAppearOffline("ana", true);
    expect(framesOf(dani, "presence").at(-1)!.payload).toMatchObject({ user_id: "ana", status: "offline" });
    expect(framesOf(beto, "presence").at(-1)!.payload).toMatchObject({ user_id: "ana", status: "offline" });
  });
});

describe("sockets", () => {
  it("closes a socket that does not answer the heartbeat, and keeps one that does", async () => {
    const world = new ChannelWorld();
    const silent = await world.connect("ana");
    const answering = await world.connect("ana");
    // The first heartbeat goes out one interval after the first socket opened.
    await world.fireAlarm("ana");
    expect(framesOf(silent, "heartbeat")).toHaveLength(1);
    answering.answeredAt = world.now + 10;
    await world.fireAlarm("ana");
    expect(silent.closed).toEqual({ code: CHANNEL_CLOSE.dropped, reason: "No answer to the heartbeat" });
    expect(answering.closed).toBeNull();
    expect(world.published.get("ana")!.status).toBe("online");
  });

  it("answers a ping, sends a fresh hello on sync, refuses a bad frame, and closes a flooding socket", async () => {
    const world = new ChannelWorld();
    const socket = await world.connect("ana");
    const host = world.channel("ana").host;
    await host.message(socket, '{ "type": "ping" }');
    expect(socket.texts.at(-1)).toBe(CHANNEL_PONG);
    await host.message(socket, JSON.stringify({ type: "sync" }));
    expect(framesOf(socket, "hello")).toHaveLength(2);
    await host.message(socket, "not json");
    expect(framesOf(socket, "error")).toHaveLength(1);
    for (let i = 0; i < FLOOD_LIMIT; i++) await host.message(socket, '{"type":"ping"}');
    expect(socket.closed).toEqual({ code: 1008, reason: "Too many messages" });
  });

  it("is one player's: another player's socket is not admitted", async () => {
    const world = new ChannelWorld();
    await world.connect("ana");
    expect(await world.channel("ana").host.admits("beto")).toBe(false);
    expect(await world.channel("ana").host.admits("ana")).toBe(true);
  });

  it("closeAll closes every socket as signed out, and the player goes offline after the grace", async () => {
    const world = new ChannelWorld();
    const sockets = [await world.connect("ana"), await world.connect("ana")];
    await world.channel("ana").host.closeAll("signed_out");
    expect(sockets.map((socket) => socket.closed)).toEqual([
      { code: CHANNEL_CLOSE.signedOut, reason: "signed_out" },
      { code: CHANNEL_CLOSE.signedOut, reason: "signed_out" },
    ]);
    await world.fireAlarm("ana");
    expect(world.published.get("ana")!.status).toBe("offline");
  });

  it("a ban tells every open page why before closing it as banned (no reconnect)", async () => {
    const world = new ChannelWorld();
    const sockets = [await world.connect("ana"), await world.connect("ana")];
    await world.channel("ana").host.closeAll("banned", "Trapaça no chat");
    for (const socket of sockets) {
      expect(framesOf(socket, "account_banned")).toEqual([{ type: "account_banned", payload: { reason: "Trapaça no chat" } }]);
      expect(socket.closed).toEqual({ code: CHANNEL_CLOSE.banned, reason: "banned" });
    }
  });

  it("notify reaches every open socket of the player and answers how many", async () => {
    const world = new ChannelWorld();
    const [one, two] = [await world.connect("ana"), await world.connect("ana")];
    expect(world.channel("ana").host.notify({ type: "match_found", payload: { game_id: "g9" } })).toBe(2);
    expect(framesOf(one, "match_found")).toHaveLength(1);
    expect(framesOf(two, "match_found")).toHaveLength(1);
  });
});

describe("invitations", () => {
  it("is answered once: an accept holds it, a decline after it is refused, and the inviter learns the outcome once", async () => {
    const world = new ChannelWorld();
    const ana = await world.connect("ana");
    const beto = await world.connect("beto");
    const sent = await invite(world, "ana", "beto");
    expect(framesOf(beto, "invitation").map((frame) => frame.payload.invitation.id)).toEqual([sent.id]);

    const betoHost = world.channel("beto").host;
    expect(await betoHost.beginAccept(sent.id)).toMatchObject({ ok: true, invitation: { status: "accepting" } });
    // A second accept while the first is under way is the same accept; a decline is refused.
    expect(await betoHost.beginAccept(sent.id)).toMatchObject({ ok: true });
    expect(await betoHost.decline(sent.id)).toEqual({ ok: false, error: "closed" });
    // The room filling (this very player) does not cancel an accept under way.
    expect(await betoHost.cancelInvitation(sent.id)).toBe("accepting");

    await betoHost.finishAccept(sent.id, true);
    await betoHost.finishAccept(sent.id, true);
    expect(framesOf(beto, "invitation_closed").map((frame) => frame.payload)).toEqual([{ id: sent.id, status: "accepted" }]);
    const updates = framesOf(ana, "invitation_update").map((frame) => frame.payload.invitation.status);
    expect(updates).toEqual(["pending", "accepted"]);
    expect(await betoHost.openInvitation(sent.id)).toBeNull();
  });

  it("a decline closes it on every tab and reaches the inviter", async () => {
    const world = new ChannelWorld();
    const ana = await world.connect("ana");
    const tabs = [await world.connect("beto"), await world.connect("beto")];
    const sent = await invite(world, "ana", "beto");
    expect(await world.channel("beto").host.decline(sent.id)).toMatchObject({ ok: true, invitation: { status: "declined" } });
    for (const tab of tabs) expect(framesOf(tab, "invitation_closed").map((frame) => frame.payload.status)).toEqual(["declined"]);
    expect(framesOf(ana, "invitation_update").at(-1)!.payload.invitation.status).toBe("declined");
  });

  it("expires at its time through the alarm, and the inviter learns it", async () => {
    const world = new ChannelWorld();
    const ana = await world.connect("ana");
    await world.connect("beto");
    const sent = await invite(world, "ana", "beto");
    world.now = sent.expires_at;
    await world.fireAlarm("beto");
    expect(framesOf(ana, "invitation_update").at(-1)!.payload.invitation).toMatchObject({ id: sent.id, status: "expired" });
    expect(await world.channel("beto").host.beginAccept(sent.id)).toEqual({ ok: false, error: "expired" });
  });

  it("refuses a duplicate from the same inviter to the same game", async () => {
    const world = new ChannelWorld();
    const sent = invitation(world, "ana", "beto");
    expect((await world.channel("beto").host.receiveInvitation(sent)).ok).toBe(true);
    expect(await world.channel("beto").host.receiveInvitation({ ...sent, id: "other" })).toEqual({ ok: false, error: "duplicate" });
  });

  it("a room that fills cancels the invitations its inviter sent for it, and the mirror closes", async () => {
    const world = new ChannelWorld();
    const ana = await world.connect("ana");
    const beto = await world.connect("beto");
    const sent = await invite(world, "ana", "beto");
    await world
      .channel("ana")
      .host.reportGame("ana", { gameId: "g1", seated: true, sockets: 1, status: "waiting", full: true, at: world.now, seq: 1 });
    expect(framesOf(beto, "invitation_closed").map((frame) => frame.payload)).toEqual([{ id: sent.id, status: "cancelled" }]);
    expect(framesOf(ana, "invitation_update").at(-1)!.payload.invitation.status).toBe("cancelled");
    expect(await world.channel("beto").host.openInvitation(sent.id)).toBeNull();
  });
});

describe("storage and the alarm", () => {
  it("a fresh instance after an eviction finds the player, their invitations and their presence", async () => {
    const world = new ChannelWorld();
    await world.connect("ana");
    const sent = await invite(world, "ana", "beto");
    const before = await world.channel("beto").host.openInvitation(sent.id);
    world.evict("beto");
    expect(await world.channel("beto").host.openInvitation(sent.id)).toEqual(before);
    world.evict("ana");
    expect(await world.channel("ana").host.status()).toMatchObject({ status: "online" });
    expect(await world.channel("ana").host.admits("beto")).toBe(false);
  });

  it("a room's check that only confirms what is held is not written", async () => {
    const world = new ChannelWorld();
    await world.connect("ana");
    const report = { gameId: "g1", seated: true, sockets: 0, status: "waiting" as const, full: false, at: world.now, seq: 1 };
    await world.channel("ana").host.reportGame("ana", report);
    const writes = world.channel("ana").writes;
    world.now += 1_000;
    await world.channel("ana").host.reportGame("ana", { ...report, at: world.now, seq: 2 });
    expect(world.channel("ana").writes).toBe(writes);
  });

  it("never moves the alarm later while an earlier one is armed", async () => {
    const world = new ChannelWorld();
    await world.connect("ana");
    const first = world.armed("ana")!;
    await invite(world, "beto", "ana");
    const alarms = world.channel("ana").alarms;
    expect(alarms[0]).toBe(first);
    for (let i = 1; i < alarms.length; i++) expect(alarms[i]).toBeLessThan(alarms[i - 1]!);
  });
});

describe("a watched tournament", () => {
  it("a page showing a tournament hears when it changed, and only then; a page that stopped hears nothing", async () => {
    const world = new ChannelWorld();
    world.tournaments.set("t1", 500);
    const page = await world.connect("ana");
    const other = await world.connect("ana");
    await world.channel("ana").host.message(page, JSON.stringify({ type: "tournament", payload: { watch: "t1" } }));
    await world.fireAlarm("ana");
    expect(framesOf(page, "tournament_updated")).toEqual([]);
    world.tournaments.set("t1", 900);
    await world.fireAlarm("ana");
    expect(framesOf(page, "tournament_updated").map((frame) => frame.payload)).toEqual([{ tournament_id: "t1" }]);
    expect(framesOf(other, "tournament_updated")).toEqual([]);
    await world.fireAlarm("ana");
    expect(framesOf(page, "tournament_updated")).toHaveLength(1);
    await world.channel("ana").host.message(page, JSON.stringify({ type: "tournament", payload: { watch: null } }));
    world.tournaments.set("t1", 1_000);
    await world.fireAlarm("ana");
    expect(framesOf(page, "tournament_updated")).toHaveLength(1);
  });
});
