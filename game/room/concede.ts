import type { Refused } from "./seating";
import { cancelInto } from "./ending";
import { Transition } from "./transition";
import type { Room, RoomClock, Step } from "./state";
import type { TeamId } from "../truco/index";
import { seatOfUser } from "./views";

// Ending a game on purpose ("Desistir"; docs/decisions/125-conceding-and-explained-endings.md). Against the computer it is practice: the game stops at
// once and counts nowhere (cancelled, no stats, no history). At a human table the player's team
// forfeits: the other team wins with the score as it stands, and the settlement (pot, ranking
// points, the result rows) runs as for any decided game, once. Leaving without conceding is not
// this: the grace and the computer player holding the seat go on as before.

/** The reason a practice game stopped by its player is cancelled with. */
export const CONCEDED = "conceded";

/** Whether conceding this room stops it for nothing (a practice game) or forfeits (a human table). */
export function concedeCost(room: Room): "practice" | "forfeit" {
  return room.game.bot_level !== null ? "practice" : "forfeit";
}

/**
 * A seated player concedes an active game. Refused when they hold no seat, and when the game is
 * not being played or is already decided (a second concession, a concession racing the match's
 * last point or a no-show forfeit): the first decision stands and settles alone.
 */
export function concede(room: Room, userId: string, clock: RoomClock): { ok: true; step: Step } | Refused {
  const seat = seatOfUser(room, userId);
  if (!seat) return { ok: false, error: "not_seated" };
  if (room.game.status !== "active" || room.ending) return { ok: false, error: "closed" };
  const d = new Transition(room, clock);
  if (concedeCost(room) === "practice") {
    cancelInto(d, CONCEDED);
    return { ok: true, step: d.step() };
  }
  const winner: TeamId = seat.team === "team1" ? "team2" : "team1";
  const scores: [number, number] = room.match ? [room.match.scores[0], room.match.scores[1]] : [0, 0];
  d.set({
    ending: { winner, scores, reason: "forfeit", at: d.now, by: userId },
    turn: null,
    botDueAt: null,
    nextHandAt: null,
    idleDeadline: null,
  });
  return { ok: true, step: d.step() };
}
