import { createHash, randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { RoomHost } from "../../../game/room/host/index";
import type { MemoryPorts } from "../../../game/room/host/memory";
import { GameRecordSchema, parseRecord, recordKey, type GameRecord } from "../../../game/protocol/record";
import type { ChatMessageView } from "../../../game/protocol/entities";
import {
  CHAT_BURST,
  CHAT_WINDOW_MS,
  chatAllowed,
  CHAT_PREFIX,
  HAND_PREFIX,
  nextChatMessage,
  recentMessages,
  replayHand,
} from "../../../game/room/index";
import { T0, TIMINGS } from "./helpers";
import { anyMove, playUntilDecided, socketFor, startedTable, stateOf } from "./host-helpers";

// The game's record: kept in the room's storage while played (a small entry per hand and per
// message), written whole to the records bucket once when the game ends, and enough to rebuild
// every hand from its seed. And the table's chat rule, which the room applies.

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

function recordIn(ports: MemoryPorts, gameId = "g1"): GameRecord {
  const text = ports.archive.objects.get(recordKey(gameId));
  expect(text, "the record is in the bucket").toBeDefined();
  return GameRecordSchema.parse(JSON.parse(text!));
}

/** Every hand of the record replays through the engine to its recorded result, and its seed hashes to its commitment. */
function expectReplayable(record: GameRecord) {
  expect(record.hands.map((h) => h.hand)).toEqual(record.hands.map((_, i) => i + 1));
  for (const hand of record.hands) {
    expect(sha256(hand.seed!)).toBe(hand.commitment);
    const check = replayHand(record, hand);
    expect(check, `hand ${hand.hand}`).toEqual({ ok: true, result: hand.result });
  }
}

describe("the game's record", () => {
  it("is written once, whole, when the match ends, and every hand replays from its seed", async () => {
    const { ports, host } = await startedTable();
    await playUntilDecided(ports, host);
    expect(ports.archive.writes).toBe(1);
    const record = recordIn(ports);
    expect(record).toMatchObject({ version: 1, endReason: "match_over", game: { id: "g1", status: "completed" } });
    expect(record.results).toHaveLength(2);
    expect(record.hands.length).toBeGreaterThan(1);
    expect(record.hands.every((h) => h.result !== null && h.actions.length > 0 && h.dealer !== null)).toBe(true);
    const last = record.hands.at(-1)!.result!.scores!;
    expect(last).toEqual([record.game.team1_score, record.game.team2_score]);
    expectReplayable(record);
    // Marked as recorded: an alarm that fires again writes nothing more.
    ports.clock.at += 60_000;
    await host.alarm();
    expect(ports.archive.writes).toBe(1);
  });

  it("keeps each hand as small entries of its own while played, never one value that grows", async () => {
    const { ports, host } = await startedTable();
    const from = ports.log.length;
    await playUntilDecided(ports, host);
    const puts = ports.log.slice(from).flatMap((entry) => (entry.kind === "put" ? entry.keys : []));
    const handKeys = puts.filter((key) => key.startsWith(HAND_PREFIX));
    // Each hand's deal and end written once each.
    expect(new Set(handKeys).size).toBe(handKeys.length);
    expect(puts.every((key) => key === "room" || key === "room:play" || key.startsWith(HAND_PREFIX))).toBe(true);
  });

  it("survives an eviction mid-game: the next instance writes a record with every hand", async () => {
    const { ports, host } = await startedTable();
    // Into the second hand (the alarm deals it), so the evicted instance held hands of its own.
    while ((await stateOf(host, "alice")).view!.handNumber < 2) {
      if ((await Promise.all(["alice", "bruno"].map((u) => stateOf(host, u)))).some((s) => s.view!.legalActions.length > 0))
        await anyMove(host);
      else {
        ports.clock.at = ports.store.alarmAt!;
        await host.alarm();
      }
    }
    // A new instance on the same storage (the old one's memory is gone).
    const resumed = new RoomHost(ports, TIMINGS);
    await playUntilDecided(ports, resumed);
    const record = recordIn(ports);
    expect(record.hands[0].hand).toBe(1);
    expectReplayable(record);
  });

  it("reveals the hand a cancellation interrupted, with its actions so far", async () => {
    const { ports, host } = await startedTable();
    await anyMove(host);
    expect(await host.adminCancel({ id: randomUUID(), adminId: "admin", reason: "stuck" })).toEqual({ ok: true });
    const record = recordIn(ports);
    expect(record).toMatchObject({ endReason: "admin", game: { status: "cancelled" }, results: [] });
    const hand = record.hands.at(-1)!;
    expect(hand).toMatchObject({ result: null });
    expect(hand.actions.length).toBeGreaterThan(0);
    expectReplayable(record);
  });

  it("is retried by the alarm when the bucket fails, and written then", async () => {
    const { ports, host } = await startedTable();
    ports.archive.fail = true;
    await playUntilDecided(ports, host);
    expect(ports.archive.writes).toBe(0);
    expect(ports.roomEvents.some((e) => e.event === "record_failed")).toBe(true);
    expect(ports.store.alarmAt).not.toBeNull();
    ports.archive.fail = false;
    ports.clock.at = ports.store.alarmAt!;
    await host.alarm();
    expect(ports.archive.writes).toBe(1);
    expectReplayable(recordIn(ports));
  });

  it("catches a hand whose actions or seed were changed", async () => {
    const { ports, host } = await startedTable();
    await playUntilDecided(ports, host);
    const record = recordIn(ports);
    const hand = record.hands[0];
    expect(replayHand(record, { ...hand, seed: "0".repeat(32) })).toMatchObject({ ok: false });
    expect(replayHand(record, { ...hand, actions: hand.actions.slice(0, -1) })).toMatchObject({ ok: false });
    expect(replayHand(record, { ...hand, result: { ...hand.result!, points: hand.result!.points + 1 } })).toMatchObject({ ok: false });
  });

  it("refuses text that is not a record of this version", () => {
    expect(parseRecord("{}")).toBeNull();
    expect(parseRecord("not json")).toBeNull();
  });
});

const message = (id: number, userId: string, at: number): ChatMessageView => ({
  id,
  user_id: userId,
  nickname: userId,
  avatar_url: null,
  message: `m${id}`,
  message_type: "text",
  created_at: new Date(at).toISOString(),
});

describe("the table's chat rule", () => {
  it("lets a player send CHAT_BURST messages in a window, then refuses until the window moves on", () => {
    const log = Array.from({ length: CHAT_BURST }, (_, i) => message(i + 1, "ana", T0 + i));
    expect(chatAllowed(log.slice(0, -1), "ana", T0 + 100)).toBe(true);
    expect(chatAllowed(log, "ana", T0 + 100)).toBe(false);
    // Others are not counted against her, nor she against them.
    expect(chatAllowed(log, "bia", T0 + 100)).toBe(true);
    expect(chatAllowed(log, "ana", T0 + CHAT_WINDOW_MS)).toBe(true);
  });

  it("numbers a table's messages from 1 and gives the latest ones oldest first", () => {
    const post = { sender: { userId: "ana", nickname: "Ana", avatarUrl: null }, text: "oi", type: "text" as const };
    const first = nextChatMessage([], post, T0);
    expect(first).toEqual({
      id: 1,
      user_id: "ana",
      nickname: "Ana",
      avatar_url: null,
      message: "oi",
      message_type: "text",
      created_at: new Date(T0).toISOString(),
    });
    expect(nextChatMessage([first], post, T0).id).toBe(2);
    const log = Array.from({ length: 150 }, (_, i) => message(i + 1, "ana", T0));
    expect(recentMessages(log).map((m) => m.id)).toEqual(log.slice(50).map((m) => m.id));
  });
});

describe("the room's chat", () => {
  const post = (userId: string, text: string) => ({ sender: { userId, nickname: userId, avatarUrl: null }, text, type: "text" as const });

  it("stores each message as an entry, pushes it to every socket, and refuses a burst past the rule", async () => {
    const { ports, host, sockets } = await startedTable();
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => host.postChat(post("alice", `oi ${i}`))));
    expect(results.filter((r) => r.ok)).toHaveLength(CHAT_BURST);
    expect(results.filter((r) => !r.ok)).toEqual(Array.from({ length: 12 - CHAT_BURST }, () => ({ ok: false, error: "too_fast" })));
    const pushed = sockets.bruno.messages().filter((m) => m.type === "chat_message");
    expect(pushed).toHaveLength(CHAT_BURST);
    expect((await host.recentChat())!.map((m) => m.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect((await ports.store.list(CHAT_PREFIX)).size).toBe(CHAT_BURST);
    // Bruno is not muted by Alice's burst; Alice is again once the window has passed.
    expect(await host.postChat(post("bruno", "calma"))).toMatchObject({ ok: true, message: { id: 9 } });
    ports.clock.at += CHAT_WINDOW_MS;
    expect(await host.postChat(post("alice", "voltei"))).toMatchObject({ ok: true, message: { id: 10 } });
  });

  it("reads its chat back after an eviction, numbering on, and puts it in the record", async () => {
    const { ports, host } = await startedTable();
    await host.postChat(post("alice", "boa sorte"));
    const resumed = new RoomHost(ports, TIMINGS);
    await socketFor(ports, resumed, "bruno");
    expect(await resumed.postChat(post("bruno", "valeu"))).toMatchObject({ ok: true, message: { id: 2 } });
    await playUntilDecided(ports, resumed);
    expect(recordIn(ports).chat.map((m) => m.message)).toEqual(["boa sorte", "valeu"]);
  });

  it("answers not_found where no room exists", async () => {
    const { ports } = await startedTable();
    const empty = new RoomHost(
      { ...ports, store: new (ports.store.constructor as new (log: unknown[]) => typeof ports.store)([]) },
      TIMINGS,
    );
    expect(await empty.postChat(post("alice", "oi"))).toEqual({ ok: false, error: "not_found" });
    expect(await empty.recentChat()).toBeNull();
  });
});
