import { applyAction, chooseAction, pendingPlayer, startNextHand, timeoutAction, viewFor, type Action } from "../truco/index";
import { Transition } from "./transition";
import { cancelInto, noShowInto } from "./ending";
import { applyEngine } from "./start";
import type { Room, RoomClock, RoomTimings, Step } from "./state";
import { seatOfPlayer } from "./views";

// The game in motion: a player's move, and every timer of a room: the idle cancel of a
// waiting room, a server-created room's no-show deadline, the disconnect grace after which a
// computer player holds a seat, the pause before the next hand, a computer player's delay, and
// the turn timer with the move the server makes when it runs out.

export type ActResult = { ok: true; step: Step } | { ok: false; code: string; message: string };

/** A player's move (the engine id: a user's id is their player id). Refused moves change nothing. */
export function act(room: Room, playerId: string, action: Action, clock: RoomClock): ActResult {
  if (!room.match || room.game.status !== "active") return { ok: false, code: "not_active", message: "O jogo não está em andamento" };
  if (!seatOfPlayer(room, playerId)) return { ok: false, code: "not_seated", message: "Você não está nesta mesa" };
  const d = new Transition(room, clock);
  const refusal = applyFor(d, playerId, action);
  if (refusal) return { ok: false, code: refusal.error, message: refusal.message };
  runTimers(d);
  return { ok: true, step: d.step() };
}

/** Applies an action to the draft's match; the engine's refusal (and nothing changed), or null. */
function applyFor(d: Transition, playerId: string, action: Action): { error: string; message: string } | null {
  const result = applyAction(d.room.match!, playerId, action);
  if (!result.ok) return result;
  d.set({ handActions: [...d.room.handActions, { playerId, action }] });
  applyEngine(d, result.state, result.events);
  return null;
}

/** Everything due at `clock.now`, in the order it fell due; what the alarm runs. */
export function advance(room: Room, clock: RoomClock): Step {
  const d = new Transition(room, clock);
  runTimers(d);
  return d.step();
}

/** The earliest deadline the room waits for (the adapter's one alarm), or null when it waits for nothing. */
export function nextDeadline(room: Room, timings: RoomTimings): number | null {
  let next: number | null = null;
  for (const at of deadlines(room, timings)) if (next === null || at < next) next = at;
  return next;
}

/** Every pending deadline of the room. */
export function deadlines(room: Room, timings: RoomTimings): number[] {
  const list: number[] = [];
  if (room.ending && !room.settled) list.push(room.ending.at);
  if (room.game.status === "waiting" && !room.ending) {
    if (room.idleDeadline !== null) list.push(room.idleDeadline);
    if (room.noShow) list.push(room.noShow.deadline);
  }
  if (room.game.status === "active" && !room.ending) {
    if (room.turn) list.push(room.turn.deadline);
    if (room.botDueAt !== null) list.push(room.botDueAt);
    if (room.nextHandAt !== null) list.push(room.nextHandAt);
    for (const seat of room.seats) {
      if (seat.userId && seat.awaySince !== null && !seat.botControlled) list.push(seat.awaySince + timings.graceMs);
    }
  }
  return list;
}

/** Runs every timer due at the draft's time, then sets the next ones. */
export function runTimers(d: Transition): void {
  const { now, timings } = d.clock;
  const status = d.room.game.status;
  if (status === "waiting" && !d.room.ending) {
    if (d.room.idleDeadline !== null && d.room.idleDeadline <= now) return cancelInto(d, "idle");
    if (d.room.noShow && d.room.noShow.deadline <= now) noShowInto(d);
  }
  if (d.room.game.status === "active" && !d.room.ending) {
    for (const seat of d.room.seats) {
      if (seat.userId && seat.awaySince !== null && !seat.botControlled && seat.awaySince + timings.graceMs <= now) {
        d.setSeat(seat, { botControlled: true });
      }
    }
  }
  playOn(d);
}

/**
 * Moves the game forward as far as it can go without a human: deals the next hand when its pause
 * is over, lets computer players act when their delay is over, acts for a player whose turn timer
 * ran out, and sets the next deadlines. With zero delays (tests) computer players play on at once.
 */
function playOn(d: Transition): void {
  const { now, timings } = d.clock;
  for (let guard = 0; guard < 2000; guard++) {
    const room = d.room;
    const match = room.match;
    if (!match || room.game.status !== "active" || room.ending) {
      clearTimers(d);
      return;
    }
    if (match.phase === "round_end") {
      if (room.turn) d.set({ turn: null });
      if (room.botDueAt !== null) d.set({ botDueAt: null }, false);
      if (room.nextHandAt === null) d.set({ nextHandAt: now + timings.nextHandDelayMs });
      if (d.room.nextHandAt! > now) return;
      d.set({ nextHandAt: null });
      const next = startNextHand(match);
      if (!next.ok) return;
      applyEngine(d, next.state, next.events);
      continue;
    }
    const playerId = pendingPlayer(match);
    if (!playerId) return;
    const seat = seatOfPlayer(room, playerId);
    if (seat && (seat.botLevel || seat.botControlled)) {
      if (room.turn) d.set({ turn: null });
      const due = room.botDueAt ?? now + timings.botDelayMs;
      if (due > now) {
        if (room.botDueAt !== due) d.set({ botDueAt: due }, false);
        return;
      }
      if (room.botDueAt !== null) d.set({ botDueAt: null }, false);
      const action = chooseAction(viewFor(match, playerId), {
        level: seat.botLevel ?? "normal",
        seed: `${room.game.id}:${match.actionCount}`,
        read: room.botRead ?? null,
      });
      if (!action || applyFor(d, playerId, action)) return;
      continue;
    }
    if (room.botDueAt !== null) d.set({ botDueAt: null }, false);
    if (!room.turn || room.turn.playerId !== playerId || room.turn.actionCount !== match.actionCount) {
      d.set({ turn: { playerId, deadline: now + timings.turnMs, actionCount: match.actionCount } });
      return;
    }
    if (room.turn.deadline > now) return;
    const action = timeoutAction(match, playerId);
    d.set({ turn: null });
    if (action) d.send({ type: "turn_timed_out", payload: { playerId, action: action.type } });
    if (!action || applyFor(d, playerId, action)) return;
  }
}

function clearTimers(d: Transition): void {
  const { turn, botDueAt, nextHandAt } = d.room;
  if (turn || nextHandAt !== null) d.set({ turn: null, nextHandAt: null });
  if (botDueAt !== null) d.set({ botDueAt: null }, false);
}
