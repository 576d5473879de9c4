import type { AppLoadContext } from "@remix-run/cloudflare";
import type { User } from "../../db/schema";
import type { GameSummary } from "../../game/entities";
import type { CreateGame } from "~/schemas/games";
import { abandonGame, entryCostFor, findGame, findOpenGameByCode, insertGame, isSeated, summaryOf } from "./games.server";
import { refusal, type Outcome } from "./http.server";
import { serverT } from "./i18n.server";
import { room, roomRefusal, seatRequestOf } from "./rooms.server";
import { isPremium } from "./users.server";

// Opening and joining tables: the one decision behind `POST /api/games`, `POST /api/games/join`
// and the home page's forms (which work before the page has hydrated, issue 15).

/**
 * Opens a table and seats its creator (seat 0, paying the entry in the room). The entry cost comes
 * from the mode (spec §9), never from the client; only a premium member may open an exclusive
 * (premium-only) table.
 */
export async function createGameFor(
  context: AppLoadContext,
  request: Request,
  user: User,
  input: CreateGame,
): Promise<Outcome<GameSummary>> {
  const t = await serverT(request);
  const entry = entryCostFor(input);
  if (input.premium_only && !input.vs_computer && !isPremium(user)) return refusal(403, t("errors:premiumOnlyCreate"));
  if (user.virtual_coins < entry) return refusal(400, t("errors:createInsufficient", { n: entry }));

  const game = await insertGame(context, user, input);
  const opened = await room(context, game.id).open(summaryOf(game), seatRequestOf(user));
  if (!opened.ok) {
    await abandonGame(context, game.id, "creation_failed");
    return roomRefusal(request, opened.error, entry, true);
  }
  return { ok: true, data: summaryOf((await findGame(context, game.id))!) };
}

/** Takes a seat at the open game with that code (or finds the player's own seat again). */
export async function joinGameByCode(
  context: AppLoadContext,
  request: Request,
  user: User,
  code: string,
): Promise<Outcome<{ game_id: string }>> {
  const t = await serverT(request);
  const game = await findOpenGameByCode(context, code);
  if (!game) return refusal(404, t("errors:gameNotFound"));
  // Back to a table where the player already sits (another tab, a reload).
  if (await isSeated(context, game.id, user.id)) return { ok: true, data: { game_id: game.id } };
  if (game.status !== "waiting") return refusal(409, t("errors:gameStarted"));
  if (game.premium_only && !isPremium(user)) return refusal(403, t("errors:premiumOnlyJoin"));
  if (user.virtual_coins < game.entry_cost) return refusal(400, t("errors:joinInsufficient", { n: game.entry_cost }));
  const joined = await room(context, game.id).join(seatRequestOf(user));
  if (!joined.ok) return roomRefusal(request, joined.error, game.entry_cost);
  return { ok: true, data: { game_id: game.id } };
}
