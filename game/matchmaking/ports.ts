import type { PlayerChannelRpc } from "../channel/api";
import type { GameSummary } from "../protocol/entities";
import type { RoomRpc } from "../room/api";
import type { Queue, QueueEntry } from "./pairing";

// What the matchmaker (matchmaker.ts) takes from its platform: the Durable Object builds these
// over its storage, D1 (db/matchmaking.ts) and the other objects' stubs; the Node tests build them
// in memory. Each port does I/O and nothing else.

/** What the matchmaker reads of a matched player to seat them. */
export interface MatchPlayer {
  id: string;
  nickname: string;
  avatar_url: string | null;
  /** ISO time, or null for a player who never was premium. */
  premium_until: string | null;
  ranking_points: number;
  virtual_coins: number;
  banned_at: string | null;
}

/** A match that fell through: its claimed players go back to waiting and, when `close`, its game row closes. */
export interface FailedMatch {
  gameId: string;
  claimed: string[];
  close: boolean;
}

/** The queue in D1; a row's key is the player, so a player waits in one queue at most. */
export interface QueueRecords {
  /** Players waiting in the queue whose page has not called since `before` (epoch ms). */
  staleWaiting(queueKey: string, before: number): Promise<string[]>;
  /** Of these players, those whose channel is connected (online or playing). */
  online(userIds: string[]): Promise<string[]>;
  /** Removes waiting players from the queue (a claimed one stays). */
  dropWaiting(userIds: string[]): Promise<void>;
  waiting(queueKey: string): Promise<QueueEntry[]>;
  players(userIds: string[]): Promise<MatchPlayer[]>;
  /**
   * One game row per match and the claim of its players, in one transaction: per match, the game
   * and whom the claim got (a player who cancelled, or whom another queue took, is not claimed).
   */
  createAndClaim(queue: Queue, queueKey: string, matches: string[][]): Promise<{ game: GameSummary; claimed: string[] }[]>;
  /** Undoes the matches that fell through, in one round trip; `at` is the ISO time a closed game ends. */
  fallThrough(failed: FailedMatch[], at: string): Promise<void>;
}

export interface MatchmakerStore {
  /** Keeps the queue's name, which the alarm needs (an object cannot read its own name). */
  remember(queue: Queue): Promise<void>;
  /** The queue last remembered, unparsed. */
  recall(): Promise<unknown>;
  setAlarm(at: number): Promise<void>;
  deleteAlarm(): Promise<void>;
}

export interface MatchmakerPeers {
  room(gameId: string): Pick<RoomRpc, "openAssigned">;
  channel(userId: string): Pick<PlayerChannelRpc, "notify">;
}

export interface MatchmakerPorts {
  store: MatchmakerStore;
  records: QueueRecords;
  peers: MatchmakerPeers;
  /** `now`: epoch ms; `ticks`: a monotonic ms counter for the bench's timing of a pass. */
  clock: { now(): number; ticks(): number };
  warn(message: string, error: unknown): void;
  /** A pass made games (the bench logs its time per match). */
  passed?(queueKey: string, games: number, elapsedMs: number): void;
}
