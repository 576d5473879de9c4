import type { AppLoadContext } from "@remix-run/cloudflare";
import type { User } from "../../db/schema";
import { MEMBER_HEADER, USER_HEADER, type PlayerChannelRpc } from "../../game/channel/api";
import { isPremium } from "./users.server";
import type { ChannelEvent } from "../../game/protocol/channel";
import { rejectSocketUpgrade } from "./http.server";
import { stubOf } from "../../db/stubs";

// Each signed-in player's live channel: one PlayerChannel Durable Object per
// player, hosted by the room Worker and bound here by script name.

/** The player's channel, over Durable Object RPC. */
export function channel(context: AppLoadContext, userId: string): PlayerChannelRpc {
  return stubOf<PlayerChannelRpc>(context.cloudflare.env.PLAYER_CHANNEL, userId);
}

/**
 * Pushes events to players' open tabs. A channel that cannot be reached loses only the live
 * update (the next page load shows the truth), so this never fails the request that caused it.
 */
export async function notifyAll(context: AppLoadContext, deliveries: [userId: string, event: ChannelEvent][]): Promise<void> {
  const results = await Promise.allSettled(deliveries.map(([userId, event]) => channel(context, userId).notify(event)));
  for (const result of results) if (result.status === "rejected") console.warn("channel event not delivered", result.reason);
}

/**
 * GET with Upgrade: websocket → the player's own channel. The session (by the route) and the
 * Origin are checked here, as for a game socket; the channel receives only the verified user id,
 * never anything the browser claimed.
 */
export async function openChannelSocket(request: Request, context: AppLoadContext, user: User): Promise<Response> {
  const refused = await rejectSocketUpgrade(request);
  if (refused) return refused;
  return stubOf(context.cloudflare.env.PLAYER_CHANNEL, user.id).fetch("https://channel.internal/ws", {
    headers: { Upgrade: "websocket", [USER_HEADER]: user.id, [MEMBER_HEADER]: isPremium(user) ? "1" : "0" },
  });
}
