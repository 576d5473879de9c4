// Decks, shuffles and the deal (truco-rules.md §0.2, §1, §5; ADR 012): each hand's seed comes
// one-way from the match seed, the deck order from the hand's seed, and the mão de onze / de
// ferro from the scores when the hand is dealt.
import { cardIdOf, cardJson, deckCards, manilhaRank, rankModeOf, type DeckKind } from "./cards";
import { rngFromHex, rngFromWords, type Rng } from "./random";
import { seatTeam } from "./seats";
import { sha256Hex, sha256Words, wordsToHex } from "./sha256";
import type { Card, HandState, MatchState, PlayerInput, ResolvedRules, TeamIdx, Variant } from "./types";
import { specialHandThreshold } from "./variants";

const SEED_HEX = /^[0-9a-f]{32}$/;

/** The cards a hand of these rules is dealt from (old states without `deck` use the 40 cards). */
export function handDeck(rules: Pick<ResolvedRules, "manilhaMode"> & { deck?: DeckKind }): readonly string[] {
  return deckCards(rules.deck ?? "sujo", rules.manilhaMode);
}

/**
 * The first `count` cards of a shuffled `cards`: a forward Fisher–Yates shuffle (for i = 0..,
 * swap i with i + int(size - i)) driven by `rng`. Stopping early leaves the first `count`
 * positions exactly as the full shuffle would.
 */
function drawCards(rng: Rng, count: number, cards: readonly string[]): string[] {
  // Copied by hand: slice() of a frozen array takes V8's slow generic path.
  const size = cards.length;
  const deck: string[] = [];
  for (let i = 0; i < size; i++) deck.push(cards[i]);
  for (let i = 0; i < count && i < size - 1; i++) {
    const j = i + rng.int(size - i);
    const t = deck[i];
    deck[i] = deck[j];
    deck[j] = t;
  }
  return deck;
}

/**
 * The deck order of a hand. The PRNG is sfc32 whose four state words are the 128 bits of the
 * hand seed (32 lower-case hex digits; any other string is replaced by the first 32 hex digits
 * of SHA-256(`deck:${seed}`)).
 */
function deckOrder(handSeed: string, cards: readonly string[]): string[] {
  const hex = SEED_HEX.test(handSeed) ? handSeed : sha256Hex(`deck:${handSeed}`).slice(0, 32);
  return drawCards(rngFromHex(hex), cards.length, cards);
}

/**
 * The per-hand seed as four 32-bit words: one-way from the match seed and the hand number,
 * the first 128 bits of SHA-256(`${matchSeed}:${handNumber}`). As a string: 32 hex digits.
 */
function handSeedWords(matchSeed: string, handNumber: number): number[] {
  return sha256Words(`${matchSeed}:${handNumber}`).slice(0, 4);
}

export interface DealInput {
  hands: Record<string, readonly (Card | string)[]>;
  vira?: Card | string | null;
}

/** Deal hand `handNumber` with `dealer` dealing: from the seed, or the fixed `deal`. */
export function newHand(s: MatchState, handNumber: number, dealer: number, deal?: DealInput): HandState {
  const n = s.players.length;
  const mao = (dealer + 1) % n;
  const seedWords = handSeedWords(s.seed, handNumber);
  const seed = wordsToHex(seedWords);
  const usesVira = s.rules.manilhaMode === "nova";
  const cards = handDeck(s.rules);
  let dealt: string[][];
  let vira: string | null = null;
  if (deal) {
    dealt = s.players.map((p) => (deal.hands[p.id] ?? []).map((c) => cardIdOf(c) as string));
    if (usesVira) {
      const given = deal.vira ? cardIdOf(deal.vira) : null;
      if (given) vira = given;
      else {
        const used = new Set(dealt.flat());
        vira = deckOrder(seed, cards).find((c) => !used.has(c)) as string;
      }
    }
  } else {
    const deck = drawCards(rngFromWords(seedWords), 3 * n + 1, cards);
    dealt = [];
    for (let i = 0; i < n; i++) dealt.push([]);
    for (let k = 0; k < 3 * n; k++) dealt[(mao + k) % n].push(deck[k]);
    if (usesVira) vira = deck[3 * n];
  }

  let special: HandState["special"] = null;
  let specialTeam: TeamIdx | null = null;
  let maoDecider: number | null = null;
  if (s.rules.maoDeOnze) {
    const thr = specialHandThreshold(s.rules);
    const a = s.scores[0] === thr;
    const b = s.scores[1] === thr;
    if (a && b) special = "ferro";
    else if (a || b) {
      special = "onze";
      specialTeam = a ? 0 : 1;
      for (let k = 0; k < n; k++) {
        const seat = (mao + k) % n;
        if (seatTeam(s, seat) === specialTeam) {
          maoDecider = seat;
          break;
        }
      }
    }
  }
  return {
    seed,
    commitment: sha256Hex(seed),
    fixedDeal: !!deal,
    dealt,
    held: dealt.map((c) => c.slice()),
    vira,
    manilha: usesVira && vira ? manilhaRank(vira, s.rules.deck) : null,
    special,
    specialTeam,
    maoDecider,
    blind: special === "ferro" && s.rules.maoDeFerro === "blind",
    tricks: [{ leader: mao, plays: [], outcome: null, winnerSeat: null }],
    turn: mao,
    stake: 0,
    lastRaiser: null,
    truco: null,
    envido: null,
    flor: null,
    result: null,
  };
}

/** A fixed first deal must give 3 distinct cards of the table's deck to each player, and a vira only with one. */
export function validateDeal(deal: DealInput, players: readonly PlayerInput[], rules: ResolvedRules): void {
  if (!deal || typeof deal !== "object" || !deal.hands) throw new Error("createMatch: deal needs hands");
  const inDeck = new Set(handDeck(rules));
  const seen = new Set<string>();
  for (const p of players) {
    const cards = deal.hands[p.id];
    if (!Array.isArray(cards) || cards.length !== 3) throw new Error(`createMatch: deal must give 3 cards to ${p.id}`);
    for (const c of cards) {
      const id = cardIdOf(c);
      if (!id) throw new Error(`createMatch: bad card in deal for ${p.id}`);
      if (!inDeck.has(id)) throw new Error(`createMatch: card ${id} is not in this table's deck`);
      if (seen.has(id)) throw new Error(`createMatch: card ${id} dealt twice`);
      seen.add(id);
    }
  }
  if (deal.vira != null) {
    const v = cardIdOf(deal.vira);
    if (!v) throw new Error("createMatch: bad vira");
    if (seen.has(v)) throw new Error("createMatch: the vira is also in a hand");
    if (rules.manilhaMode !== "nova") throw new Error("createMatch: this variant has no vira");
    if (!inDeck.has(v)) throw new Error(`createMatch: vira ${v} is not in this table's deck`);
  }
}

/** The current hand's seed, secret while the hand is live (commit/reveal). */
export function handSeed(state: MatchState): string {
  return state.hand.seed;
}

/** Hex SHA-256 of a seed string. */
export function seedCommitment(seed: string): string {
  return sha256Hex(seed);
}

/**
 * The full deck order of a hand, to verify a finished deal: card k (k < 3n) went to seat
 * (dealer + 1 + k) % n, and with a vira the next card is the vira. Pass the table's rules
 * (`state.rules`, `view.rules` or the house rules) when it plays with baralho limpo.
 */
export function shuffledDeck(
  seed: string,
  variant: Variant = "paulista",
  rules: { deck?: DeckKind; manilhaMode?: "nova" | "velha" | "spanish" } = {},
): Card[] {
  const mode = rules.manilhaMode === "spanish" ? "spanish" : rankModeOf(variant, rules.manilhaMode);
  return deckOrder(seed, deckCards(rules.deck ?? "sujo", mode)).map(cardJson);
}
