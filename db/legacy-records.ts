import { ActionSchema } from "../game/protocol/engine-schemas";
import { GameRecordSchema, RECORD_VERSION, type GameRecord, type RecordHand } from "../game/protocol/record";
import { botPlayerId } from "../game/room/api";
import { z } from "zod";
import { gameSummaryOf } from "./games";
import type { Game } from "./schema";

// Records rebuilt from the rows D1 kept before games were recorded in R2 (`game_hands`,
// `chat_messages`; ADR 119), for scripts/migrate-records-to-r2.ts. Pure: rows in, a record out.

/** A `games` row as `wrangler d1 execute --json` prints it (booleans as 0/1). */
export type LegacyGameRow = Omit<Game, "premium_only" | "is_public"> & { premium_only: number | boolean; is_public: number | boolean };

export interface LegacySeatRow {
  game_id: string;
  seat: number;
  team: "team1" | "team2";
  user_id: string | null;
  nickname: string;
  bot_level: "easy" | "normal" | "hard" | null;
  entry_paid: number;
  result: "win" | "loss" | null;
  coins_change: number;
  rating_change: number;
}

export interface LegacyHandRow {
  game_id: string;
  hand_number: number;
  seed_commitment: string;
  seed: string | null;
  /** JSON: [{ playerId, action }] in order. */
  actions: string | null;
  winner_team: "team1" | "team2" | null;
  points: number | null;
  created_at: string;
  ended_at: string | null;
}

export interface LegacyChatRow {
  id: number;
  game_id: string;
  user_id: string | null;
  /** The sender's nickname and avatar now (joined from users), as the old chat showed them. */
  nickname: string | null;
  avatar_url: string | null;
  message: string;
  message_type: "text" | "emoji" | "system";
  created_at: string;
}

const StoredActions = z.array(z.object({ playerId: z.string(), action: ActionSchema }));

function handOf(row: LegacyHandRow): RecordHand {
  const actions = row.actions ? StoredActions.safeParse(JSON.parse(row.actions)) : null;
  const ended = row.ended_at !== null || row.seed !== null;
  return {
    hand: row.hand_number,
    commitment: row.seed_commitment,
    seed: row.seed,
    dealer: null,
    scoresBefore: null,
    actions: actions?.success ? actions.data : [],
    result: ended ? { winnerTeam: row.winner_team, points: row.points ?? 0, scores: null } : null,
    startedAt: row.created_at,
    endedAt: row.ended_at,
  };
}

/** The record of a game from its old rows: its summary and seats as D1 holds them, its hands and chat. */
export function legacyRecord(game: LegacyGameRow, seats: LegacySeatRow[], hands: LegacyHandRow[], chat: LegacyChatRow[]): GameRecord {
  const summary = gameSummaryOf({ ...game, premium_only: Boolean(game.premium_only), is_public: Boolean(game.is_public) } as Game);
  const ordered = [...seats].sort((a, b) => a.seat - b.seat);
  return GameRecordSchema.parse({
    version: RECORD_VERSION,
    game: summary,
    seats: ordered.map((s) => ({
      seat: s.seat,
      team: s.team,
      userId: s.user_id,
      playerId: s.user_id ?? botPlayerId(s.seat),
      nickname: s.nickname,
      botLevel: s.bot_level,
      entryPaid: s.entry_paid,
    })),
    rules: null,
    results: ordered.flatMap((s) =>
      s.user_id && s.result
        ? [
            {
              user_id: s.user_id,
              nickname: s.nickname,
              team: s.team,
              result: s.result,
              coins_change: s.coins_change,
              rating_change: s.rating_change,
            },
          ]
        : [],
    ),
    endReason: game.end_reason ?? (game.status === "completed" ? "match_over" : game.status),
    endedAt: game.completed_at ?? game.created_at,
    hands: [...hands].sort((a, b) => a.hand_number - b.hand_number).map(handOf),
    chat: [...chat]
      .sort((a, b) => a.id - b.id)
      .map((m) => ({
        id: m.id,
        user_id: m.user_id,
        nickname: m.nickname ?? "Mesa de Truco",
        avatar_url: m.avatar_url,
        message: m.message,
        message_type: m.message_type,
        created_at: m.created_at,
      })),
    migrated: true,
  });
}

/**
 * A record the room already wrote (a game that was under way when its release rolled out: its
 * first hands went to D1, the rest to the room's storage) completed with the old rows: a hand the
 * room knew only by its proof gets its actions and result from D1, a hand only D1 knew is added,
 * and the old messages join the room's, in time order.
 */
export function mergeRecords(written: GameRecord, legacy: GameRecord): GameRecord {
  const old = new Map(legacy.hands.map((h) => [h.hand, h]));
  const hands = written.hands.map((hand) => {
    const before = old.get(hand.hand);
    if (!before || hand.dealer !== null) return hand;
    return {
      ...hand,
      actions: hand.actions.length ? hand.actions : before.actions,
      result: hand.result ?? before.result,
      startedAt: hand.startedAt ?? before.startedAt,
      endedAt: hand.endedAt ?? before.endedAt,
    };
  });
  const known = new Set(hands.map((h) => h.hand));
  for (const hand of legacy.hands) if (!known.has(hand.hand)) hands.push(hand);
  hands.sort((a, b) => a.hand - b.hand);
  // A message is the same one when sent by the same player at the same instant with the same text
  // (the room's ids and D1's are counted apart, so an id alone does not say it).
  const sameAs = (m: GameRecord["chat"][number]) => `${m.user_id} ${m.created_at} ${m.message}`;
  const seen = new Set(written.chat.map(sameAs));
  const chat = [...written.chat, ...legacy.chat.filter((m) => !seen.has(sameAs(m)))].sort(
    (a, b) => a.created_at.localeCompare(b.created_at) || a.id - b.id,
  );
  return GameRecordSchema.parse({ ...written, hands, chat, migrated: true });
}
