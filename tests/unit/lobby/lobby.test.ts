import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  lobbyViewFor,
  REPORT_REFRESH_MS,
  REPORT_TTL_MS,
  SNAPSHOT_MS,
  SNAPSHOT_TABLES,
  VIEWER_TABLES,
  type LobbySnapshot,
  type TableListing,
} from "../../../game/lobby/lobby";
import { LobbyHost } from "../../../game/lobby/lobby-host";
import { MemoryLobbyStore } from "../../../game/lobby/memory";
import { snapshotCache } from "../../../game/lobby/snapshot-cache";
import { RoomHost } from "../../../game/room/host/index";
import { memoryPorts } from "../../../game/room/host/memory";
import { ChannelWorld, framesOf, settle } from "../channel/memory-channels";
import { summary, T0, TIMINGS } from "../room/helpers";

// The lobby (game/lobby/): one owner of the numbers everyone sees, fed by rooms' and channels'
// reports, read as one snapshot, pushed to the home pages that watch it through their channel.

function table(id: string, over: Partial<TableListing> = {}): TableListing {
  return {
    id,
    game_type: "1v1",
    game_mode: "casual",
    truco_variant: "paulista",
    entry_cost: 50,
    premium_only: false,
    seats_taken: 1,
    capacity: 2,
    creator_id: `creator-${id}`,
    creator_nickname: `Creator ${id}`,
    creator_rating: 1000,
    opened_at: 1_000,
    ...over,
  };
}

const ALICE = { userId: "alice", nickname: "Alice", avatarUrl: null, isPremium: false, rating: 1040 };
const BRUNO = { userId: "bruno", nickname: "Bruno", avatarUrl: null, isPremium: false, rating: 990 };

describe("a viewer's lobby", () => {
  it("never lists the viewer's own table, lists premium-only tables only to members, and at most 12", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ premium: fc.boolean(), mine: fc.boolean() }), { maxLength: SNAPSHOT_TABLES }),
        fc.boolean(),
        (specs, member) => {
          const tables = specs.map((spec, i) =>
            table(`t${i}`, { premium_only: spec.premium, creator_id: spec.mine ? "me" : `other${i}`, opened_at: 10_000 - i }),
          );
          const snapshot: LobbySnapshot = { online: 3, playing: 1, tables, at: 0 };
          const view = lobbyViewFor(snapshot, { userId: "me", member });
          const expected = tables.filter((t) => t.creator_id !== "me" && (member || !t.premium_only)).slice(0, VIEWER_TABLES);
          expect(view.open_tables.map((t) => t.id)).toEqual(expected.map((t) => t.id));
          expect(view).toMatchObject({ online: 3, playing: 1 });
          for (const shown of view.open_tables) expect(shown).not.toHaveProperty("creator_id");
        },
      ),
    );
  });
});

describe("the lobby host", () => {
  it("counts the latest report of each player and room; an older report changes nothing", async () => {
    const now = 100_000;
    const lobby = new LobbyHost({ store: new MemoryLobbyStore(), clock: { now: () => now } });
    await lobby.reportPresence({ userId: "a", online: true, at: now });
    await lobby.reportPresence({ userId: "b", online: true, at: now });
    await lobby.reportPresence({ userId: "b", online: false, at: now + 1 });
    await lobby.reportPresence({ userId: "b", online: true, at: now - 5 });
    await lobby.reportRoom({ gameId: "g1", table: null, active: true, at: now });
    await lobby.reportRoom({ gameId: "g2", table: table("g2"), active: false, at: now });
    expect(await lobby.snapshot()).toMatchObject({ online: 1, playing: 1, tables: [{ id: "g2" }] });
  });

  it("counts at most once per 5 seconds however many ask, and moves the counts by each report in between", async () => {
    let now = 100_000;
    const store = new MemoryLobbyStore();
    let counted = 0;
    const counting = Object.assign(Object.create(store) as MemoryLobbyStore, {
      counts: (since: number) => {
        counted += 1;
        return store.counts(since);
      },
    });
    const lobby = new LobbyHost({ store: counting, clock: { now: () => now } });
    for (let i = 0; i < 100; i++) await lobby.snapshot();
    expect(counted).toBe(1);
    // The first player on an empty lobby is counted at once, without a new count.
    await lobby.reportPresence({ userId: "a", online: true, at: now });
    expect((await lobby.snapshot()).online).toBe(1);
    await lobby.reportPresence({ userId: "a", online: true, at: now + 1 });
    await lobby.reportPresence({ userId: "b", online: true, at: now + 1 });
    await lobby.reportRoom({ gameId: "g", table: null, active: true, at: now + 1 });
    // An older report changes nothing.
    await lobby.reportPresence({ userId: "b", online: false, at: now });
    expect(await lobby.snapshot()).toMatchObject({ online: 2, playing: 1 });
    await lobby.reportPresence({ userId: "a", online: false, at: now + 2 });
    expect((await lobby.snapshot()).online).toBe(1);
    expect(counted).toBe(1);
    now += SNAPSHOT_MS;
    expect(await lobby.snapshot()).toMatchObject({ online: 1, playing: 1 });
    expect(counted).toBe(2);
    expect(SNAPSHOT_MS).toBe(5_000);
  });

  it("lists a new table at the next look, and drops a closed one, counted as played at once", async () => {
    const now = 100_000;
    const lobby = new LobbyHost({ store: new MemoryLobbyStore(), clock: { now: () => now } });
    expect((await lobby.snapshot()).tables).toEqual([]);
    await lobby.reportRoom({ gameId: "g1", table: table("g1"), active: false, at: now });
    expect((await lobby.snapshot()).tables.map((t) => t.id)).toEqual(["g1"]);
    await lobby.reportRoom({ gameId: "g1", table: null, active: true, at: now + 1 });
    expect(await lobby.snapshot()).toMatchObject({ tables: [], playing: 1 });
  });

  it("stops counting a sender silent for longer than three refresh periods, and prunes it within a minute", async () => {
    let now = 100_000;
    const store = new MemoryLobbyStore();
    const lobby = new LobbyHost({ store, clock: { now: () => now } });
    await lobby.reportPresence({ userId: "gone", online: true, at: now });
    await lobby.reportRoom({ gameId: "g-gone", table: table("g-gone"), active: true, at: now });
    now += REPORT_TTL_MS - SNAPSHOT_MS;
    await lobby.reportPresence({ userId: "here", online: true, at: now });
    expect(await lobby.snapshot()).toMatchObject({ online: 2, playing: 1 });
    now += SNAPSHOT_MS + 1;
    expect(await lobby.snapshot()).toMatchObject({ online: 1, playing: 0, tables: [] });
    // Pruned at the next minute's snapshot.
    now += 60_000;
    await lobby.snapshot();
    expect([...store.players.keys()]).toEqual(["here"]);
    expect(REPORT_TTL_MS).toBe(3 * REPORT_REFRESH_MS);
  });
});

describe("the isolate's snapshot cache", () => {
  it("asks the lobby once per 2.5 seconds, and hands the stale snapshot to others while one caller refreshes", async () => {
    let now = 0;
    const calls: ((snapshot: LobbySnapshot) => void)[] = [];
    const cache = snapshotCache(
      () => new Promise<LobbySnapshot>((resolve) => calls.push(resolve)),
      () => now,
    );
    const first = cache.get();
    calls[0]!({ online: 1, playing: 0, tables: [], at: 0 });
    expect((await first).online).toBe(1);
    now = 2_499;
    expect((await cache.get()).online).toBe(1);
    expect(calls).toHaveLength(1);
    now = 2_500;
    const refreshing = cache.get();
    expect((await cache.get()).online).toBe(1);
    expect(calls).toHaveLength(2);
    calls[1]!({ online: 2, playing: 0, tables: [], at: 5_000 });
    expect((await refreshing).online).toBe(2);
  });

  it("never shares a snapshot with nobody online: the next page asks again", async () => {
    const answers = [0, 0, 1];
    let calls = 0;
    const cache = snapshotCache(
      async () => ({ online: answers[calls++]!, playing: 0, tables: [], at: 0 }),
      () => 0,
    );
    expect((await cache.get()).online).toBe(0);
    expect((await cache.get()).online).toBe(0);
    expect((await cache.get()).online).toBe(1);
    expect((await cache.get()).online).toBe(1);
    expect(calls).toBe(3);
  });

  it("counts the signed-in viewer among the players online", () => {
    expect(lobbyViewFor({ online: 0, playing: 0, tables: [], at: 0 }, { userId: "a", member: false }).online).toBe(1);
    expect(lobbyViewFor({ online: 7, playing: 0, tables: [], at: 0 }, { userId: "a", member: false }).online).toBe(7);
  });
});

describe("a room's reports to the lobby", () => {
  it("a public table is listed while it has a free seat, then counted as played, then gone", async () => {
    const ports = memoryPorts({ now: T0 });
    const host = new RoomHost(ports, TIMINGS);
    expect(await host.open(summary({ created_by: "alice" }), ALICE, { listed: true })).toEqual({ ok: true });
    expect(ports.lobby.reports.at(-1)).toMatchObject({
      gameId: "g1",
      active: false,
      table: { id: "g1", seats_taken: 1, capacity: 2, creator_id: "alice", creator_nickname: "Alice", creator_rating: 1040 },
    });
    expect(await host.join(BRUNO)).toEqual({ ok: true });
    const started = ports.lobby.reports.at(-1)!;
    expect(started).toMatchObject({ table: null });
    expect(ports.lobby.reports).toHaveLength(2);
  });

  it("a private table is never listed, and says nothing until it is played", async () => {
    const ports = memoryPorts({ now: T0 });
    const host = new RoomHost(ports, TIMINGS);
    expect(await host.open(summary({ created_by: "alice" }), ALICE)).toEqual({ ok: true });
    expect(ports.lobby.reports).toEqual([]);
    expect(await host.leave("alice")).toEqual({ ok: true });
    expect(ports.lobby.reports).toEqual([]);
  });
});

describe("a channel pushes the lobby to the pages that show it", () => {
  it("a page that starts watching gets the view at once, then only changes, filtered for the player", async () => {
    const world = new ChannelWorld();
    const ana = await world.connect("ana");
    const other = await world.connect("ana");
    await world.lobby.reportRoom({ gameId: "g9", table: table("g9", { creator_id: "beto" }), active: false, at: world.now });
    await world.lobby.reportRoom({ gameId: "g8", table: table("g8", { creator_id: "ana" }), active: false, at: world.now });
    await world.lobby.reportRoom({ gameId: "g7", table: table("g7", { premium_only: true }), active: false, at: world.now });
    await world.channel("ana").host.message(ana, JSON.stringify({ type: "lobby", payload: { watch: true } }));
    await settle();
    const [first] = framesOf(ana, "lobby");
    expect(first!.payload).toEqual({
      online: 2 - 1, // ana's two sockets are one player
      playing: 0,
      open_tables: [
        lobbyViewFor({ online: 0, playing: 0, tables: [table("g9", { creator_id: "beto" })], at: 0 }, { userId: "ana", member: false })
          .open_tables[0],
      ],
      live: [],
    });
    expect(framesOf(other, "lobby")).toEqual([]);

    // Nothing changed: the next look pushes nothing.
    world.now += SNAPSHOT_MS;
    await world.fireAlarm("ana");
    expect(framesOf(ana, "lobby")).toHaveLength(1);

    // A table closes and a player comes online: pushed on the next look.
    await world.lobby.reportRoom({ gameId: "g9", table: null, active: true, at: world.now });
    await world.connect("beto");
    world.now += SNAPSHOT_MS;
    await world.fireAlarm("ana");
    expect(framesOf(ana, "lobby").at(-1)!.payload).toEqual({ online: 2, playing: 1, open_tables: [], live: [] });

    // Stopped watching: no more frames, and no alarm for the lobby.
    await world.channel("ana").host.message(ana, JSON.stringify({ type: "lobby", payload: { watch: false } }));
    await world.lobby.reportRoom({ gameId: "g6", table: table("g6"), active: false, at: world.now });
    world.now += SNAPSHOT_MS;
    await world.fireAlarm("ana");
    expect(framesOf(ana, "lobby")).toHaveLength(2);
  });

  it("a premium member sees premium-only tables", async () => {
    const world = new ChannelWorld();
    const ana = await world.connect("ana", { member: true });
    await world.lobby.reportRoom({ gameId: "g7", table: table("g7", { premium_only: true }), active: false, at: world.now });
    await world.channel("ana").host.message(ana, JSON.stringify({ type: "lobby", payload: { watch: true } }));
    await settle();
    expect(framesOf(ana, "lobby")[0]!.payload.open_tables.map((t) => t.id)).toEqual(["g7"]);
  });

  it("the lobby counts a player online once, while any socket is open, and offline after the last closes", async () => {
    const world = new ChannelWorld();
    const one = await world.connect("ana");
    const two = await world.connect("ana");
    expect(world.lobbyStore.counts(0).online).toBe(1);
    await world.disconnect("ana", one);
    expect(world.lobbyStore.counts(0).online).toBe(1);
    await world.disconnect("ana", two);
    world.now += 2_000;
    await world.fireAlarm("ana");
    expect(world.lobbyStore.counts(0).online).toBe(0);
  });
});
