import type { AppLoadContext } from "@remix-run/cloudflare";
import type { ChatMessageView, GameInvite, GameSummary, Participant, PlayerResult } from "../../game/protocol/entities";
import type { Game, User } from "../../db/schema";
import { findTournament } from "../../db/tournaments";
import { BracketSchema, gameMeaning, type TournamentGameMeaning } from "../../game/tournament/index";
import type { GameStatePayload } from "../../game/protocol/room";
import { findGame, inviteOf, isSeated, participantsOf, resultsOf, summaryOf } from "./games.server";
import { room } from "./rooms.server";
import { chatOfPage } from "./chat.server";
import { replicaThenPrimary } from "./replica.server";

/**
 * What the game page renders before any socket: the game, its seats and, for
 * a player at the table, the room's current state as that player sees it (the same `snapshot` the
 * room would send as the socket's first `game_state`: their own hand, the others' as hidden
 * placeholders). Anyone else gets what `GET /api/games/{id}` and `/participants` give them and no
 * state at all: the page holds no hand that is not the reader's. A seated player also gets the
 * table's recent chat (from the room, or from the game's record once it ended): the chat panel
 * starts from it and then hears each new message on the socket.
 */
export type GamePage =
  | { state: "not_found" }
  | { state: "error" }
  | {
      state: "ready";
      game: GameSummary | GameInvite;
      participants: Participant[];
      live: GameStatePayload | null;
      /** The table's recent messages, for a seated player (absent or null: none given). */
      chat?: ChatMessageView[] | null;
      /** A settled game's result, seat by seat (coins and ranking points), for its room after the end. */
      results?: PlayerResult[];
      /** A tournament game: its tournament and what winning or losing it means. */
      tournament?: TournamentOfGame | null;
    };

export interface TournamentOfGame {
  id: string;
  name: string;
  meaning: TournamentGameMeaning | null;
}

/** The tournament a game belongs to and what its result means there (null: not a tournament game). */
async function tournamentOfGame(context: AppLoadContext, game: Game): Promise<TournamentOfGame | null> {
  if (game.game_mode !== "tournament" || !game.tournament_id) return null;
  const t = await findTournament(context.db, game.tournament_id);
  if (!t) return null;
  const parsed = t.bracket ? BracketSchema.safeParse(JSON.parse(t.bracket)) : null;
  const meaning = parsed?.success ? gameMeaning(parsed.data, game.id, game.end_reason === "forfeit") : null;
  return { id: t.id, name: t.name, meaning };
}

export async function gamePageOf(
  request: Request,
  context: AppLoadContext,
  gameId: string,
  user: Pick<User, "id" | "role">,
): Promise<GamePage> {
  // The game and the seat from a replica; a game or a seat it does not know yet (a match
  // a Durable Object made outside this browser's requests) is asked of the primary. A replica's
  // older status only sends the page to the room, which answers as it is now.
  const found = await replicaThenPrimary(
    request,
    context,
    async (reads) => {
      const game = await findGame(reads, gameId);
      return { reads, game, seated: game ? await isSeated(reads, game.id, user.id) : false };
    },
    (answer) => answer.seated,
  );
  const { game, seated, reads } = found;
  if (!game) return { state: "not_found" };
  const summary = seated || user.role === "admin" ? summaryOf(game) : inviteOf(game);
  // The tournament line is optional: a failed read leaves the page without it.
  const tournament = tournamentOfGame(reads, game).catch(() => null);
  if (game.status !== "waiting" && game.status !== "active") {
    const [participants, chat, results] = await Promise.all([
      participantsOf(reads, game.id),
      chatOfPage(context, game, seated),
      game.status === "completed" ? resultsOf(reads, game.id) : [],
    ]);
    return { state: "ready", game: summary, participants, live: null, chat, results, tournament: await tournament };
  }
  let live: GameStatePayload | null;
  let chat: ChatMessageView[] | null;
  try {
    // A seated player's own view; an outsider's only for the seats (who is connected).
    [live, chat] = await Promise.all([room(context, game.id).snapshot(seated ? user.id : null), chatOfPage(context, game, seated)]);
  } catch (error) {
    console.warn("game page: the room did not answer", error);
    return { state: "error" };
  }
  if (!live) {
    return {
      state: "ready",
      game: summary,
      participants: await participantsOf(reads, game.id),
      live: null,
      chat,
      tournament: await tournament,
    };
  }
  return {
    state: "ready",
    game: seated ? live.game : summary,
    participants: live.participants,
    live: seated ? live : null,
    chat,
    tournament: await tournament,
  };
}
