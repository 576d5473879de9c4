import type { BotLevel, GameSummary } from "../protocol/entities";
import { CAPACITY } from "../protocol/constants";
import type { AssignedSeat, NoShowRule, RoomError, SeatRequest } from "./api";
import { teamOfSeat } from "./settlement";
import { Transition } from "./transition";
import { cancelInto } from "./ending";
import { runTimers } from "./play";
import { tryStart } from "./start";
import { BOT_NAMES, type MatchSetup, type Room, type RoomClock, type RoomSeat, type SeatRow, type Step } from "./state";
import { participants, seatOfUser } from "./views";

// Who sits where: a room players create and join by code (the creator may fill it with computer
// players), a room the server creates with its seats assigned, leaving a waiting room.
//
// Taking a seat is two steps around the D1 batch that debits the entry: `planSeat` says which
// seat (or why not), the adapter writes it, and `commitSeat` adds it only once D1 said yes.

export type Refused = { ok: false; error: RoomError };

function newRoom(game: GameSummary, clock: RoomClock, extra: Partial<Room> = {}): Room {
  return {
    game,
    assigned: null,
    seats: [],
    left: [],
    setup: null,
    match: null,
    version: 0,
    hands: [],
    handActions: [],
    turn: null,
    botDueAt: null,
    nextHandAt: null,
    idleDeadline: clock.now + clock.timings.idleMs,
    noShow: null,
    ending: null,
    results: null,
    settled: false,
    ...extra,
  };
}

/** A room for a game a player created (the creator then takes a seat like anyone joining by code). */
export function openRoom(game: GameSummary, clock: RoomClock, listed = false): Room {
  return newRoom(game, clock, listed ? { listed } : {});
}

export interface AssignedRoomInput {
  game: GameSummary;
  /** Seat i goes to seats[i]; exactly the table's capacity, each user once. */
  seats: AssignedSeat[];
  /** Milliseconds the players have to connect; without it a waiting room's idle timeout applies. */
  noShowMs?: number;
  noShowRule?: NoShowRule;
  setup?: MatchSetup;
}

/**
 * A room the server creates with every seat assigned (tournament and quick-match games). Its seats
 * are taken like any other (planSeat → the entry in D1 → commitSeat), but only by the assigned
 * players, each in their own seat; nobody else can join, nobody can leave, nobody fills it with
 * computer players. The game starts when every assigned player has connected. Throws on a seat
 * list that does not fit the table (the caller's bug, not a player's move).
 */
export function createRoom(input: AssignedRoomInput, clock: RoomClock): Room {
  const { game, seats } = input;
  if (seats.length !== CAPACITY[game.game_type])
    throw new Error(`createRoom: a ${game.game_type} table has ${CAPACITY[game.game_type]} seats`);
  if (new Set(seats.map((s) => s.userId)).size !== seats.length) throw new Error("createRoom: a player can hold one seat only");
  const noShow = input.noShowMs !== undefined ? { deadline: clock.now + input.noShowMs, rule: input.noShowRule ?? "forfeit" } : null;
  return newRoom(game, clock, {
    assigned: seats,
    setup: input.setup ?? null,
    noShow,
    idleDeadline: noShow ? null : clock.now + clock.timings.idleMs,
  });
}

export type SeatPlan = { ok: true; seat: RoomSeat | null } | Refused;

/** Which seat a player would take (null: they already have one), or why they cannot. */
export function planSeat(room: Room, request: SeatRequest): SeatPlan {
  if (seatOfUser(room, request.userId)) return { ok: true, seat: null };
  if (room.game.status !== "waiting" || room.ending) return { ok: false, error: room.game.status === "active" ? "started" : "closed" };
  if (room.left.includes(request.userId)) return { ok: false, error: "left" };
  if (room.game.premium_only && !request.isPremium) return { ok: false, error: "premium_only" };
  let seatNumber: number | undefined;
  let entry = room.game.entry_cost;
  if (room.assigned) {
    seatNumber = room.assigned.findIndex((a) => a.userId === request.userId);
    if (seatNumber < 0) return { ok: false, error: "full" };
    entry = room.assigned[seatNumber].entry;
  } else {
    seatNumber = freeSeats(room)[0];
    if (seatNumber === undefined) return { ok: false, error: "full" };
  }
  return {
    ok: true,
    seat: {
      seat: seatNumber,
      team: teamOfSeat(seatNumber),
      userId: request.userId,
      nickname: request.nickname,
      avatarUrl: request.avatarUrl,
      isPremium: request.isPremium,
      rating: request.rating,
      ...(request.gamesPrivate ? { gamesPrivate: true } : {}),
      botLevel: null,
      entryPaid: entry,
      connected: false,
      awaySince: null,
      botControlled: false,
    },
  };
}

/**
 * Whether a planned seat fills a table players join: its seat batch then writes the start too
 * (D1 says `active` from then on; the room starts when the last socket arrives). A server-assigned
 * table's start is written when it starts.
 */
export function fillsTable(room: Room, seat: RoomSeat): boolean {
  return !room.assigned && room.seats.length + 1 === CAPACITY[room.game.game_type] && !room.seats.some((s) => s.seat === seat.seat);
}

/**
 * Whether a server-assigned table's seat batch writes its start too: a table whose absent players
 * the computer replaces at the no-show deadline (quick match) always starts, so D1 says `active`
 * from its seats on, as for a table players join. A table whose no-show forfeits or cancels
 * (tournaments) keeps writing its start when it starts.
 */
export function startsWithSeats(room: Room): boolean {
  return Boolean(room.assigned) && room.noShow?.rule === "bots";
}

/**
 * Adds a planned seat once D1 has it. Checked again, so a seat is never held twice whatever ran
 * between the plan and the commit: taken meanwhile → `full`.
 */
export function commitSeat(room: Room, seat: RoomSeat, clock: RoomClock): { ok: true; step: Step } | Refused {
  if (seat.userId && seatOfUser(room, seat.userId)) return { ok: true, step: { room, effects: [] } };
  // Planned before the player left: who left a waiting room does not come back, whatever was planned.
  if (seat.userId && room.left.includes(seat.userId)) return { ok: false, error: "left" };
  if (room.game.status !== "waiting" || room.ending) return { ok: false, error: room.game.status === "active" ? "started" : "closed" };
  if (room.seats.some((s) => s.seat === seat.seat) || seat.seat >= CAPACITY[room.game.game_type]) return { ok: false, error: "full" };
  const d = new Transition(room, clock);
  // The batch that wrote a filling seat wrote the start with it (records' takeSeat).
  if (fillsTable(room, seat)) d.set({ startWritten: true });
  d.setSeats([...room.seats, seat].sort((a, b) => a.seat - b.seat));
  if (!room.noShow) d.set({ idleDeadline: clock.now + clock.timings.idleMs });
  d.send({ type: "participants_updated", payload: { participants: participants(d.room) } });
  return { ok: true, step: d.step() };
}

/** A seat given up at a table whose start D1 already records: the release writes it back to waiting. */
export function reopening(room: Room): { reopen?: true } {
  return room.startWritten ? { reopen: true } : {};
}

/** The D1 row of a seat. */
export function seatRow(seat: RoomSeat): SeatRow {
  return { seat: seat.seat, team: seat.team, userId: seat.userId, nickname: seat.nickname, botLevel: seat.botLevel, entry: seat.entryPaid };
}

export function freeSeats(room: Room): number[] {
  const taken = new Set(room.seats.map((s) => s.seat));
  return Array.from({ length: CAPACITY[room.game.game_type] }, (_, i) => i).filter((i) => !taken.has(i));
}

function botSeat(seat: number, level: BotLevel): RoomSeat {
  return {
    seat,
    team: teamOfSeat(seat),
    userId: null,
    nickname: BOT_NAMES[seat % BOT_NAMES.length],
    avatarUrl: null,
    isPremium: false,
    rating: 1000,
    botLevel: level,
    entryPaid: 0,
    connected: false,
    awaySince: null,
    botControlled: false,
  };
}

/**
 * Computer players in every free seat make the table a free practice game: the entries
 * already paid go back, and the game row says so.
 */
function practiceInto(d: Transition, level: BotLevel): void {
  const room = d.room;
  const bots = freeSeats(room).map((seat) => botSeat(seat, level));
  const refunds = room.seats.flatMap((s) => (s.userId ? [{ userId: s.userId, entry: s.entryPaid }] : []));
  d.effect({ type: "make_practice", level, refunds, bots: bots.map(seatRow) });
  d.setSeats([...room.seats.map((s) => (s.entryPaid ? { ...s, entryPaid: 0 } : s)), ...bots].sort((a, b) => a.seat - b.seat));
  d.set({ game: { ...room.game, entry_cost: 0, bot_level: level } });
}

/**
 * The computer players a table created against the computer seats beside its creator (who takes
 * `creatorSeat`): the rows `seatComputerPlayers` then adds, so the creator's seat batch can write
 * them with the game's row.
 */
export function computerSeatsBeside(room: Room, creatorSeat: number, level: BotLevel): SeatRow[] {
  return freeSeats(room)
    .filter((seat) => seat !== creatorSeat)
    .map((seat) => seatRow(botSeat(seat, level)));
}

/** A game created against the computer: its free seats get computer players at once. */
export function seatComputerPlayers(room: Room, level: BotLevel, clock: RoomClock): Step {
  const d = new Transition(room, clock);
  practiceInto(d, level);
  return d.step();
}

/** The creator of a casual waiting room fills the free seats with computer players; the game starts if everyone is there. */
export function fillWithBots(room: Room, userId: string, level: BotLevel, clock: RoomClock): { ok: true; step: Step } | Refused {
  if (room.assigned || room.game.created_by !== userId) return { ok: false, error: "not_creator" };
  if (room.game.status !== "waiting" || room.ending) return { ok: false, error: "not_waiting" };
  if (room.game.game_mode !== "casual") return { ok: false, error: "not_casual" };
  if (freeSeats(room).length === 0) return { ok: false, error: "full" };
  const d = new Transition(room, clock);
  practiceInto(d, level);
  tryStart(d);
  runTimers(d);
  return { ok: true, step: d.step() };
}

/**
 * A player leaves a waiting room: the entry comes back, they cannot sit at this table again, and
 * the room is cancelled when no human is left. Server-created rooms cannot be left (their seats
 * are the caller's to change).
 */
export function leave(room: Room, userId: string, clock: RoomClock): { ok: true; step: Step } | Refused {
  const seat = seatOfUser(room, userId);
  if (!seat) return { ok: false, error: "not_seated" };
  if (room.game.status !== "waiting" || room.assigned || room.ending) return { ok: false, error: "not_waiting" };
  const d = new Transition(room, clock);
  d.effect({ type: "release_seat", userId, entry: seat.entryPaid, ...reopening(room) });
  if (room.startWritten) d.set({ startWritten: false });
  d.effect({ type: "close", userId, code: 1000, reason: "Left the table" });
  d.setSeats(room.seats.filter((s) => s !== seat));
  d.set({ left: [...room.left, userId] });
  if (!d.room.seats.some((s) => s.userId)) {
    cancelInto(d, "abandoned");
  } else {
    d.set({ idleDeadline: clock.now + clock.timings.idleMs });
    d.send({ type: "participants_updated", payload: { participants: participants(d.room) } });
  }
  return { ok: true, step: d.step() };
}
