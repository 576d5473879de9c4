// The working copy of a state while one action is applied (copy-on-write). The draft
// shallow-copies the state and its hand; a nested part (one seat's cards, the current trick, the
// envido or the flor record) is copied the first time the action writes it. Everything else is
// shared with the input state, which is never written. Each action gets its own Draft, so the
// engine keeps no state between calls.
import type { EnvidoState, FlorState, GameEvent, MatchState, TrickState } from "./types";

export class Draft {
  /** The new state being built. */
  readonly s: MatchState;
  /** The events of this action, in order. */
  readonly ev: GameEvent[] = [];
  private heldCopied = false;
  /** Bit i: seat i's held cards are already copied. */
  private heldSeats = 0;
  private trickCopied = false;
  private envidoCopied = false;
  private florCopied = false;

  constructor(from: MatchState) {
    this.s = { ...from, scores: [from.scores[0], from.scores[1]], hand: { ...from.hand } };
  }

  /** A seat's held cards, copied for writing. */
  held(seat: number): string[] {
    const h = this.s.hand;
    if (!this.heldCopied) {
      h.held = h.held.slice();
      this.heldCopied = true;
    }
    if (!(this.heldSeats & (1 << seat))) {
      h.held[seat] = h.held[seat].slice();
      this.heldSeats |= 1 << seat;
    }
    return h.held[seat];
  }

  /** The current trick (and the tricks array) copied for writing. */
  trick(): TrickState {
    const h = this.s.hand;
    const i = h.tricks.length - 1;
    if (!this.trickCopied) {
      h.tricks = h.tricks.slice();
      const t = h.tricks[i];
      h.tricks[i] = { ...t, plays: t.plays.slice() };
      this.trickCopied = true;
    }
    return h.tricks[i];
  }

  /** The hand's envido record (which must exist), copied for writing. */
  envido(): EnvidoState {
    const h = this.s.hand;
    if (!this.envidoCopied) {
      const e = h.envido!;
      h.envido = { ...e, calls: e.calls.slice(), shown: e.shown.slice() };
      this.envidoCopied = true;
    }
    return h.envido!;
  }

  /** The hand's flor record, created or copied for writing. */
  flor(): FlorState {
    const h = this.s.hand;
    if (!this.florCopied) {
      const f = h.flor;
      h.flor = f
        ? {
            ...f,
            declared: f.declared.slice(),
            contest: f.contest && { ...f.contest, calls: f.contest.calls.slice() },
            shown: f.shown.slice(),
          }
        : { declared: [], contest: null, resolved: false, winnerTeam: null, points: 0, shown: [], outcome: null };
      this.florCopied = true;
    }
    return h.flor!;
  }
}
