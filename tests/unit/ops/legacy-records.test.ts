import { describe, expect, it } from "vitest";
import { legacyRecord, mergeRecords, type LegacyGameRow } from "../../../db/legacy-records";
import type { GameRecord } from "../../../game/protocol/record";

// The records scripts/migrate-records-to-r2.ts builds from the rows D1 kept before games were
// recorded in R2, and how it completes a record a room wrote for a game under way at the release.

const GAME: LegacyGameRow = {
  id: "g-old",
  game_code: "ABC234",
  status: "completed",
  game_type: "1v1",
  game_mode: "casual",
  truco_variant: "paulista",
  entry_cost: 100,
  bot_level: null,
  premium_only: 0,
  is_public: 0,
  created_by: "u-ana",
  winner_team: "team1",
  team1_score: 12,
  team2_score: 7,
  end_reason: null,
  created_at: "2026-11-20T09:00:00.000Z",
  started_at: "2026-11-20T09:00:01.000Z",
  completed_at: "2026-11-20T10:00:00.000Z",
  settled_at: "2026-11-20T10:00:00.000Z",
  tournament_id: null,
  house_rules: null,
};
const SEATS = [
  {
    game_id: "g-old",
    seat: 1,
    team: "team2" as const,
    user_id: null,
    nickname: "Zé Bot",
    bot_level: "easy" as const,
    entry_paid: 0,
    result: null,
    coins_change: 0,
    rating_change: 0,
  },
  {
    game_id: "g-old",
    seat: 0,
    team: "team1" as const,
    user_id: "u-ana",
    nickname: "Ana",
    bot_level: null,
    entry_paid: 100,
    result: "win" as const,
    coins_change: 0,
    rating_change: 0,
  },
];
const hand = (n: number, ended: boolean) => ({
  game_id: "g-old",
  hand_number: n,
  seed_commitment: `c${n}`,
  seed: ended ? `s${n}` : null,
  actions: ended ? JSON.stringify([{ playerId: "u-ana", action: { type: "play_card", cardId: "4c" } }]) : null,
  winner_team: ended ? ("team1" as const) : null,
  points: ended ? 1 : null,
  created_at: "2026-11-20T09:00:00.000Z",
  ended_at: ended ? "2026-11-20T09:01:00.000Z" : null,
});
const CHAT = [
  {
    id: 7,
    game_id: "g-old",
    user_id: "u-ana",
    nickname: "Ana",
    avatar_url: null,
    message: "oi",
    message_type: "text" as const,
    created_at: "2026-11-20T09:00:05.000Z",
  },
  {
    id: 3,
    game_id: "g-old",
    user_id: "u-gone",
    nickname: null,
    avatar_url: null,
    message: "🔥",
    message_type: "emoji" as const,
    created_at: "2026-11-20T09:00:02.000Z",
  },
];

describe("a record from the old rows", () => {
  it("holds the summary, the seats in order with their engine ids, the hands and the chat", () => {
    const record = legacyRecord(GAME, SEATS, [hand(2, false), hand(1, true)], CHAT);
    expect(record).toMatchObject({ version: 1, migrated: true, endReason: "match_over", endedAt: GAME.completed_at, rules: null });
    expect(record.game).toMatchObject({ id: "g-old", premium_only: false, capacity: 2, team1_score: 12 });
    expect(record.seats.map((s) => s.playerId)).toEqual(["u-ana", "bot-1"]);
    expect(record.results).toEqual([
      { user_id: "u-ana", nickname: "Ana", team: "team1", result: "win", coins_change: 0, rating_change: 0 },
    ]);
    expect(record.hands.map((h) => [h.hand, h.seed, h.actions.length, h.result?.points ?? null])).toEqual([
      [1, "s1", 1, 1],
      [2, null, 0, null],
    ]);
    expect(record.chat.map((m) => [m.id, m.nickname])).toEqual([
      [3, "Mesa de Truco"],
      [7, "Ana"],
    ]);
  });

  it("completes a record the room wrote, and merging again changes nothing", () => {
    const legacy = legacyRecord(GAME, SEATS, [hand(1, true)], CHAT.slice(0, 1));
    // The room knew hand 1 only by its proof (dealt before its release), and dealt hand 2 itself.
    const written: GameRecord = {
      ...legacy,
      migrated: undefined,
      hands: [
        { ...legacy.hands[0], actions: [], result: null, startedAt: null, endedAt: null },
        {
          hand: 2,
          commitment: "c2",
          seed: "s2",
          dealer: "u-ana",
          scoresBefore: [1, 0],
          actions: [],
          result: null,
          startedAt: "t",
          endedAt: null,
        },
      ],
      chat: [{ ...legacy.chat[0], id: 1, message: "depois", created_at: "2026-11-20T09:30:00.000Z" }],
    };
    const merged = mergeRecords(written, legacy);
    expect(merged.hands[0]).toEqual(legacy.hands[0]);
    expect(merged.hands[1]).toEqual(written.hands[1]);
    expect(merged.chat.map((m) => m.message)).toEqual(["oi", "depois"]);
    expect(mergeRecords(merged, legacy)).toEqual(merged);
  });
});
