import { describe, expect, it } from "vitest";
import { RoomHost } from "../../../game/room/host/index";
import type { MemorySocket } from "../../../game/room/host/memory";
import { MAX_SOCKETS_PER_PLAYER, FLOOD_LIMIT } from "../../../game/protocol/constants";
import { TIMINGS } from "./helpers";
import { anyMove, playUntilDecided, socketFor, startedTable, stateOf } from "./host-helpers";

// The room host on in-memory ports: the loop the GameRoom Durable Object runs, checked in Node.

describe("RoomHost", () => {
  it("saves the room before any socket hears of a move", async () => {
    const { ports, host } = await startedTable();
    const from = ports.log.length;
    await anyMove(host);
    const after = ports.log.slice(from);
    const firstSend = after.findIndex((entry) => entry.kind === "send");
    const put = after.findIndex((entry) => entry.kind === "put");
    expect(put).toBeGreaterThanOrEqual(0);
    expect(firstSend).toBeGreaterThan(put);
    // One frame per socket for the move.
    expect(after.filter((entry) => entry.kind === "send").map((entry) => (entry as { socket: number }).socket)).toHaveLength(2);
  });

  it("sends each socket one frame per change: the first state in full, then deltas of its own view", async () => {
    const { host, sockets } = await startedTable();
    await anyMove(host);
    const kinds = sockets.alice.messages().map((m) => m.type);
    expect(kinds).toContain("game_state");
    expect(kinds.at(-1)).toBe("game_state_delta");
    // Bruno's frames never name Alice's cards.
    const aliceHand = (await stateOf(host, "alice")).view!.players.alice.hand as { id?: string }[];
    for (const text of sockets.bruno.sent) for (const card of aliceHand) if (card.id) expect(text).not.toContain(`"${card.id}"`);
  });

  it("settles a decided game once, when its settlement first fails and the alarm fires again and again", async () => {
    const { ports, host } = await startedTable();
    ports.records.failSettle = true;
    // Until the match is decided: the deciding move stands without its settlement, or the alarm
    // that decides it throws, so that the platform runs it again.
    let alarmFailed = false;
    await playUntilDecided(ports, host).catch((error: Error) => {
      expect(error.message).toBe("settlement unavailable");
      alarmFailed = true;
    });
    expect(alarmFailed || ports.roomEvents.some((e) => e.event === "settlement_retried")).toBe(true);
    expect(ports.records.writes.filter((w) => w.type === "settle")).toHaveLength(0);
    expect((await stateOf(host, "alice")).game.status).toBe("active");
    ports.clock.at = Math.max(ports.clock.at, ports.store.alarmAt ?? 0);
    await expect(host.alarm()).rejects.toThrow("settlement unavailable");
    ports.records.failSettle = false;
    await host.alarm();
    await host.alarm();
    expect(ports.records.writes.filter((w) => w.type === "settle")).toHaveLength(1);
    expect((await stateOf(host, "alice")).game.status).toBe("completed");
  });

  it("resumes after an eviction: the stored room, and deltas to the sockets that stayed open", async () => {
    const { ports, host, sockets } = await startedTable();
    await anyMove(host);
    const version = (await stateOf(host, "alice")).version;
    // A new instance on the same storage and sockets (the object was evicted; its sockets hibernated).
    const resumed = new RoomHost(ports, TIMINGS);
    expect((await resumed.snapshot("alice"))!.version).toBe(version);
    const sent = sockets.alice.sent.length;
    await anyMove(resumed);
    const next = sockets.alice.messages().slice(-1)[0] as { type: string; payload: { version: number } };
    expect(sockets.alice.sent.length).toBe(sent + 1);
    expect(next.type).toBe("game_state_delta");
    expect(next.payload.version).toBe(version + 1);
  });

  it("closes a player's socket past the per-player limit, and a socket that floods the room", async () => {
    const { ports, host, sockets } = await startedTable();
    const extra: MemorySocket[] = [];
    for (let i = 1; i < MAX_SOCKETS_PER_PLAYER; i++) extra.push(await socketFor(ports, host, "alice"));
    expect(extra.every((s) => s.closed === null)).toBe(true);
    const tooMany = await socketFor(ports, host, "alice");
    expect(tooMany.closed).toEqual({ code: 1008, reason: "Too many connections" });
    expect(ports.roomEvents).toContainEqual(expect.objectContaining({ event: "socket_closed_for_abuse", userId: "alice" }));

    for (let i = 0; i < FLOOD_LIMIT; i++) await host.message(sockets.bruno, '{"type":"ping"}');
    expect(sockets.bruno.closed).toBeNull();
    await host.message(sockets.bruno, '{"type":"ping"}');
    expect(sockets.bruno.closed).toEqual({ code: 1008, reason: "Too many messages" });
  });

  it("answers a bad frame with an error and changes nothing", async () => {
    const { ports, host, sockets } = await startedTable();
    const before = ports.log.filter((e) => e.kind === "put").length;
    await host.message(sockets.alice, '{"type":"play_card","payload":{"cardId":42}}');
    expect(sockets.alice.messages().at(-1)).toMatchObject({ type: "error" });
    expect(ports.log.filter((e) => e.kind === "put").length).toBe(before);
  });
});
