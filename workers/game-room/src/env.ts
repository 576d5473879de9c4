import { z } from "zod";
import type { PresenceTimings } from "../../../game/channel/presence";
import type { RoomTimings } from "../../../game/room/index";
import { parseSnapshotMs } from "../../../game/lobby/lobby";

// The room Worker's bindings, parsed once per object (DESIGN.md §1: zod at every boundary, env
// bindings included). The timings are wrangler vars, so strings; tests and the benchmark shorten them.

export interface RoomEnv {
  DB: D1Database;
  /** Each player's live channel: the room reports its players' sockets and seats to it. */
  PLAYER_CHANNEL?: DurableObjectNamespace;
  /** The game rooms: a Tournament object opens its games' rooms. */
  GAME_ROOM?: DurableObjectNamespace;
  /** The Lobby (one object): rooms and channels report to it; channels read its snapshot. */
  LOBBY?: DurableObjectNamespace;
  /** The tournaments: a room reports the end of a tournament game to its Tournament object. */
  TOURNAMENT?: DurableObjectNamespace;
  /** The spectators' relays (one per watched game): a room sends each change to its relay. */
  SPECTATOR_RELAY?: DurableObjectNamespace;
  TURN_SECONDS?: string;
  BOT_DELAY_MS?: string;
  NEXT_HAND_DELAY_MS?: string;
  DISCONNECT_GRACE_SECONDS?: string;
  IDLE_MINUTES?: string;
  /** Each finished game's record (DESIGN.md §4). */
  GAME_RECORDS?: R2Bucket;
  /** Game and money events (db/analytics.ts); written only where APP_ENV is "production". */
  ANALYTICS?: AnalyticsEngineDataset;
  APP_ENV?: string;
  /** "staging" or "production" in a deployment; absent locally. */
  DEPLOY_ENV?: string;
  /** Errors go to Sentry only when this is set. */
  SENTRY_DSN?: string;
  /** "1" only under `npm run bench` (start.mjs TRUCO_BINDINGS): per-move timings and the platform floor. */
  BENCH_MODE?: string;
  /** Bound only under `npm run bench` (start.mjs writes the binding): the platform floor (bench-floor.ts). */
  BENCH_FLOOR?: DurableObjectNamespace;
}

const amount = (fallback: number) => z.coerce.number().finite().min(0).default(fallback);

export const RoomVarsSchema = z.object({
  TURN_SECONDS: amount(30).refine((value) => value > 0, "TURN_SECONDS must be above 0"),
  BOT_DELAY_MS: amount(900),
  NEXT_HAND_DELAY_MS: amount(2500),
  DISCONNECT_GRACE_SECONDS: amount(60),
  IDLE_MINUTES: amount(10).refine((value) => value > 0, "IDLE_MINUTES must be above 0"),
});

/** The room's timings from its vars; a malformed var stops the object at once rather than running odd clocks. */
export function roomTimings(env: Partial<Record<keyof z.input<typeof RoomVarsSchema>, unknown>>): RoomTimings {
  const result = RoomVarsSchema.safeParse(env);
  if (!result.success) {
    throw new Error(
      `Invalid game-room vars: ${result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ")}`,
    );
  }
  const vars = result.data;
  return {
    turnMs: vars.TURN_SECONDS * 1000,
    botDelayMs: vars.BOT_DELAY_MS,
    nextHandDelayMs: vars.NEXT_HAND_DELAY_MS,
    graceMs: vars.DISCONNECT_GRACE_SECONDS * 1000,
    idleMs: vars.IDLE_MINUTES * 60_000,
  };
}

/** The PlayerChannel's vars: the heartbeat interval and the offline grace, in ms; tests shorten them. */
export const ChannelVarsSchema = z.object({
  CHANNEL_HEARTBEAT_MS: amount(20_000).refine((value) => value >= 100, "CHANNEL_HEARTBEAT_MS must be at least 100"),
  CHANNEL_OFFLINE_GRACE_MS: amount(1_000),
});

export function channelTimings(env: Partial<Record<keyof z.input<typeof ChannelVarsSchema>, unknown>>): PresenceTimings {
  const result = ChannelVarsSchema.safeParse(env);
  if (!result.success) {
    throw new Error(
      `Invalid player-channel vars: ${result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ")}`,
    );
  }
  return { heartbeatMs: result.data.CHANNEL_HEARTBEAT_MS, graceMs: result.data.CHANNEL_OFFLINE_GRACE_MS };
}

/** The lobby's pace (game/lobby/lobby.ts SNAPSHOT_MS), in ms; tests shorten it with LOBBY_SNAPSHOT_MS. */
export function lobbySnapshotMs(env: { LOBBY_SNAPSHOT_MS?: unknown }): number {
  return parseSnapshotMs(env.LOBBY_SNAPSHOT_MS);
}

/** Whether the bench-only instruments are on (BENCH_MODE=1, which only `npm run bench` sets). */
export function benchMode(env: { BENCH_MODE?: unknown }): boolean {
  return env.BENCH_MODE === "1";
}
