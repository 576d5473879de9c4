import type { GameStatus } from "../protocol/entities";

// A player's presence (ADR 046), pure: what the player's channel (channel-host.ts) decides
// from the sockets it holds and what the game rooms report, with time as an argument. The host
// only counts its sockets, reads the clock, and performs what these functions answer.
//
// - online while any tab holds the player's channel socket or any game socket;
// - playing while online and seated in an active game;
// - offline once nothing is held for the grace (1 s: a reload does not flicker to offline);
// - a dropped connection (no close ever comes) is found by the heartbeat: every interval (20 s)
//   the channel sends each socket a heartbeat, which the browser answers
//   with the runtime's auto-answered ping; a socket that has not answered the previous heartbeat
//   is dead. A drop is so noticed within two intervals (40 s), well inside the 60 s allowed.
// - a game socket held without any channel socket is checked with its room on the same cadence
//   (the room judges its sockets by their last ping, GAME_SOCKET_STALE_MS).

export const PRESENCE_STATUSES = ["offline", "online", "playing"] as const;
export type PresenceStatus = (typeof PRESENCE_STATUSES)[number];

/** The clocks of presence, in ms (wrangler vars may shorten the first two; the Worker tests do). */
export interface PresenceTimings {
  /** How often the channel sends its sockets a heartbeat (and checks the previous one). */
  heartbeatMs: number;
  /** A player without any connection becomes offline after this long (at most 2 s after a close). */
  graceMs: number;
}

export const DEFAULT_PRESENCE_TIMINGS: PresenceTimings = { heartbeatMs: 20_000, graceMs: 1_000 };

/** A game socket whose last ping (every 30 s, spec §4) is older than this no longer counts. */
export const GAME_SOCKET_STALE_MS = 40_000;
/** A seat in an open game is confirmed with its room this often, in case a room's report was lost. */
export const GAME_REVALIDATE_MS = 120_000;
/** A game that no longer counts is remembered this long, so a late, older report cannot revive it. */
export const GAME_TOMBSTONE_MS = 10 * 60_000;

/** A heartbeat is judged only after half an interval: an alarm that comes early judges nobody. */
function answerMs(timings: PresenceTimings): number {
  return timings.heartbeatMs / 2;
}

/** What a game room says about one of its players: sent on every change, and when asked. */
export interface GameReport {
  gameId: string;
  /** The player holds a seat there. */
  seated: boolean;
  /** The player's live sockets in that room. */
  sockets: number;
  status: GameStatus;
  /** Every seat is taken. */
  full: boolean;
  /** The room's clock and counter: a report older than the one held changes nothing. */
  at: number;
  seq: number;
}

export interface GameEntry extends GameReport {
  /** When the channel last heard about this game (from the room, or by asking it). */
  checkedAt: number;
}

/** What the channel last published: written to D1 and pushed to online friends. */
export interface Published {
  /** The real status (D1 keeps it; admin and matchmaking may read it). */
  status: PresenceStatus;
  gameId: string | null;
  /** What friends see: offline for a player who appears offline. */
  visible: PresenceStatus;
  /** Epoch ms, strictly increasing per player: orders the updates everywhere. */
  at: number;
}

export interface PresenceState {
  games: Record<string, GameEntry>;
  published: Published;
  /** Since when nothing has been held, while the grace runs. */
  awaySince: number | null;
  /** When the last heartbeat was sent to the channel sockets. */
  heartbeatAt: number | null;
}

export const INITIAL_PRESENCE: PresenceState = {
  games: {},
  published: { status: "offline", gameId: null, visible: "offline", at: 0 },
  awaySince: null,
  heartbeatAt: null,
};

function isNewer(report: Pick<GameReport, "at" | "seq">, held: Pick<GameReport, "at" | "seq">): boolean {
  return report.at > held.at || (report.at === held.at && report.seq > held.seq);
}

/** A game that still says something about the player: a socket there, or a seat in a game not over. */
export function counts(entry: GameReport): boolean {
  return entry.sockets > 0 || (entry.seated && (entry.status === "waiting" || entry.status === "active"));
}

/** A room's report: adopted if newer than the one held; games that no longer count linger as tombstones. */
export function applyReport(state: PresenceState, report: GameReport, now: number): PresenceState {
  const held = state.games[report.gameId];
  if (held && !isNewer(report, held)) return state;
  const games: Record<string, GameEntry> = {};
  for (const [id, entry] of Object.entries(state.games)) {
    // Old tombstones go whenever the games change.
    if (counts(entry) || now - entry.checkedAt < GAME_TOMBSTONE_MS) games[id] = entry;
  }
  games[report.gameId] = { ...report, checkedAt: now };
  return { ...state, games };
}

/** The status the sockets and the rooms' reports give now (no grace). */
export function liveStatus(state: Pick<PresenceState, "games">, channelSockets: number): { status: PresenceStatus; gameId: string | null } {
  const entries = Object.values(state.games);
  if (channelSockets <= 0 && !entries.some((entry) => entry.sockets > 0)) return { status: "offline", gameId: null };
  let playing: GameEntry | null = null;
  for (const entry of entries) {
    if (entry.seated && entry.status === "active" && (!playing || isNewer(entry, playing))) playing = entry;
  }
  return playing ? { status: "playing", gameId: playing.gameId } : { status: "online", gameId: null };
}

export function visibleStatus(status: PresenceStatus, appearOffline: boolean): PresenceStatus {
  return appearOffline ? "offline" : status;
}

export interface Settled {
  state: PresenceState;
  /** Something friends or D1 must learn: write it, then push it to the friends who are online. */
  changed: boolean;
}

/**
 * Brings what is published in line with what is live. Going offline waits the grace (the
 * caller wakes at `nextWake` to finish it); coming back inside the grace publishes nothing.
 */
export function settle(
  state: PresenceState,
  channelSockets: number,
  appearOffline: boolean,
  now: number,
  timings: PresenceTimings = DEFAULT_PRESENCE_TIMINGS,
): Settled {
  const live = liveStatus(state, channelSockets);
  const held = state.published;
  let awaySince: number | null = null;
  if (live.status === "offline" && held.status !== "offline") {
    awaySince = state.awaySince ?? now;
    if (now - awaySince < timings.graceMs) {
      const visible = visibleStatus(held.status, appearOffline);
      if (visible === held.visible) return { state: awaySince === state.awaySince ? state : { ...state, awaySince }, changed: false };
      // "Appear offline" changed during the grace: friends learn it now; the status waits for the grace.
      const published: Published = { ...held, visible, at: Math.max(now, held.at + 1) };
      return { state: { ...state, published, awaySince }, changed: true };
    }
    awaySince = null;
  }
  const visible = visibleStatus(live.status, appearOffline);
  const changed = live.status !== held.status || live.gameId !== held.gameId || visible !== held.visible;
  if (!changed) return { state: state.awaySince === awaySince ? state : { ...state, awaySince }, changed: false };
  const published: Published = { status: live.status, gameId: live.gameId, visible, at: Math.max(now, held.at + 1) };
  return { state: { ...state, published, awaySince }, changed: true };
}

/** One channel socket, as the heartbeat judges it. */
export interface SocketLiveness {
  connectedAt: number;
  /** The last time it answered a heartbeat (the runtime's auto-answered ping), if ever. */
  answeredAt: number | null;
}

/**
 * The heartbeat, at an alarm: which sockets have not answered the previous heartbeat (the caller
 * closes them), and whether to send a new one now.
 */
export function heartbeat(
  state: PresenceState,
  sockets: readonly SocketLiveness[],
  now: number,
  timings: PresenceTimings = DEFAULT_PRESENCE_TIMINGS,
): { state: PresenceState; dead: number[]; send: boolean } {
  const sent = state.heartbeatAt;
  const dead: number[] = [];
  if (sent !== null && now - sent >= answerMs(timings)) {
    sockets.forEach((socket, i) => {
      if (socket.connectedAt < sent && (socket.answeredAt === null || socket.answeredAt < sent)) dead.push(i);
    });
  }
  const alive = sockets.length - dead.length;
  if (alive === 0) return { state: sent === null ? state : { ...state, heartbeatAt: null }, dead, send: false };
  const send = sent === null || now - sent >= timings.heartbeatMs;
  return { state: send ? { ...state, heartbeatAt: now } : state, dead, send };
}

/** When a game's seat should next be confirmed with its room. */
function checkDue(entry: GameEntry, channelSockets: number, timings: PresenceTimings): number | null {
  if (!counts(entry)) return null;
  // Online only through a game socket: the room is the only one who can tell that it dropped.
  if (channelSockets <= 0 && entry.sockets > 0) return entry.checkedAt + timings.heartbeatMs;
  return entry.checkedAt + GAME_REVALIDATE_MS;
}

/** The games whose room the channel should ask about now. */
export function gamesToCheck(
  state: PresenceState,
  channelSockets: number,
  now: number,
  timings: PresenceTimings = DEFAULT_PRESENCE_TIMINGS,
): string[] {
  return Object.values(state.games)
    .filter((entry) => {
      const due = checkDue(entry, channelSockets, timings);
      return due !== null && due <= now;
    })
    .map((entry) => entry.gameId);
}

/** The next time the channel must wake for presence (its alarm); null: nothing pending. */
export function nextWake(state: PresenceState, channelSockets: number, timings: PresenceTimings = DEFAULT_PRESENCE_TIMINGS): number | null {
  const times: number[] = [];
  if (state.awaySince !== null) times.push(state.awaySince + timings.graceMs);
  if (channelSockets > 0 && state.heartbeatAt !== null) times.push(state.heartbeatAt + timings.heartbeatMs);
  for (const entry of Object.values(state.games)) {
    const due = checkDue(entry, channelSockets, timings);
    if (due !== null) times.push(due);
  }
  return times.length ? Math.min(...times) : null;
}

/** A socket that just opened: the first heartbeat comes one interval later. */
export function firstHeartbeat(state: PresenceState, now: number): PresenceState {
  return state.heartbeatAt === null ? { ...state, heartbeatAt: now } : state;
}

/**
 * How stale a stored `checkedAt` may be before a check is worth a storage write. After
 * an eviction an older `checkedAt` only makes the next check with the room come sooner (one extra
 * `presenceOf`, the room answers the truth); it never decides what friends see.
 */
export const CHECKED_AT_TOLERANCE_MS = GAME_REVALIDATE_MS;

/** A game's entry with what only orders or times the room's reports left out: what it says. */
function sameReport(a: GameEntry, b: GameEntry): boolean {
  return a.seated === b.seated && a.sockets === b.sockets && a.status === b.status && a.full === b.full;
}

/**
 * Whether `next` must be written over `stored`, the state the channel last wrote or read: a
 * channel checks its rooms often, and a write per check would cost more storage commits than the
 * rooms' moves. Everything friends, D1 or the heartbeat rely
 * on after an eviction is written when it changes: what is published, the grace, the heartbeat
 * (with hibernation the next alarm may run in a fresh instance, which judges the sockets against
 * the stored heartbeat), and each game's report. A game whose room only confirmed what is held
 * (a check, or a report saying the same) is not written until its stored `checkedAt` is
 * `CHECKED_AT_TOLERANCE_MS` old: a fresh instance then checks that room sooner, and a report of the
 * same room older than the unwritten one (in flight during an eviction) could be taken once more;
 * the next check repairs both.
 */
export function presenceToStore(stored: PresenceState, next: PresenceState): boolean {
  if (stored === next) return false;
  if (stored.published !== next.published && !samePublished(stored.published, next.published)) return true;
  if (stored.awaySince !== next.awaySince || stored.heartbeatAt !== next.heartbeatAt) return true;
  if (stored.games === next.games) return false;
  // Which game the player is playing is the newest report's: a room's check can make another game
  // the newest without changing any report, and a fresh instance must pick the same one.
  if (liveStatus(stored, 1).gameId !== liveStatus(next, 1).gameId) return true;
  const storedIds = Object.keys(stored.games);
  if (storedIds.length !== Object.keys(next.games).length) return true;
  for (const id of storedIds) {
    const held = stored.games[id];
    const entry = next.games[id];
    if (!entry || !sameReport(held, entry)) return true;
    if (entry.checkedAt - held.checkedAt >= CHECKED_AT_TOLERANCE_MS) return true;
  }
  return false;
}

function samePublished(a: Published, b: Published): boolean {
  return a.status === b.status && a.gameId === b.gameId && a.visible === b.visible && a.at === b.at;
}
