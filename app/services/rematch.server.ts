import type { AppLoadContext } from "@remix-run/cloudflare";
import { inArray } from "drizzle-orm";
import { users, type Game, type User } from "../../db/schema";
import { findGame, participantsOf } from "./games.server";
import { refusal, type Outcome } from "./http.server";
import { serverT } from "./i18n.server";
import { openTable, takeSeat } from "./lobby.server";
import { rateLimited } from "./rate-limit.server";
import { room, roomRefusal } from "./rooms.server";

// "Jogar de novo". The room (game/room/rematch.ts) collects the acceptances;
// when the last one arrives, this opens the new table with the same settings through the lobby's
// own decisions (openTable, takeSeat): each entry is charged again as at any table, in the finished
// table's seat order, so the teams stay as they were when every seat was human.

/**
 * A player at a finished table accepts a rematch: the new game's id once it is open, else null
 * (others still to accept). Each acceptance counts as a table created (`game_create`).
 */
export async function acceptRematch(
  context: AppLoadContext,
  request: Request,
  user: User,
  gameId: string,
): Promise<Outcome<{ game_id: string | null }>> {
  const limited = await rateLimited(context, request, "game_create", user);
  if (limited) return limited;
  const t = await serverT(request);
  const game = await findGame(context, gameId);
  if (!game) return refusal(404, t("errors:gameNotFound"));
  // A tournament's next game is the bracket's to make.
  if (game.game_mode === "tournament") return refusal(409, t("errors:rematchUnavailable"));
  const accepted = await room(context, game.id).acceptRematch(user.id);
  if (!accepted.ok) return roomRefusal(request, accepted.error, game.entry_cost);
  if (!accepted.due) return { ok: true, data: { game_id: null } };
  const opened = await openRematch(context, request, { ...game, game_mode: game.game_mode });
  await room(context, game.id).rematchOpened(opened.ok ? opened.data.id : null);
  return opened.ok ? { ok: true, data: { game_id: opened.data.id } } : opened;
}

async function openRematch(
  context: AppLoadContext,
  request: Request,
  game: Game & { game_mode: "casual" | "ranked" },
): Promise<Outcome<Game>> {
  const humanIds = (await participantsOf(context, game.id)).flatMap((p) => (p.user_id ? [p.user_id] : []));
  const rows = await context.db.select().from(users).where(inArray(users.id, humanIds));
  const players = humanIds.flatMap((id) => rows.filter((u) => u.id === id));
  const [creator, ...others] = players;
  if (!creator) return refusal(404, (await serverT(request))("errors:gameNotFound"));
  const practice = game.bot_level !== null;
  const opened = await openTable(context, request, creator, {
    game_type: game.game_type,
    game_mode: game.game_mode,
    truco_variant: game.truco_variant,
    // Alone against the computer: the new game starts at once, like the first one did.
    ...(practice && others.length === 0 ? { vs_computer: true, bot_level: game.bot_level ?? "normal" } : {}),
    ...(game.premium_only ? { premium_only: true } : {}),
    // The same game again: the same house rules.
    ...(game.house_rules ? { house_rules: game.house_rules } : {}),
  });
  if (!opened.ok) return opened;
  // Each other player takes a seat as if they had joined by code; one who can no longer pay (or
  // sits elsewhere now) leaves their seat free, and the table waits for someone by its code.
  for (const player of others) await takeSeat(context, request, player, opened.data);
  if (practice && others.length > 0) await room(context, opened.data.id).fillWithBots(creator.id, game.bot_level ?? "normal");
  return { ok: true, data: (await findGame(context, opened.data.id)) ?? opened.data };
}
