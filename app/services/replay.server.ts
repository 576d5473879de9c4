import type { AppLoadContext } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import { readGameRecord } from "../../db/game-records";
import { gamePlayers, users, type User } from "../../db/schema";
import type { GameRecord } from "../../game/protocol/record";
import { replayAccess, type ReplayAccess } from "../../game/replay/access";
import { findGame, heldSeatsOf } from "./games.server";
import { room } from "./rooms.server";

// A finished game's replay page (docs/decisions/127-replays-and-their-access.md): the record from
// R2 (read through its schema), shown to whom `replayAccess` lets in. D1 answers who played and
// whether any of them keeps their games private; the record answers everything else.

/** What the page may say about a game it does not show: enough for a link's card, nothing of the play. */
export interface ReplayCard {
  variant: GameRecord["game"]["truco_variant"];
  gameType: GameRecord["game"]["game_type"];
  nicknames: string[];
  scores: [number, number];
}

export type ReplayPage =
  | { state: "not_found" }
  | { state: "refused"; reason: Extract<ReplayAccess, { allowed: false }>["reason"]; card: ReplayCard | null }
  | { state: "ready"; record: GameRecord; asPlayer: boolean; card: ReplayCard };

function cardOf(record: GameRecord): ReplayCard {
  return {
    variant: record.game.truco_variant,
    gameType: record.game.game_type,
    nicknames: [...record.seats].sort((a, b) => a.seat - b.seat).map((s) => s.nickname),
    scores: [record.game.team1_score, record.game.team2_score],
  };
}

export async function replayPageOf(context: AppLoadContext, gameId: string, viewer: Pick<User, "id" | "role"> | null): Promise<ReplayPage> {
  const game = await findGame(context, gameId);
  if (!game) return { state: "not_found" };
  const seated = await context.db
    .select({ user_id: gamePlayers.user_id, games_private: users.games_private })
    .from(gamePlayers)
    .leftJoin(users, eq(users.id, gamePlayers.user_id))
    .where(eq(gamePlayers.game_id, game.id));
  const players = seated.flatMap((s) => (s.user_id ? [s.user_id] : []));
  const privatePlayers = new Set(seated.flatMap((s) => (s.user_id && s.games_private ? [s.user_id] : [])));
  const access = replayAccess(
    { status: game.status, game_mode: game.game_mode, bot_level: game.bot_level, players },
    viewer,
    privatePlayers,
  );
  if (!access.allowed) {
    // A link to a public game shows its card to a visitor before sign-in; a private one shows nothing.
    const card = access.reason === "sign_in" ? await readGameRecord(context.cloudflare.env.GAME_RECORDS, game.id) : null;
    return { state: "refused", reason: access.reason, card: card ? cardOf(card) : null };
  }
  const record = await readGameRecord(context.cloudflare.env.GAME_RECORDS, game.id);
  if (!record) return { state: "not_found" };
  // The table's chat is its players' own, and its join code theirs and the admins': anyone else sees the play without them.
  const shown = access.asPlayer ? record : { ...record, chat: [], game: { ...record.game, game_code: "" } };
  return { state: "ready", record: shown, asPlayer: access.asPlayer, card: cardOf(record) };
}

/**
 * The profile's "private games" switch. It applies at once to the games the player sits in now
 * (made private: spectators leave, nobody new may watch) as well as to the next ones.
 */
export async function setGamesPrivate(context: AppLoadContext, userId: string, gamesPrivate: boolean): Promise<void> {
  await context.db.update(users).set({ games_private: gamesPrivate }).where(eq(users.id, userId));
  // The seats held at waiting or active games: the held-seats index, a few rows.
  const live = await heldSeatsOf(context, userId);
  const results = await Promise.allSettled(live.map(({ gameId }) => room(context, gameId).setGamesPrivate(userId, gamesPrivate)));
  for (const result of results) if (result.status === "rejected") console.error("the private switch did not reach a room", result.reason);
}
