import type { AppLoadContext } from "@remix-run/cloudflare";
import type { User } from "../../db/schema";
import type { GameInvite, GameSummary, Participant } from "../../game/protocol/entities";
import type { GameStatePayload } from "../../game/protocol/room";
import { findGame, inviteOf, isSeated, participantsOf, summaryOf } from "./games.server";
import { room } from "./rooms.server";

/**
 * What the game page renders before any socket: the game, its seats and, for
 * a player at the table, the room's current state as that player sees it (the same `snapshot` the
 * room would send as the socket's first `game_state`: their own hand, the others' as hidden
 * placeholders). Anyone else gets what `GET /api/games/{id}` and `/participants` give them and no
 * state at all: the page holds no hand that is not the reader's.
 */
export type GamePage =
  | { state: "not_found" }
  | { state: "error" }
  | { state: "ready"; game: GameSummary | GameInvite; participants: Participant[]; live: GameStatePayload | null };

export async function gamePageOf(context: AppLoadContext, gameId: string, user: Pick<User, "id" | "role">): Promise<GamePage> {
  const game = await findGame(context, gameId);
  if (!game) return { state: "not_found" };
  const seated = await isSeated(context, game.id, user.id);
  const summary = seated || user.role === "admin" ? summaryOf(game) : inviteOf(game);
  if (game.status !== "waiting" && game.status !== "active") {
    return { state: "ready", game: summary, participants: await participantsOf(context, game.id), live: null };
  }
  let live: GameStatePayload | null;
  try {
    // A seated player's own view; an outsider's only for the seats (who is connected).
    live = await room(context, game.id).snapshot(seated ? user.id : null);
  } catch (error) {
    console.warn("game page: the room did not answer", error);
    return { state: "error" };
  }
  if (!live) return { state: "ready", game: summary, participants: await participantsOf(context, game.id), live: null };
  return { state: "ready", game: seated ? live.game : summary, participants: live.participants, live: seated ? live : null };
}
