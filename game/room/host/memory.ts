import type { GameReport } from "../../channel/presence";
import type { GameSummary } from "../../protocol/entities";
import type { SeatRow, WriteEffect } from "../state";
import type {
  HostClock,
  LobbyChannel,
  PresenceChannels,
  RecordArchive,
  RoomEvent,
  RoomHostPorts,
  RoomRecords,
  RoomStore,
  SeatOutcome,
  SocketHub,
} from "./ports";
import type { RoomLobbyReport } from "../../lobby/lobby";

// In-memory ports for the room host: Node tests and the browser tests' scripted room run the same
// loop as the GameRoom Durable Object on these. They keep a log of what the host did, in order, so
// a test can check that a room was saved before its frames went out.

/** One entry of the shared log: a save, a frame, a close, a relational write. */
export type MemoryLogEntry =
  | { kind: "put"; keys: string[] }
  | { kind: "send"; socket: number; text: string }
  | { kind: "close"; socket: number; code: number }
  | { kind: "write"; effect: WriteEffect["type"] }
  | { kind: "archive"; key: string };

export class MemoryStore implements RoomStore {
  readonly values = new Map<string, unknown>();
  alarmAt: number | null = null;

  constructor(private readonly log: MemoryLogEntry[]) {}

  async get(keys: string[]): Promise<Map<string, unknown>> {
    const found = new Map<string, unknown>();
    for (const key of keys) if (this.values.has(key)) found.set(key, structuredClone(this.values.get(key)));
    return found;
  }

  put(entries: Record<string, unknown>): Promise<void> {
    // Structured-cloned as the platform's storage does, at once: a later change to the object cannot leak in.
    for (const [key, value] of Object.entries(entries)) this.values.set(key, structuredClone(value));
    this.log.push({ kind: "put", keys: Object.keys(entries) });
    return Promise.resolve();
  }

  async list(prefix: string): Promise<Map<string, unknown>> {
    const keys = [...this.values.keys()].filter((key) => key.startsWith(prefix)).sort();
    return new Map(keys.map((key) => [key, structuredClone(this.values.get(key))]));
  }

  async setAlarm(at: number): Promise<void> {
    this.alarmAt = at;
  }
}

/** The records bucket in memory; `fail` makes writes throw (R2 unavailable). */
export class MemoryArchive implements RecordArchive {
  readonly objects = new Map<string, string>();
  writes = 0;
  fail = false;

  constructor(private readonly log: MemoryLogEntry[]) {}

  async put(key: string, text: string): Promise<void> {
    if (this.fail) throw new Error("records bucket unavailable");
    this.objects.set(key, text);
    this.writes += 1;
    this.log.push({ kind: "archive", key });
  }
}

/** Seats always taken and paid unless `refuse` says otherwise; every write logged; `failSettle` makes settlements throw. */
export class MemoryRecords implements RoomRecords {
  readonly writes: WriteEffect[] = [];
  readonly tournamentReports: string[] = [];
  refuse: ((seat: SeatRow) => "insufficient" | "taken" | null) | null = null;
  failSettle = false;
  ratings = new Map<string, number>();

  constructor(private readonly log: MemoryLogEntry[]) {}

  async takeSeat(_game: GameSummary, seat: SeatRow): Promise<SeatOutcome> {
    return this.refuse?.(seat) ?? "seated";
  }

  async takeSeats(_game: GameSummary, seats: SeatRow[]): Promise<SeatOutcome[] | null> {
    return seats.map((seat) => this.refuse?.(seat) ?? "seated");
  }

  async write(_game: GameSummary, effect: WriteEffect): Promise<void> {
    if (effect.type === "settle" && this.failSettle) throw new Error("settlement unavailable");
    this.writes.push(effect);
    this.log.push({ kind: "write", effect: effect.type });
  }

  async ratingsOf(userIds: string[]): Promise<Map<string, number>> {
    return new Map(userIds.map((id) => [id, this.ratings.get(id) ?? 1000]));
  }

  async tournamentGameEnded(gameId: string): Promise<void> {
    this.tournamentReports.push(gameId);
  }
}

/** A socket of the in-memory hub: what it was sent, and how it closed. */
export class MemorySocket {
  readonly sent: string[] = [];
  closed: { code: number; reason: string } | null = null;
  attachment: unknown = null;
  lastPing: number | null = null;

  constructor(
    readonly id: number,
    readonly tags: string[],
    /** Called with each frame (the scripted room forwards it to the page). */
    readonly onSend: ((text: string) => void) | null = null,
    readonly onClose: ((code: number, reason: string) => void) | null = null,
  ) {}

  /** Every frame sent, parsed, with `batch` frames opened into their messages. */
  messages(): { type: string; payload?: unknown }[] {
    return this.sent.flatMap((text) => {
      const frame = JSON.parse(text) as { type: string; payload?: { messages?: unknown[] } };
      return frame.type === "batch" ? (frame.payload!.messages as { type: string }[]) : [frame];
    });
  }
}

export class MemorySockets implements SocketHub<MemorySocket> {
  private readonly sockets: MemorySocket[] = [];
  private nextId = 1;

  constructor(private readonly log: MemoryLogEntry[]) {}

  /** A socket accepted with these tags (the user id first). */
  accept(tags: string[], onSend?: (text: string) => void, onClose?: (code: number, reason: string) => void): MemorySocket {
    const socket = new MemorySocket(this.nextId++, tags, onSend ?? null, onClose ?? null);
    this.sockets.push(socket);
    return socket;
  }

  list(tag?: string): MemorySocket[] {
    return this.sockets.filter((s) => s.closed === null && (tag === undefined || s.tags.includes(tag)));
  }

  isOpen(socket: MemorySocket): boolean {
    return socket.closed === null;
  }

  send(socket: MemorySocket, text: string): void {
    if (socket.closed) return;
    socket.sent.push(text);
    this.log.push({ kind: "send", socket: socket.id, text });
    socket.onSend?.(text);
  }

  close(socket: MemorySocket, code: number, reason: string): void {
    if (socket.closed) return;
    socket.closed = { code, reason };
    this.log.push({ kind: "close", socket: socket.id, code });
    socket.onClose?.(code, reason);
  }

  tags(socket: MemorySocket): string[] {
    return socket.tags;
  }

  readAttachment(socket: MemorySocket): unknown {
    return socket.attachment === null ? null : structuredClone(socket.attachment);
  }

  writeAttachment(socket: MemorySocket, value: unknown): void {
    socket.attachment = structuredClone(value);
  }

  lastPing(socket: MemorySocket): number | null {
    return socket.lastPing;
  }
}

/** A clock that moves only when told (or reads `source`, e.g. the wall clock), and a fixed or counted seed. */
export class MemoryClock implements HostClock {
  private seeds = 0;

  constructor(
    public at: number,
    private readonly seed: string | null = null,
    private readonly source: (() => number) | null = null,
  ) {}

  now(): number {
    return this.source ? this.source() : this.at;
  }

  readonly newSeed = (): string => this.seed ?? (++this.seeds).toString(16).padStart(64, "0");
}

export class MemoryPresence implements PresenceChannels {
  readonly reports: { userId: string; report: GameReport }[] = [];

  async report(userId: string, report: GameReport): Promise<void> {
    this.reports.push({ userId, report });
  }
}

export class MemoryLobby implements LobbyChannel {
  readonly reports: RoomLobbyReport[] = [];

  async report(report: RoomLobbyReport): Promise<void> {
    this.reports.push(report);
  }
}

/** Runs exclusive sections one after another, like a Durable Object's blockConcurrencyWhile. */
export function serialiser(): <T>(fn: () => Promise<T>) => Promise<T> {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(fn: () => Promise<T>) => {
    const run = tail.then(fn, fn);
    tail = run.catch(() => undefined);
    return run;
  };
}

export interface MemoryPorts extends RoomHostPorts<MemorySocket> {
  store: MemoryStore;
  records: MemoryRecords;
  archive: MemoryArchive;
  sockets: MemorySockets;
  clock: MemoryClock;
  presence: MemoryPresence;
  lobby: MemoryLobby;
  log: MemoryLogEntry[];
  roomEvents: RoomEvent[];
  pending: Promise<unknown>[];
}

/** A full set of in-memory ports sharing one log. */
export function memoryPorts(options: { now?: number; seed?: string; clock?: () => number } = {}): MemoryPorts {
  const log: MemoryLogEntry[] = [];
  const roomEvents: RoomEvent[] = [];
  const pending: Promise<unknown>[] = [];
  return {
    store: new MemoryStore(log),
    records: new MemoryRecords(log),
    archive: new MemoryArchive(log),
    sockets: new MemorySockets(log),
    clock: new MemoryClock(options.now ?? 1_000_000, options.seed ?? null, options.clock ?? null),
    presence: new MemoryPresence(),
    lobby: new MemoryLobby(),
    exclusive: serialiser(),
    background: (work) => void pending.push(work),
    events: (event) => void roomEvents.push(event),
    log,
    roomEvents,
    pending,
  };
}
