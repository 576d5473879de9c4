import { DurableObject } from "cloudflare:workers";
import type { LobbyRpc } from "../../../game/lobby/api";
import { LobbyHost } from "../../../game/lobby/lobby-host";
import {
  LiveGameSchema,
  LobbySnapshotSchema,
  PresenceLobbyReportSchema,
  RoomLobbyReportSchema,
  TableListingSchema,
  type LiveGame,
  type LobbySnapshot,
  type PresenceLobbyReport,
  type RoomLobbyReport,
  type TableListing,
} from "../../../game/lobby/lobby";
import type { LobbyStore } from "../../../game/lobby/ports";
import { counted } from "../../../game/lobby/memory";
import { lobbySnapshotMs } from "./env";

// The Lobby (docs/decisions/123-lobby-owner-and-push.md): one object that keeps the latest report
// of every room and every player's channel in its own SQLite tables and builds the snapshot of
// players online, games being played and open tables. Wiring only: game/lobby/lobby-host.ts decides.

export interface LobbyEnv {
  /** The lobby's pace in ms (tests shorten it). */
  LOBBY_SNAPSHOT_MS?: string;
}

export class Lobby extends DurableObject<LobbyEnv> implements LobbyRpc {
  private readonly host: LobbyHost;

  constructor(ctx: DurableObjectState, env: LobbyEnv) {
    super(ctx, env);
    const sql = ctx.storage.sql;
    sql.exec(`CREATE TABLE IF NOT EXISTS players (user_id TEXT PRIMARY KEY, online INTEGER NOT NULL, at INTEGER NOT NULL)`);
    sql.exec(`CREATE INDEX IF NOT EXISTS players_at ON players (at)`);
    sql.exec(`CREATE TABLE IF NOT EXISTS rooms (
      game_id TEXT PRIMARY KEY, active INTEGER NOT NULL, listing TEXT, opened_at INTEGER, at INTEGER NOT NULL)`);
    sql.exec(`CREATE INDEX IF NOT EXISTS rooms_at ON rooms (at)`);
    sql.exec(`CREATE INDEX IF NOT EXISTS rooms_listed ON rooms (opened_at) WHERE listing IS NOT NULL`);
    // The games anyone may watch, a table of its own so the rooms' table stays as it was.
    sql.exec(
      `CREATE TABLE IF NOT EXISTS live_games (game_id TEXT PRIMARY KEY, game TEXT NOT NULL, rating REAL NOT NULL, at INTEGER NOT NULL)`,
    );
    sql.exec(`CREATE INDEX IF NOT EXISTS live_games_rating ON live_games (rating)`);
    this.host = new LobbyHost({ store: sqliteStore(sql), clock: { now: () => Date.now() } }, lobbySnapshotMs(env));
  }

  async reportRoom(report: RoomLobbyReport): Promise<void> {
    await this.host.reportRoom(RoomLobbyReportSchema.parse(report));
  }

  async reportPresence(report: PresenceLobbyReport): Promise<void> {
    await this.host.reportPresence(PresenceLobbyReportSchema.parse(report));
  }

  async snapshot(): Promise<LobbySnapshot> {
    return LobbySnapshotSchema.parse(await this.host.snapshot());
  }
}

/** The lobby's store on the object's SQLite tables: a newer report replaces an older one, never the reverse. */
function sqliteStore(sql: SqlStorage): LobbyStore {
  return {
    presence({ userId, online, at }, since) {
      const held = sql.exec<{ online: number; at: number }>(`SELECT online, at FROM players WHERE user_id = ?`, userId).toArray()[0];
      if (held && held.at > at) return 0;
      sql.exec(
        `INSERT INTO players (user_id, online, at) VALUES (?, ?, ?)
         ON CONFLICT (user_id) DO UPDATE SET online = excluded.online, at = excluded.at WHERE excluded.at >= players.at`,
        userId,
        online ? 1 : 0,
        at,
      );
      return counted(online, at, since) - (held ? counted(held.online === 1, held.at, since) : 0);
    },
    room({ gameId, table, active, live, at }, since) {
      const held = sql.exec<{ active: number; at: number }>(`SELECT active, at FROM rooms WHERE game_id = ?`, gameId).toArray()[0];
      if (held && held.at > at) return 0;
      if (live) {
        sql.exec(
          `INSERT INTO live_games (game_id, game, rating, at) VALUES (?, ?, ?, ?)
           ON CONFLICT (game_id) DO UPDATE SET game = excluded.game, rating = excluded.rating, at = excluded.at WHERE excluded.at >= live_games.at`,
          gameId,
          JSON.stringify(live),
          live.rating,
          at,
        );
      } else sql.exec(`DELETE FROM live_games WHERE game_id = ? AND at <= ?`, gameId, at);
      sql.exec(
        `INSERT INTO rooms (game_id, active, listing, opened_at, at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (game_id) DO UPDATE SET active = excluded.active, listing = excluded.listing,
           opened_at = excluded.opened_at, at = excluded.at WHERE excluded.at >= rooms.at`,
        gameId,
        active ? 1 : 0,
        table ? JSON.stringify(table) : null,
        table?.opened_at ?? null,
        at,
      );
      return counted(active, at, since) - (held ? counted(held.active === 1, held.at, since) : 0);
    },
    counts(since) {
      const online = sql.exec<{ n: number }>(`SELECT count(*) AS n FROM players WHERE online = 1 AND at > ?`, since).one().n;
      const playing = sql.exec<{ n: number }>(`SELECT count(*) AS n FROM rooms WHERE active = 1 AND at > ?`, since).one().n;
      return { online, playing };
    },
    tables(since, limit) {
      const rows = sql
        .exec<{ listing: string }>(
          `SELECT listing FROM rooms WHERE listing IS NOT NULL AND at > ? ORDER BY opened_at DESC LIMIT ?`,
          since,
          limit,
        )
        .toArray();
      const tables: TableListing[] = [];
      for (const row of rows) {
        const parsed = TableListingSchema.safeParse(JSON.parse(row.listing));
        if (parsed.success) tables.push(parsed.data);
      }
      return tables;
    },
    live(since, limit) {
      const rows = sql
        .exec<{ game: string }>(`SELECT game FROM live_games WHERE at > ? ORDER BY rating DESC LIMIT ?`, since, limit)
        .toArray();
      const games: LiveGame[] = [];
      for (const row of rows) {
        const parsed = LiveGameSchema.safeParse(JSON.parse(row.game));
        if (parsed.success) games.push(parsed.data);
      }
      return games;
    },
    prune(before) {
      sql.exec(`DELETE FROM live_games WHERE at < ?`, before);
      sql.exec(`DELETE FROM players WHERE at < ?`, before);
      sql.exec(`DELETE FROM rooms WHERE at < ?`, before);
    },
  };
}
