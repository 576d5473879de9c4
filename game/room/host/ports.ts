import type { SpectatorFrame } from "../../protocol/spectate";
import type { GameReport } from "../../channel/presence";
import type { GameSummary } from "../../protocol/entities";
import type { RoomLobbyReport } from "../../lobby/lobby";
import type { SeatRow, WriteEffect } from "../state";

// What the room host needs from the platform, as arguments (docs/decisions/110-room-host-with-ports.md).
// The GameRoom Durable Object passes workerd's storage, D1, R2 and hibernating sockets; Node tests and
// the browser tests' scripted room pass the in-memory ports of ./memory.ts.

/** The object's own key-value storage (a Durable Object's storage API, in the part the host uses). */
export interface RoomStore {
  get(keys: string[]): Promise<Map<string, unknown>>;
  /**
   * Writes the entries together. The host does not await it before sending: the platform holds
   * outgoing frames until the write is durable (a Durable Object's output gate), so a frame never
   * reports a state that storage could lose.
   */
  put(entries: Record<string, unknown>): Promise<void>;
  /** Every entry whose key starts with `prefix`, in key order (the hand and chat entries of game/room/record.ts). */
  list(prefix: string): Promise<Map<string, unknown>>;
  setAlarm(at: number): Promise<void>;
}

/** Where an ended game's record goes: one object per game (R2's GAME_RECORDS bucket). */
export interface RecordArchive {
  /** Writes the object whole; writing the same key again replaces it (a retry writes the same record). */
  put(key: string, text: string): Promise<void>;
}

/** How taking a seat ended. */
export type SeatOutcome = "seated" | "insufficient" | "taken" | "code_taken";

/** What a game's row holds beyond its summary, for the seat batch that writes it. */
export interface NewGameRow {
  /** Listed on the home page's open tables. */
  listed: boolean;
  /** A free practice table's computer players, seated in the same batch as the row and its creator. */
  bots?: SeatRow[];
}

/** The room's rows in the relational database: seats and entries, results and money. */
export interface RoomRecords {
  /**
   * Seats a player and debits the entry in one atomic batch. With `create`, the batch first writes
   * the game's row itself (the creator's seat of a table the app has not inserted): no row without
   * its creator's seat and entry; `code_taken` when another open game holds its code. With
   * `starts` (the seat fills the table) the same batch marks the game started, and only if the seat
   * went in; a practice table created with its computer players (`create.bots`) is written started.
   */
  takeSeat(game: GameSummary, seat: SeatRow, create?: NewGameRow, starts?: boolean): Promise<SeatOutcome>;
  /**
   * Every seat of a server-assigned table with its entry, in one atomic batch: each seat's outcome,
   * in order (a paid seat goes in only with its entry). Null when the batch was refused as a whole
   * (a seat or an entry already written) and wrote nothing: seat them one by one then. With
   * `starts`, the same batch marks the game started, only if every seat went in.
   */
  takeSeats(game: GameSummary, seats: SeatRow[], starts?: boolean): Promise<SeatOutcome[] | null>;
  /** One write effect of a transition (start, cancel, settle, …), atomic on its own. */
  write(game: GameSummary, effect: WriteEffect): Promise<void>;
  /** The current ranking points of these users. */
  ratingsOf(userIds: string[]): Promise<Map<string, number>>;
  /** A tournament game ended (its rows are written): its tournament reads the result. */
  tournamentGameEnded(gameId: string): Promise<void>;
}

/**
 * The room's open sockets. `S` is whatever the platform hands out; tags are what the socket was
 * accepted with (the user id first, then the session's tag).
 */
export interface SocketHub<S> {
  /** The sockets accepted and not yet closed, all or those with a tag. */
  list(tag?: string): S[];
  isOpen(socket: S): boolean;
  /** Sends a text frame; a socket that went away is ignored (its close event follows). */
  send(socket: S, text: string): void;
  close(socket: S, code: number, reason: string): void;
  tags(socket: S): string[];
  /** The small value kept on a socket across hibernation. */
  readAttachment(socket: S): unknown;
  writeAttachment(socket: S, value: unknown): void;
  /** When the platform last answered the socket's keep-alive ping by itself (epoch ms), if ever. */
  lastPing(socket: S): number | null;
}

/** The clock and the only randomness of a room. */
export interface HostClock {
  now(): number;
  /** A match seed: 256 random bits as hex. */
  newSeed(): string;
}

/** Each player's PlayerChannel, which turns the room's reports into presence. */
export interface PresenceChannels {
  report(userId: string, report: GameReport): Promise<void>;
}

/** The Lobby, which keeps the numbers and open tables everyone sees (game/lobby/). */
export interface LobbyChannel {
  report(report: RoomLobbyReport): Promise<void>;
}

/** The game's spectator relay (game/spectate/): each new version, once, while anyone watches. */
export interface SpectatorRelayChannel {
  publish(gameId: string, frame: SpectatorFrame): Promise<void>;
  /** The game may no longer be watched: the relay closes its spectators' sockets. */
  unwatchable(gameId: string): Promise<void>;
}

/** What an operator wants to see of a room: one structured event per thing that matters. */
export type RoomEvent =
  | { event: "game_started"; gameId: string; variant: string; mode: string; seats: number }
  | { event: "game_settled"; gameId: string; variant: string; mode: string; pot: number; reason: string }
  | { event: "game_cancelled"; gameId: string; reason: string }
  | { event: "hand_played"; gameId: string; moves: number }
  | { event: "record_written"; gameId: string; hands: number; messages: number; bytes: number }
  | { event: "record_failed"; gameId: string; error: string }
  | { event: "settlement_retried"; gameId: string; error: string }
  | { event: "socket_closed_for_abuse"; gameId: string; userId: string; reason: string }
  | { event: "report_failed"; gameId: string; to: "presence" | "tournament" | "lobby" | "relay"; error: string };

export interface RoomHostPorts<S> {
  store: RoomStore;
  records: RoomRecords;
  archive: RecordArchive;
  sockets: SocketHub<S>;
  clock: HostClock;
  presence: PresenceChannels | null;
  lobby: LobbyChannel | null;
  /** The spectators' relay (absent: nobody can watch, as in tests that do not need it). */
  relay?: SpectatorRelayChannel | null;
  /** Runs `fn` with no other event of this room interleaved (a Durable Object's blockConcurrencyWhile). */
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
  /** Work that may finish after the event that started it (a Durable Object's waitUntil). */
  background(work: Promise<unknown>): void;
  events(event: RoomEvent): void;
}
