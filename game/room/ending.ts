import type { PlayerResult } from "../protocol/entities";
import type { AdminAudit } from "./api";
import { settle, type SeatOutcome } from "./settlement";
import type { TeamId } from "../truco/index";
import { Transition } from "./transition";
import { tryStart } from "./start";
import type { EndReason, Refund, Room, RoomClock, Step } from "./state";

// How a room ends: cancelled (entries returned while it never started), decided by the match or
// by a forfeit and then settled exactly once, and the no-show rule of server-created rooms.

/**
 * Cancels the game: before it started every entry the room debited is returned; after, none
 * (refunds are for that), unless `returnEntries` (an admin cancelling a stuck game). `owed`: entries
 * an earlier opening of this room may have taken without the room remembering its seats (its state
 * lost after the batch landed); each is listed once, and the ledger returns it only if it was paid.
 */
export function cancelInto(d: Transition, reason: string, returnEntries = false, audit?: AdminAudit, owed: Refund[] = []): void {
  const room = d.room;
  const seated =
    room.game.status === "waiting" || returnEntries
      ? room.seats.flatMap((s) => (s.userId ? [{ userId: s.userId, entry: s.entryPaid }] : []))
      : [];
  const refunds = [...seated, ...owed.filter((o) => o.entry > 0 && !seated.some((s) => s.userId === o.userId))];
  d.effect(audit ? { type: "cancel", reason, refunds, audit } : { type: "cancel", reason, refunds });
  d.set({
    game: { ...room.game, status: "cancelled", end_reason: reason, completed_at: new Date(d.now).toISOString() },
    idleDeadline: null,
    noShow: null,
    turn: null,
    botDueAt: null,
    nextHandAt: null,
  });
  d.send({ type: "game_session_updated", payload: { game: d.room.game } });
  d.send({ type: "game_ended", payload: { winnerTeam: null, results: [], reason } });
  d.publishState();
  d.effect({ type: "close", userId: null, code: 1000, reason: "Game cancelled" });
}

/**
 * Cancels a room that is not over yet (a server-created room whose seats could not all be paid,
 * say). `owed`: every entry its opening may have taken (see cancelInto).
 */
export function cancel(room: Room, reason: string, clock: RoomClock, owed: Refund[] = []): Step {
  const d = new Transition(room, clock);
  if (room.game.status === "waiting" || room.game.status === "active") cancelInto(d, reason, false, undefined, owed);
  return d.step();
}

/** A server-created room's no-show deadline has passed: the rule decides (NoShowRule in game/room/api.ts). */
export function noShowInto(d: Transition): void {
  const rule = d.room.noShow?.rule;
  d.set({ noShow: null }, false);
  const absent = d.room.seats.filter((s) => s.userId && !s.connected && !s.botControlled);
  if (absent.length === 0 || !rule) return;
  if (rule === "bots") {
    for (const seat of absent) d.setSeat(seat, { botControlled: true, awaySince: d.now });
    tryStart(d);
    return;
  }
  const absentTeams = new Set(absent.map((s) => s.team));
  const present = d.room.seats.filter((s) => s.userId && s.connected);
  const winner: TeamId | undefined = absentTeams.size === 1 ? (absentTeams.has("team1") ? "team2" : "team1") : undefined;
  if (!winner || !present.some((s) => s.team === winner)) {
    cancelInto(d, "no_show");
    return;
  }
  d.set({ ending: { winner, scores: [0, 0], reason: "forfeit", at: d.now }, idleDeadline: null });
}

/**
 * The users whose current ranking points the settlement needs (read from D1 just before it), or
 * null when no settlement is due. An empty list: due, and no points move (casual, practice).
 */
export function ratingsNeeded(room: Room): string[] | null {
  if (!room.ending || room.settled) return null;
  if (!isRanked(room)) return [];
  return room.seats.flatMap((s) => (s.userId ? [s.userId] : []));
}

function isPractice(room: Room): boolean {
  return room.game.bot_level !== null;
}

function isRanked(room: Room): boolean {
  return room.game.game_mode === "ranked" && !isPractice(room);
}

/**
 * Settles a decided game once: the pot and the ranking points (game/room/settlement.ts), the result
 * table, the game completed, and `game_ended` before the state. Given a step whose room awaits its
 * settlement (a move that ended the match, an alarm retrying one that failed), it returns the same
 * step with the settlement folded in; anything else comes back unchanged, so a second call (an
 * alarm that fires twice, a late retry) settles nothing.
 */
export function settleRoom(step: Step, ratings: ReadonlyMap<string, number>, clock: RoomClock): Step {
  const room = step.room;
  const ending = room.ending;
  if (!ending || room.settled) return step;
  const ranked = isRanked(room);
  const outcome = settle(
    room.seats.map((s) => ({
      userId: s.userId,
      team: s.team,
      entryPaid: s.entryPaid,
      rating: (s.userId ? ratings.get(s.userId) : undefined) ?? s.rating,
    })),
    ending.winner,
    ranked,
  );
  const d = new Transition(room, clock);
  d.effect({
    type: "settle",
    winner: ending.winner,
    scores: ending.scores,
    seats: outcome,
    countStats: !isPractice(room),
    ranked,
    reason: ending.reason,
  });
  const results = resultTable(room, ending.winner, outcome);
  d.set({
    settled: true,
    game: {
      ...room.game,
      status: "completed",
      winner_team: ending.winner,
      team1_score: ending.scores[0],
      team2_score: ending.scores[1],
      completed_at: new Date(clock.now).toISOString(),
      end_reason: endReasonOf(ending.reason),
    },
    results,
    turn: null,
    botDueAt: null,
    nextHandAt: null,
    idleDeadline: null,
  });
  d.send({ type: "game_ended", payload: { winnerTeam: ending.winner, results, reason: ending.reason } });
  d.send({ type: "game_session_updated", payload: { game: d.room.game } });
  const settled = d.step();
  // The settlement's messages go where the step's state was (before any later effect), one version for both.
  const at = step.effects.findIndex((e) => e.type === "state");
  if (at < 0) return settled;
  const effects = [...step.effects.slice(0, at), ...settled.effects, ...step.effects.slice(at + 1)];
  return { room: { ...settled.room, version: room.version }, effects };
}

/** What the game row keeps of how a settled game ended: nothing for a game decided on points. */
export function endReasonOf(reason: EndReason): string | null {
  return reason === "match_over" ? null : reason;
}

/** What each seat won or lost, in seat order (computer players neither pay nor collect). */
export function resultTable(room: Room, winner: TeamId, outcome: SeatOutcome[]): PlayerResult[] {
  return room.seats.map((s) => {
    const own = outcome.find((o) => o.userId === s.userId);
    return {
      user_id: s.userId,
      nickname: s.nickname,
      team: s.team,
      result: s.team === winner ? "win" : "loss",
      coins_change: own?.coinsChange ?? 0,
      rating_change: own?.ratingChange ?? 0,
    };
  });
}
