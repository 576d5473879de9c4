import type { PlayerChannelRpc } from "../channel/api";
import type { GameSummary, GameType } from "../protocol/entities";
import type { RoomRpc } from "../room/api";
import type { Variant } from "../truco/types";
import type { TournamentAudit } from "./api";
import type { Bracket } from "./bracket";
import type { Registry } from "./registry";

// What the tournament host (tournament-host.ts) takes from its platform: the Durable Object builds
// these over its storage, D1 (db/tournaments.ts) and the other objects' stubs; the Node tests build
// them in memory. Each port does I/O and nothing else.

export type TournamentStatus = "upcoming" | "registration" | "active" | "completed" | "cancelled";

/** What the host reads of a tournament's row (the D1 row is the truth). */
export interface TournamentRecord {
  id: string;
  name: string;
  status: TournamentStatus;
  game_type: GameType;
  truco_variant: Variant;
  entry_cost: number;
  /** Coins the house adds to the fees. */
  guaranteed_prize: number;
  max_participants: number;
  min_participants: number;
  /** ISO; null: registration is open from the start. */
  registration_opens_at: string | null;
  /** ISO: registration closes and the draw happens. */
  start_time: string;
  /** The recurring schedule's series, or null for an admin's tournament. */
  series: string | null;
  /** The bracket as JSON, once drawn. */
  bracket: string | null;
}

export interface Registration {
  user_id: string;
  entry_paid: number;
}

/** A fee to return. */
export interface Refund {
  userId: string;
  amount: number;
}

/** How a tournament closes with every fee it still holds returned. */
export interface Closing {
  status: "cancelled" | "completed";
  reason: string;
  bracket: Bracket | null;
}

/** What a seat needs to know of its player. */
export interface SeatPlayer {
  id: string;
  nickname: string;
  avatar_url: string | null;
  /** ISO, or null. */
  premium_until: string | null;
  ranking_points: number;
  /** Keeps their games private (nobody watches them). Absent: not private. */
  games_private?: boolean;
}

/** The tournament's rows in D1; every coin movement goes through the ledger in the same batch as its row. */
export interface TournamentRecords {
  find(tournamentId: string): Promise<TournamentRecord | null>;
  /** The registrations in the order they came. */
  registrations(tournamentId: string): Promise<Registration[]>;
  /**
   * The fee and the registration in one batch (only if the player can pay it). Run again after it
   * landed it answers "duplicate" and takes nothing (the fee's idempotency key).
   */
  register(t: TournamentRecord, userId: string): Promise<"registered" | "insufficient" | "duplicate">;
  /** Whether the player's registration row exists: what a "duplicate" or "insufficient" answer left. */
  isRegistered(tournamentId: string, userId: string): Promise<boolean>;
  /** The registration goes and its fee comes back, in one batch; run again after it landed it changes nothing. */
  unregister(t: TournamentRecord, userId: string, entryPaid: number): Promise<void>;
  /** Closes an open tournament returning these fees, in one batch (with the admin's audit row when given). */
  close(t: TournamentRecord, refunds: Refund[], closing: Closing, audit?: TournamentAudit): Promise<void>;
  /** The recurring schedule's tournaments that should exist at `now` (idempotent). */
  ensureSchedule(now: number): Promise<void>;
  /** The draw: the tournament turns active with its bracket, and the players left out get their fees back. */
  start(t: TournamentRecord, bracket: Bracket, refunds: Refund[]): Promise<void>;
  saveBracket(t: TournamentRecord, bracket: Bracket): Promise<void>;
  games(gameIds: string[]): Promise<GameSummary[]>;
  game(gameId: string): Promise<GameSummary | null>;
  players(userIds: string[]): Promise<SeatPlayer[]>;
  /** A match's game row (a tournament game: no table entry), created by `createdBy`; answers its id. */
  createGame(t: TournamentRecord, createdBy: string): Promise<string>;
  /**
   * Places, prizes through the ledger and the status, in one batch. A completion that ran before
   * changes nothing (the prizes' idempotency keys): prizes are paid once however often it runs.
   */
  complete(t: TournamentRecord, bracket: Bracket, places: Map<string, number | null>, prizes: Map<string, number>): Promise<void>;
}

export interface TournamentStore {
  /** Keeps the tournament's id, which the alarm needs (an object cannot read its own name). */
  remember(tournamentId: string): Promise<void>;
  recall(): Promise<string | undefined>;
  /** The stored registration list (registry.ts), unparsed; undefined before the first registration call. */
  loadRegistry(): Promise<unknown>;
  saveRegistry(registry: Registry): Promise<void>;
  setAlarm(at: number): Promise<void>;
  deleteAlarm(): Promise<void>;
}

export interface TournamentPeers {
  room(gameId: string): Pick<RoomRpc, "openAssigned">;
  channel(userId: string): Pick<PlayerChannelRpc, "notify">;
}

export interface TournamentPorts {
  store: TournamentStore;
  records: TournamentRecords;
  peers: TournamentPeers;
  clock: { now(): number };
  /** A uniform number in [0, 1): the draw. */
  random(): number;
  /** Runs `fn` with no other event of this object interleaved. */
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
  warn(message: string, error: unknown): void;
}
