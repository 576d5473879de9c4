import type { GameSummary } from "../../../game/protocol/entities";
import {
  act,
  advance,
  commitSeat,
  connect,
  createRoom,
  disconnect,
  isWrite,
  nextDeadline,
  openRoom,
  planSeat,
  ratingsNeeded,
  settleRoom,
  type MatchSetup,
  type Room,
  type RoomClock,
  type RoomEffect,
  type RoomTimings,
  type Step,
} from "../../../game/room/index";
import type { AssignedSeat, SeatRequest } from "../../../game/room/api";
import { legalActions, pendingPlayer, type Action } from "../../../game/truco/index";

// A room driven as the GameRoom drives it, without D1 or sockets: steps are adopted only when
// their writes "succeed", a decided game is settled before its step is adopted, and the effects
// are kept for the tests to read.

export const TIMINGS: RoomTimings = { turnMs: 30_000, botDelayMs: 900, nextHandDelayMs: 2_500, graceMs: 60_000, idleMs: 600_000 };
export const T0 = Date.UTC(2026, 0, 1, 12);

let seeds = 0;
export function clockAt(now: number, timings: RoomTimings = TIMINGS): RoomClock {
  return { now, timings, newSeed: () => `seed-${(seeds += 1)}` };
}

export function summary(over: Partial<GameSummary> = {}): GameSummary {
  const type = over.game_type ?? "1v1";
  return {
    id: "g1",
    game_code: "ABC234",
    status: "waiting",
    game_type: type,
    game_mode: "casual",
    truco_variant: "paulista",
    entry_cost: 50,
    bot_level: null,
    premium_only: false,
    created_by: "u0",
    capacity: type === "1v1" ? 2 : 4,
    winner_team: null,
    team1_score: 0,
    team2_score: 0,
    end_reason: null,
    created_at: new Date(T0).toISOString(),
    started_at: null,
    completed_at: null,
    ...over,
  };
}

export function request(userId: string, over: Partial<SeatRequest> = {}): SeatRequest {
  return { userId, nickname: `N-${userId}`, avatarUrl: null, isPremium: false, rating: 1000, ...over };
}

export function assigned(userId: string, entry = 0): AssignedSeat {
  return { ...request(userId), entry };
}

/** Plans and commits a seat as if D1 took it. */
export function seat(room: Room, userId: string, now = T0, over: Partial<SeatRequest> = {}): Room {
  const plan = planSeat(room, request(userId, over));
  if (!plan.ok) throw new Error(`seat ${userId}: ${plan.error}`);
  if (!plan.seat) return room;
  const committed = commitSeat(room, plan.seat, clockAt(now));
  if (!committed.ok) throw new Error(`commit ${userId}: ${committed.error}`);
  return committed.step.room;
}

/** A player-created room with these users seated (not connected). */
export function seated(users: string[], over: Partial<GameSummary> = {}): Room {
  let room = openRoom(summary({ game_type: users.length > 2 ? "2v2" : "1v1", ...over }), clockAt(T0));
  for (const user of users) room = seat(room, user);
  return room;
}

export class Sim {
  now = T0;
  room: Room;
  /** Every effect performed, in order. */
  done: RoomEffect[] = [];
  /** When set, the D1 settle batch fails. */
  settleFails = false;
  ratings = new Map<string, number>();

  constructor(
    room: Room,
    readonly timings: RoomTimings = TIMINGS,
  ) {
    this.room = room;
  }

  clock(now = this.now): RoomClock {
    return clockAt(now, this.timings);
  }

  /** The adapter's commit: writes (a failing settle throws), adopt, effects. */
  commit(step: Step): void {
    for (const effect of step.effects) {
      if (isWrite(effect) && effect.type === "settle" && this.settleFails) throw new Error("D1 down");
    }
    this.room = step.room;
    this.done.push(...step.effects);
  }

  settling(step: Step): Step {
    return ratingsNeeded(step.room) === null ? step : settleRoom(step, this.ratings, this.clock());
  }

  /** What the alarm runs (a failed settlement throws, as it does in the object). */
  alarm(at = this.now): void {
    this.now = Math.max(this.now, at);
    this.commit(this.settling(advance(this.room, this.clock())));
  }

  /** Fires the room's next alarm; false when it waits for nothing. */
  fireNext(): boolean {
    const at = nextDeadline(this.room, this.timings);
    if (at === null) return false;
    this.alarm(at);
    return true;
  }

  /** A move as the socket handler runs it: a failed settlement leaves it to the alarm. */
  move(playerId: string, action: Action): boolean {
    const result = act(this.room, playerId, action, this.clock());
    if (!result.ok) return false;
    try {
      this.commit(this.settling(result.step));
    } catch {
      this.commit(result.step);
    }
    return true;
  }

  /** The pending human plays their first legal action (or the given choice among them). */
  play(pick = 0): boolean {
    const match = this.room.match;
    const playerId = match && pendingPlayer(match);
    if (!match || !playerId) return false;
    const legal = legalActions(match, playerId);
    return legal.length > 0 && this.move(playerId, legal[pick % legal.length]);
  }

  connect(userId: string): void {
    this.commit(connect(this.room, userId, this.clock()));
  }

  disconnect(userId: string): void {
    this.commit(disconnect(this.room, userId, this.clock()));
  }

  count(type: RoomEffect["type"]): number {
    return this.done.filter((e) => e.type === type).length;
  }
}

/** A started 1v1 (or 2v2) between humans, everyone connected. */
export function started(users = ["a", "b"], over: Partial<GameSummary> = {}, setup?: MatchSetup, timings = TIMINGS): Sim {
  const room = seated(users, over);
  const sim = new Sim(setup ? { ...room, setup } : room, timings);
  for (const user of users) sim.connect(user);
  return sim;
}

/** A server-created room with these users assigned. */
export function assignedRoom(users: string[], options: { noShowMs?: number; rule?: "forfeit" | "bots"; entry?: number } = {}): Room {
  let room = createRoom(
    {
      game: summary({ game_type: users.length > 2 ? "2v2" : "1v1", created_by: "system" }),
      seats: users.map((u) => assigned(u, options.entry ?? 0)),
      noShowMs: options.noShowMs,
      noShowRule: options.rule,
    },
    clockAt(T0),
  );
  for (const user of users) room = seat(room, user);
  return room;
}

/** Seat numbers are unique, users hold one seat each, no more seats than the table has. */
export function seatsAreSound(room: Room): boolean {
  const numbers = room.seats.map((s) => s.seat);
  const users = room.seats.flatMap((s) => (s.userId ? [s.userId] : []));
  return (
    new Set(numbers).size === numbers.length &&
    new Set(users).size === users.length &&
    room.seats.length <= room.game.capacity &&
    numbers.every((n, i) => n >= 0 && n < room.game.capacity && (i === 0 || numbers[i - 1] < n)) &&
    users.every((u) => !room.left.includes(u))
  );
}
