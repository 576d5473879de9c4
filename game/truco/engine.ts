// The rules engine: a pure state machine over plain-JSON states (truco-rules.md).
// applyAction never throws and never mutates its input: each action works on a cheap
// draft (only the mutable parts of the hand are copied) and returns it.
import { ALL_CARD_IDS, cardIdOf, cardJson, envidoOfIds, florPoints, hasFlor, manilhaRank, strength } from "./cards";
import { rngFromHex, rngFromWords, type Rng } from "./random";
import { sha256Hex, sha256Words, wordsToHex } from "./sha256";
import type {
  Action,
  ApplyResult,
  Card,
  EnvidoCall,
  EnvidoState,
  ErrorCode,
  FlorState,
  FlorCall,
  GameEvent,
  GamePhase,
  HandEndReason,
  HandState,
  HouseRules,
  MatchState,
  PlayerInput,
  TeamId,
  TeamIdx,
  TrickOutcome,
  TrickState,
  Variant,
} from "./types";
import { isVariant, resolveRules, specialHandThreshold } from "./variants";

export const TIE = -1;

// ------------------------------------------------------------ small helpers

export const teamIdOf = (t: TeamIdx): TeamId => (t === 0 ? "team1" : "team2");
export const seatTeam = (s: MatchState, seat: number): TeamIdx => (s.players[seat].team === "team1" ? 0 : 1);
export const maoSeat = (s: MatchState): number => (s.dealer + 1) % s.players.length;
const pid = (s: MatchState, seat: number): string => s.players[seat].id;

export function seatOf(s: MatchState, playerId: string): number {
  const ps = s.players;
  for (let i = 0; i < ps.length; i++) if (ps[i].id === playerId) return i;
  return -1;
}

function cardStrength(s: MatchState, id: string): number {
  return strength(id, s.rules.manilhaMode, s.hand.manilha);
}

/** Value of the hand at the accepted stake (a decided mão de onze/dez is worth the first rung). */
export function handValue(s: MatchState): number {
  const h = s.hand;
  const v = s.rules.ladder.values;
  return h.special === "onze" ? v[1] : v[h.stake];
}

const ENVIDO_VALUE: Record<EnvidoCall, number> = { envido: 2, real_envido: 3, falta_envido: 0 };

function faltaValue(s: MatchState, winner: TeamIdx | null): number {
  const target = s.rules.targetPoints;
  const leader = Math.max(s.scores[0], s.scores[1]);
  const half = Math.ceil(target / 2);
  switch (s.rules.faltaEnvido) {
    case "malas_buenas":
      return leader < half ? half - leader : target - leader;
    case "match_from_malas":
      return leader < half && winner !== null ? target - s.scores[winner] : target - leader;
    default:
      return target - leader;
  }
}

export function envidoAcceptValue(s: MatchState, calls: readonly EnvidoCall[], winner: TeamIdx | null): number {
  if (calls.includes("falta_envido")) return Math.max(1, faltaValue(s, winner));
  let sum = 0;
  for (const c of calls) sum += ENVIDO_VALUE[c];
  return sum;
}

export function envidoRejectValue(calls: readonly EnvidoCall[]): number {
  if (calls.length <= 1) return 1;
  let sum = 0;
  for (let i = 0; i < calls.length - 1; i++) sum += ENVIDO_VALUE[calls[i]];
  return sum;
}

/** Seats in play order starting at the mão. */
function seatsFromMao(s: MatchState): number[] {
  const n = s.players.length;
  const m = maoSeat(s);
  const out: number[] = [];
  for (let k = 0; k < n; k++) out.push((m + k) % n);
  return out;
}

// ------------------------------------------------------------ deck and deal

const SEED_HEX = /^[0-9a-f]{32}$/;

/**
 * The first `count` cards of a hand's deck: a forward Fisher–Yates shuffle of ALL_CARD_IDS
 * (for i = 0.., swap i with i + int(40 - i)) driven by `rng`. Stopping early leaves the first
 * `count` positions exactly as the full shuffle would.
 */
function drawCards(rng: Rng, count: number): string[] {
  const deck = ALL_CARD_IDS.slice();
  const size = deck.length;
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
function deckOrder(handSeed: string): string[] {
  const hex = SEED_HEX.test(handSeed) ? handSeed : sha256Hex(`deck:${handSeed}`).slice(0, 32);
  return drawCards(rngFromHex(hex), ALL_CARD_IDS.length);
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

function newHand(s: MatchState, handNumber: number, dealer: number, deal?: DealInput): HandState {
  const n = s.players.length;
  const mao = (dealer + 1) % n;
  const seedWords = handSeedWords(s.seed, handNumber);
  const seed = wordsToHex(seedWords);
  const usesVira = s.rules.manilhaMode === "nova";
  let dealt: string[][];
  let vira: string | null = null;
  if (deal) {
    dealt = s.players.map((p) => (deal.hands[p.id] ?? []).map((c) => cardIdOf(c) as string));
    if (usesVira) {
      const given = deal.vira ? cardIdOf(deal.vira) : null;
      if (given) vira = given;
      else {
        const used = new Set(dealt.flat());
        vira = deckOrder(seed).find((c) => !used.has(c)) as string;
      }
    }
  } else {
    const deck = drawCards(rngFromWords(seedWords), 3 * n + 1);
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
    manilha: usesVira && vira ? manilhaRank(vira) : null,
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

// ------------------------------------------------------------ createMatch

export interface CreateMatchInput {
  variant: Variant;
  players: readonly PlayerInput[];
  seed: string;
  dealerIndex?: number;
  rules?: HouseRules;
  deal?: DealInput;
  /** Starting scores (tests, puzzles, a resumed series); default 0-0. Must be below the target. */
  scores?: { team1: number; team2: number };
}

/**
 * A new match, first hand dealt. Throws (a programming error of the caller, not a game move)
 * when the variant, players, seed or fixed deal are invalid.
 */
export function createMatch(input: CreateMatchInput): MatchState {
  const { variant, players, seed } = input;
  if (!isVariant(variant)) throw new Error(`createMatch: unknown variant ${String(variant)}`);
  if (typeof seed !== "string" || seed.length === 0) throw new Error("createMatch: seed must be a non-empty string");
  if (!Array.isArray(players) || (players.length !== 2 && players.length !== 4)) {
    throw new Error("createMatch: 2 (1v1) or 4 (2v2) players");
  }
  const ids = new Set<string>();
  for (let i = 0; i < players.length; i++) {
    const p = players[i];
    if (!p || typeof p.id !== "string" || p.id === "") throw new Error("createMatch: every player needs an id");
    if (ids.has(p.id)) throw new Error(`createMatch: duplicate player id ${p.id}`);
    ids.add(p.id);
    if (p.team !== "team1" && p.team !== "team2") throw new Error(`createMatch: bad team for ${p.id}`);
    if (p.nickname !== undefined && typeof p.nickname !== "string") throw new Error("createMatch: nickname must be a string");
    const next = players[(i + 1) % players.length];
    if (next && next.team === p.team) {
      throw new Error("createMatch: players are in seat (play) order and teams must alternate");
    }
  }
  const n = players.length;
  let dealer: number;
  if (input.dealerIndex !== undefined) {
    if (!Number.isInteger(input.dealerIndex) || input.dealerIndex < 0 || input.dealerIndex >= n) {
      throw new Error("createMatch: dealerIndex out of range");
    }
    dealer = input.dealerIndex;
  } else {
    // The first dealer is chosen at random (truco-rules.md §0.2), derived from the seed.
    dealer = parseInt(sha256Hex(`${seed}:dealer`).slice(0, 8), 16) % n;
  }
  const rules = resolveRules(variant, input.rules ?? {});
  if (input.deal) validateDeal(input.deal, players, rules.manilhaMode === "nova");
  const start: [number, number] = [input.scores?.team1 ?? 0, input.scores?.team2 ?? 0];
  for (const v of start) {
    if (!Number.isInteger(v) || v < 0 || v >= rules.targetPoints) {
      throw new Error("createMatch: starting scores must be integers from 0 to below the target");
    }
  }

  const state: MatchState = {
    schema: 1,
    variant,
    rules,
    seed,
    players: players.map((p) => ({ id: p.id, team: p.team, nickname: p.nickname ?? null })),
    scores: start,
    handNumber: 1,
    dealer,
    actionCount: 0,
    phase: "playing",
    winner: null,
    firstToTarget: null,
    hand: undefined as unknown as HandState,
  };
  state.hand = newHand(state, 1, dealer, input.deal);
  state.phase = settledPhase(state.hand);
  return state;
}

function validateDeal(deal: DealInput, players: readonly PlayerInput[], usesVira: boolean): void {
  if (!deal || typeof deal !== "object" || !deal.hands) throw new Error("createMatch: deal needs hands");
  const seen = new Set<string>();
  for (const p of players) {
    const cards = deal.hands[p.id];
    if (!Array.isArray(cards) || cards.length !== 3) throw new Error(`createMatch: deal must give 3 cards to ${p.id}`);
    for (const c of cards) {
      const id = cardIdOf(c);
      if (!id) throw new Error(`createMatch: bad card in deal for ${p.id}`);
      if (seen.has(id)) throw new Error(`createMatch: card ${id} dealt twice`);
      seen.add(id);
    }
  }
  if (deal.vira != null) {
    const v = cardIdOf(deal.vira);
    if (!v) throw new Error("createMatch: bad vira");
    if (seen.has(v)) throw new Error("createMatch: the vira is also in a hand");
    if (!usesVira) throw new Error("createMatch: this variant has no vira");
  }
}

// ------------------------------------------------------------ phases and decisions

function settledPhase(h: HandState): GamePhase {
  if (h.flor && h.flor.contest && h.flor.contest.responder !== null) return "waiting_flor_response";
  if (h.envido && h.envido.status === "pending") return "waiting_envido_response";
  if (h.truco) return "waiting_truco_response";
  if (h.maoDecider !== null) return "waiting_mao_decision";
  return "playing";
}

/** Seat whose decision the game waits for, or -1 (round_end, game_over). */
export function decisionSeat(s: MatchState): number {
  const h = s.hand;
  switch (s.phase) {
    case "playing":
      return h.turn;
    case "waiting_truco_response":
      return h.truco ? h.truco.responder : -1;
    case "waiting_mao_decision":
      return h.maoDecider ?? -1;
    case "waiting_envido_response":
      return h.envido?.responder ?? -1;
    case "waiting_flor_response":
      return h.flor?.contest?.responder ?? -1;
    default:
      return -1;
  }
}

// ------------------------------------------------------------ legality

function currentTrick(h: HandState): TrickState {
  return h.tricks[h.tricks.length - 1];
}

/** Flor declarations this seat must make now (mandatory: when non-empty, nothing else is legal). */
export function florOptions(s: MatchState, seat: number): FlorCall[] {
  if (!s.rules.flor) return [];
  const h = s.hand;
  if (h.tricks.length !== 1 || h.held[seat].length !== 3 || !hasFlor(h.dealt[seat])) return [];
  const f = h.flor;
  if (f && (f.resolved || f.declared.includes(seat))) return [];
  if (f && f.declared.length > 0) {
    const myTeam = seatTeam(s, seat);
    let mine = false;
    let theirs = false;
    for (const d of f.declared) {
      if (seatTeam(s, d) === myTeam) mine = true;
      else theirs = true;
    }
    // The second team's first flor answers the first one.
    if (theirs && !mine) return ["flor", "contraflor", "contraflor_al_resto", "achico"];
  }
  return ["flor"];
}

function trucoRaiseLevel(s: MatchState, seat: number): number {
  const h = s.hand;
  if (h.special !== null) return -1; // no truco in mão de onze / de ferro
  const level = (h.truco ? h.truco.level : h.stake) + 1;
  if (level >= s.rules.ladder.values.length) return -1;
  if (h.lastRaiser === seatTeam(s, seat)) return -1;
  return level;
}

function envidoOpenAllowed(s: MatchState, seat: number): boolean {
  const h = s.hand;
  if (!s.rules.envido || h.envido !== null || h.tricks.length !== 1 || h.stake !== 0) return false;
  if (h.flor && h.flor.declared.length > 0) return false;
  if (s.phase === "playing") return h.turn === seat;
  if (s.phase === "waiting_truco_response" && h.truco && h.truco.responder === seat && h.truco.level === 1) {
    // "El envido está primero": the challenged team may still envido while one of its players has not played.
    const team = seatTeam(s, seat);
    for (let i = 0; i < s.players.length; i++) {
      if (seatTeam(s, i) === team && h.held[i].length === 3) return true;
    }
  }
  return false;
}

function envidoRaises(calls: readonly EnvidoCall[]): EnvidoCall[] {
  if (calls.includes("falta_envido")) return [];
  const out: EnvidoCall[] = [];
  const hasReal = calls.includes("real_envido");
  if (!hasReal && calls.filter((c) => c === "envido").length < 2) out.push("envido");
  if (!hasReal) out.push("real_envido");
  out.push("falta_envido");
  return out;
}

function coveredAllowed(s: MatchState, seat: number): boolean {
  const h = s.hand;
  const mode = s.rules.coveredCards;
  if (mode === "off" || h.blind || h.tricks.length === 1) return false;
  if (mode === "not_after_tie" && h.tricks[h.tricks.length - 2].outcome === TIE) return false;
  if (mode === "one_per_team") {
    const team = seatTeam(s, seat);
    for (const p of currentTrick(h).plays) if (p.down && seatTeam(s, p.seat) === team) return false;
  }
  return true;
}

function mustPlayHighest(s: MatchState): boolean {
  const h = s.hand;
  return s.rules.mustPlayHighestAfterTie && h.tricks.length > 1 && h.tricks[h.tricks.length - 2].outcome === TIE;
}

// Legal actions are shared, frozen constants: listing them allocates only the array.
type PlayCard = Extract<Action, { type: "play_card" }>;
const PLAY_UP: Record<string, PlayCard> = {};
const PLAY_DOWN: Record<string, PlayCard> = {};
for (const id of ALL_CARD_IDS) {
  PLAY_UP[id] = Object.freeze({ type: "play_card", cardId: id }) as PlayCard;
  PLAY_DOWN[id] = Object.freeze({ type: "play_card", cardId: id, faceDown: true }) as PlayCard;
}
const PLAY_BLIND = [0, 1, 2].map((i) => Object.freeze({ type: "play_card", cardId: `blind:${i}` }) as PlayCard);
const frozen = <T extends Action>(a: T): T => Object.freeze(a) as T;
const A = {
  maoPlay: frozen({ type: "respond_mao", response: "play" }),
  maoRun: frozen({ type: "respond_mao", response: "run" }),
  florAccept: frozen({ type: "respond_flor", response: "accept" }),
  florReject: frozen({ type: "respond_flor", response: "reject" }),
  envidoAccept: frozen({ type: "respond_envido", response: "accept" }),
  envidoReject: frozen({ type: "respond_envido", response: "reject" }),
  trucoAccept: frozen({ type: "respond_truco", response: "accept" }),
  trucoReject: frozen({ type: "respond_truco", response: "reject" }),
  mazo: frozen({ type: "go_to_mazo" }),
} as const;
const CALL_TRUCO: Record<string, Action> = {};
for (const c of ["truco", "seis", "nove", "doze", "oito", "dez", "retruco", "vale_cuatro", "vale_quatro"] as const) {
  CALL_TRUCO[c] = frozen({ type: "call_truco", call: c });
}
const CALL_ENVIDO: Record<string, Action> = {};
for (const c of ["envido", "real_envido", "falta_envido"] as const) CALL_ENVIDO[c] = frozen({ type: "call_envido", call: c });
const CALL_FLOR: Record<string, Action> = {};
for (const c of ["flor", "contraflor", "contraflor_al_resto", "achico"] as const) CALL_FLOR[c] = frozen({ type: "call_flor", call: c });

function cardPlays(s: MatchState, seat: number, out: Action[]): void {
  const h = s.hand;
  const held = h.held[seat];
  if (h.blind) {
    for (let i = 0; i < held.length; i++) out.push(PLAY_BLIND[i]);
    return;
  }
  if (mustPlayHighest(s)) {
    let best = -1;
    for (const c of held) best = Math.max(best, cardStrength(s, c));
    for (const c of held) if (cardStrength(s, c) === best) out.push(PLAY_UP[c]);
    return;
  }
  const covered = coveredAllowed(s, seat);
  for (const c of held) {
    out.push(PLAY_UP[c]);
    if (covered) out.push(PLAY_DOWN[c]);
  }
}

/** Every action the seat may take now (empty when it is not this seat's decision). */
export function legalForSeat(s: MatchState, seat: number): Action[] {
  if (seat < 0 || seat !== decisionSeat(s)) return [];
  const h = s.hand;
  const out: Action[] = [];
  const flor = florOptions(s, seat);
  if (flor.length > 0) {
    for (const call of flor) out.push(CALL_FLOR[call]);
    return out;
  }
  switch (s.phase) {
    case "waiting_mao_decision":
      out.push(A.maoPlay, A.maoRun);
      break;
    case "waiting_flor_response": {
      out.push(A.florAccept, A.florReject);
      const c = h.flor!.contest!;
      if (c.calls[c.calls.length - 1] === "contraflor") out.push(CALL_FLOR.contraflor_al_resto);
      break;
    }
    case "waiting_envido_response":
      out.push(A.envidoAccept, A.envidoReject);
      for (const call of envidoRaises(h.envido!.calls)) out.push(CALL_ENVIDO[call]);
      break;
    case "waiting_truco_response": {
      out.push(A.trucoAccept, A.trucoReject);
      const lvl = trucoRaiseLevel(s, seat);
      if (lvl > 0) out.push(CALL_TRUCO[s.rules.ladder.names[lvl]!]);
      if (envidoOpenAllowed(s, seat)) {
        out.push(CALL_ENVIDO.envido, CALL_ENVIDO.real_envido, CALL_ENVIDO.falta_envido);
      }
      if (s.rules.mazo) out.push(A.mazo);
      break;
    }
    case "playing": {
      cardPlays(s, seat, out);
      const lvl = trucoRaiseLevel(s, seat);
      if (lvl > 0) out.push(CALL_TRUCO[s.rules.ladder.names[lvl]!]);
      if (envidoOpenAllowed(s, seat)) {
        out.push(CALL_ENVIDO.envido, CALL_ENVIDO.real_envido, CALL_ENVIDO.falta_envido);
      }
      if (s.rules.mazo) out.push(A.mazo);
      break;
    }
    default:
      break;
  }
  return out;
}

function sameAction(a: Action, b: Action): boolean {
  if (a.type !== b.type) return false;
  switch (a.type) {
    case "play_card": {
      const bb = b as typeof a;
      return a.cardId === bb.cardId && !!a.faceDown === !!bb.faceDown;
    }
    case "call_truco":
    case "call_envido":
    case "call_flor":
      return a.call === (b as typeof a).call;
    case "respond_truco":
    case "respond_mao":
    case "respond_envido":
    case "respond_flor":
      return a.response === (b as typeof a).response;
    default:
      return true;
  }
}

// ------------------------------------------------------------ apply

function fail(error: ErrorCode, message: string): ApplyResult {
  return { ok: false, error, message };
}

/**
 * Copy-on-write drafts: an action gets a shallow copy of the state and of its hand, and the
 * nested parts it changes are copied once, on first write (`own*` below). Everything else is
 * shared with the input state, which is never written.
 */
function draft(s: MatchState): MatchState {
  owned.held = false;
  owned.heldSeats = 0;
  owned.trick = false;
  owned.envido = false;
  owned.flor = false;
  return { ...s, scores: [s.scores[0], s.scores[1]], hand: { ...s.hand } };
}

/** What the current action has already copied (applyAction is synchronous, so one record suffices). */
const owned = { held: false, heldSeats: 0, trick: false, envido: false, flor: false };

function ownHeld(h: HandState, seat: number): string[] {
  if (!owned.held) {
    h.held = h.held.slice();
    owned.held = true;
  }
  if (!(owned.heldSeats & (1 << seat))) {
    h.held[seat] = h.held[seat].slice();
    owned.heldSeats |= 1 << seat;
  }
  return h.held[seat];
}

/** The current trick (and the tricks array) copied for writing. */
function ownCurrentTrick(h: HandState): TrickState {
  const i = h.tricks.length - 1;
  if (!owned.trick) {
    h.tricks = h.tricks.slice();
    const t = h.tricks[i];
    h.tricks[i] = { ...t, plays: t.plays.slice() };
    owned.trick = true;
  }
  return h.tricks[i];
}

function ownEnvido(h: HandState): EnvidoState {
  if (!owned.envido) {
    const e = h.envido!;
    h.envido = { ...e, calls: e.calls.slice(), shown: e.shown.slice() };
    owned.envido = true;
  }
  return h.envido!;
}

/** The hand's flor state, created or copied for writing. */
function ownFlor(d: MatchState): FlorState {
  const h = d.hand;
  if (!owned.flor) {
    const f = h.flor;
    h.flor = f
      ? {
          ...f,
          declared: f.declared.slice(),
          contest: f.contest && { ...f.contest, calls: f.contest.calls.slice() },
          shown: f.shown.slice(),
        }
      : { declared: [], contest: null, resolved: false, winnerTeam: null, points: 0, shown: [], outcome: null };
    owned.flor = true;
  }
  return h.flor!;
}

function diagnose(s: MatchState, seat: number, a: Action): string {
  const h = s.hand;
  if (florOptions(s, seat).length > 0) return "you hold a flor: declare it (call_flor) before anything else";
  switch (a.type) {
    case "play_card":
      if (s.phase !== "playing") return `no card may be played while ${s.phase}`;
      if (h.blind) return "mão de ferro is blind: play one of your face-down cards by its slot ('blind:0', 'blind:1', ...)";
      if (!h.held[seat].includes(a.cardId)) return `card ${String(a.cardId)} is not in your hand`;
      if (a.faceDown) return "a covered card is not allowed now";
      return "after a tied trick you must play your highest card";
    case "call_truco": {
      if (h.special) return "no truco in a mão de onze / mão de dez / mão de ferro";
      if (s.phase !== "playing" && s.phase !== "waiting_truco_response") return `no truco call while ${s.phase}`;
      const lvl = (h.truco ? h.truco.level : h.stake) + 1;
      if (lvl >= s.rules.ladder.values.length) return "the ladder is already at its top";
      if (h.lastRaiser === seatTeam(s, seat)) return "your team made the last request; only the other team may raise";
      return `the next call is '${s.rules.ladder.names[lvl]}'`;
    }
    case "respond_truco":
      return "no truco call is waiting for your answer";
    case "respond_mao":
      return "no mão de onze / mão de dez decision is waiting for you";
    case "call_envido":
      if (!s.rules.envido) return "this variant has no envido";
      return "envido is not available now (only in the first trick, before an accepted truco or a flor, once per hand)";
    case "respond_envido":
      return "no envido call is waiting for your answer";
    case "call_flor":
      if (!s.rules.flor) return "flor is not played at this table";
      return "you have no flor to declare now, or that flor call is not available";
    case "respond_flor":
      return "no contraflor is waiting for your answer";
    case "go_to_mazo":
      return s.rules.mazo ? "you may go to the mazo only on your turn" : "this variant has no mazo";
    default:
      return "unknown action";
  }
}

const ACTION_TYPES = new Set([
  "play_card",
  "call_truco",
  "respond_truco",
  "respond_mao",
  "call_envido",
  "respond_envido",
  "call_flor",
  "respond_flor",
  "go_to_mazo",
]);

export function applyAction(state: MatchState, playerId: string, action: Action): ApplyResult {
  try {
    if (
      !action ||
      typeof action !== "object" ||
      Array.isArray(action) ||
      !Object.prototype.hasOwnProperty.call(action, "type") ||
      !ACTION_TYPES.has((action as Action).type)
    ) {
      return fail("invalid_action", "an action is an object with a known type");
    }
    const seat = typeof playerId === "string" ? seatOf(state, playerId) : -1;
    if (seat < 0) return fail("unknown_player", "that player is not seated in this match");
    if (state.phase === "game_over") return fail("match_over", "the match is over");
    if (state.phase === "round_end") return fail("hand_over", "the hand is over; the next hand has not been dealt");
    if (seat !== decisionSeat(state)) return fail("not_your_turn", `waiting for ${pid(state, decisionSeat(state))}`);
    let chosen: Action | undefined;
    if (isPlainCardPlay(state, seat, action)) {
      // Fast path for the commonest move; exactly what cardPlays lists in this situation.
      if (state.hand.held[seat].includes(action.cardId)) chosen = PLAY_UP[action.cardId];
    } else {
      for (const a of legalForSeat(state, seat)) {
        if (sameAction(a, action)) {
          chosen = a;
          break;
        }
      }
    }
    if (!chosen) return fail("illegal_action", diagnose(state, seat, action));
    const d = draft(state);
    const events: GameEvent[] = [];
    perform(d, seat, chosen, events);
    d.actionCount = state.actionCount + 1;
    return { ok: true, state: d, events };
  } catch (err) {
    return fail("invalid_action", `rejected: ${err instanceof Error ? err.message : String(err)}`);
  }
}

/** A face-up card play in phase `playing`, when every held card may be played face up. */
function isPlainCardPlay(s: MatchState, seat: number, a: Action): a is Extract<Action, { type: "play_card" }> {
  return (
    a.type === "play_card" &&
    !a.faceDown &&
    typeof a.cardId === "string" &&
    s.phase === "playing" &&
    !s.hand.blind &&
    !mustPlayHighest(s) &&
    florOptions(s, seat).length === 0
  );
}

function perform(d: MatchState, seat: number, a: Action, ev: GameEvent[]): void {
  switch (a.type) {
    case "play_card":
      playCard(d, seat, a.cardId, !!a.faceDown, ev);
      break;
    case "call_truco":
      callTruco(d, seat, ev);
      break;
    case "respond_truco":
      respondTruco(d, seat, a.response, ev);
      break;
    case "respond_mao":
      respondMao(d, seat, a.response, ev);
      break;
    case "call_envido":
      callEnvido(d, seat, a.call, ev);
      break;
    case "respond_envido":
      respondEnvido(d, seat, a.response, ev);
      break;
    case "call_flor":
      callFlor(d, seat, a.call, ev);
      break;
    case "respond_flor":
      respondFlor(d, seat, a.response, ev);
      break;
    case "go_to_mazo":
      goToMazo(d, seat, ev);
      break;
  }
  if (d.phase !== "round_end" && d.phase !== "game_over") d.phase = settledPhase(d.hand);
}

// ------------------------------------------------------------ scoring and ending

/** Credit points mid-hand (envido, flor). Ends the match at once when the rules say so. */
function addPoints(d: MatchState, team: TeamIdx, pts: number, ev: GameEvent[]): void {
  d.scores[team] += pts;
  if (d.firstToTarget === null && d.scores[team] >= d.rules.targetPoints) d.firstToTarget = team;
  if (d.firstToTarget !== null && d.rules.endImmediately && d.phase !== "game_over") {
    d.hand.result = { winnerTeam: null, points: 0, reason: "match_over", redeal: false };
    d.hand.truco = null;
    pushHandEnded(d, ev);
    finishMatch(d, d.firstToTarget, ev);
  }
}

function pushHandEnded(d: MatchState, ev: GameEvent[]): void {
  const r = d.hand.result!;
  ev.push({
    type: "hand_ended",
    handNumber: d.handNumber,
    winnerTeam: r.winnerTeam === null ? null : teamIdOf(r.winnerTeam),
    points: r.points,
    reason: r.reason,
    team1Score: d.scores[0],
    team2Score: d.scores[1],
    seed: d.hand.seed,
  });
}

function finishMatch(d: MatchState, team: TeamIdx, ev: GameEvent[]): void {
  d.phase = "game_over";
  d.winner = teamIdOf(team);
  ev.push({ type: "match_ended", winnerTeam: d.winner, team1Score: d.scores[0], team2Score: d.scores[1] });
}

function endHand(d: MatchState, team: TeamIdx | null, points: number, reason: HandEndReason, ev: GameEvent[], redeal = false): void {
  const h = d.hand;
  h.truco = null;
  resolveFlorIfNeeded(d, ev); // envido and flor points come first (truco-rules.md §4.8)
  if (d.phase === "game_over") return;
  if (team !== null && points > 0) {
    d.scores[team] += points;
    if (d.firstToTarget === null && d.scores[team] >= d.rules.targetPoints) d.firstToTarget = team;
  }
  h.result = { winnerTeam: team, points: team === null ? 0 : points, reason, redeal };
  pushHandEnded(d, ev);
  if (d.firstToTarget !== null) finishMatch(d, d.firstToTarget, ev);
  else d.phase = "round_end";
}

// ------------------------------------------------------------ tricks

/** Settle a complete trick; returns the seat that leads the next one. */
function resolveTrick(d: MatchState, t: TrickState): number {
  let max = -1;
  for (const p of t.plays) {
    const st = p.down ? 0 : cardStrength(d, p.card);
    if (st > max) max = st;
  }
  let team = -2;
  let first = -1;
  let last = -1;
  for (const p of t.plays) {
    const st = p.down ? 0 : cardStrength(d, p.card);
    if (st !== max) continue;
    if (first < 0) first = p.seat;
    last = p.seat;
    const tt = seatTeam(d, p.seat);
    team = team === -2 || team === tt ? tt : TIE;
  }
  t.outcome = team as TrickOutcome;
  t.winnerSeat = team === TIE ? null : first;
  if (team !== TIE) return first;
  switch (d.rules.tieLeader) {
    case "first_tying_card":
      return first;
    case "last_tying_card":
      return last;
    case "mano":
      return maoSeat(d);
    default:
      return t.leader;
  }
}

/** §0.4: the hand's winner so far, `undefined` to keep playing, `null` for a void hand. */
function handOutcome(d: MatchState): { team: TeamIdx | null; redeal: boolean; allTied: boolean } | undefined {
  const r = d.hand.tricks.map((t) => t.outcome);
  if (r.length < 2) return undefined;
  const [r1, r2, r3] = r;
  if (r.length === 2) {
    if (r1 === TIE && r2 !== TIE) return { team: r2 as TeamIdx, redeal: false, allTied: false };
    if (r1 !== TIE && (r2 === TIE || r2 === r1)) return { team: r1 as TeamIdx, redeal: false, allTied: false };
    return undefined;
  }
  if (r3 !== TIE) return { team: r3 as TeamIdx, redeal: false, allTied: false };
  if (r1 !== TIE) return { team: r1 as TeamIdx, redeal: false, allTied: false };
  switch (d.rules.allTiedHand) {
    case "mano_wins":
      return { team: seatTeam(d, maoSeat(d)), redeal: false, allTied: true };
    case "dealer_wins":
      return { team: seatTeam(d, d.dealer), redeal: false, allTied: true };
    case "redeal":
      return { team: null, redeal: true, allTied: true };
    default:
      return { team: null, redeal: false, allTied: true };
  }
}

function playCard(d: MatchState, seat: number, cardId: string, down: boolean, ev: GameEvent[]): void {
  const h = d.hand;
  const held = ownHeld(h, seat);
  let id = cardId;
  if (h.blind) {
    const idx = Number(cardId.slice(6));
    id = held[idx];
    held.splice(idx, 1);
  } else {
    held.splice(held.indexOf(id), 1);
  }
  const t = ownCurrentTrick(h);
  t.plays.push({ seat, card: id, down });
  ev.push({
    type: "card_played",
    playerId: pid(d, seat),
    card: down ? { hidden: true } : cardJson(id),
    faceDown: down,
    trick: h.tricks.length,
  });
  const n = d.players.length;
  if (t.plays.length < n) {
    h.turn = (seat + 1) % n;
    return;
  }
  const leader = resolveTrick(d, t);
  const outcome = handOutcome(d);
  ev.push({
    type: "trick_ended",
    trick: h.tricks.length,
    winnerTeam: t.outcome === TIE ? null : teamIdOf(t.outcome as TeamIdx),
    winnerPlayerId: t.winnerSeat === null ? null : pid(d, t.winnerSeat),
    tie: t.outcome === TIE,
    nextLeader: outcome ? null : pid(d, leader),
  });
  if (h.tricks.length === 1) {
    resolveFlorIfNeeded(d, ev);
    if (d.phase === "game_over") return;
  }
  if (outcome) {
    const points = outcome.team === null ? 0 : handValue(d);
    endHand(d, outcome.team, points, outcome.allTied && outcome.team === null ? "all_tied" : "tricks", ev, outcome.redeal);
    return;
  }
  h.tricks.push({ leader, plays: [], outcome: null, winnerSeat: null }); // owned by ownCurrentTrick
  h.turn = leader;
}

// ------------------------------------------------------------ truco

function callTruco(d: MatchState, seat: number, ev: GameEvent[]): void {
  const h = d.hand;
  const n = d.players.length;
  const names = d.rules.ladder.names;
  if (h.truco) {
    // A raise accepts the pending rung.
    h.stake = h.truco.level;
    ev.push({
      type: "truco_responded",
      response: "accept",
      by: pid(d, seat),
      call: names[h.truco.level]!,
      byRaise: true,
      passedTo: null,
    });
  }
  const level = h.stake + 1;
  const team = seatTeam(d, seat);
  const responder = (seat + 1) % n;
  h.truco = { level, by: seat, responder, refused: [] };
  h.lastRaiser = team;
  ev.push({
    type: "truco_called",
    call: names[level]!,
    by: pid(d, seat),
    team: teamIdOf(team),
    stake: d.rules.ladder.values[level],
    runValue: d.rules.ladder.values[level - 1],
    responder: pid(d, responder),
  });
}

function respondTruco(d: MatchState, seat: number, response: "accept" | "reject", ev: GameEvent[]): void {
  const h = d.hand;
  const t = h.truco!;
  const call = d.rules.ladder.names[t.level]!;
  if (response === "accept") {
    h.stake = t.level;
    h.truco = null;
    ev.push({ type: "truco_responded", response, by: pid(d, seat), call, byRaise: false, passedTo: null });
    return;
  }
  const n = d.players.length;
  if (d.rules.responseRule === "both_must_refuse" && n === 4) {
    const partner = (seat + 2) % n;
    if (!t.refused.includes(partner)) {
      h.truco = { ...t, refused: [...t.refused, seat], responder: partner };
      ev.push({ type: "truco_responded", response, by: pid(d, seat), call, byRaise: false, passedTo: pid(d, partner) });
      return;
    }
  }
  ev.push({ type: "truco_responded", response, by: pid(d, seat), call, byRaise: false, passedTo: null });
  endHand(d, seatTeam(d, t.by), d.rules.ladder.values[t.level - 1], "truco_rejected", ev);
}

function respondMao(d: MatchState, seat: number, response: "play" | "run", ev: GameEvent[]): void {
  const h = d.hand;
  const team = seatTeam(d, seat);
  h.maoDecider = null;
  ev.push({ type: "mao_decided", response, by: pid(d, seat), team: teamIdOf(team) });
  if (response === "run") endHand(d, (1 - team) as TeamIdx, d.rules.ladder.values[0], "mao_run", ev);
}

function goToMazo(d: MatchState, seat: number, ev: GameEvent[]): void {
  const h = d.hand;
  const team = seatTeam(d, seat);
  let points = handValue(d);
  if (
    d.rules.foldFirstTrickNoEnvido === "two_points" &&
    h.tricks.length === 1 &&
    h.envido === null &&
    !(h.flor && h.flor.declared.length > 0)
  ) {
    points += 1;
  }
  ev.push({ type: "went_to_mazo", by: pid(d, seat), team: teamIdOf(team) });
  endHand(d, (1 - team) as TeamIdx, points, "mazo", ev);
}

// ------------------------------------------------------------ envido

/** The best seat by `points`, ties to the seat nearest the mão; and what was shown. */
function showdown(
  d: MatchState,
  seats: readonly number[],
  points: (seat: number) => number,
): { winner: number; shown: { seat: number; points: number }[] } {
  // From the mão in play order, each player shows only a count that beats the best so far;
  // equal counts lose to the earlier one (ties go to the mão).
  let best = -1;
  let bestPts = -1;
  const shown: { seat: number; points: number }[] = [];
  for (const s of seatsFromMao(d)) {
    if (!seats.includes(s)) continue;
    const p = points(s);
    if (best < 0 || p > bestPts) {
      shown.push({ seat: s, points: p });
      best = s;
      bestPts = p;
    }
  }
  return { winner: best, shown };
}

function undeclaredFlorHolders(d: MatchState): number[] {
  const h = d.hand;
  const out: number[] = [];
  for (const s of seatsFromMao(d)) {
    if (hasFlor(h.dealt[s]) && !(h.flor && h.flor.declared.includes(s))) out.push(s);
  }
  return out;
}

function callEnvido(d: MatchState, seat: number, call: EnvidoCall, ev: GameEvent[]): void {
  const h = d.hand;
  const n = d.players.length;
  const team = seatTeam(d, seat);
  if (h.envido && h.envido.status === "pending") {
    const e = ownEnvido(h);
    e.calls.push(call);
    e.caller = seat;
    e.responder = (seat + 1) % n;
    pushEnvidoCalled(d, ev);
    return;
  }
  const holders = d.rules.flor ? undeclaredFlorHolders(d) : [];
  h.envido = {
    calls: [call],
    caller: seat,
    responder: holders.length > 0 ? null : (seat + 1) % n,
    status: holders.length > 0 ? "cancelled" : "pending",
    winnerTeam: null,
    points: 0,
    shown: [],
  };
  if (holders.length === 0) {
    pushEnvidoCalled(d, ev);
    return;
  }
  // Flor cancels the envido: every flor in the hand is declared now (declaring it is mandatory).
  ev.push({
    type: "envido_called",
    call,
    by: pid(d, seat),
    team: teamIdOf(team),
    acceptValue: null,
    rejectValue: 1,
    responder: pid(d, holders[0]),
  });
  const f = ownFlor(d);
  for (const s of holders) {
    f.declared.push(s);
    ev.push({ type: "flor_declared", by: pid(d, s), call: "flor", auto: true });
  }
  ev.push({ type: "envido_cancelled", reason: "flor" });
}

function pushEnvidoCalled(d: MatchState, ev: GameEvent[]): void {
  const e = d.hand.envido!;
  const falta = e.calls.includes("falta_envido");
  ev.push({
    type: "envido_called",
    call: e.calls[e.calls.length - 1],
    by: pid(d, e.caller),
    team: teamIdOf(seatTeam(d, e.caller)),
    acceptValue: falta ? null : envidoAcceptValue(d, e.calls, null),
    rejectValue: envidoRejectValue(e.calls),
    responder: pid(d, e.responder!),
  });
}

function respondEnvido(d: MatchState, seat: number, response: "accept" | "reject", ev: GameEvent[]): void {
  const e = ownEnvido(d.hand);
  e.responder = null;
  ev.push({ type: "envido_responded", response, by: pid(d, seat) });
  let team: TeamIdx;
  let points: number;
  if (response === "accept") {
    e.status = "accepted";
    const all = d.players.map((_, i) => i);
    const sd = showdown(d, all, (s) => envidoOfIds(d.hand.dealt[s]));
    team = seatTeam(d, sd.winner);
    points = envidoAcceptValue(d, e.calls, team);
    e.shown = sd.shown;
  } else {
    e.status = "rejected";
    team = seatTeam(d, e.caller);
    points = envidoRejectValue(e.calls);
  }
  e.winnerTeam = team;
  e.points = points;
  ev.push({
    type: "envido_resolved",
    accepted: response === "accept",
    winnerTeam: teamIdOf(team),
    points,
    shown: e.shown.map((x) => ({ playerId: pid(d, x.seat), points: x.points })),
  });
  addPoints(d, team, points, ev);
}

// ------------------------------------------------------------ flor

function florResponder(d: MatchState, caller: number): number {
  const n = d.players.length;
  const f = d.hand.flor!;
  const team = seatTeam(d, caller);
  for (let k = 1; k < n; k++) {
    const s = (caller + k) % n;
    if (seatTeam(d, s) !== team && f.declared.includes(s)) return s;
  }
  return (caller + 1) % n;
}

function florHolders(d: MatchState): number[] {
  return seatsFromMao(d).filter((s) => hasFlor(d.hand.dealt[s]));
}

function callFlor(d: MatchState, seat: number, call: FlorCall, ev: GameEvent[]): void {
  const f = ownFlor(d);
  if (d.phase === "waiting_flor_response") {
    const c = f.contest!;
    c.calls.push("contraflor_al_resto");
    c.caller = seat;
    c.responder = florResponder(d, seat);
    ev.push({ type: "flor_declared", by: pid(d, seat), call, auto: false });
    return;
  }
  f.declared.push(seat);
  ev.push({ type: "flor_declared", by: pid(d, seat), call, auto: false });
  if (call === "achico") {
    const team = (1 - seatTeam(d, seat)) as TeamIdx;
    settleFlor(d, team, d.rules.florValues.achico, "achico", [], ev);
  } else if (call === "contraflor" || call === "contraflor_al_resto") {
    f.contest = { calls: [call], caller: seat, responder: florResponder(d, seat) };
  }
}

function respondFlor(d: MatchState, seat: number, response: "accept" | "reject", ev: GameEvent[]): void {
  const f = ownFlor(d);
  const c = f.contest!;
  c.responder = null;
  ev.push({ type: "flor_responded", response, by: pid(d, seat) });
  const alResto = c.calls[c.calls.length - 1] === "contraflor_al_resto";
  const fv = d.rules.florValues;
  if (response === "reject") {
    settleFlor(d, seatTeam(d, c.caller), alResto ? fv.contest : fv.achico, "rejected", [], ev);
    return;
  }
  const holders = florHolders(d);
  const sd = showdown(d, holders, (s) => florPoints(d.hand.dealt[s]));
  const team = seatTeam(d, sd.winner);
  const points = alResto ? faltaValue(d, team) + fv.flor * holders.length : fv.contest;
  settleFlor(d, team, points, "accepted", sd.shown, ev);
}

function settleFlor(
  d: MatchState,
  team: TeamIdx,
  points: number,
  outcome: NonNullable<FlorState["outcome"]>,
  shown: { seat: number; points: number }[],
  ev: GameEvent[],
): void {
  const f = ownFlor(d);
  f.resolved = true;
  f.winnerTeam = team;
  f.points = points;
  f.outcome = outcome;
  f.shown = shown;
  ev.push({
    type: "flor_resolved",
    winnerTeam: teamIdOf(team),
    points,
    outcome,
    shown: shown.map((x) => ({ playerId: pid(d, x.seat), points: x.points })),
  });
  addPoints(d, team, points, ev);
}

/**
 * Flor is scored when the first trick is complete or the hand ends, whichever comes first.
 * Declaring is mandatory, so a flor whose holder never had a decision is declared now.
 */
function resolveFlorIfNeeded(d: MatchState, ev: GameEvent[]): void {
  if (!d.rules.flor) return;
  const h = d.hand;
  if (h.flor && h.flor.resolved) return;
  const holders = florHolders(d);
  if (holders.length === 0) return;
  const f = ownFlor(d);
  for (const s of holders) {
    if (!f.declared.includes(s)) {
      f.declared.push(s);
      ev.push({ type: "flor_declared", by: pid(d, s), call: "flor", auto: true });
    }
  }
  const teams = new Set(holders.map((s) => seatTeam(d, s)));
  if (teams.size === 2) {
    const sd = showdown(d, holders, (s) => florPoints(h.dealt[s]));
    settleFlor(d, seatTeam(d, sd.winner), d.rules.florValues.contest, "contest", sd.shown, ev);
  } else {
    const team = seatTeam(d, holders[0]);
    settleFlor(d, team, d.rules.florValues.flor * holders.length, "uncontested", [], ev);
  }
}

// ------------------------------------------------------------ between hands

export type NextHandResult = { ok: true; state: MatchState; events: GameEvent[] } | { ok: false; error: ErrorCode; message: string };

export function startNextHand(state: MatchState): NextHandResult {
  try {
    if (state.phase === "game_over") return { ok: false, error: "match_over", message: "the match is over" };
    if (state.phase !== "round_end") {
      return { ok: false, error: "illegal_action", message: "the current hand is still being played" };
    }
    const n = state.players.length;
    const dealer = state.hand.result?.redeal ? state.dealer : (state.dealer + 1) % n;
    const next: MatchState = {
      ...state,
      scores: [state.scores[0], state.scores[1]],
      handNumber: state.handNumber + 1,
      dealer,
      actionCount: state.actionCount + 1,
    };
    next.hand = newHand(next, next.handNumber, dealer);
    next.phase = settledPhase(next.hand);
    return { ok: true, state: next, events: [handStartedEvent(next)] };
  } catch (err) {
    return { ok: false, error: "invalid_action", message: err instanceof Error ? err.message : String(err) };
  }
}

export function handStartedEvent(s: MatchState): GameEvent {
  const h = s.hand;
  const mineiroTen = specialHandThreshold(s.rules) === 10;
  return {
    type: "hand_started",
    handNumber: s.handNumber,
    dealer: pid(s, s.dealer),
    mao: pid(s, maoSeat(s)),
    commitment: h.commitment,
    vira: h.vira ? cardJson(h.vira) : null,
    specialHand: h.special === "ferro" ? "mao_de_ferro" : h.special === "onze" ? (mineiroTen ? "mao_de_dez" : "mao_de_onze") : null,
  };
}

// ------------------------------------------------------------ room helpers

export function pendingPlayer(state: MatchState): string | null {
  const seat = decisionSeat(state);
  return seat < 0 ? null : pid(state, seat);
}

/** Lowest card by strength (first in hand order among equals). */
function lowestCard(s: MatchState, seat: number): string {
  const held = s.hand.held[seat];
  let best = held[0];
  let bestSt = cardStrength(s, best);
  for (let i = 1; i < held.length; i++) {
    const st = cardStrength(s, held[i]);
    if (st < bestSt) {
      best = held[i];
      bestSt = st;
    }
  }
  return best;
}

/** What the server does when `playerId`'s turn timer expires (DESIGN.md §5), or null. */
export function timeoutAction(state: MatchState, playerId: string): Action | null {
  const seat = seatOf(state, playerId);
  if (seat < 0 || seat !== decisionSeat(state)) return null;
  const flor = florOptions(state, seat);
  if (flor.length > 0) return { type: "call_flor", call: "flor" };
  switch (state.phase) {
    case "playing":
      if (state.hand.blind) return { type: "play_card", cardId: "blind:0" };
      if (mustPlayHighest(state)) {
        const legal = legalForSeat(state, seat);
        return legal[0];
      }
      return { type: "play_card", cardId: lowestCard(state, seat) };
    case "waiting_truco_response":
      return { type: "respond_truco", response: "reject" };
    case "waiting_mao_decision":
      return { type: "respond_mao", response: "run" };
    case "waiting_envido_response":
      return { type: "respond_envido", response: "reject" };
    case "waiting_flor_response":
      return { type: "respond_flor", response: "reject" };
    default:
      return null;
  }
}

export function legalActions(state: MatchState, playerId: string): Action[] {
  return legalForSeat(state, seatOf(state, playerId));
}

export function handSeed(state: MatchState): string {
  return state.hand.seed;
}

export function seedCommitment(seed: string): string {
  return sha256Hex(seed);
}

export function shuffledDeck(seed: string, _variant?: Variant): Card[] {
  return deckOrder(seed).map(cardJson);
}
