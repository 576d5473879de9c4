// Public and state types of the Truco engine. Everything here is plain JSON.

import type { VARIANTS } from "./variant-list";

/** One of the variants; the list itself is written once, `VARIANTS` (variant-list.ts). */
export type Variant = (typeof VARIANTS)[number];
export type Suit = "hearts" | "diamonds" | "clubs" | "spades";
export type Rank = "A" | "2" | "3" | "4" | "5" | "6" | "7" | "Q" | "J" | "K";

/** A card. `id` is the rank followed by the suit's initial: 'Qc', '7h', 'As', '4d'. */
export interface Card {
  id: string;
  suit: Suit;
  rank: Rank;
}

/** Another player's card as a view shows it: exactly this, nothing else. */
export interface HiddenCard {
  hidden: true;
}

/** One of the viewer's own cards in a blind mão de ferro: face down, played by its slot id. */
export interface BlindCard {
  hidden: true;
  /** Pass as `cardId` of `play_card` (`'blind:0'`, `'blind:1'`, `'blind:2'`). */
  blindId: string;
}

export type TeamId = "team1" | "team2";

/** Names of the truco ladder rungs (each variant uses its own subset; see variants.ts). */
export type TrucoCall = "truco" | "seis" | "nove" | "doze" | "oito" | "dez" | "retruco" | "vale_cuatro" | "vale_quatro";

export type EnvidoCall = "envido" | "real_envido" | "falta_envido";
export type FlorCall = "flor" | "contraflor" | "contraflor_al_resto" | "achico";

/** Actions mirror the live protocol frames (spec §7; DESIGN.md §6). */
export type Action =
  | { type: "play_card"; cardId: string; faceDown?: boolean }
  | { type: "call_truco"; call: TrucoCall }
  | { type: "respond_truco"; response: "accept" | "reject" }
  | { type: "respond_mao"; response: "play" | "run" }
  | { type: "call_envido"; call: EnvidoCall }
  | { type: "respond_envido"; response: "accept" | "reject" }
  | { type: "call_flor"; call: FlorCall }
  | { type: "respond_flor"; response: "accept" | "reject" }
  | { type: "go_to_mazo" };

export type ActionType = Action["type"];

export type GamePhase =
  | "playing"
  | "waiting_truco_response"
  | "waiting_mao_decision"
  | "waiting_envido_response"
  | "waiting_flor_response"
  | "round_end"
  | "game_over";

/**
 * House rules (truco-rules.md §7). Every key is optional; see index.ts for defaults. A key that
 * does not apply to the variant (e.g. `flor` in Paulista) has no effect; an unknown key or a bad
 * value is refused (`parseHouseRules`, `createMatch`).
 */
export interface HouseRules {
  /** Points to win the match. Default: 12; Argentino 30; Gaúcho 24 in pairs, 18 one against one. */
  targetPoints?: number;
  /** Brazilian variants: 'sujo' the 40-card deck; 'limpo' Q J K A 2 3 only (plus 4♣ 7♥ 7♦ with fixed manilhas). */
  deck?: "sujo" | "limpo";
  /** No truco-ladder call when the hand's value as it stands (once accepted) already wins the match for the caller's team. */
  raiseCap?: boolean;
  /** Paulista/International/Mineiro: 'nova' = vira and turning manilha; 'velha' = fixed manilhas. */
  manilhaMode?: "nova" | "velha";
  /** Mineiro: 'platform' 2-4-6-10-12 + mão de dez; 'pagat' 1-3-6-9-12 + mão de onze; 'short' 2-4-6-8-12. */
  mineiroScoring?: "platform" | "pagat" | "short";
  /** 2v2 answer to a raise: the next opponent's answer binds, or a run needs both opponents. */
  responseRule?: "first_answer_binds" | "both_must_refuse";
  tieLeader?: "tied_trick_leader" | "first_tying_card" | "last_tying_card" | "mano";
  /** Brazil default 'void'; Argentino/Gaúcho default 'mano_wins'. 'redeal': void, same dealer again. */
  allTiedHand?: "void" | "mano_wins" | "dealer_wins" | "redeal";
  coveredCards?: "off" | "rounds_2_3" | "one_per_team" | "not_after_tie";
  mustPlayHighestAfterTie?: boolean;
  maoDeOnze?: boolean;
  maoDeFerro?: "blind" | "open";
  flor?: boolean;
  /** Flor values: uncontested (per flor), flor vs flor, "con flor me achico". */
  florValues?: { flor?: number; contest?: number; achico?: number };
  faltaEnvido?: "classic" | "malas_buenas" | "match_from_malas";
  foldFirstTrickNoEnvido?: "truco_value" | "two_points";
  endImmediately?: boolean;
}

export interface ResolvedRules {
  targetPoints: number;
  /**
   * Where the first half of the match ends: Gaúcho's first 'volta' (12 in pairs, 9 one against
   * one), Argentino's malas (15); null in the Brazilian variants, which count to the target in one
   * go. Scores run on through the halves; nothing resets (truco-rules.md §3, §4.8).
   * A stored state without it gets half the target.
   */
  halfTarget: number | null;
  /** 'limpo' only in the Brazilian variants. Absent in states saved before it existed (= 'sujo'). */
  deck: "sujo" | "limpo";
  /** Absent in states saved before it existed (= off). */
  raiseCap: boolean;
  manilhaMode: "nova" | "velha" | "spanish";
  mineiroScoring: "platform" | "pagat" | "short";
  responseRule: "first_answer_binds" | "both_must_refuse";
  tieLeader: "tied_trick_leader" | "first_tying_card" | "last_tying_card" | "mano";
  allTiedHand: "void" | "mano_wins" | "dealer_wins" | "redeal";
  coveredCards: "off" | "rounds_2_3" | "one_per_team" | "not_after_tie";
  mustPlayHighestAfterTie: boolean;
  maoDeOnze: boolean;
  maoDeFerro: "blind" | "open";
  envido: boolean;
  flor: boolean;
  florValues: { flor: number; contest: number; achico: number };
  faltaEnvido: "classic" | "malas_buenas" | "match_from_malas";
  foldFirstTrickNoEnvido: "truco_value" | "two_points";
  endImmediately: boolean;
  mazo: boolean;
  /** Truco ladder: `values[0]` is the unbet hand, `names[i]` the call that asks for `values[i]`. */
  ladder: { values: number[]; names: (TrucoCall | null)[] };
}

export interface PlayerInput {
  id: string;
  team: TeamId;
  nickname?: string;
}

export interface MatchPlayer {
  id: string;
  team: TeamId;
  nickname: string | null;
}

/** Internal team index: 0 = team1, 1 = team2. */
export type TeamIdx = 0 | 1;
/** Trick outcome: a team index, or TIE (-1). */
export type TrickOutcome = 0 | 1 | -1;

export interface PlayState {
  seat: number;
  card: string;
  down: boolean;
}

export interface TrickState {
  leader: number;
  plays: PlayState[];
  /** null while the trick is being played. */
  outcome: TrickOutcome | null;
  /** Seat that played the winning card (first in play order), null for a tie or unfinished. */
  winnerSeat: number | null;
}

export interface PendingTruco {
  /** Ladder level requested. */
  level: number;
  by: number;
  responder: number;
  /** Seats of the challenged team that already refused (both_must_refuse rule). */
  refused: number[];
}

export interface EnvidoState {
  calls: EnvidoCall[];
  /** Seat of the last call. */
  caller: number;
  responder: number | null;
  status: "pending" | "accepted" | "rejected" | "cancelled";
  winnerTeam: TeamIdx | null;
  points: number;
  shown: { seat: number; points: number }[];
}

export interface FlorContest {
  calls: ("contraflor" | "contraflor_al_resto")[];
  caller: number;
  responder: number | null;
}

export interface FlorState {
  /** Seats that declared flor, in order (auto-declared ones included). */
  declared: number[];
  contest: FlorContest | null;
  resolved: boolean;
  winnerTeam: TeamIdx | null;
  points: number;
  shown: { seat: number; points: number }[];
  /** How it was settled, once resolved. */
  outcome: "uncontested" | "contest" | "achico" | "accepted" | "rejected" | null;
}

export type HandEndReason = "tricks" | "truco_rejected" | "mao_run" | "mazo" | "all_tied" | "match_over";

export interface HandResult {
  winnerTeam: TeamIdx | null;
  points: number;
  reason: HandEndReason;
  /** allTiedHand 'redeal': the same dealer deals the next hand. */
  redeal: boolean;
}

export interface HandState {
  /** Per-hand seed (secret while the hand is live). */
  seed: string;
  /** SHA-256 hex of `seed`, public. */
  commitment: string;
  /** The deal was fixed by createMatch's `deal`, not derived from `seed`. */
  fixedDeal: boolean;
  /** Cards dealt to each seat (never changes during the hand). */
  dealt: string[][];
  /** Cards still held by each seat. */
  held: string[][];
  vira: string | null;
  manilha: Rank | null;
  special: "onze" | "ferro" | null;
  /** Team on 11 (10) in a mão de onze (dez). */
  specialTeam: TeamIdx | null;
  /** Seat that must decide the mão de onze (dez); null once decided. */
  maoDecider: number | null;
  blind: boolean;
  tricks: TrickState[];
  /** Seat whose turn it is to play a card. */
  turn: number;
  /** Accepted ladder level. */
  stake: number;
  /** Team that made the last truco request (accepted or pending). */
  lastRaiser: TeamIdx | null;
  truco: PendingTruco | null;
  envido: EnvidoState | null;
  flor: FlorState | null;
  result: HandResult | null;
}

export interface MatchState {
  schema: 1;
  variant: Variant;
  rules: ResolvedRules;
  /** Match seed (secret). */
  seed: string;
  players: MatchPlayer[];
  /** [team1, team2]. */
  scores: [number, number];
  handNumber: number;
  dealer: number;
  /** Number of actions applied (incl. startNextHand); strictly increasing. */
  actionCount: number;
  phase: GamePhase;
  winner: TeamId | null;
  /** First team to reach the target (used when endImmediately is off). */
  firstToTarget: TeamIdx | null;
  hand: HandState;
}

// ---------------------------------------------------------------- events

export type GameEvent =
  | {
      type: "hand_started";
      handNumber: number;
      dealer: string;
      mao: string;
      commitment: string;
      vira: Card | null;
      specialHand: "mao_de_onze" | "mao_de_dez" | "mao_de_ferro" | null;
    }
  | { type: "card_played"; playerId: string; card: Card | HiddenCard; faceDown: boolean; trick: number }
  | {
      type: "trick_ended";
      trick: number;
      winnerTeam: TeamId | null;
      winnerPlayerId: string | null;
      tie: boolean;
      nextLeader: string | null;
    }
  | {
      type: "truco_called";
      call: TrucoCall;
      by: string;
      team: TeamId;
      /** What the hand is worth if accepted. */
      stake: number;
      /** What the caller's team scores if the call is refused. */
      runValue: number;
      responder: string;
    }
  | {
      type: "truco_responded";
      response: "accept" | "reject";
      by: string;
      call: TrucoCall;
      /** True when the answer was a raise (which accepts the pending rung). */
      byRaise: boolean;
      /** both_must_refuse: the refusal passed the decision to the partner. */
      passedTo: string | null;
    }
  | { type: "mao_decided"; response: "play" | "run"; by: string; team: TeamId }
  | {
      type: "envido_called";
      call: EnvidoCall;
      by: string;
      team: TeamId;
      acceptValue: number | null;
      rejectValue: number;
      responder: string;
    }
  | { type: "envido_responded"; response: "accept" | "reject"; by: string }
  | {
      type: "envido_resolved";
      accepted: boolean;
      winnerTeam: TeamId;
      points: number;
      shown: { playerId: string; points: number }[];
    }
  | { type: "envido_cancelled"; reason: "flor" }
  | { type: "flor_declared"; by: string; call: FlorCall; auto: boolean }
  | { type: "flor_responded"; response: "accept" | "reject"; by: string }
  | {
      type: "flor_resolved";
      winnerTeam: TeamId;
      points: number;
      outcome: "uncontested" | "contest" | "achico" | "accepted" | "rejected";
      shown: { playerId: string; points: number }[];
    }
  | { type: "went_to_mazo"; by: string; team: TeamId }
  | {
      type: "hand_ended";
      handNumber: number;
      winnerTeam: TeamId | null;
      points: number;
      reason: HandEndReason;
      team1Score: number;
      team2Score: number;
      /** The finished hand's seed, revealed for the fairness check. */
      seed: string;
    }
  | { type: "match_ended"; winnerTeam: TeamId; team1Score: number; team2Score: number };

export type ApplyResult = { ok: true; state: MatchState; events: GameEvent[] } | { ok: false; error: ErrorCode; message: string };

export type ErrorCode = "invalid_action" | "unknown_player" | "not_your_turn" | "illegal_action" | "hand_over" | "match_over";
