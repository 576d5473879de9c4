// Determinizations for the hard player (docs/decisions/114-hard-player-search.md): complete deals
// consistent with everything a seat's view shows, drawn in proportion to how likely each deal is
// to have produced the bets seen in this hand, under the table read of the betting seats
// (a call after a won first trick: docs/decisions/159-a-caller-model-after-a-won-first-trick.md; one
// against one, the raises of one hand weigh once: 162-raises-in-one-hand-weigh-once.md).
import { envidoOfIds, florPoints, hasFlor, strengthTable } from "../cards";
import type { Rng } from "../random";
import type { HandState, MatchState, TeamIdx, TrickState } from "../types";
import type { PlayerView } from "../view";
import { envidoAcceptLikelihood, envidoCallLikelihood, envidoQuantile } from "./estimate";
import {
  acceptLikelihood,
  afterWinProfile,
  callLikelihood,
  cardPercentile,
  envidoCallFrom,
  profileOf,
  showdownOf,
  standingIn,
  standingOf,
  trickNow,
  type TrickNow,
  teamProfile,
  type Profile,
  type TableRead,
} from "./read";
import type { Situation } from "./situation";

/** One sampled deal: every seat's dealt cards (its plays in order, then its held cards). */
export interface World {
  dealt: string[][];
  held: string[][];
}

/** What this hand's betting says about the opponents, as the view shows it. */
export interface Evidence {
  /** Seats of the opposing team. */
  opponents: number[];
  profile: Profile;
  /**
   * The profile that weighs the pending call of the opponents when they made it after winning the
   * first trick (afterWinProfile); absent: `profile`.
   */
  callProfile?: Profile;
  /** Truco-ladder rungs the opponents called (their raises included). */
  calls: number;
  /**
   * How many of those weigh a deal (evidenceWeight): one against one, the first only. A seat that
   * raises again in the hand it called says little more than its first call did: the outside bots
   * that bluff raise on with the same weak hand. In pairs up to two, as two seats call.
   */
  weighedCalls: number;
  /**
   * In pairs, the opponent whose call awaits my team's answer (the view names it), else null: that
   * call is weighed by its caller's own cards, the other rungs by the better of the two opponents.
   */
  caller: number | null;
  /** They accepted our last call without raising. */
  accepted: boolean;
  /** They are on 11 (10) and chose to play the mão de onze (dez). */
  playedMao: boolean;
  /** In pairs, what my own team's betting says about my partner's cards (null one against one). */
  team: TeamEvidence | null;
  /**
   * Cards the opponents played while the hand was unbet and a call was open to them: each such
   * play says the hand was not strong enough for this seat to call with (trick: its index).
   */
  passes: { seat: number; trick: number; profile: Profile }[];
  /**
   * What this hand's envido says of each other seat's envido count: the calls it made (each from
   * about `callFrom` points up), and whether it refused or accepted the call it answered (from
   * about `acceptFrom` up).
   */
  envido: EnvidoEvidence[];
}

export interface EnvidoEvidence {
  seat: number;
  calls: number;
  callFrom: number;
  answer: "accepted" | "refused" | null;
  acceptFrom: number;
}

/** The envido evidence of the other seats, from the hand's envido calls and their answer. */
export function envidoEvidenceOf(sit: Situation, read: TableRead | null | undefined): EnvidoEvidence[] {
  const e = sit.envido;
  if (!e || sit.blind) return [];
  const n = sit.n;
  const bySeat = new Map<number, EnvidoEvidence>();
  const of = (seat: number): EnvidoEvidence => {
    let x = bySeat.get(seat);
    if (!x) {
      x = {
        seat,
        calls: 0,
        callFrom: envidoCallFrom(read, [seat]),
        answer: null,
        acceptFrom: envidoQuantile(profileOf(read, seat).envidoRunRate ?? 0.45),
      };
      bySeat.set(seat, x);
    }
    return x;
  };
  // Each raise answers the call before it: the calls were made by the seats before the last caller, in turn.
  const k = e.calls.length;
  for (let i = 0; i < k; i++) {
    const seat = (((e.caller - (k - 1 - i)) % n) + n) % n;
    if (seat !== sit.seat) of(seat).calls++;
  }
  const responder = (e.caller + 1) % n;
  if (responder !== sit.seat && (e.status === "rejected" || e.status === "accepted"))
    of(responder).answer = e.status === "rejected" ? "refused" : "accepted";
  return [...bySeat.values()];
}

/** Likelihood of the envido evidence of one seat holding `points` of envido. */
export function envidoWeight(x: EnvidoEvidence, points: number): number {
  let w = Math.pow(envidoCallLikelihood(points, x.callFrom), Math.min(x.calls, 2));
  if (x.answer === "refused") w *= 1 - envidoAcceptLikelihood(points, x.acceptFrom);
  else if (x.answer === "accepted") w *= envidoAcceptLikelihood(points, x.acceptFrom);
  return w;
}

/**
 * My team's bets in pairs. A call of my team came from me or my partner: when my cards explain it,
 * it says nothing of my partner's; when they do not, my partner holds what it was made with.
 */
export interface TeamEvidence {
  partner: number;
  profile: Profile;
  /** Truco-ladder rungs my team called. */
  calls: number;
  /** My team accepted the opponents' last call without raising. */
  accepted: boolean;
  /** My partner refused the pending call (both must refuse), passing the answer to me. */
  partnerRefused: boolean;
}

export function evidenceOf(sit: Situation, read: TableRead | null | undefined): Evidence {
  const opp = (1 - sit.team) as TeamIdx;
  const opponents: number[] = [];
  for (let s = 0; s < sit.n; s++) if (sit.teams[s] === opp) opponents.push(s);
  // Rungs alternate between the teams: the last one's team called it and every second one below.
  const level = sit.pending ? sit.pending.level : sit.stake;
  const lastTeam = sit.pending ? sit.teams[sit.pending.by] : sit.lastRaiser;
  let calls = 0;
  if (level > 0 && lastTeam !== null) calls = lastTeam === opp ? Math.ceil(level / 2) : Math.floor(level / 2);
  const accepted = level > 0 && !sit.pending && lastTeam === sit.team;
  const playedMao = sit.special === "onze" && sit.specialTeam === opp && sit.phase !== "waiting_mao_decision";
  let team: TeamEvidence | null = null;
  if (sit.n === 4) {
    const partner = (sit.seat + 2) % 4;
    let ours = 0;
    if (level > 0 && lastTeam !== null) ours = lastTeam === sit.team ? Math.ceil(level / 2) : Math.floor(level / 2);
    const teamAccepted = level > 0 && !sit.pending && lastTeam === opp;
    const partnerRefused = sit.pending !== null && sit.pending.refused.includes(partner);
    team = { partner, profile: profileOf(read, partner), calls: ours, accepted: teamAccepted, partnerRefused };
  }
  // Every card on the table was played unbet while the stake is 0, or while the first call awaits its answer.
  const passes: Evidence["passes"] = [];
  const unbet = sit.stake === 0 && (sit.pending === null || sit.pending.level === 1);
  if (unbet && sit.special === null && !sit.blind) {
    const profiles = new Map(opponents.map((s) => [s, profileOf(read, s)]));
    sit.trickPlays.forEach((seats, trick) => {
      for (const s of seats) if (profiles.has(s)) passes.push({ seat: s, trick, profile: profiles.get(s)! });
    });
  }
  const caller = sit.n === 4 && sit.pending && sit.teams[sit.pending.by] === opp ? sit.pending.by : null;
  const profile = teamProfile(read, opponents);
  // A call pending now, after the opponents won the first trick, is read by their calls made so.
  const afterWin = sit.n === 2 && sit.pending?.level === 1 && sit.teams[sit.pending.by] === opp && sit.outcomes[0] === opp;
  return {
    opponents,
    profile,
    callProfile: afterWin ? afterWinProfile(read, sit.pending!.by, profile) : undefined,
    calls,
    weighedCalls: Math.min(calls, sit.n === 2 ? 1 : 2),
    caller,
    accepted,
    playedMao,
    team,
    passes,
    envido: envidoEvidenceOf(sit, read),
  };
}

/** Likelihood that a seat of this profile played a card instead of calling, its hand standing at `standing` then. */
export function passLikelihood(p: Profile, standing: number): number {
  return 1 - (p.callEager ?? 0.5) * callLikelihood(p, standing);
}

/**
 * Likelihood of my team's bets for a deal where my cards stand at `mine` and my partner's at
 * `partner` (standingOf): a call or an acceptance came with the better of the two.
 */
export function teamWeight(t: TeamEvidence, mine: number, partner: number): number {
  const best = Math.max(mine, partner);
  let w = 1;
  for (let i = 0; i < Math.min(t.calls, 2); i++) w *= callLikelihood(t.profile, best);
  if (t.accepted) w *= acceptLikelihood(t.profile, best);
  if (t.partnerRefused) w *= 1 - acceptLikelihood(t.profile, partner);
  return w;
}

/**
 * Likelihood of the evidence for a deal where the opponents' best hand has this power (as the
 * hand stands: standingOf) and the opponents hold the better cards with this showdown result
 * (showdownOf): a seat whose calls came with the better cards in most hands of the match makes
 * the deals where it holds them now more likely, in the odds it showed (against even odds).
 */
export function evidenceWeight(e: Evidence, power: number, showdown = 0.5, callerPower = power): number {
  let w = 1;
  const proofOf = (q: number) => (showdown * q + (1 - showdown) * (1 - q)) / Math.max(q, 1 - q);
  for (let i = 0; i < e.weighedCalls; i++) {
    const p = i === 0 && e.callProfile ? e.callProfile : e.profile;
    w *= callLikelihood(p, i === 0 ? callerPower : power) * proofOf(p.callWinRate);
  }
  if (e.accepted) w *= acceptLikelihood(e.profile, power);
  if (e.playedMao) w *= acceptLikelihood({ ...e.profile, runRate: 0.35 }, power);
  return w;
}

/**
 * Up to `count` deals for what `view` hides, each drawn uniformly among the deals that fit the
 * view's hard facts (cards seen, shown envido and flor counts, who had to declare a flor) and chosen
 * in proportion to the likelihood of the hand's bets under `read`. One against one, PROPOSALS
 * deals are drawn per deal wanted and `count` are resampled from them by that likelihood, so the
 * cost is fixed however unlikely the bets make most deals; when no drawn deal fits the hard facts,
 * deals that fit the cards seen are returned. In pairs each deal is kept with that likelihood
 * (rejection), at most `count` × 40 draws, the rest drawn from the cards seen.
 */
export function sampleWorlds(view: PlayerView, sit: Situation, read: TableRead | null | undefined, rng: Rng, count: number): World[] {
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

  const envidoShown = new Map<number, number>();
  for (const x of view.envido?.shown ?? []) envidoShown.set(seatOf(x.playerId), x.points);
  const florShown = new Map<number, number>();
  for (const x of view.flor?.shown ?? []) florShown.set(seatOf(x.playerId), x.points);
  const florDeclared = new Set(sit.florDeclared);
  const noFlor = new Set<number>();
  if (sit.rules.flor && !sit.blind) {
    // Declaring is mandatory before the first card: a seat that played without declaring has none.
    for (const p of view.tricks[0].cards) if (!florDeclared.has(seatOf(p.playerId))) noFlor.add(seatOf(p.playerId));
  }

  const evidence = evidenceOf(sit, read);
  const weighed = !sit.blind && (evidence.calls > 0 || evidence.accepted || evidence.playedMao);
  const passWeighed = evidence.passes.length > 0;
  const envidoWeighed = evidence.envido.length > 0;
  const team = evidence.team;
  const teamWeighed =
    !sit.blind && team !== null && known[team.partner] === null && (team.calls > 0 || team.accepted || team.partnerRefused);
  const pct = weighed || teamWeighed || passWeighed ? cardPercentile(sit.rules, sit.manilha) : null;

  // The opponents' standing as the hand stands: their cards not yet in a finished trick.
  const finished = sit.outcomes.length;
  const oppWon = sit.outcomes.map((o) => (o === -1 ? -1 : o === sit.team ? 0 : 1));
  const ourWon = oppWon.map((o) => (o === -1 ? -1 : 1 - o));
  const mine = teamWeighed
    ? standingOf(pct!, sit.my.concat(played[sit.seat].slice(finished).filter((c): c is string => c !== null)), ourWon)
    : 0;
  // What each opponent saw of the trick it bet or passed in: the cards before its own.
  const seen = (c: { id: string } | object, down: boolean) => (!down && "id" in c ? pct!(c.id as string) : -1);
  const passTricks = passWeighed
    ? evidence.passes.map((x) => {
        const before: { seat: number; pct: number }[] = [];
        for (const p of view.tricks[x.trick].cards) {
          const s = seatOf(p.playerId);
          if (s === x.seat) break;
          before.push({ seat: s, pct: seen(p.card, p.faceDown) });
        }
        return trickNow(x.seat, n, sit.teams, before);
      })
    : [];
  // The current trick: an opponent's card in it is its own; the others' as it saw them.
  const curPlays = sit.plays.map((p) => ({ seat: p.seat, pct: p.down || p.card === null ? -1 : pct ? pct(p.card) : 0 }));
  const nowOf = (s: number, dealt: readonly string[]): TrickNow => {
    const own = sit.plays.find((p) => p.seat === s);
    if (own) return { played: own.down ? -1 : pct!(dealt[finished]), last: null };
    return trickNow(s, n, sit.teams, curPlays);
  };
  const pool = sit.unseen.slice();
  const deal = (): World => {
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
      for (const c of h) d.push(c);
      dealt.push(d);
      held.push(h);
    }
    return { dealt, held };
  };
  const fits = ({ dealt }: World): boolean => {
    for (let s = 0; s < n; s++) {
      if (s === sit.seat) continue;
      if (envidoShown.has(s) && envidoOfIds(dealt[s]) !== envidoShown.get(s)) return false;
      if (florShown.has(s) && (!hasFlor(dealt[s]) || florPoints(dealt[s]) !== florShown.get(s))) return false;
      if (florDeclared.has(s) && !hasFlor(dealt[s])) return false;
      if (noFlor.has(s) && hasFlor(dealt[s])) return false;
    }
    return true;
  };
  const st = weighed && evidence.calls > 0 && n === 2 ? strengthTable(sit.mode, sit.manilha) : null;
  /** Likelihood of every bet seen this hand, for one deal. */
  const weightOf = ({ dealt, held }: World): number => {
    let w = 1;
    if (teamWeighed) w *= teamWeight(team!, mine, standingOf(pct!, dealt[team!.partner].slice(finished), ourWon));
    if (envidoWeighed) for (const x of evidence.envido) w *= envidoWeight(x, envidoOfIds(dealt[x.seat]));
    if (passWeighed)
      evidence.passes.forEach((x, i) => {
        w *= passLikelihood(
          x.profile,
          standingIn(pct!, dealt[x.seat].slice(x.trick), oppWon.slice(0, x.trick), n === 2 ? passTricks[i] : null),
        );
      });
    if (weighed && w > 0) {
      let best = 0;
      let callerPower = -1;
      for (const s of evidence.opponents) {
        const x = n === 2 ? standingIn(pct!, held[s], oppWon, nowOf(s, dealt[s])) : standingOf(pct!, dealt[s].slice(finished), oppWon);
        if (s === evidence.caller) callerPower = x;
        best = Math.max(best, x);
      }
      let showdown = 0.5;
      // In pairs the proof measured no gain (bench): one against one only.
      if (st)
        showdown = showdownOf(
          sit.teams,
          held.map((h) => h.map((c) => st[c])),
          sit.outcomes,
          sit.leader,
          sit.plays.map((p) => ({ seat: p.seat, st: p.down ? 0 : st[dealt[p.seat][finished]] })),
          1 - sit.team,
        );
      w *= evidenceWeight(evidence, best, showdown, callerPower < 0 ? best : callerPower);
    }
    return w;
  };

  // Deals that fit the hard facts, each with the likelihood of the bets; a fixed number of them,
  // so the cost is bounded however unlikely the bets make most deals.
  const anyWeighed = teamWeighed || envidoWeighed || passWeighed || weighed;
  // In pairs, where the playouts cost far more than the draws, each deal is kept with the
  // likelihood of the bets (rejection: no deal twice), which measured better there than
  // resampling; after `count` × 40 draws the rest is drawn from the cards seen only.
  if (n !== 2) {
    const out: World[] = [];
    const maxTries = count * 40;
    for (let tries = 0; out.length < count && tries < maxTries + count * 4; tries++) {
      const w = deal();
      if (tries < maxTries && (!fits(w) || (anyWeighed && rng.next() > weightOf(w)))) continue;
      out.push(w);
    }
    return out;
  }
  const wanted = anyWeighed ? count * PROPOSALS : count;
  const drawn: World[] = [];
  const weights: number[] = [];
  let total = 0;
  for (let tries = 0; drawn.length < wanted && tries < count * DRAWS; tries++) {
    const w = deal();
    if (!fits(w)) continue;
    const x = anyWeighed ? weightOf(w) : 1;
    drawn.push(w);
    weights.push(x);
    total += x;
  }
  // No deal fits (the hard facts are too rare to meet by chance): deals that fit the cards seen only.
  if (drawn.length === 0) {
    const out: World[] = [];
    for (let i = 0; i < count; i++) out.push(deal());
    return out;
  }
  if (!anyWeighed || !(total > 0)) return drawn.slice(0, count);
  return resample(drawn, weights, total, count, rng);
}

/** Proposals drawn per deal kept when bets weigh the deals (sampling importance resampling). */
const PROPOSALS = 3;
/** Draws per deal wanted at most, for hard facts (shown envido and flor counts) that most deals miss. */
const DRAWS = 24;

/**
 * `count` deals chosen among `drawn` in proportion to their weights (systematic resampling): a deal
 * with k times another's weight is chosen about k times as often, as rejection sampling would keep
 * it, at a cost fixed in advance. A deal chosen several times appears as the same object in a row,
 * so a search can play it out once.
 */
export function resample(drawn: readonly World[], weights: readonly number[], total: number, count: number, rng: Rng): World[] {
  const out: World[] = [];
  const step = total / count;
  let acc = weights[0];
  let i = 0;
  const u = rng.next() * step;
  for (let j = 0; j < count; j++) {
    const at = u + j * step;
    while (acc <= at && i < drawn.length - 1) acc += weights[++i];
    out.push(drawn[i]);
  }
  return out;
}

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
