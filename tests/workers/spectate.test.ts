import { env } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import type { SpectatorFrame } from "../../game/protocol/spectate";
import type { SpectatorRelayRpc } from "../../game/spectate/api";
import type { RoomRpc } from "../../game/room/api";
import { FAN_OUT_SLICE } from "../../game/spectate/relay-host";
import { VARIANTS } from "../../game/truco/variants";
import type { Action } from "../../game/truco/index";
import { startSession } from "~/services/auth.server";
import { userForIdentity } from "~/services/users.server";
import { setGamesPrivate } from "~/services/replay.server";
import { call, createGame, createPlayer, expectLedgerInvariant, joinGame, ORIGIN, testContext, type Player } from "./helpers";
import { cardIdsIn, RoomClient } from "./room-client";
import { openWatch, SpectatorClient } from "./spectator-client";

// Spectating (docs/decisions/134-spectating-through-a-relay.md) through the real app, rooms and
// relays: who may watch; what a spectator's socket receives over whole matches (public frames
// only); the relay's order; the count and the spectators' chat on the players' side.

afterEach(expectLedgerInvariant);

function relay(gameId: string): SpectatorRelayRpc {
  return env.SPECTATOR_RELAY.get(env.SPECTATOR_RELAY.idFromName(gameId)) as unknown as SpectatorRelayRpc;
}

function roomOf(gameId: string): RoomRpc {
  return env.GAME_ROOM.get(env.GAME_ROOM.idFromName(gameId)) as unknown as RoomRpc;
}

function seededPolicy(seed: number) {
  let x = seed >>> 0 || 1;
  return (legal: Action[]): Action => {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    return legal[x % legal.length];
  };
}

/** A 1v1 between two new players, started (both sockets open). */
async function liveGame(body: Record<string, unknown> = {}, before?: (a: Player, b: Player) => Promise<void>) {
  const [a, b] = [await createPlayer("Ana"), await createPlayer("Bia")];
  if (before) await before(a, b);
  const game = await createGame(a, { game_type: "1v1", game_mode: "casual", truco_variant: "paulista", is_public: true, ...body });
  if (!body.vs_computer) await joinGame(b, game);
  const clients = await Promise.all((body.vs_computer ? [a] : [a, b]).map((p) => RoomClient.connect(game.id, p)));
  await clients[0].until(() => clients[0].state?.game.status === "active", 10_000, "the start");
  return { a, b, game, clients };
}

describe("who may watch", () => {
  it("anyone signed in, for a public table being played; never its players, a visitor or another site", async () => {
    const { a, game, clients } = await liveGame();
    const fan = await createPlayer("Fã");
    const ok = await openWatch(game.id, fan.cookie);
    expect(ok.status).toBe(101);
    ok.webSocket!.accept();
    ok.webSocket!.close();
    expect((await openWatch(game.id, a.cookie)).status).toBe(403);
    expect((await openWatch(game.id)).status).toBe(401);
    expect((await openWatch(game.id, fan.cookie, "https://evil.example")).status).toBe(403);
    expect((await call(`/api/games/${game.id}/watch/ws`, { cookie: fan.cookie })).status).toBe(426);
    expect((await openWatch("no-such-game", fan.cookie)).status).toBe(404);
    clients.forEach((c) => c.close());
  });

  it("never a private table, a practice game, a game a player keeps private, or a table not started", async () => {
    const fan = await createPlayer("Fã");
    const privateTable = await liveGame({ is_public: false });
    expect((await openWatch(privateTable.game.id, fan.cookie)).status).toBe(403);
    const practice = await liveGame({ vs_computer: true, bot_level: "easy", is_public: false });
    expect((await openWatch(practice.game.id, fan.cookie)).status).toBe(403);
    const kept = await liveGame({}, async (_a, b) => {
      await env.DB.prepare("UPDATE users SET games_private = 1 WHERE id = ?").bind(b.user.id).run();
    });
    expect((await openWatch(kept.game.id, fan.cookie)).status).toBe(403);
    const host = await createPlayer("Anfitrião");
    const waiting = await createGame(host, { game_type: "1v1", game_mode: "casual", truco_variant: "paulista", is_public: true });
    expect((await openWatch(waiting.id, fan.cookie)).status).toBe(403);
    for (const { clients } of [privateTable, practice, kept]) clients.forEach((c) => c.close());
  });
});

describe("a spectator's socket", () => {
  for (const variant of VARIANTS) {
    it(`${variant}: public frames only, over a whole match, every version in order`, async () => {
      const { game, clients } = await liveGame({ truco_variant: variant });
      const fan = await createPlayer("Fã");
      const spectator = await SpectatorClient.connect(game.id, fan);
      await spectator.until(() => spectator.frames.length > 0, 5_000, "the first frame");
      const stops = clients.map((c, i) => c.autoplay(seededPolicy(7 + i)));
      try {
        for (const c of clients) await c.until(() => c.state?.game.status === "completed", 120_000, "the end");
        await spectator.until(() => spectator.latest?.state.game.status === "completed", 10_000, "the last frame");
      } finally {
        stops.forEach((stop) => stop());
      }
      expect(spectator.refused).toEqual([]);
      // Every version after the first follows the one before it, and none goes back.
      for (let i = 1; i < spectator.frames.length; i++) {
        expect(spectator.frames[i].version).toBeGreaterThan(spectator.frames[i - 1].version);
        expect(spectator.frames[i].since).toBe(spectator.frames[i - 1].version);
      }
      // The players' states, by version: what each held in hand then.
      const heldAt = new Map<number, Set<string>>();
      for (const c of clients)
        for (const state of c.states) {
          const mine = state.view?.me ? (state.view.players[state.view.me]?.hand ?? []) : [];
          const set = heldAt.get(state.version) ?? new Set<string>();
          for (const card of mine) if ("id" in card) set.add(card.id);
          heldAt.set(state.version, set);
        }
      let compared = 0;
      let handBefore: number | null = null;
      for (const frame of spectator.frames) {
        for (const player of Object.values(frame.state.view?.players ?? {})) expect(player.hand.every((c) => "hidden" in c)).toBe(true);
        expect(frame.state.view?.revealedSeed ?? null).toBeNull();
        expect(frame.state.game.game_code).toBe("");
        const hand = frame.state.view?.handNumber ?? null;
        const newHand = hand !== handBefore;
        handBefore = hand;
        const held = heldAt.get(frame.version);
        if (!held) continue;
        compared += 1;
        // A change that ended a hand and dealt the next one tells of the cards played before the
        // deck was shuffled again, which the new deal may have given to a player: those messages
        // are checked against no hand.
        const named = newHand ? cardIdsIn(frame.state) : cardIdsIn(frame);
        for (const id of named) expect(held, `card ${id} still in a hand at version ${frame.version}`).not.toContain(id);
      }
      // Not vacuous: most frames were compared with the hands (a short match has few frames).
      expect(compared).toBeGreaterThan(3);
      expect(compared).toBeGreaterThan(spectator.frames.length / 2);
      spectator.close();
      clients.forEach((c) => c.close());
    }, 180_000);
  }
});

describe("the relay", () => {
  it("delivers every version in order, drops a late one, and a spectator's sync gets the newest whole", async () => {
    const { game, clients } = await liveGame();
    const fan = await createPlayer("Fã");
    const spectator = await SpectatorClient.connect(game.id, fan);
    await spectator.until(() => spectator.frames.length > 0, 5_000, "the first frame");
    const first = spectator.latest!;
    const at = (version: number, since: number): SpectatorFrame => ({ ...first, version, since, messages: [] });
    const v = first.version;
    // Out of order: v+2 before v+1, which comes late and is dropped; v+4 after a missing v+3 (a gap).
    await relay(game.id).publish(game.id, at(v + 2, v + 1));
    await relay(game.id).publish(game.id, at(v + 1, v));
    await relay(game.id).publish(game.id, at(v + 4, v + 3));
    await spectator.until(() => spectator.latest!.version === v + 4, 5_000, "v+4");
    const versions = spectator.frames.map((f) => f.version);
    expect(versions).toEqual([v, v + 2, v + 4]);
    expect(spectator.frames.map((f) => f.since)).toEqual([null, v, v + 2]);

    // A spectator that asks for the newest frame gets the relay's, whole.
    spectator.send({ type: "sync" });
    await spectator.until(() => spectator.frames.length === 4, 5_000, "the sync's answer");
    expect(spectator.latest).toMatchObject({ version: v + 4, since: null });
    spectator.close();
    clients.forEach((c) => c.close());
  });

  it("an audience larger than one slice gets every version in order (the relay yields between slices)", async () => {
    const { game, clients } = await liveGame();
    const fan = await createPlayer("Fã");
    const audience = await Promise.all(Array.from({ length: FAN_OUT_SLICE + 6 }, () => SpectatorClient.connect(game.id, fan)));
    await Promise.all(audience.map((s) => s.until(() => s.frames.length > 0, 10_000, "the first frame")));
    const first = audience[0].latest!;
    const v = first.version;
    for (let k = 1; k <= 3; k++) await relay(game.id).publish(game.id, { ...first, version: v + k, since: v + k - 1, messages: [] });
    await Promise.all(audience.map((s) => s.until(() => s.latest!.version === v + 3, 10_000, "v+3")));
    for (const s of audience) expect(s.frames.map((f) => f.version).slice(-3)).toEqual([v + 1, v + 2, v + 3]);
    audience.forEach((s) => s.close());
    clients.forEach((c) => c.close());
  });

  it("a relay that knows nothing yet asks the room, and the players hear the count and the spectators' chat", async () => {
    const { a, game, clients } = await liveGame();
    const [ana] = clients;
    const fan = await createPlayer("Fã");
    const spectator = await SpectatorClient.connect(game.id, fan);
    await spectator.until(() => spectator.frames.length > 0, 5_000, "the first frame");
    const fromRoom = await roomOf(game.id).watch(fan.user.id);
    expect(fromRoom.ok && fromRoom.frame.version).toBe(spectator.latest!.version);
    // The count reaches the players within a second or so, and the spectators too.
    await ana.until(() => ana.messages.some((m) => m.type === "spectators" && m.payload.count === 1), 10_000, "the count");
    await spectator.until(() => spectator.messages.some((m) => m.type === "watchers" && m.payload.count === 1), 10_000, "the count");

    spectator.send({ type: "chat", payload: { text: "boa jogada!" } });
    await ana.until(
      () => ana.messages.some((m) => m.type === "spectator_chat" && m.payload.message.message === "boa jogada!"),
      5_000,
      "the chat",
    );
    await spectator.until(() => spectator.messages.some((m) => m.type === "spectator_chat"), 5_000, "its own message");
    // Never in the players' own chat.
    const tableChat = await call(`/api/games/${game.id}/chat`, { cookie: a.cookie });
    expect(JSON.stringify(await tableChat.json())).not.toContain("boa jogada!");
    // The spectators' chat is limited per spectator.
    for (let i = 0; i < 3; i++) spectator.send({ type: "chat", payload: { text: `msg ${i}` } });
    await spectator.until(
      () => spectator.messages.some((m) => m.type === "error" && m.payload.code === "rate_limited"),
      5_000,
      "the limit",
    );
    // The players' moves reach the spectator.
    const before = spectator.latest!.version;
    const stop = ana.autoplay();
    const stopB = clients[1].autoplay();
    await spectator.until(() => spectator.latest!.version > before + 2, 10_000, "moves");
    stop();
    stopB();
    spectator.close();
    clients.forEach((c) => c.close());
  });
});

describe("a spectator's session ending", () => {
  /** A signed-in admin: the address in ADMIN_EMAILS (vitest.workers.config.ts). */
  async function createAdmin(): Promise<Player> {
    const context = testContext();
    const user = await userForIdentity(context, {
      issuer: "https://issuer.test",
      subject: `admin-${crypto.randomUUID()}`,
      email: "admin@example.test",
      name: `Admin ${crypto.randomUUID().slice(0, 6)}`,
      picture: null,
    });
    return { user, cookie: (await startSession(new Request(ORIGIN), context, user.id)).split(";")[0] };
  }

  it("signing out closes that session's spectator sockets, not another device's; a ban closes every one", async () => {
    const { game, clients } = await liveGame();
    const fan = await createPlayer("Fã");
    const otherDevice = { ...fan, cookie: (await startSession(new Request(ORIGIN), testContext(), fan.user.id)).split(";")[0] };
    const here = await SpectatorClient.connect(game.id, fan);
    const there = await SpectatorClient.connect(game.id, otherDevice);
    await here.until(() => here.frames.length > 0, 5_000, "the first frame");
    await there.until(() => there.frames.length > 0, 5_000, "the first frame");

    expect((await call("/api/logout", { method: "POST", cookie: fan.cookie })).status).toBe(200);
    await here.until(() => here.closed !== null, 5_000, "the socket closed at sign-out");
    expect(here.closed?.code).toBe(4001);
    expect(there.closed).toBeNull();

    const admin = await createAdmin();
    const ban = await call("/api/admin/actions", {
      method: "POST",
      cookie: admin.cookie,
      body: { action_type: "ban", target_user_id: fan.user.id, reason: "Spam na plateia" },
    });
    expect(ban.status).toBe(201);
    await there.until(() => there.closed !== null, 5_000, "the socket closed at the ban");
    expect(there.closed?.code).toBe(4003);
    clients.forEach((c) => c.close());
  });
});

describe("the private games switch during a game", () => {
  it("applies at once: the spectators' sockets close and nobody new may watch; turned off, the game may be watched again", async () => {
    const { b, game, clients } = await liveGame();
    const fan = await createPlayer("Fã");
    const spectator = await SpectatorClient.connect(game.id, fan);
    await spectator.until(() => spectator.frames.length > 0, 5_000, "the first frame");
    // The room knows of its spectator (the relay's count) before the switch.
    await clients[0].until(() => clients[0].messages.some((m) => m.type === "spectators" && m.payload.count === 1), 10_000, "the count");

    await setGamesPrivate(testContext(), b.user.id, true);
    await spectator.until(() => spectator.closed !== null, 5_000, "the spectator's socket closed");
    expect(spectator.closed?.code).toBe(4004);
    expect((await openWatch(game.id, (await createPlayer("Outro")).cookie)).status).toBe(403);
    expect(await roomOf(game.id).watch(fan.user.id)).toMatchObject({ ok: false });

    await setGamesPrivate(testContext(), b.user.id, false);
    const again = await SpectatorClient.connect(game.id, fan);
    await again.until(() => again.frames.length > 0, 5_000, "a frame after the switch went off");
    again.close();
    clients.forEach((c) => c.close());
  });
});
