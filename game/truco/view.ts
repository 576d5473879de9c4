// What one player (or a spectator) may see. Hidden information never leaves through here:
// another player's card is exactly `{ hidden: true }`, and the seed and deck order are absent
// while the hand is live.
import { cardJson, envidoOfIds, hasFlor } from "./cards";
import { envidoAcceptValue, envidoRejectValue } from "./envido";
import { florOptions } from "./flor";
import { legalForSeat } from "./legal-actions";
import { decisionSeat } from "./phase";
import { handValue } from "./scoring";
import { maoSeat, seatOf, seatTeam, teamIdOf, TIE } from "./seats";
import type {
  Action,
  BlindCard,
  Card,
  EnvidoCall,
  FlorCall,
  FlorState,
  GamePhase,
  HandEndReason,
  HiddenCard,
  MatchState,
  Rank,
  ResolvedRules,
  TeamId,
  TrucoCall,
  Variant,
} from "./types";
import { specialHandThreshold } from "./variants";

export interface ViewPlay {
  card: Card | HiddenCard;
  playerId: string;
  faceDown: boolean;
}

export interface ViewTrick {
  number: number;
  leader: string;
  cards: ViewPlay[];
  finished: boolean;
  /** Winning team, null while unfinished or for a tie. */
  winnerTeam: TeamId | null;
  winnerPlayerId: string | null;
  tie: boolean;
}

export interface ViewPlayer {
  id: string;
  nickname: string | null;
  team: TeamId;
  seat: number;
  /** Own cards in full; another player's cards as `{ hidden: true }`; blind own cards as BlindCard. */
  hand: (Card | HiddenCard | BlindCard)[];
  cardCount: number;
  isDealer: boolean;
  isMao: boolean;
}

export type DecisionKind = "play" | "truco_response" | "mao_decision" | "envido_response" | "flor_response" | "flor_declaration";

export interface PlayerView {
  variant: Variant;
  rules: ResolvedRules;
  /** The viewer, null for a spectator. */
  me: string | null;
  myTeam: TeamId | null;
  /** Player ids in seat (play) order. */
  seats: string[];
  players: Record<string, ViewPlayer>;
  handNumber: number;
  /** The spec's round = a hand (deal). Same as handNumber. */
  currentRound: number;
  /** Trick being played, 1..3 (the last trick once the hand is over). */
  currentTrick: number;
  actionCount: number;
  gamePhase: GamePhase;
  /** Whose decision the game waits for (null in round_end / game_over). */
  currentPlayer: string | null;
  pendingDecision: { playerId: string; kind: DecisionKind } | null;
  /** Legal actions of the viewer right now (empty for spectators and when it is not their decision). */
  legalActions: Action[];
  dealer: string;
  mao: string;
  team1Score: number;
  team2Score: number;
  targetScore: number;
  /** Points the hand is worth now (accepted stake). */
  roundPoints: number;
  /** Last truco-ladder call of this hand (pending or accepted), null if none. */
  trucoCall: TrucoCall | null;
  stake: {
    level: number;
    value: number;
    lastRaiserTeam: TeamId | null;
    /** The call a raise would make next and what the hand would then be worth (null: none possible). */
    nextCall: TrucoCall | null;
    nextValue: number | null;
    pending: {
      call: TrucoCall;
      level: number;
      value: number;
      runValue: number;
      by: string;
      team: TeamId;
      responder: string;
      /** both_must_refuse: challenged players who already refused. */
      refusedBy: string[];
    } | null;
  };
  vira: Card | null;
  manilha: Rank | null;
  /** Cards of the current trick (the last trick once the hand is over). */
  roundCards: ViewPlay[];
  tricks: ViewTrick[];
  trickResults: (TeamId | "tie")[];
  specialHand: "mao_de_onze" | "mao_de_dez" | "mao_de_ferro" | null;
  specialTeam: TeamId | null;
  /** Blind mão de ferro: nobody sees their own cards; play them as 'blind:<slot>'. */
  blind: boolean;
  envido: {
    calls: EnvidoCall[];
    caller: string;
    callerTeam: TeamId;
    responder: string | null;
    status: "pending" | "accepted" | "rejected" | "cancelled";
    acceptValue: number | null;
    rejectValue: number;
    winnerTeam: TeamId | null;
    points: number;
    shown: { playerId: string; points: number }[];
  } | null;
  flor: {
    declared: string[];
    contest: { calls: FlorCall[]; caller: string; responder: string | null } | null;
    resolved: boolean;
    winnerTeam: TeamId | null;
    points: number;
    outcome: FlorState["outcome"];
    shown: { playerId: string; points: number }[];
  } | null;
  /** The viewer's own envido count and flor (Argentino, Gaúcho), for the UI. */
  myEnvido: number | null;
  myFlor: boolean;
  /** Result of the finished hand (round_end, game_over). */
  lastHand: { winnerTeam: TeamId | null; points: number; reason: HandEndReason } | null;
  /** SHA-256 of the current hand's seed (commitment). */
  handCommitment: string;
  /** The finished hand's seed (round_end / game_over only), to check the deal against the commitment. */
  revealedSeed: string | null;
  /** The first hand's deal was fixed by the match creator (tests, puzzles), not drawn from the seed. */
  fixedDeal: boolean;
  winnerTeam: TeamId | null;
}

const HIDDEN = (): HiddenCard => ({ hidden: true });

export function viewFor(state: MatchState, playerId: string | null): PlayerView {
  const s = state;
  const h = s.hand;
  const n = s.players.length;
  const meSeat = playerId === null ? -1 : seatOf(s, playerId);
  const me = meSeat >= 0 ? s.players[meSeat].id : null;
  const myTeam = meSeat >= 0 ? seatTeam(s, meSeat) : null;
  const live = s.phase !== "round_end" && s.phase !== "game_over";
  const id = (seat: number) => s.players[seat].id;

  // Mão de onze: the team on 11 sees its partner's cards while it decides (truco-rules.md §1).
  const peek = s.phase === "waiting_mao_decision" && myTeam !== null && myTeam === h.specialTeam;

  const players: Record<string, ViewPlayer> = {};
  for (let seat = 0; seat < n; seat++) {
    const p = s.players[seat];
    const held = h.held[seat];
    let hand: (Card | HiddenCard | BlindCard)[];
    if (seat === meSeat) {
      hand = h.blind ? held.map((_, i) => ({ hidden: true as const, blindId: `blind:${i}` })) : held.map(cardJson);
    } else if (peek && seatTeam(s, seat) === myTeam && !h.blind) {
      hand = held.map(cardJson);
    } else {
      hand = held.map(HIDDEN);
    }
    players[p.id] = {
      id: p.id,
      nickname: p.nickname,
      team: p.team,
      seat,
      hand,
      cardCount: held.length,
      isDealer: seat === s.dealer,
      isMao: seat === maoSeat(s),
    };
  }

  const playView = (seat: number, card: string, down: boolean): ViewPlay => ({
    card: down && seat !== meSeat ? HIDDEN() : cardJson(card),
    playerId: id(seat),
    faceDown: down,
  });
  const tricks: ViewTrick[] = h.tricks.map((t, i) => ({
    number: i + 1,
    leader: id(t.leader),
    cards: t.plays.map((p) => playView(p.seat, p.card, p.down)),
    finished: t.outcome !== null,
    winnerTeam: t.outcome === null || t.outcome === TIE ? null : teamIdOf(t.outcome),
    winnerPlayerId: t.winnerSeat === null ? null : id(t.winnerSeat),
    tie: t.outcome === TIE,
  }));
  const trickResults: (TeamId | "tie")[] = [];
  for (const t of h.tricks) if (t.outcome !== null) trickResults.push(t.outcome === TIE ? "tie" : teamIdOf(t.outcome));

  const dSeat = decisionSeat(s);
  let pendingDecision: PlayerView["pendingDecision"] = null;
  if (dSeat >= 0) {
    const kinds: Record<string, DecisionKind> = {
      playing: "play",
      waiting_truco_response: "truco_response",
      waiting_mao_decision: "mao_decision",
      waiting_envido_response: "envido_response",
      waiting_flor_response: "flor_response",
    };
    pendingDecision = {
      playerId: id(dSeat),
      kind: florOptions(s, dSeat).length > 0 ? "flor_declaration" : kinds[s.phase],
    };
  }

  const ladder = s.rules.ladder;
  const level = h.truco ? h.truco.level : h.stake;
  const nextLevel = level + 1;
  const canRaise = live && h.special === null && nextLevel < ladder.values.length;
  const lastCallLevel = h.truco ? h.truco.level : h.stake;

  const e = h.envido;
  const f = h.flor;
  const thr = specialHandThreshold(s.rules);
  return {
    variant: s.variant,
    rules: s.rules,
    me,
    myTeam: myTeam === null ? null : teamIdOf(myTeam),
    seats: s.players.map((p) => p.id),
    players,
    handNumber: s.handNumber,
    currentRound: s.handNumber,
    currentTrick: h.tricks.length,
    actionCount: s.actionCount,
    gamePhase: s.phase,
    currentPlayer: dSeat >= 0 ? id(dSeat) : null,
    pendingDecision,
    legalActions: meSeat >= 0 ? legalForSeat(s, meSeat) : [],
    dealer: id(s.dealer),
    mao: id(maoSeat(s)),
    team1Score: s.scores[0],
    team2Score: s.scores[1],
    targetScore: s.rules.targetPoints,
    roundPoints: handValue(s),
    trucoCall: lastCallLevel > 0 ? ladder.names[lastCallLevel] : null,
    stake: {
      level: h.stake,
      value: handValue(s),
      lastRaiserTeam: h.lastRaiser === null ? null : teamIdOf(h.lastRaiser),
      nextCall: canRaise ? ladder.names[nextLevel] : null,
      nextValue: canRaise ? ladder.values[nextLevel] : null,
      pending: h.truco
        ? {
            call: ladder.names[h.truco.level]!,
            level: h.truco.level,
            value: ladder.values[h.truco.level],
            runValue: ladder.values[h.truco.level - 1],
            by: id(h.truco.by),
            team: teamIdOf(seatTeam(s, h.truco.by)),
            responder: id(h.truco.responder),
            refusedBy: h.truco.refused.map(id),
          }
        : null,
    },
    vira: h.vira ? cardJson(h.vira) : null,
    manilha: h.manilha,
    roundCards: tricks.length > 0 ? tricks[tricks.length - 1].cards : [],
    tricks,
    trickResults,
    specialHand: h.special === "ferro" ? "mao_de_ferro" : h.special === "onze" ? (thr === 10 ? "mao_de_dez" : "mao_de_onze") : null,
    specialTeam: h.specialTeam === null ? null : teamIdOf(h.specialTeam),
    blind: h.blind,
    envido: e
      ? {
          calls: e.calls.slice(),
          caller: id(e.caller),
          callerTeam: teamIdOf(seatTeam(s, e.caller)),
          responder: e.responder === null ? null : id(e.responder),
          status: e.status,
          acceptValue: e.calls.includes("falta_envido") ? null : envidoAcceptValue(s, e.calls, null),
          rejectValue: envidoRejectValue(e.calls),
          winnerTeam: e.winnerTeam === null ? null : teamIdOf(e.winnerTeam),
          points: e.points,
          shown: e.shown.map((x) => ({ playerId: id(x.seat), points: x.points })),
        }
      : null,
    flor: f
      ? {
          declared: f.declared.map(id),
          contest: f.contest
            ? {
                calls: f.contest.calls.slice(),
                caller: id(f.contest.caller),
                responder: f.contest.responder === null ? null : id(f.contest.responder),
              }
            : null,
          resolved: f.resolved,
          winnerTeam: f.winnerTeam === null ? null : teamIdOf(f.winnerTeam),
          points: f.points,
          outcome: f.outcome,
          shown: f.shown.map((x) => ({ playerId: id(x.seat), points: x.points })),
        }
      : null,
    myEnvido: meSeat >= 0 && s.rules.envido && !h.blind ? envidoOfIds(h.dealt[meSeat]) : null,
    myFlor: meSeat >= 0 && s.rules.flor && !h.blind ? hasFlor(h.dealt[meSeat]) : false,
    lastHand:
      !live && h.result
        ? {
            winnerTeam: h.result.winnerTeam === null ? null : teamIdOf(h.result.winnerTeam),
            points: h.result.points,
            reason: h.result.reason,
          }
        : null,
    handCommitment: h.commitment,
    revealedSeed: live ? null : h.seed,
    fixedDeal: h.fixedDeal,
    winnerTeam: s.winner,
  };
}

export type { Action };
