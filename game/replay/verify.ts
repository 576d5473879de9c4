import type { GameRecord, RecordHand } from "../protocol/record";
import { applyAction, type GameEvent } from "../truco/index";
import { startOfHand, type SeedDeal } from "./hand";

// "Baralho verificado": what anyone can check of a recorded hand in their own browser. The
// commitment the players received before the hand must be SHA-256 of the seed revealed after it;
// the seed, through the engine's own shuffle and deal, must give every card the server dealt and
// the vira; every card played must be one the seed gave that player; and the actions must replay
// through the engine to the recorded result. The digest is passed in (the engine uses no platform
// crypto): the browser's Web Crypto on the page (app/components/replay/web-crypto.ts), node's in tests.

/** Hex SHA-256 of a text (UTF-8). */
export type Digest = (text: string) => Promise<string>;

/**
 * - verified: every check below holds;
 * - commitment_only: the seed matches its commitment but the record lacks what a re-deal needs
 *   (a hand rebuilt from rows kept before records existed);
 * - unrevealed: the record has no seed for the hand;
 * - failed: a check does not hold.
 */
export type VerificationStatus = "verified" | "commitment_only" | "unrevealed" | "failed";

export interface HandVerification {
  hand: number;
  status: VerificationStatus;
  /** Each check: true holds, false fails, null could not be made. */
  checks: { commitment: boolean | null; cards: boolean | null; vira: boolean | null; plays: boolean | null; result: boolean | null };
  /** What the seed deals, for the page to show. */
  deal: SeedDeal | null;
  error: string | null;
}

type HandEnded = Extract<GameEvent, { type: "hand_ended" }>;

function sameList(a: readonly string[] | undefined, b: readonly string[] | undefined): boolean {
  return !!a && !!b && a.length === b.length && a.every((x, i) => x === b[i]);
}

export async function verifyHand(record: GameRecord, hand: RecordHand, digest: Digest): Promise<HandVerification> {
  const checks: HandVerification["checks"] = { commitment: null, cards: null, vira: null, plays: null, result: null };
  const out = (status: VerificationStatus, deal: SeedDeal | null, error: string | null): HandVerification => ({
    hand: hand.hand,
    status,
    checks,
    deal,
    error,
  });
  if (!hand.seed) return out("unrevealed", null, "the record has no seed for this hand");
  checks.commitment = (await digest(hand.seed)) === hand.commitment.toLowerCase();
  if (!checks.commitment) return out("failed", null, "the seed does not hash to the commitment");
  if (hand.dealer === null || hand.scoresBefore === null) return out("commitment_only", null, null);
  const start = startOfHand(record, hand);
  if (!start.ok) return out("failed", null, start.error);
  const { deal } = start;
  if (hand.deal) {
    const ids = Object.keys(deal.dealt);
    checks.cards = ids.length === Object.keys(hand.deal.dealt).length && ids.every((id) => sameList(deal.dealt[id], hand.deal!.dealt[id]));
    checks.vira = hand.deal.vira === deal.vira;
  }
  let state = start.state;
  let ended: HandEnded | null = null;
  checks.plays = true;
  for (const [i, { playerId, action }] of hand.actions.entries()) {
    // A blind card ("blind:N", mão de ferro) names a place in the player's own hand, not a card.
    if (action.type === "play_card" && !action.cardId.startsWith("blind:") && !deal.dealt[playerId]?.includes(action.cardId)) {
      checks.plays = false;
      return out("failed", deal, `move ${i + 1}: ${action.cardId} is not a card the seed dealt ${playerId}`);
    }
    const result: ReturnType<typeof applyAction> | null = ended ? null : applyAction(state, playerId, action);
    if (!result?.ok) {
      checks.plays = false;
      return out("failed", deal, `move ${i + 1} (${action.type}) does not replay`);
    }
    state = result.state;
    ended = result.events.find((e): e is HandEnded => e.type === "hand_ended") ?? null;
  }
  const recorded = hand.result;
  checks.result =
    ended === null
      ? recorded === null
      : recorded !== null &&
        recorded.winnerTeam === ended.winnerTeam &&
        recorded.points === ended.points &&
        (recorded.scores === null || (recorded.scores[0] === ended.team1Score && recorded.scores[1] === ended.team2Score));
  const ok = checks.cards !== false && checks.vira !== false && checks.result;
  if (!ok) {
    const error =
      checks.cards === false
        ? "the cards dealt are not the seed's"
        : checks.vira === false
          ? "the vira is not the seed's"
          : "the hand does not end as recorded";
    return out("failed", deal, error);
  }
  return out("verified", deal, null);
}

/** Every hand of the record, checked one after another. */
export async function verifyRecord(record: GameRecord, digest: Digest): Promise<HandVerification[]> {
  const out: HandVerification[] = [];
  for (const hand of record.hands) out.push(await verifyHand(record, hand, digest));
  return out;
}
