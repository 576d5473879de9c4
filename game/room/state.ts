import type { AdminAudit } from "./api";
import type { BotLevel, GameSummary, PlayerResult } from "../protocol/entities";
import type { RoomMessage } from "../protocol/room";
import type { AssignedSeat, NoShowRule } from "./api";
import type { SeatOutcome } from "./settlement";
import type { Action, CreateMatchInput, MatchState, TableRead, TeamId } from "../truco/index";

// The room's state and what a transition hands back to its adapter. Plain JSON: the Durable
// Object stores a Room as one value, the browser tests' scripted room keeps one in memory.

/**
 * How a decided game ended: on points (`match_over`), by a forfeit (a team conceded, or did not
 * show up), or on points with a seat a computer player held for a player who left (`abandoned`).
 */
export type EndReason = "match_over" | "forfeit" | "abandoned";

export interface Ending {
  winner: TeamId;
  scores: [number, number];
  reason: EndReason;
  at: number;
  /** The player whose concession forfeited the game (absent: no one conceded). */
  by?: string;
}

/** One seat at the table. */
export interface RoomSeat {
  seat: number;
  team: TeamId;
  /** Null for a computer player's seat. */
  userId: string | null;
  nickname: string;
  avatarUrl: string | null;
  isPremium: boolean;
  rating: number;
  /** The owner keeps their games private: nobody watches this table (absent: not private). */
  gamesPrivate?: boolean;
  /** Set for a computer player's seat. */
  botLevel: BotLevel | null;
  /** The entry the room charged for this seat (what a cancellation returns and the pot holds). */
  entryPaid: number;
  /** The owner has a socket open (computer seats: always false; they need none). */
  connected: boolean;
  /** Epoch ms the owner's last socket closed while the game was active; null while connected. */
  awaySince: number | null;
  /** A computer player holds this human seat until its owner returns. */
  botControlled: boolean;
}

/** How the first match is set up beyond variant, players and seed (house rules; tests and puzzles fix a deal). */
export type MatchSetup = Pick<CreateMatchInput, "rules" | "dealerIndex" | "deal" | "scores">;

export interface HandProof {
  hand: number;
  commitment: string;
  seed: string | null;
}

export interface HandAction {
  playerId: string;
  action: Action;
}

export interface Room {
  game: GameSummary;
  /** Seats the server assigned at creation (null: a room players join by code). */
  assigned: AssignedSeat[] | null;
  /** Taken seats, in seat order. */
  seats: RoomSeat[];
  /** Users who left this waiting room (they cannot take a seat again). */
  left: string[];
  setup: MatchSetup | null;
  match: MatchState | null;
  /** Grows with every change a player can see; each new version is published as a game_state. */
  version: number;
  hands: HandProof[];
  /** Actions of the current hand, for the hand record. */
  handActions: HandAction[];
  turn: { playerId: string; deadline: number; actionCount: number } | null;
  botDueAt: number | null;
  nextHandAt: number | null;
  /** A waiting room with no activity until then is cancelled. */
  idleDeadline: number | null;
  /** A server-created room: who has not connected by then is a no-show. */
  noShow: { deadline: number; rule: NoShowRule } | null;
  /** The game is decided and its settlement is due (from `at`) until `settled`. */
  ending: Ending | null;
  results: PlayerResult[] | null;
  settled: boolean;
  /** What the computer players have learnt of each seat's betting, from finished hands (public facts only); absent in rooms stored before it. */
  botRead?: TableRead | null;
  /** "Jogar de novo" at a finished table (game/room/rematch.ts); absent in rooms stored before it. */
  rematch?: Rematch | null;
  /** A public table: listed on the home page while it has a free seat (absent: not listed). */
  listed?: boolean;
  /** The ended game's record is in R2 (game/room/record.ts); absent until then. */
  recorded?: boolean;
  /**
   * D1 already says the game started: the seat batch that filled a table players join (or the
   * creation of a practice table with its computer players) wrote the start, so the start itself
   * writes nothing; a seat given up before the start writes the table back to waiting.
   */
  startWritten?: boolean;
}

/** Who accepted a rematch, whether the app is opening its table, and that table once open. */
export interface Rematch {
  accepted: string[];
  opening: boolean;
  gameId: string | null;
}

/** The room's timers, in milliseconds (wrangler vars; tests and benchmarks shorten them). */
export interface RoomTimings {
  turnMs: number;
  botDelayMs: number;
  nextHandDelayMs: number;
  graceMs: number;
  idleMs: number;
}

/** DESIGN.md §5. */
export const DEFAULT_TIMINGS: RoomTimings = {
  turnMs: 30_000,
  botDelayMs: 900,
  nextHandDelayMs: 2_500,
  graceMs: 60_000,
  idleMs: 10 * 60_000,
};

/** What a transition needs from the outside world: the time, the timings, and randomness. */
export interface RoomClock {
  now: number;
  timings: RoomTimings;
  /** A fresh secret match seed; asked for only when a match starts. */
  newSeed: () => string;
}

export const BOT_NAMES = ["Zé Bot", "Tia Bot", "Chico Bot", "Nina Bot"] as const;

/** A seat row for D1 (`game_players`). */
export interface SeatRow {
  seat: number;
  team: TeamId;
  userId: string | null;
  nickname: string;
  botLevel: BotLevel | null;
  entry: number;
}

export interface Refund {
  userId: string;
  entry: number;
}

/**
 * What the adapter does after a transition, in this order:
 * 1. the D1 writes (`release_seat` … `settle`), awaited, before the new room is adopted: if one
 *    fails, the room stays as it was;
 * 2. the new room is saved (persist before broadcast);
 * 3. the socket effects in order: `send` (to every socket), `state` (each socket its own
 *    game_state; present exactly when the version grew), `close`;
 * 4. the hand records (`hand_started`, `hand_ended`): small entries in the room's own storage
 *    (game/room/record.ts), which the game's record in R2 is built from when it ends.
 */
export type RoomEffect =
  /** `reopen`: D1 already said the table started (`Room.startWritten`); the release writes it back to waiting. */
  | { type: "release_seat"; userId: string; entry: number; reopen?: boolean }
  | { type: "make_practice"; level: BotLevel; refunds: Refund[]; bots: SeatRow[] }
  | { type: "mark_started" }
  | { type: "cancel"; reason: string; refunds: Refund[]; audit?: AdminAudit }
  | {
      type: "settle";
      winner: TeamId;
      scores: [number, number];
      seats: SeatOutcome[];
      countStats: boolean;
      /** How it ended; the game row keeps it (`end_reason`) unless it ended on points. */
      reason: EndReason;
      /** A ranked result: the players' leaderboard rows move with it (db/leaderboard.ts). */
      ranked: boolean;
    }
  | {
      type: "hand_started";
      hand: number;
      commitment: string;
      dealer: string;
      scores: [number, number];
      /** The cards the engine dealt (by player id) and the vira: what a replay checks against the seed. */
      deal: { dealt: Record<string, string[]>; vira: string | null };
    }
  | {
      type: "hand_ended";
      hand: number;
      seed: string;
      actions: HandAction[];
      winnerTeam: TeamId | null;
      points: number;
      scores: [number, number];
    }
  | { type: "send"; message: RoomMessage }
  | { type: "state" }
  | { type: "close"; userId: string | null; code: number; reason: string };

export type RecordEffect = Extract<RoomEffect, { type: "hand_started" | "hand_ended" }>;
export type WriteEffect = Extract<RoomEffect, { type: "release_seat" | "make_practice" | "mark_started" | "cancel" | "settle" }>;

const WRITES = new Set<RoomEffect["type"]>(["release_seat", "make_practice", "mark_started", "cancel", "settle"]);

/** The D1 writes that must succeed before the new room is adopted. */
export function isWrite(effect: RoomEffect): effect is WriteEffect {
  return WRITES.has(effect.type);
}

/** A transition's outcome: the next room and what the adapter must do for it. */
export interface Step {
  room: Room;
  effects: RoomEffect[];
}
