import type { GameRecord, RecordHand } from "../protocol/record";
import { createMatch, shuffledDeck, type MatchState } from "../truco/index";

// A recorded hand's start, rebuilt from the record alone (docs/decisions/119-game-records-in-r2.md):
// the deck from the hand's seed by the engine's own shuffle and deal (ADR 012), the dealer and the
// scores before it. The room's proof check, the replay page and its deal verification all start here.

/** What the seed deals: each player's three cards (by player id, in the order dealt) and the vira. */
export interface SeedDeal {
  dealt: Record<string, string[]>;
  vira: string | null;
}

export type HandStart = { ok: true; state: MatchState; deal: SeedDeal } | { ok: false; error: string };

/** The table's players in seat order, as the engine knows them. */
export function playersOf(record: GameRecord) {
  return [...record.seats].sort((a, b) => a.seat - b.seat).map((s) => ({ id: s.playerId, team: s.team, nickname: s.nickname }));
}

/** The hand's first state, dealt from its seed (the seed is not checked against the commitment here). */
export function startOfHand(record: GameRecord, hand: RecordHand): HandStart {
  if (!hand.seed || hand.dealer === null || hand.scoresBefore === null)
    return { ok: false, error: "the hand lacks its seed, dealer or scores" };
  const players = playersOf(record);
  const dealerIndex = players.findIndex((p) => p.id === hand.dealer);
  if (dealerIndex < 0) return { ok: false, error: "the dealer is not at the table" };
  const variant = record.game.truco_variant;
  const base = {
    variant,
    players,
    seed: hand.seed,
    dealerIndex,
    rules: record.rules ?? undefined,
    scores: { team1: hand.scoresBefore[0], team2: hand.scoresBefore[1] },
  };
  try {
    const rules = createMatch(base).rules;
    const deck = shuffledDeck(hand.seed, variant, rules);
    const n = players.length;
    const mao = (dealerIndex + 1) % n;
    // Card k goes to seat (dealer + 1 + k) % n; with a vira, the next card is the vira.
    const dealt: Record<string, string[]> = Object.fromEntries(players.map((p) => [p.id, []]));
    for (let k = 0; k < 3 * n; k++) dealt[players[(mao + k) % n].id].push(deck[k].id);
    const vira = rules.manilhaMode === "nova" ? deck[3 * n].id : null;
    return { ok: true, state: createMatch({ ...base, deal: { hands: dealt, vira } }), deal: { dealt, vira } };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}
