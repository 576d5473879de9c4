// What a bot knows when it decides: built from its PlayerView (real decisions) or, inside the
// hard bot's simulations, from a simulated state for one seat, reading only that seat's cards
// and public information. The policies see nothing else.
import { envidoOfIds, florPoints, hasFlor, strengthTable, type RankMode } from "../cards";
import { handDeck } from "../deal";
import { envidoAcceptValue, envidoRejectValue } from "../envido";
import { legalForSeat } from "../legal-actions";
import { maoSeat, seatTeam } from "../seats";
import type { Action, EnvidoCall, GamePhase, MatchState, Rank, ResolvedRules, TeamIdx, TrickOutcome, Variant } from "../types";
import type { PlayerView } from "../view";
import { teamProfile, type Profile, type TableRead } from "./read";

export interface SitPlay {
  seat: number;
  /** null: a covered card of someone else. */
  card: string | null;
  down: boolean;
}

export interface Situation {
  variant: Variant;
  rules: ResolvedRules;
  n: number;
  seat: number;
  team: TeamIdx;
  teams: TeamIdx[];
  phase: GamePhase;
  legal: Action[];
  /** My cards ([] in a blind mão de ferro). */
  my: string[];
  blind: boolean;
  /** Cards each seat still holds. */
  counts: number[];
  mode: RankMode;
  manilha: Rank | null;
  vira: string | null;
  /** 0-based index of the trick being played. */
  trickIdx: number;
  leader: number;
  plays: SitPlay[];
  /** Outcomes of the finished tricks. */
  outcomes: TrickOutcome[];
  /** The seats that played a card in each trick of the hand so far (the current one included). */
  trickPlays: number[][];
  /** Every card this seat cannot see (other hands, covered cards, the undealt stock). */
  unseen: string[];
  /** Partner's cards when shown (mão de onze decision). */
  partner: string[] | null;
  /** Scores by team index. */
  scores: [number, number];
  target: number;
  stake: number;
  lastRaiser: TeamIdx | null;
  /** The call awaiting an answer; `refused`: seats that already refused it (both must refuse). */
  pending: { level: number; by: number; refused: number[] } | null;
  values: number[];
  special: "onze" | "ferro" | null;
  specialTeam: TeamIdx | null;
  mao: number;
  dealer: number;
  myEnvido: number;
  /** The hand's envido; `acceptPts` / `rejectPts` are what accepting / refusing the last call scores. */
  envido: { calls: EnvidoCall[]; status: string; caller: number; callerTeam: TeamIdx; acceptPts: number; rejectPts: number } | null;
  myFlor: boolean;
  myFlorPoints: number;
  /** Seats that declared flor. */
  florDeclared: number[];
  /** What the table read expects of the opposing team's betting. */
  opponents: Profile;
  /** A per-decision salt for the bot's randomness. */
  salt: string;
}

function opponentSeats(teams: readonly TeamIdx[], team: TeamIdx): number[] {
  const out: number[] = [];
  for (let s = 0; s < teams.length; s++) if (teams[s] !== team) out.push(s);
  return out;
}

export function strengthIn(sit: Situation, card: string): number {
  return strengthTable(sit.mode, sit.manilha)[card];
}

/**
 * The trick so far: the strongest card's strength (a covered card counts 0) and the team holding
 * it, -1 when both teams tie on it (-2 before anyone played).
 */
export function trickLead(sit: Situation): { best: number; bestTeam: number } {
  let best = -1;
  let bestTeam = -2;
  for (const p of sit.plays) {
    const st = p.down || p.card === null ? 0 : strengthIn(sit, p.card);
    if (st > best) {
      best = st;
      bestTeam = sit.teams[p.seat];
    } else if (st === best && bestTeam !== sit.teams[p.seat]) bestTeam = -1;
  }
  return { best, bestTeam };
}

/** The cards of this table's deck (40, or baralho limpo's 24 / 27) that this seat has not seen. */
function unseenFrom(known: Set<string>, rules: ResolvedRules): string[] {
  const out: string[] = [];
  const deck = handDeck(rules);
  for (let i = 0; i < deck.length; i++) if (!known.has(deck[i])) out.push(deck[i]);
  return out;
}

export function situationFromView(v: PlayerView, read?: TableRead | null): Situation {
  const seat = v.seats.indexOf(v.me!);
  const n = v.seats.length;
  const seatIdx = (id: string) => v.seats.indexOf(id);
  const teams = v.seats.map((id) => (v.players[id].team === "team1" ? 0 : 1) as TeamIdx);
  const me = v.players[v.me!];
  const my: string[] = [];
  for (const c of me.hand) if ("id" in c) my.push(c.id);
  const known = new Set<string>(my);
  if (v.vira) known.add(v.vira.id);
  let partner: string[] | null = null;
  for (const id of v.seats) {
    if (id === v.me) continue;
    const cards: string[] = [];
    for (const c of v.players[id].hand) if ("id" in c) cards.push(c.id);
    if (cards.length > 0) {
      partner = cards;
      for (const c of cards) known.add(c);
    }
  }
  const outcomes: TrickOutcome[] = [];
  for (const t of v.tricks) if (t.finished) outcomes.push(t.tie ? -1 : t.winnerTeam === "team1" ? 0 : 1);
  const cur = v.tricks[v.tricks.length - 1];
  for (const t of v.tricks) {
    for (const p of t.cards) if ("id" in p.card) known.add(p.card.id);
  }
  const plays: SitPlay[] = cur.finished
    ? []
    : cur.cards.map((p) => ({ seat: seatIdx(p.playerId), card: "id" in p.card ? p.card.id : null, down: p.faceDown }));
  const team = teams[seat];
  const e = v.envido;
  const pending = v.stake.pending;
  return {
    variant: v.variant,
    rules: v.rules,
    n,
    seat,
    team,
    teams,
    phase: v.gamePhase,
    legal: v.legalActions,
    my,
    blind: v.blind,
    counts: v.seats.map((id) => v.players[id].cardCount),
    mode: v.rules.manilhaMode,
    manilha: v.manilha,
    vira: v.vira ? v.vira.id : null,
    trickIdx: v.tricks.length - 1,
    leader: seatIdx(cur.leader),
    plays,
    outcomes,
    trickPlays: v.tricks.map((t) => t.cards.map((p) => seatIdx(p.playerId))),
    unseen: unseenFrom(known, v.rules),
    partner,
    scores: [v.team1Score, v.team2Score],
    target: v.targetScore,
    stake: v.stake.level,
    lastRaiser: v.stake.lastRaiserTeam === null ? null : v.stake.lastRaiserTeam === "team1" ? 0 : 1,
    pending: pending ? { level: pending.level, by: seatIdx(pending.by), refused: pending.refusedBy.map(seatIdx) } : null,
    values: v.rules.ladder.values,
    special: v.specialHand === "mao_de_ferro" ? "ferro" : v.specialHand ? "onze" : null,
    specialTeam: v.specialTeam === null ? null : v.specialTeam === "team1" ? 0 : 1,
    mao: seatIdx(v.mao),
    dealer: seatIdx(v.dealer),
    myEnvido: v.myEnvido ?? 0,
    envido: e
      ? {
          calls: e.calls,
          status: e.status,
          caller: seatIdx(e.caller),
          callerTeam: e.callerTeam === "team1" ? 0 : 1,
          acceptPts: e.acceptValue ?? Math.max(1, v.targetScore - Math.max(v.team1Score, v.team2Score)),
          rejectPts: e.rejectValue,
        }
      : null,
    myFlor: v.myFlor,
    myFlorPoints: v.myFlor ? florPoints(my.length === 3 ? my : dealtOf(v, seat, my)) : 0,
    florDeclared: v.flor ? v.flor.declared.map(seatIdx) : [],
    opponents: teamProfile(read, opponentSeats(teams, team)),
    salt: `${v.handNumber}:${v.actionCount}:${v.me}`,
  };
}

/** My dealt hand from the view: held cards plus the ones I played. */
function dealtOf(v: PlayerView, seat: number, held: string[]): string[] {
  const out = held.slice();
  for (const t of v.tricks) for (const p of t.cards) if (p.playerId === v.seats[seat] && "id" in p.card) out.push(p.card.id);
  return out;
}

/** The same knowledge, from a (simulated) state, for `seat`; `opponents`: what it expects of the other team (default: the priors). */
export function situationFromState(s: MatchState, seat: number, opponents?: Profile): Situation {
  const h = s.hand;
  const n = s.players.length;
  const teams = s.players.map((_, i) => seatTeam(s, i));
  const team = teams[seat];
  const my = h.blind ? [] : h.held[seat].slice();
  const known = new Set<string>(my);
  if (h.vira) known.add(h.vira);
  let partner: string[] | null = null;
  if (s.phase === "waiting_mao_decision" && h.specialTeam === team && !h.blind) {
    for (let i = 0; i < n; i++) {
      if (i !== seat && teams[i] === team) {
        partner = h.held[i].slice();
        for (const c of partner) known.add(c);
      }
    }
  }
  const outcomes: TrickOutcome[] = [];
  for (const t of h.tricks) {
    if (t.outcome !== null) outcomes.push(t.outcome);
    for (const p of t.plays) if (!p.down || p.seat === seat) known.add(p.card);
  }
  const cur = h.tricks[h.tricks.length - 1];
  const plays: SitPlay[] =
    cur.outcome !== null ? [] : cur.plays.map((p) => ({ seat: p.seat, card: p.down && p.seat !== seat ? null : p.card, down: p.down }));
  const e = h.envido;
  const dealt = h.dealt[seat];
  const flor = s.rules.flor && !h.blind && hasFlor(dealt);
  return {
    variant: s.variant,
    rules: s.rules,
    n,
    seat,
    team,
    teams,
    phase: s.phase,
    legal: legalForSeat(s, seat),
    my,
    blind: h.blind,
    counts: h.held.map((x) => x.length),
    mode: s.rules.manilhaMode,
    manilha: h.manilha,
    vira: h.vira,
    trickIdx: h.tricks.length - 1,
    leader: cur.leader,
    plays,
    outcomes,
    trickPlays: h.tricks.map((t) => t.plays.map((p) => p.seat)),
    unseen: unseenFrom(known, s.rules),
    partner,
    scores: [s.scores[0], s.scores[1]],
    target: s.rules.targetPoints,
    stake: h.stake,
    lastRaiser: h.lastRaiser,
    pending: h.truco ? { level: h.truco.level, by: h.truco.by, refused: h.truco.refused } : null,
    values: s.rules.ladder.values,
    special: h.special,
    specialTeam: h.specialTeam,
    mao: maoSeat(s),
    dealer: s.dealer,
    myEnvido: s.rules.envido && !h.blind ? envidoOfIds(dealt) : 0,
    envido: e
      ? {
          calls: e.calls,
          status: e.status,
          caller: e.caller,
          callerTeam: teams[e.caller],
          acceptPts: envidoAcceptValue(s, e.calls, null),
          rejectPts: envidoRejectValue(e.calls),
        }
      : null,
    myFlor: flor,
    myFlorPoints: flor ? florPoints(dealt) : 0,
    florDeclared: h.flor ? h.flor.declared : [],
    opponents: opponents ?? teamProfile(null, opponentSeats(teams, team)),
    salt: `${s.handNumber}:${s.actionCount}:${seat}`,
  };
}
