import type { PlayerChannelRpc } from "../channel/api";
import type { GameSummary } from "../protocol/entities";
import type { RoomRpc } from "../room/api";
import type { WaitingEntry } from "./api";
import type { Queue } from "./pairing";

// What the matchmaker (matchmaker-host.ts) takes from its platform: the Durable Object builds these
// over its storage (the queue's name and its waiting list), D1 (db/matchmaking.ts) and the other objects' stubs; the Node tests build them
// in memory. Each port does I/O and nothing else.

/** What the matchmaker reads of a matched player to seat them. */
export interface MatchPlayer {
  id: string;
  nickname: string;
  avatar_url: string | null;
  /** ISO time, or null for a player who never was premium. */
  premium_until: string | null;
  ranking_points: number;
  /** Keeps their games private (nobody watches them). Absent: not private. */
  games_private?: boolean;
  virtual_coins: number;
  banned_at: string | null;
}

/** A match's game row to create: its id (the players were claimed for it) and who created it (seat 0). */
export interface PlannedGame {
  id: string;
  createdBy: string;
}

/** What the matchmaker writes to D1: the games it makes, and the ones that fell through. */
export interface QueueRecords {
  players(userIds: string[]): Promise<MatchPlayer[]>;
  /** One game row per match, in one batch (ranked or casual at the mode's entry, never listed). */
  createGames(queue: Queue, games: PlannedGame[]): Promise<GameSummary[]>;
  /** Matched games no room opened close, in one round trip; `at` is the ISO time they end. */
  closeGames(gameIds: string[], at: string): Promise<void>;
}

export interface MatchmakerStore {
  /** Keeps the queue's name, which the alarm needs (an object cannot read its own name). */
  remember(queue: Queue): Promise<void>;
  /** The queue last remembered, unparsed. */
  recall(): Promise<unknown>;
  /** The waiting list as last saved, unparsed (undefined when never saved). */
  loadWaiting(): Promise<unknown>;
  saveWaiting(entries: WaitingEntry[]): Promise<void>;
  setAlarm(at: number): Promise<void>;
  deleteAlarm(): Promise<void>;
}

export interface MatchmakerPeers {
  room(gameId: string): Pick<RoomRpc, "openAssigned">;
  channel(userId: string): Pick<PlayerChannelRpc, "notify" | "claimForMatch" | "releaseMatch" | "droppedFromQueue">;
}

export interface MatchmakerPorts {
  store: MatchmakerStore;
  records: QueueRecords;
  peers: MatchmakerPeers;
  /** `now`: epoch ms; `ticks`: a monotonic ms counter for the bench's timing of a pass. */
  clock: { now(): number; ticks(): number };
  /** A new game's id (a UUID). */
  newId(): string;
  warn(message: string, error: unknown): void;
  /** A pass made games (the bench logs its time per match). */
  passed?(queueKey: string, games: number, elapsedMs: number): void;
}
