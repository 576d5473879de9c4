import { createMatch, legalActions, playMatch, type MatchState, type Variant } from "../../../game/truco/index";
import { rngFromString } from "../../../game/truco/random";
import { GameRecordSchema, RECORD_VERSION, type GameRecord, type RecordHand } from "../../../game/protocol/record";

// A finished game's record made from a match the engine plays with random legal choices: every
// hand with its commitment, seed, dealer, scores before it, the deal and its actions, as the room records them.

function handOf(state: MatchState): RecordHand {
  return {
    hand: state.handNumber,
    commitment: state.hand.commitment,
    seed: state.hand.seed,
    dealer: state.players[state.dealer].id,
    scoresBefore: [state.scores[0], state.scores[1]],
    deal: { dealt: Object.fromEntries(state.players.map((p, seat) => [p.id, [...state.hand.dealt[seat]]])), vira: state.hand.vira },
    actions: [],
    result: null,
    startedAt: null,
    endedAt: null,
  };
}

/** `ids`: the players' ids in seat order (user ids when the record stands for a game in the database). */
export function randomRecord(
  seed: string,
  variant: Variant,
  seats: 2 | 4,
  ids = ["ana", "bia", "caio", "duda"].slice(0, seats),
): GameRecord {
  const players = ids.map((id, i) => ({ id, team: i % 2 === 0 ? ("team1" as const) : ("team2" as const), nickname: id }));
  const rng = rngFromString(seed);
  let state = createMatch({ variant, players, seed });
  const hands: RecordHand[] = [handOf(state)];
  playMatch(state, (s, playerId, legal) => legal[rng.nextU32() % legal.length] ?? legalActions(s, playerId)[0], {
    onStep: (step) => {
      if (step.playerId === null) {
        hands.push(handOf(step.state));
        return;
      }
      hands.at(-1)!.actions.push({ playerId: step.playerId, action: step.action! });
      const ended = step.events.find((e) => e.type === "hand_ended");
      if (ended && ended.type === "hand_ended")
        hands.at(-1)!.result = { winnerTeam: ended.winnerTeam, points: ended.points, scores: [ended.team1Score, ended.team2Score] };
      state = step.state;
    },
  });
  const at = "2026-11-27T00:00:00.000Z";
  return GameRecordSchema.parse({
    version: RECORD_VERSION,
    game: {
      id: `g-${seed.replace(/[^A-Za-z0-9-]/g, "")}`,
      game_code: "ABC123",
      status: "completed",
      game_type: seats === 2 ? "1v1" : "2v2",
      game_mode: "casual",
      truco_variant: variant,
      entry_cost: 0,
      bot_level: null,
      created_by: ids[0],
      capacity: seats,
      winner_team: state.winner,
      team1_score: state.scores[0],
      team2_score: state.scores[1],
      end_reason: "match_over",
      created_at: at,
      started_at: at,
      completed_at: at,
    },
    seats: players.map((p, seat) => ({ seat, team: p.team, userId: p.id, playerId: p.id, nickname: p.id, botLevel: null, entryPaid: 0 })),
    rules: null,
    results: [],
    endReason: "match_over",
    endedAt: at,
    hands,
    chat: [],
  });
}
