import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { gamePlayers, games, type Game, type User } from "../../db/schema";
import { primaryUser } from "./auth.server";
import type { Variant } from "../../game/truco/index";
import { CAPACITY } from "../../game/protocol/constants";
import { newInvitation, type Invitation } from "../../game/channel/invitations";
import type { InviteBody } from "~/schemas/friends";
import { channel } from "./channels.server";
import { friendOf } from "./friends.server";
import { findGame } from "./games.server";
import { refusal, type Outcome, type Refusal } from "./http.server";
import { serverT } from "./i18n.server";
import { openTable, takeSeat } from "./lobby.server";
import { INVITATION_REFUSALS, refusalOf, type InvitationError } from "./refusals.server";
import { rateLimited } from "./rate-limit.server";
import { room } from "./rooms.server";
import { isPremium } from "./users.server";

// Invitations to a table: a friend who is online is invited to the inviter's
// waiting room, or to a new casual 1v1 of the chosen variant. The invited player's channel holds
// the invitation (game/channel/invitations.ts decides its fate); accepting takes a seat through the
// normal join path, paying the entry. Each action answers an Outcome and counts its rate limit:
// an invitation sent `game_invite`, an answer `friend_response`.

/** A waiting room the player sits in with a free seat, that a friend could join (not a practice game). */
export async function waitingRoomOf(context: AppLoadContext, userId: string): Promise<Game | null> {
  const rows = await context.db
    .select({ game: games, seated: sql<number>`(SELECT count(*) FROM ${gamePlayers} p WHERE p.game_id = ${games.id})` })
    .from(gamePlayers)
    .innerJoin(games, eq(games.id, gamePlayers.game_id))
    .where(
      and(
        eq(gamePlayers.user_id, userId),
        eq(games.status, "waiting"),
        isNull(games.bot_level),
        inArray(games.game_mode, ["casual", "ranked"]),
      ),
    )
    .orderBy(sql`${games.created_at} DESC`)
    .limit(5);
  return rows.find(({ game, seated }) => seated < CAPACITY[game.game_type])?.game ?? null;
}

function invitationGame(game: Game): Invitation["game"] {
  return {
    id: game.id,
    game_code: game.game_code,
    game_type: game.game_type,
    game_mode: game.game_mode,
    truco_variant: game.truco_variant,
    entry_cost: game.entry_cost,
  };
}

async function invitationRefusal(request: Request, error: InvitationError): Promise<Refusal> {
  return refusalOf(request, INVITATION_REFUSALS, error);
}

/**
 * POST /api/friends/{id}/invite. The friend must be a friend and online (as the inviter sees
 * them). `game_id`: the inviter's own waiting room with a free seat; otherwise a new casual 1v1
 * of `truco_variant` is opened (the inviter pays its entry there) and left again if the friend
 * cannot take the invitation.
 */
export async function inviteFriend(
  request: Request,
  context: AppLoadContext,
  user: User,
  friendId: string,
  body: InviteBody,
): Promise<Outcome<Invitation>> {
  const limited = await rateLimited(context, request, "game_invite", user);
  if (limited) return limited;
  const friend = friendId === user.id ? null : await friendOf(context, user.id, friendId);
  if (!friend) return invitationRefusal(request, "not_friends");
  if (!friend.is_online) return invitationRefusal(request, "offline");

  let game: Game;
  let created = false;
  if ("game_id" in body) {
    const mine = await waitingRoomOf(context, user.id);
    if (!mine || mine.id !== body.game_id) return invitationRefusal(request, "no_room");
    game = mine;
  } else {
    const opened = await openTable(context, request, user, {
      game_type: "1v1",
      game_mode: "casual",
      truco_variant: body.truco_variant as Variant,
    });
    if (!opened.ok) return opened;
    game = opened.data;
    created = true;
  }

  const invitation = newInvitation(
    {
      id: crypto.randomUUID(),
      from: { id: user.id, nickname: user.nickname, avatar_url: user.avatar_url },
      to: { id: friend.id, nickname: friend.nickname },
      game: invitationGame(game),
    },
    Date.now(),
  );
  const received = await channel(context, friend.id).receiveInvitation(invitation);
  if (!received.ok) {
    // The table opened for this invitation has no purpose any more: leave it (the entry comes back).
    if (created) await room(context, game.id).leave(user.id);
    return invitationRefusal(request, received.error);
  }
  await channel(context, user.id)
    .trackInvitation(received.invitation)
    .catch((error: unknown) => console.warn("invitation not tracked", error));
  return { ok: true, data: received.invitation };
}

/**
 * POST /api/invitations/{id}/accept: the invited player takes a seat through the normal join path
 * (paying the entry). A refusal that is the player's own (coins, premium) leaves the invitation
 * open; a room that filled or started closes it, and the inviter learns either way.
 */
export async function acceptInvitation(
  request: Request,
  context: AppLoadContext,
  user: User,
  invitationId: string,
): Promise<Outcome<{ game_id: string }>> {
  const limited = await rateLimited(context, request, "friend_response", user);
  if (limited) return limited;
  const mine = channel(context, user.id);
  const invitation = await mine.openInvitation(invitationId);
  if (!invitation) {
    const begun = await mine.beginAccept(invitationId);
    // A repeated accept (a second tap) while the first is under way answers the same game.
    if (begun.ok) return { ok: true, data: { game_id: begun.invitation.game.id } };
    return invitationRefusal(request, begun.error);
  }
  const t = await serverT(request);
  const game = await findGame(context, invitation.game.id);
  if (game && game.status === "waiting") {
    // The session's row may be a replica's: a refusal it would cause is decided on the primary's row.
    const short = (u: User) => (game.premium_only && !isPremium(u)) || u.virtual_coins < game.entry_cost;
    const current = short(user) ? await primaryUser(context, user) : user;
    if (game.premium_only && !isPremium(current)) return refusal(403, t("errors:premiumOnlyJoin"));
    if (current.virtual_coins < game.entry_cost) return refusal(400, t("errors:joinInsufficient", { n: game.entry_cost }));
  }
  const begun = await mine.beginAccept(invitationId);
  if (!begun.ok) return invitationRefusal(request, begun.error);
  const seated = game ? await takeSeat(context, request, user, game) : refusal(404, t("errors:gameNotFound"));
  await mine.finishAccept(invitationId, seated.ok);
  return seated.ok ? { ok: true, data: { game_id: invitation.game.id } } : seated;
}

/** POST /api/invitations/{id}/decline. */
export async function declineInvitation(
  request: Request,
  context: AppLoadContext,
  user: User,
  invitationId: string,
): Promise<Outcome<{ id: string; status: "declined" }>> {
  const limited = await rateLimited(context, request, "friend_response", user);
  if (limited) return limited;
  const declined = await channel(context, user.id).decline(invitationId);
  return declined.ok ? { ok: true, data: { id: invitationId, status: "declined" } } : invitationRefusal(request, declined.error);
}
