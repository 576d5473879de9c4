// Cards, the decks, card strength per variant, manilha, envido and flor counts.
// Every table here is built once when the module loads and frozen: nothing in it changes later.
import type { Card, Rank, Suit, Variant } from "./types";

/** Brazilian order, low to high: 4 5 6 7 Q J K A 2 3 (also the manilha cycle). */
export const RANKS: readonly Rank[] = Object.freeze(["4", "5", "6", "7", "Q", "J", "K", "A", "2", "3"]);
/** Baralho limpo: only Q J K A 2 3, so the manilha cycle is Q J K A 2 3 → Q (truco-rules.md §1). */
const LIMPO_RANKS: readonly Rank[] = Object.freeze(["Q", "J", "K", "A", "2", "3"]);
/** The two manilha cycles as strings (one character per rank; cheap to search). */
const CYCLE = RANKS.join("");
const LIMPO_CYCLE = LIMPO_RANKS.join("");

const SUIT_OF_INITIAL: Readonly<Record<string, Suit>> = Object.freeze({ c: "clubs", h: "hearts", s: "spades", d: "diamonds" });
const RANK_SET: ReadonlySet<string> = new Set<string>(RANKS);

/**
 * A frozen lookup table built by plain assignment. Reads of such objects stay on V8's fast path;
 * the same 40 keys through Object.fromEntries or a spread read several times slower, and
 * card strength is the engine's hottest lookup.
 */
export function frozenRecord<K extends string, V>(keys: readonly K[], make: (key: K, index: number) => V): Readonly<Record<K, V>> {
  const out = {} as Record<K, V>;
  for (let i = 0; i < keys.length; i++) out[keys[i]] = make(keys[i], i);
  return Object.freeze(out);
}

/** Manilha suit order: ♣ zap > ♥ copas > ♠ espadilha > ♦ pica-fumo. */
const MANILHA_SUIT: Readonly<Record<string, number>> = Object.freeze({ d: 0, s: 1, h: 2, c: 3 });
/** Strength of a non-manilha rank with the vira: 4 = 1 .. 3 = 10 (suits tie). */
const NOVA_RANK: Readonly<Record<string, number>> = frozenRecord(RANKS, (_r, i) => i + 1);

export type RankMode = "nova" | "velha" | "spanish";
/** 'sujo': the 40-card deck; 'limpo': the clean deck (truco-rules.md §1, §2, §7). */
export type DeckKind = "sujo" | "limpo";

/** Mineiro's fixed manilhas, strongest first: zap 4♣, copas 7♥, espadilha A♠, pica-fumo 7♦. */
export const FIXED_MANILHA_IDS = Object.freeze(["4c", "7h", "As", "7d"] as const);

export const ALL_CARD_IDS: readonly string[] = Object.freeze(RANKS.flatMap((r) => ["c", "h", "s", "d"].map((s) => r + s)));
const CARD_ID_SET: ReadonlySet<string> = new Set(ALL_CARD_IDS);

const VELHA_MANILHAS: Readonly<Record<string, number>> = frozenRecord(FIXED_MANILHA_IDS, (_id, i) => 14 - i);
const SPANISH_TOP: Readonly<Record<string, number>> = Object.freeze({ As: 14, Ac: 13, "7s": 12, "7d": 11 });
/** Mineiro "manilha velha" (fixed manilhas), truco-rules.md §2: 4 = 1 .. 3 = 10 below the four manilhas. */
const VELHA: Readonly<Record<string, number>> = frozenRecord(ALL_CARD_IDS, (id) => VELHA_MANILHAS[id] ?? NOVA_RANK[id[0]]);
/** Argentino / Gaúcho (Spanish deck mapped to ids), truco-rules.md §4.1. */
const SPANISH: Readonly<Record<string, number>> = frozenRecord(ALL_CARD_IDS, (id) => SPANISH_TOP[id] ?? NOVA_RANK[id[0]]);

/**
 * The cards of a deck: the full 40; baralho limpo with the vira keeps Q J K A 2 3 (24 cards);
 * with fixed manilhas it also keeps the three manilhas below the Queens, 4♣ 7♥ 7♦ (27 cards, §2).
 * The 40-card order is the one every shuffle has always used (a finished deal stays verifiable).
 */
const DECKS: Readonly<Record<"sujo" | "limpo_nova" | "limpo_velha", readonly string[]>> = Object.freeze({
  sujo: ALL_CARD_IDS,
  limpo_nova: Object.freeze(ALL_CARD_IDS.filter((id) => LIMPO_RANKS.includes(id[0] as Rank))),
  limpo_velha: Object.freeze(ALL_CARD_IDS.filter((id) => LIMPO_RANKS.includes(id[0] as Rank) || ["4c", "7h", "7d"].includes(id))),
});

/** The card ids of the deck a hand is dealt from. The Spanish variants always use 40 cards. */
export function deckCards(deck: DeckKind, mode: RankMode): readonly string[] {
  if (deck === "sujo" || mode === "spanish") return DECKS.sujo;
  return mode === "velha" ? DECKS.limpo_velha : DECKS.limpo_nova;
}

function isCardId(id: unknown): id is string {
  return typeof id === "string" && CARD_ID_SET.has(id);
}

const CARD_CACHE: Readonly<Record<string, Card>> = frozenRecord(ALL_CARD_IDS, (id) =>
  Object.freeze({ id, suit: SUIT_OF_INITIAL[id[1]], rank: id[0] as Rank }),
);

/** A fresh copy (views and events must not share frozen objects with callers that may edit them). */
export function cardJson(id: string): Card {
  const c = CARD_CACHE[id];
  return { id: c.id, suit: c.suit, rank: c.rank };
}

export function cardIdOf(card: { suit: Suit; rank: Rank } | { id: string } | string): string | null {
  if (typeof card === "string") return isCardId(card) ? card : null;
  if (!card || typeof card !== "object") return null;
  if ("suit" in card && "rank" in card && typeof card.suit === "string" && RANK_SET.has(card.rank)) {
    const id = card.rank + card.suit[0];
    return isCardId(id) ? id : null;
  }
  if ("id" in card) return isCardId(card.id) ? card.id : null;
  return null;
}

/**
 * The manilha rank for a vira: the next rank in the cycle 4 5 6 7 Q J K A 2 3 → 4, or with
 * baralho limpo in Q J K A 2 3 → Q (so a vira 3 makes the Queens the manilhas).
 */
export function manilhaRank(vira: Card | Rank | string, deck: DeckKind = "sujo"): Rank {
  const rank = typeof vira === "string" ? (vira.length === 1 ? vira : vira[0]) : vira.rank;
  const cycle = deck === "limpo" ? LIMPO_CYCLE : CYCLE;
  const i = typeof rank === "string" && rank.length === 1 ? cycle.indexOf(rank) : -1;
  if (i < 0) throw new Error(`manilhaRank: not a rank of this deck: ${String(rank)}`);
  return cycle[(i + 1) % cycle.length] as Rank;
}

export function rankModeOf(variant: Variant, manilhaMode?: "nova" | "velha"): RankMode {
  if (variant === "argentino" || variant === "gaucho") return "spanish";
  if (manilhaMode) return manilhaMode;
  return variant === "mineiro" ? "velha" : "nova";
}

/**
 * Strength of a face-up card, 1 (weakest) .. 14 (the best manilha). Covered cards are 0.
 * In 'nova' mode without a manilha (no vira known) there are no manilhas.
 */
export function strength(id: string, mode: RankMode, manilha: Rank | null): number {
  if (mode === "nova") {
    const r = id[0];
    return r === manilha ? 10 + MANILHA_SUIT[id[1]] + 1 : NOVA_RANK[r];
  }
  return mode === "velha" ? VELHA[id] : SPANISH[id];
}

/** Every ranking a hand can have: 'nova' with each manilha rank (or none), 'velha', 'spanish'. */
const TABLES: ReadonlyMap<string, Readonly<Record<string, number>>> = new Map(
  [...[...RANKS, null].map((m) => ["nova", m] as const), ["velha", null] as const, ["spanish", null] as const].map(([mode, manilha]) => [
    mode + (manilha ?? "-"),
    frozenRecord(ALL_CARD_IDS, (id) => strength(id, mode, manilha)),
  ]),
);

/** Strength of every card id for one ranking (a frozen table built at load). */
export function strengthTable(mode: RankMode, manilha: Rank | null): Readonly<Record<string, number>> {
  return TABLES.get(mode + (mode === "nova" ? (manilha ?? "-") : "-"))!;
}

/**
 * Compare two cards: positive when `a` beats `b`, 0 for a tie, negative otherwise.
 * Paulista and International need the `vira` to know the manilha (without it no card is a manilha).
 */
export function compareCards(
  a: Card | string,
  b: Card | string,
  opts: { variant: Variant; vira?: Card | string | null; manilhaMode?: "nova" | "velha"; deck?: DeckKind },
): number {
  const ia = cardIdOf(a);
  const ib = cardIdOf(b);
  if (!ia || !ib) throw new Error("compareCards: unknown card");
  const mode = rankModeOf(opts.variant, opts.manilhaMode);
  const vira = opts.vira ? cardIdOf(opts.vira) : null;
  const manilha = mode === "nova" && vira ? manilhaRank(vira, opts.deck) : null;
  return strength(ia, mode, manilha) - strength(ib, mode, manilha);
}

/** Envido value of a card: 1–7 count their number (A = 1); Q, J, K (10, 11, 12) count 0. */
function envidoValue(id: string): number {
  const r = id[0];
  return r === "A" ? 1 : r >= "2" && r <= "7" ? r.charCodeAt(0) - 48 : 0;
}

/**
 * Envido count of a hand (truco-rules.md §4.5): 20 + the two best values of a suit held
 * twice or more, else the single best value. Played cards count: pass the dealt hand.
 */
export function envidoPoints(cards: readonly (Card | string)[], _opts?: { variant?: Variant }): number {
  const ids = cards.map((c) => cardIdOf(c)).filter((x): x is string => x !== null);
  return envidoOfIds(ids);
}

export function envidoOfIds(ids: readonly string[]): number {
  let best = 0;
  for (let i = 0; i < ids.length; i++) {
    const vi = envidoValue(ids[i]);
    if (vi > best) best = vi;
    for (let j = i + 1; j < ids.length; j++) {
      if (ids[i][1] === ids[j][1]) {
        const v = 20 + vi + envidoValue(ids[j]);
        if (v > best) best = v;
      }
    }
  }
  return best;
}

/** Three cards of one suit. */
export function hasFlor(ids: readonly string[]): boolean {
  return ids.length === 3 && ids[0][1] === ids[1][1] && ids[1][1] === ids[2][1];
}

/** Flor value for comparison: 20 + the three envido values (max 38). */
export function florPoints(ids: readonly string[]): number {
  return 20 + envidoValue(ids[0]) + envidoValue(ids[1]) + envidoValue(ids[2]);
}
