// Tricks (truco-rules.md §0.3): card strength in this hand, playing a card, settling a trick and
// who leads the next one.
import { cardJson, strength } from "./cards";
import type { Draft } from "./draft";
import { resolveFlorIfNeeded } from "./flor";
import { endHand, handOutcome } from "./hand-result";
import { handValue } from "./scoring";
import { maoSeat, pid, seatTeam, teamIdOf, TIE } from "./seats";
import type { HandState, MatchState, TeamIdx, TrickOutcome, TrickState } from "./types";

/** Strength of a face-up card in this hand's ranking. */
export function cardStrength(s: MatchState, id: string): number {
  return strength(id, s.rules.manilhaMode, s.hand.manilha);
}

export function currentTrick(h: HandState): TrickState {
  return h.tricks[h.tricks.length - 1];
}

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

/** Play a card (a real id, or a blind slot 'blind:<i>'); settles the trick and the hand when complete. */
export function playCard(w: Draft, seat: number, cardId: string, down: boolean): void {
  const d = w.s;
  const h = d.hand;
  const held = w.held(seat);
  let id = cardId;
  if (h.blind) {
    const idx = Number(cardId.slice(6));
    id = held[idx];
    held.splice(idx, 1);
  } else {
    held.splice(held.indexOf(id), 1);
  }
  const t = w.trick();
  t.plays.push({ seat, card: id, down });
  w.ev.push({
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
  w.ev.push({
    type: "trick_ended",
    trick: h.tricks.length,
    winnerTeam: t.outcome === TIE ? null : teamIdOf(t.outcome as TeamIdx),
    winnerPlayerId: t.winnerSeat === null ? null : pid(d, t.winnerSeat),
    tie: t.outcome === TIE,
    nextLeader: outcome ? null : pid(d, leader),
  });
  if (h.tricks.length === 1) {
    resolveFlorIfNeeded(w);
    if (d.phase === "game_over") return;
  }
  if (outcome) {
    const points = outcome.team === null ? 0 : handValue(d);
    endHand(w, outcome.team, points, outcome.allTied && outcome.team === null ? "all_tied" : "tricks", outcome.redeal);
    return;
  }
  h.tricks.push({ leader, plays: [], outcome: null, winnerSeat: null }); // the tricks array is already the draft's copy
  h.turn = leader;
}
