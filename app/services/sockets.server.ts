import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, gt, inArray, or } from "drizzle-orm";
import { gamePlayers, games } from "../../db/schema";
import { stubOf } from "../../db/stubs";
import type { SpectatorRelayRpc } from "../../game/spectate/api";
import { channel } from "./channels.server";
import { room } from "./rooms.server";

// Live sockets outlive the request that opened them: when a session ends (logout, and the admin's
// ban), every socket opened with it must close too, or it keeps playing after the player left.

/** Closes a user's sockets of one session (every session of theirs with null) in one kind of Durable Object. */
type SocketHolder = (context: AppLoadContext, userId: string, sessionId: string | null) => Promise<void>;

/** A finished game's room keeps its sockets a while (the last frames, the chat): close those too. */
const RECENT_GAME_MS = 24 * 60 * 60 * 1000;

/** The game rooms: every room the user sits in that is open or finished recently. */
const gameRooms: SocketHolder = async (context, userId, sessionId) => {
  const since = new Date(Date.now() - RECENT_GAME_MS).toISOString();
  const rows = await context.db
    .select({ id: games.id })
    .from(gamePlayers)
    .innerJoin(games, eq(games.id, gamePlayers.game_id))
    .where(and(eq(gamePlayers.user_id, userId), or(inArray(games.status, ["waiting", "active"]), gt(games.completed_at, since))));
  await Promise.all(rows.map(({ id }) => room(context, id).closeSockets(userId, sessionId)));
};

/**
 * The player's live channel: it closes every tab's socket (4001) and the page does not
 * reconnect; the player's other devices reconnect with their own sessions.
 */
const liveChannel: SocketHolder = (context, userId, sessionId) =>
  channel(context, userId).closeAll(sessionId === null ? "banned" : "signed_out");

/** The spectators' relays of the games the user watched lately (their channel keeps the list). */
export const spectatorRelays: SocketHolder = async (context, userId, sessionId) => {
  const games = await channel(context, userId).watched();
  await Promise.all(
    games.map((gameId) => stubOf<SpectatorRelayRpc>(context.cloudflare.env.SPECTATOR_RELAY, gameId).closeSockets(userId, sessionId)),
  );
};

/**
 * Everything that holds sockets of a session. A new kind of Durable Object with sockets adds its
 * closer here, and logout and ban close it too.
 */
const SOCKET_HOLDERS: SocketHolder[] = [gameRooms, liveChannel, spectatorRelays];

/**
 * Closes every live socket opened with this session (or, with a null session, every socket of
 * the user: a ban). Waits for each holder; one that fails is logged and does not stop the others.
 */
export async function closeSessionSockets(context: AppLoadContext, userId: string, sessionId: string | null): Promise<void> {
  const outcomes = await Promise.allSettled(SOCKET_HOLDERS.map((close) => close(context, userId, sessionId)));
  for (const outcome of outcomes) {
    if (outcome.status === "rejected") console.error("closing a session's sockets failed", outcome.reason);
  }
}
