// Cards, the 40-card deck, card strength per variant, manilha, envido and flor counts.
import type { Card, Rank, Suit, Variant } from "./types";

/** Brazilian order, low to high: 4 5 6 7 Q J K A 2 3 (also the manilha cycle). */
export const RANKS: readonly Rank[] = ["4", "5", "6", "7", "Q", "J", "K", "A", "2", "3"];

const SUIT_OF_INITIAL: Record<string, Suit> = { c: "clubs", h: "hearts", s: "spades", d: "diamonds" };
const RANK_SET = new Set<string>(RANKS);

/** Manilha suit order: ♣ zap > ♥ copas > ♠ espadilha > ♦ pica-fumo. */
const MANILHA_SUIT: Record<string, number> = { d: 0, s: 1, h: 2, c: 3 };
const NOVA_RANK: Record<string, number> = {};
RANKS.forEach((r, i) => (NOVA_RANK[r] = i + 1));

export type RankMode = "nova" | "velha" | "spanish";

/** Mineiro "manilha velha" (fixed manilhas), truco-rules.md §2. */
const VELHA: Record<string, number> = {};
/** Argentino / Gaúcho (Spanish deck mapped to ids), truco-rules.md §4.1. */
const SPANISH: Record<string, number> = {};
for (const r of RANKS) {
  for (const s of "chsd") {
    const id = r + s;
    const base: Record<string, number> = { "4": 1, "5": 2, "6": 3, "7": 4, Q: 5, J: 6, K: 7, A: 8, "2": 9, "3": 10 };
    VELHA[id] = base[r];
    SPANISH[id] = base[r];
  }
}
/** Mineiro's fixed manilhas, strongest first: zap 4♣, copas 7♥, espadilha A♠, pica-fumo 7♦. */
export const FIXED_MANILHA_IDS = ["4c", "7h", "As", "7d"] as const;
FIXED_MANILHA_IDS.forEach((id, i) => (VELHA[id] = 14 - i));
Object.assign(SPANISH, { As: 14, Ac: 13, "7s": 12, "7d": 11 });

export const ALL_CARD_IDS: readonly string[] = RANKS.flatMap((r) => ["c", "h", "s", "d"].map((s) => r + s));
const CARD_ID_SET = new Set(ALL_CARD_IDS);

function isCardId(id: unknown): id is string {
  return typeof id === "string" && CARD_ID_SET.has(id);
}

const CARD_CACHE: Record<string, Card> = {};
for (const id of ALL_CARD_IDS) {
  CARD_CACHE[id] = Object.freeze({ id, suit: SUIT_OF_INITIAL[id[1]], rank: id[0] as Rank }) as Card;
}

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

/** The manilha rank for a vira: the next rank in the cycle 4 5 6 7 Q J K A 2 3 → 4. */
export function manilhaRank(vira: Card | Rank | string): Rank {
  const rank = (typeof vira === "string" ? (vira.length === 1 ? vira : vira[0]) : vira.rank) as Rank;
  const i = RANKS.indexOf(rank);
  if (i < 0) throw new Error(`manilhaRank: not a rank: ${String(rank)}`);
  return RANKS[(i + 1) % RANKS.length];
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

const TABLES = new Map<string, Readonly<Record<string, number>>>();

/** Strength of every card id for one ranking (cached). */
export function strengthTable(mode: RankMode, manilha: Rank | null): Readonly<Record<string, number>> {
  const key = mode + (manilha ?? "-");
  let t = TABLES.get(key);
  if (!t) {
    const out: Record<string, number> = {};
    for (const id of ALL_CARD_IDS) out[id] = strength(id, mode, manilha);
    t = out;
    TABLES.set(key, t);
  }
  return t;
}

/**
 * Compare two cards: positive when `a` beats `b`, 0 for a tie, negative otherwise.
 * Paulista and International need the `vira` to know the manilha (without it no card is a manilha).
 */
export function compareCards(
  a: Card | string,
  b: Card | string,
  opts: { variant: Variant; vira?: Card | string | null; manilhaMode?: "nova" | "velha" },
): number {
  const ia = cardIdOf(a);
  const ib = cardIdOf(b);
  if (!ia || !ib) throw new Error("compareCards: unknown card");
  const mode = rankModeOf(opts.variant, opts.manilhaMode);
  const vira = opts.vira ? cardIdOf(opts.vira) : null;
  const manilha = mode === "nova" && vira ? manilhaRank(vira) : null;
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
