import * as z from "zod/mini";
import { GameModeSchema, GameTypeSchema } from "../protocol/entities";
import { VariantSchema } from "../protocol/engine-schemas";
import { GameIdSchema } from "../protocol/ids";
import { TableRulesSchema } from "../protocol/table-rules";

// The numbers every player sees (players online, games being played) and the open public tables,
// kept by one owner — the Lobby Durable Object (docs/decisions/123-lobby-owner-and-push.md) — from
// the reports the rooms and the players' channels already make, and published as one snapshot.
// Nobody counts per viewer: a viewer gets the snapshot, filtered for them (`lobbyViewFor`).

/** An open public table as the home page lists it (spec's open-table fields, plus what the filter needs). */
export const TableListingSchema = z.strictObject({
  id: GameIdSchema,
  game_type: GameTypeSchema,
  game_mode: GameModeSchema,
  truco_variant: VariantSchema,
  entry_cost: z.int().check(z.minimum(0)),
  premium_only: z.boolean(),
  seats_taken: z.int().check(z.minimum(1)),
  capacity: z.int().check(z.minimum(2)),
  creator_id: z.string().check(z.minLength(1)),
  creator_nickname: z.string(),
  creator_rating: z.number(),
  /** The house rules the table was opened with; absent: the variant's defaults. */
  house_rules: z.optional(TableRulesSchema),
  /** Epoch ms the table opened: the newest are listed first. */
  opened_at: z.number(),
});
export type TableListing = z.infer<typeof TableListingSchema>;

/** A game being played that anyone may watch (game/spectate/access.ts), as the home's "Ao vivo" lists it. */
export const LiveGameSchema = z.strictObject({
  id: GameIdSchema,
  game_type: GameTypeSchema,
  game_mode: GameModeSchema,
  truco_variant: VariantSchema,
  players: z.array(z.strictObject({ user_id: z.string(), nickname: z.string(), rating: z.number() })),
  /** The best rating at the table: the list shows the highest first. */
  rating: z.number(),
  started_at: z.number(),
});
export type LiveGame = z.infer<typeof LiveGameSchema>;

/** A room's word to the lobby: its table while it is open and listed, whether it is being played, and whether anyone may watch it. */
export const RoomLobbyReportSchema = z.strictObject({
  gameId: GameIdSchema,
  table: z.nullable(TableListingSchema),
  active: z.boolean(),
  /** Absent or null: nobody outside the table may watch it now. */
  live: z.optional(z.nullable(LiveGameSchema)),
  at: z.number(),
});
export type RoomLobbyReport = z.infer<typeof RoomLobbyReportSchema>;

/** A channel's word to the lobby: the player is online (any live socket) or not. */
export const PresenceLobbyReportSchema = z.strictObject({ userId: z.string().check(z.minLength(1)), online: z.boolean(), at: z.number() });
export type PresenceLobbyReport = z.infer<typeof PresenceLobbyReportSchema>;

export const LobbySnapshotSchema = z.strictObject({
  online: z.int().check(z.minimum(0)),
  playing: z.int().check(z.minimum(0)),
  /** The newest open tables, premium-only ones included (each viewer's filter drops what they may not see). */
  tables: z.array(TableListingSchema),
  /** The watchable games being played, highest rated first (absent from a lobby that predates them). */
  live: z.optional(z.array(LiveGameSchema)),
  at: z.number(),
});
export type LobbySnapshot = z.infer<typeof LobbySnapshotSchema>;

/** How many tables a snapshot carries: enough for every viewer's 12 after their filter. */
export const SNAPSHOT_TABLES = 40;
/** How many live games a snapshot carries (a viewer's friends' games come first in their list). */
export const SNAPSHOT_LIVE = 12;
/** How many tables a viewer's home lists. */
export const VIEWER_TABLES = 12;
/**
 * The lobby's pace: the Lobby counts at most this often, and a watching channel looks this often.
 * An isolate shares a snapshot for half of it (snapshot-cache.ts).
 */
export const SNAPSHOT_MS = 5_000;

/** LOBBY_SNAPSHOT_MS as a var (a string): a whole number of ms from 50 up, else the default. */
export function parseSnapshotMs(value: unknown): number {
  const ms = typeof value === "string" || typeof value === "number" ? Number(value) : NaN;
  return Number.isInteger(ms) && ms >= 50 ? ms : SNAPSHOT_MS;
}

/**
 * Reports are sent on a change, and again after this long without one, so an entry whose sender
 * vanished without a word (an evicted object, a lost call) ages out after REPORT_TTL_MS.
 */
export const REPORT_REFRESH_MS = 10 * 60_000;
export const REPORT_TTL_MS = 3 * REPORT_REFRESH_MS;

/** An open table as a viewer sees it (the home page's fields; GET /api/lobby answers these). */
export const OpenTableViewSchema = z.omit(TableListingSchema, { creator_id: true, opened_at: true });
export type OpenTableView = z.infer<typeof OpenTableViewSchema>;

/** What a viewer sees: the counts and up to 12 tables, never their own, premium-only ones only for members. */
export const LobbyViewSchema = z.strictObject({
  online: z.int().check(z.minimum(0)),
  playing: z.int().check(z.minimum(0)),
  open_tables: z.array(OpenTableViewSchema),
});
export type LobbyView = z.infer<typeof LobbyViewSchema>;

/**
 * What a signed-in player sees. The viewer counts among the players online: they are looking, and a
 * page rendered before their channel's first report reached the lobby must not say nobody is.
 */
export function lobbyViewFor(snapshot: LobbySnapshot, viewer: { userId: string; member: boolean }): LobbyView {
  const open_tables: OpenTableView[] = [];
  for (const table of snapshot.tables) {
    if (open_tables.length >= VIEWER_TABLES) break;
    if (table.creator_id === viewer.userId || (table.premium_only && !viewer.member)) continue;
    const { creator_id: _creator, opened_at: _opened, ...shown } = table;
    open_tables.push(shown);
  }
  return { online: Math.max(1, snapshot.online), playing: snapshot.playing, open_tables };
}

/** Whether a table may be listed: open for seats (someone sat, a seat is free). */
export function listable(table: Pick<TableListing, "seats_taken" | "capacity">): boolean {
  return table.seats_taken > 0 && table.seats_taken < table.capacity;
}

/** The snapshot's tables: listable, fresh, newest first, at most SNAPSHOT_TABLES. */
export function snapshotTables(tables: Iterable<TableListing>): TableListing[] {
  return [...tables]
    .filter(listable)
    .sort((a, b) => b.opened_at - a.opened_at || (a.id < b.id ? -1 : 1))
    .slice(0, SNAPSHOT_TABLES);
}

/** The snapshot's live games: fresh, highest rated first, at most SNAPSHOT_LIVE. */
export function snapshotLive(games: Iterable<LiveGame>): LiveGame[] {
  return [...games].sort((a, b) => b.rating - a.rating || a.started_at - b.started_at || (a.id < b.id ? -1 : 1)).slice(0, SNAPSHOT_LIVE);
}

/** The home's live parts as its channel pushes them: the viewer's view and the live games. */
export const LobbyPushSchema = z.extend(LobbyViewSchema, { live: z.optional(z.array(LiveGameSchema)) });
export type LobbyPush = z.infer<typeof LobbyPushSchema>;

/** Two views show the same thing (a channel pushes only a change). */
export function sameView(a: LobbyPush | null, b: LobbyPush): boolean {
  return a !== null && JSON.stringify(a) === JSON.stringify(b);
}

export const EMPTY_SNAPSHOT: LobbySnapshot = { online: 0, playing: 0, tables: [], at: 0 };
