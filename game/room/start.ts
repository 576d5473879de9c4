import { CAPACITY } from "../protocol/constants";
import { createMatch, handStartedEvent, noteHand, type GameEvent, type HouseRules, type MatchState } from "../truco/index";
import type { Transition } from "./transition";
import type { Room } from "./state";
import { playerIdOf } from "./views";

/** Every seat is taken and every human is there (or a computer player holds the seat of one who is not). */
export function readyToStart(room: Room): boolean {
  return (
    room.game.status === "waiting" &&
    room.ending === null &&
    room.seats.length === CAPACITY[room.game.game_type] &&
    room.seats.every((s) => !s.userId || s.connected || s.botControlled)
  );
}

/** Deals the first hand when the table is ready: a fresh secret seed, the game row marked started. */
export function tryStart(d: Transition): void {
  const room = d.room;
  if (!readyToStart(room)) return;
  const match = createMatch({
    ...room.setup,
    rules: matchRules(room),
    variant: room.game.truco_variant,
    seed: d.clock.newSeed(),
    players: room.seats.map((s) => ({ id: playerIdOf(s), team: s.team, nickname: s.nickname })),
  });
  // A table whose filling seat already wrote the start has nothing more to write.
  if (!room.startWritten) d.effect({ type: "mark_started" });
  d.set({
    game: { ...room.game, status: "active", started_at: new Date(d.now).toISOString() },
    idleDeadline: null,
    noShow: null,
  });
  d.send({ type: "game_session_updated", payload: { game: d.room.game } });
  applyEngine(d, match, [handStartedEvent(match)]);
}

/**
 * The house rules the match is dealt with: a fixed setup's (tests, puzzles), else the ones the
 * table was opened with, else none (the variant's defaults).
 */
export function matchRules(room: Room): HouseRules | undefined {
  return room.setup?.rules ?? room.game.house_rules ?? undefined;
}

/**
 * Takes a new engine state and its events: the calls everyone is told about, the events
 * themselves (nothing secret: a covered card is {hidden:true}, a seed appears only in
 * hand_ended, once its hand is over), the deck proofs, the hand records, and a decided match.
 */
export function applyEngine(d: Transition, state: MatchState, events: GameEvent[]): void {
  d.set({ match: state });
  // Events with a message of their own (spec §7: truco_called, truco_responded) travel as it,
  // the others together in one game_event; each event once per frame.
  const rest: GameEvent[] = [];
  for (const event of events) {
    if (event.type === "truco_called") d.send({ type: "truco_called", payload: event });
    else if (event.type === "truco_responded") d.send({ type: "truco_responded", payload: event });
    else rest.push(event);
  }
  if (rest.length) d.send({ type: "game_event", payload: { events: rest } });
  for (const event of events) {
    if (event.type === "hand_started") {
      d.set({ hands: [...d.room.hands, { hand: event.handNumber, commitment: event.commitment, seed: null }], handActions: [] });
      d.effect({
        type: "hand_started",
        hand: event.handNumber,
        commitment: event.commitment,
        dealer: event.dealer,
        scores: [state.scores[0], state.scores[1]],
        deal: { dealt: Object.fromEntries(state.players.map((p, seat) => [p.id, [...state.hand.dealt[seat]]])), vira: state.hand.vira },
      });
    } else if (event.type === "hand_ended") {
      d.set({
        hands: d.room.hands.map((h) => (h.hand === event.handNumber ? { ...h, seed: event.seed } : h)),
        botRead: noteHand(d.room.botRead, state, d.room.handActions),
      });
      d.effect({
        type: "hand_ended",
        hand: event.handNumber,
        seed: event.seed,
        actions: d.room.handActions,
        winnerTeam: event.winnerTeam,
        points: event.points,
        scores: [event.team1Score, event.team2Score],
      });
    } else if (event.type === "match_ended") {
      // A seat a computer player holds for a player who left: the result says the game was abandoned.
      const abandoned = d.room.seats.some((s) => s.userId !== null && s.botControlled);
      d.set({
        ending: {
          winner: event.winnerTeam,
          scores: [event.team1Score, event.team2Score],
          reason: abandoned ? "abandoned" : "match_over",
          at: d.now,
        },
      });
    }
  }
}
