import type { AppLoadContext } from "@remix-run/cloudflare";
import type { User } from "../../db/schema";
import { LOBBY_NAME, type LobbyRpc } from "../../game/lobby/api";
import {
  lobbyViewFor,
  parseSnapshotMs,
  type LobbyPush,
  type LobbySnapshot,
  type LobbyView,
  type OpenTableView,
} from "../../game/lobby/lobby";
import { snapshotCache, type SnapshotCache } from "../../game/lobby/snapshot-cache";
import { stubOf } from "../../db/stubs";
import { isPremium } from "./users.server";

// The home page's live parts (the open public tables, the players online and the games being
// played) and the landing page's counts: the Lobby object's snapshot, shared by every request this
// isolate serves for a few seconds, never counted per viewer. Once the home page has hydrated its
// channel socket pushes the same view on every change (game/channel/channel-host.ts).

export type OpenTable = OpenTableView;
export type LobbyLive = LobbyView;

export interface LiveCounts {
  online: number;
  playing: number;
}

let snapshots: SnapshotCache | null = null;

function lobbySnapshot(context: AppLoadContext): Promise<LobbySnapshot> {
  const namespace = context.cloudflare.env.LOBBY;
  snapshots ??= snapshotCache(
    () => stubOf<LobbyRpc>(namespace, LOBBY_NAME).snapshot(),
    () => Date.now(),
    parseSnapshotMs(context.cloudflare.env.LOBBY_SNAPSHOT_MS) / 2,
  );
  return snapshots.get();
}

/** What a signed-in player sees: premium-only tables only for members; never their own table. */
export async function lobbyLiveFor(context: AppLoadContext, user: User): Promise<LobbyLive> {
  return lobbyViewFor(await lobbySnapshot(context), { userId: user.id, member: isPremium(user) });
}

/** The home page's live parts: the API's view, and the games anyone may watch ("Ao vivo"). */
export async function lobbyHomeFor(context: AppLoadContext, user: User): Promise<LobbyPush> {
  const snapshot = await lobbySnapshot(context);
  return { ...lobbyViewFor(snapshot, { userId: user.id, member: isPremium(user) }), live: snapshot.live ?? [] };
}

/** The counts a visitor sees. */
export async function cachedLiveCounts(context: AppLoadContext): Promise<LiveCounts> {
  const { online, playing } = await lobbySnapshot(context);
  return { online, playing };
}
