// The hard computer player: flat Monte Carlo over determinizations. It samples complete deals
// consistent with everything its view shows (its cards, played cards, the vira, shown envido and
// flor counts, who had to declare a flor), weighs them by what the opponents' bets suggest, then
// plays each candidate action out to the end of the hand on the real engine with the normal
// policy for every seat, and keeps the action with the best match-winning chance.
import { envidoOfIds, florPoints, hasFlor, strength } from "../cards";
import { handDeck } from "../deal";
import { applyAction } from "../apply";
import { decisionSeat } from "../phase";
import type { Rng } from "../random";
import type { Action, HandState, MatchState, TeamIdx, TrickState } from "../types";
import type { PlayerView } from "../view";
import { matchWinProbFor } from "./estimate";
import { normalPolicy, type NormalOptions } from "./policy";
import { situationFromState, strengthIn, type Situation } from "./situation";

/** Policy used for every seat inside the simulations (a cheaper normal player). */
const ROLLOUT: NormalOptions = { samples: 8, foldGuess: 0.25 };

export interface HardOptions {
  /** Determinizations per decision. */
  worlds: number;
  /** Chance to call truco anyway when the search prefers not to (a bluff). */
  bluff: number;
}

const HARD: HardOptions = { worlds: 16, bluff: 0.03 };

export function hardPolicy(view: PlayerView, sit: Situation, rng: Rng, opts: HardOptions = HARD): Action {
  const legal = sit.legal;
  if (legal.length === 1 || sit.blind) return normalPolicy(sit, rng);
  if (legal[0].type === "call_flor" && sit.phase !== "waiting_flor_response") return normalPolicy(sit, rng);
  const candidates = candidateActions(sit);
  if (candidates.length === 1) return candidates[0];

  const me = view.me!;
  const worlds = sampleWorlds(view, sit, rng, opts.worlds);
  if (worlds.length === 0) return normalPolicy(sit, rng);
  const totals = new Array<number>(candidates.length).fill(0);
  for (const w of worlds) {
    const base = stateFromView(view, w.dealt, w.held);
    for (let i = 0; i < candidates.length; i++) {
      const r = applyAction(base, me, candidates[i]);
      if (r.ok) totals[i] += rollout(r.state, sit.team, rng);
    }
  }
  let best = 0;
  for (let i = 1; i < candidates.length; i++) if (totals[i] > totals[best]) best = i;
  const choice = candidates[best];

  // An occasional bluff: call when the search would not, while the hand is still open.
  const call = candidates.find((a) => a.type === "call_truco");
  if (call && choice.type === "play_card" && sit.phase === "playing" && rng.next() < opts.bluff) return call;
  return choice;
}

/** Legal actions worth searching: one card per strength, covering only the lowest, no mazo. */
function candidateActions(sit: Situation): Action[] {
  const out: Action[] = [];
  const seen = new Set<number>();
  let lowest: string | null = null;
  let lowestSt = 99;
  for (const a of sit.legal) {
    if (a.type !== "play_card" || a.faceDown) continue;
    const st = strengthIn(sit, a.cardId);
    if (st < lowestSt) {
      lowestSt = st;
      lowest = a.cardId;
    }
  }
  for (const a of sit.legal) {
    if (a.type === "go_to_mazo") continue;
    if (a.type === "play_card") {
      if (a.faceDown) {
        if (a.cardId === lowest) out.push(a);
        continue;
      }
      const st = strengthIn(sit, a.cardId);
      if (seen.has(st)) continue;
      seen.add(st);
    }
    out.push(a);
  }
  return out.length > 0 ? out : sit.legal.slice(0, 1);
}

/** Play the hand out with the normal policy for every seat; the match-winning chance for `team`. */
function rollout(s: MatchState, team: TeamIdx, rng: Rng): number {
  let guard = 0;
  while (s.phase !== "round_end" && s.phase !== "game_over" && guard++ < 60) {
    const seat = decisionSeat(s);
    const a = normalPolicy(situationFromState(s, seat), rng, ROLLOUT);
    const r = applyAction(s, s.players[seat].id, a);
    if (!r.ok) break;
    s = r.state;
  }
  if (s.phase === "game_over") return s.winner === (team === 0 ? "team1" : "team2") ? 1 : 0;
  return matchWinProbFor(s.rules.targetPoints, s.rules.ladder.values, s.scores[team], s.scores[1 - team]);
}

// ------------------------------------------------------------ determinizations

/** One sampled deal: every seat's dealt cards (its plays in order, then its held cards). */
interface World {
  dealt: string[][];
  held: string[][];
}

/** Strength percentile of every card in the full deck for this hand's ranking. */
function deckPercentiles(sit: Situation): Map<string, number> {
  const deck = handDeck(sit.rules);
  const sts = deck.map((c) => strength(c, sit.mode, sit.manilha));
  const out = new Map<string, number>();
  deck.forEach((c, i) => {
    let below = 0;
    for (const x of sts) below += x < sts[i] ? 1 : x === sts[i] ? 0.5 : 0;
    out.set(c, below / sts.length);
  });
  return out;
}

function sampleWorlds(view: PlayerView, sit: Situation, rng: Rng, count: number): World[] {
  const n = sit.n;
  const seatOf = (id: string) => view.seats.indexOf(id);
  // Cards each seat has played, in order; null where covered and unknown to me.
  const played: (string | null)[][] = view.seats.map(() => []);
  for (const t of view.tricks) for (const p of t.cards) played[seatOf(p.playerId)].push("id" in p.card ? p.card.id : null);
  const known: (string[] | null)[] = view.seats.map((id, s) => {
    if (s === sit.seat) return sit.blind ? null : sit.my;
    const cards = view.players[id].hand;
    return cards.length > 0 && cards.every((c) => "id" in c) ? cards.map((c) => (c as { id: string }).id) : null;
  });

  // Constraints from the view.
  const envidoShown = new Map<number, number>();
  for (const x of view.envido?.shown ?? []) envidoShown.set(seatOf(x.playerId), x.points);
  const florShown = new Map<number, number>();
  for (const x of view.flor?.shown ?? []) florShown.set(seatOf(x.playerId), x.points);
  const florDeclared = new Set(sit.florDeclared);
  const noFlor = new Set<number>();
  if (sit.rules.flor && !sit.blind) {
    // Declaring is mandatory before the first card: a seat that played without declaring has none.
    const t0 = view.tricks[0];
    for (const p of t0.cards) if (!florDeclared.has(seatOf(p.playerId))) noFlor.add(seatOf(p.playerId));
  }

  // What the opponents' bets suggest about their cards.
  const pct = deckPercentiles(sit);
  const opp = (1 - sit.team) as TeamIdx;
  let signal = 0; // 0 none, 1 accepted our call, 2 called or raised
  if (sit.pending && sit.teams[sit.pending.by] === opp) signal = 2;
  else if (sit.stake >= 1 && sit.lastRaiser === opp) signal = 2;
  else if (sit.stake >= 1 && sit.lastRaiser === sit.team) signal = 1;
  else if (sit.special === "onze" && sit.specialTeam === opp && sit.phase !== "waiting_mao_decision") signal = 1;

  const pool = sit.unseen.slice();
  const worlds: World[] = [];
  const maxTries = count * 12;
  for (let tries = 0; worlds.length < count && tries < maxTries; tries++) {
    let top = pool.length;
    const draw = () => {
      const j = rng.int(top);
      top--;
      const c = pool[j];
      pool[j] = pool[top];
      pool[top] = c;
      return c;
    };
    const dealt: string[][] = [];
    const held: string[][] = [];
    for (let s = 0; s < n; s++) {
      const d: string[] = [];
      for (const c of played[s]) d.push(c ?? draw());
      const h = known[s] ? known[s]!.slice() : [];
      if (!known[s]) for (let k = 0; k < sit.counts[s]; k++) h.push(draw());
      dealt.push(d.concat(h));
      held.push(h);
    }
    // Hard constraints.
    let ok = true;
    const relax = tries >= maxTries / 2;
    for (let s = 0; s < n && ok && !relax; s++) {
      if (s === sit.seat) continue;
      if (envidoShown.has(s) && envidoOfIds(dealt[s]) !== envidoShown.get(s)) ok = false;
      else if (florShown.has(s) && (!hasFlor(dealt[s]) || florPoints(dealt[s]) !== florShown.get(s))) ok = false;
      else if (florDeclared.has(s) && !hasFlor(dealt[s])) ok = false;
      else if (noFlor.has(s) && hasFlor(dealt[s])) ok = false;
    }
    if (!ok) continue;
    // Soft evidence: accept in proportion to how well the betting team's cards fit its bets.
    if (signal > 0 && !relax) {
      let q = 0;
      for (let s = 0; s < n; s++) {
        if (sit.teams[s] !== opp) continue;
        let m = 0;
        for (const c of dealt[s]) m += pct.get(c)!;
        q = Math.max(q, m / dealt[s].length);
      }
      const p = signal === 2 ? clamp((q - 0.35) * 2.4, 0.08, 1) : clamp((q - 0.2) * 2, 0.15, 1);
      if (rng.next() > p) continue;
    }
    worlds.push({ dealt, held });
  }
  return worlds;
}

const clamp = (x: number, lo: number, hi: number) => (x < lo ? lo : x > hi ? hi : x);

/**
 * A complete state equal to what the view shows, with the hidden cards taken from one sampled
 * world. The seed is a placeholder: simulations never go past the current hand.
 */
export function stateFromView(v: PlayerView, dealt: string[][], held: string[][]): MatchState {
  const seatOf = (id: string) => v.seats.indexOf(id);
  const teamIdx = (t: string | null): TeamIdx | null => (t === null ? null : t === "team1" ? 0 : 1);
  const n = v.seats.length;
  const hiddenIdx = v.seats.map(() => 0);
  const tricks: TrickState[] = v.tricks.map((t) => ({
    leader: seatOf(t.leader),
    plays: t.cards.map((p) => {
      const seat = seatOf(p.playerId);
      const idx = hiddenIdx[seat]++;
      return { seat, card: "id" in p.card ? p.card.id : dealt[seat][idx], down: p.faceDown };
    }),
    outcome: t.finished ? (t.tie ? -1 : t.winnerTeam === "team1" ? 0 : 1) : null,
    winnerSeat: t.winnerPlayerId === null ? null : seatOf(t.winnerPlayerId),
  }));
  const cur = tricks[tricks.length - 1];
  const pending = v.stake.pending;
  const e = v.envido;
  const f = v.flor;
  const special = v.specialHand === "mao_de_ferro" ? "ferro" : v.specialHand ? "onze" : null;
  const hand: HandState = {
    seed: "",
    commitment: v.handCommitment,
    fixedDeal: true,
    dealt,
    held,
    vira: v.vira ? v.vira.id : null,
    manilha: v.manilha,
    special,
    specialTeam: teamIdx(v.specialTeam),
    maoDecider: v.gamePhase === "waiting_mao_decision" && v.currentPlayer ? seatOf(v.currentPlayer) : null,
    blind: v.blind,
    tricks,
    turn: (cur.leader + cur.plays.length) % n,
    stake: v.stake.level,
    lastRaiser: teamIdx(v.stake.lastRaiserTeam),
    truco: pending
      ? { level: pending.level, by: seatOf(pending.by), responder: seatOf(pending.responder), refused: pending.refusedBy.map(seatOf) }
      : null,
    envido: e
      ? {
          calls: e.calls.slice(),
          caller: seatOf(e.caller),
          responder: e.responder === null ? null : seatOf(e.responder),
          status: e.status,
          winnerTeam: teamIdx(e.winnerTeam),
          points: e.points,
          shown: e.shown.map((x) => ({ seat: seatOf(x.playerId), points: x.points })),
        }
      : null,
    flor: f
      ? {
          declared: f.declared.map(seatOf),
          contest: f.contest
            ? {
                calls: f.contest.calls.filter((c): c is "contraflor" | "contraflor_al_resto" => c !== "flor" && c !== "achico"),
                caller: seatOf(f.contest.caller),
                responder: f.contest.responder === null ? null : seatOf(f.contest.responder),
              }
            : null,
          resolved: f.resolved,
          winnerTeam: teamIdx(f.winnerTeam),
          points: f.points,
          shown: f.shown.map((x) => ({ seat: seatOf(x.playerId), points: x.points })),
          outcome: f.outcome,
        }
      : null,
    result: null,
  };
  const reached = v.team1Score >= v.targetScore ? 0 : v.team2Score >= v.targetScore ? 1 : null;
  return {
    schema: 1,
    variant: v.variant,
    rules: v.rules,
    seed: "simulation",
    players: v.seats.map((id) => ({ id, team: v.players[id].team, nickname: null })),
    scores: [v.team1Score, v.team2Score],
    handNumber: v.handNumber,
    dealer: seatOf(v.dealer),
    actionCount: v.actionCount,
    phase: v.gamePhase,
    winner: v.winnerTeam,
    firstToTarget: reached,
    hand,
  };
}
