// Pure mapping between our engine and the bots of CTruco's bot-spi (scripts/outside-bots/Bridge.java):
// a seat's view (`viewFor`) → the GameIntel the SPI gives a bot, and a bot's answer → one of the
// view's legal actions. No I/O: scripts/bench-outside.ts does the talking.
//
// CTruco's rules (domain/entities/hand in its repository) as our engine plays them, Paulista 1v1:
// `OUTSIDE_RULES` below; docs/decisions/156-real-outside-bots-through-a-java-bridge.md lists what
// differs.
import type { Action, Card, HiddenCard, HouseRules } from "../../game/truco/types";
import type { PlayerView } from "../../game/truco/view";

/**
 * The house rules closest to CTruco's: both players on 11 play an open hand worth 1 with no raise
 * (CTruco: `isMaoDeOnze` is false and no raise is allowed at 11), and the raise cap (CTruco caps
 * a raise at what the trailing player needs, rounded up to 3; ours at the caller's win).
 */
export const OUTSIDE_RULES: HouseRules = { maoDeFerro: "open", raiseCap: true };

export type RoundResult = "WON" | "DREW" | "LOST";

/** The GameIntel of the SPI, as Bridge.java reads it. Cards are CTruco symbols ('4D', 'QS', 'XX' face down). */
export interface OutsideIntel {
  cards: string[];
  /** The vira first, then every card played this hand in order (face down: 'XX'). */
  open: string[];
  vira: string;
  /** The card the opponent led in this trick, null if the bot leads it. */
  opp: string | null;
  rounds: RoundResult[];
  score: number;
  oppScore: number;
  /** The accepted value of the hand (1 while a mão de onze is being decided, as in CTruco). */
  handPoints: number;
}

export type OutsideMethod = "getMaoDeOnzeResponse" | "getRaiseResponse" | "decideIfRaises" | "chooseCard";

/** A bridge reply: ok with the method's field, or an error (an exception in the bot). */
export type OutsideReply = { ok: true; card?: string; discard?: boolean; bool?: boolean; int?: number } | { ok: false; error: string };

const SUIT_TO_CTRUCO: Record<string, string> = { d: "D", s: "S", h: "H", c: "C" };

/** Our card (id 'Qc', '7h') as a CTruco symbol ('QC', '7H'); a hidden card is 'XX'. */
export function toCtruco(card: Card | HiddenCard): string {
  if ("hidden" in card) return "XX";
  return card.rank + SUIT_TO_CTRUCO[card.id.slice(-1)];
}

/** A CTruco symbol as our card id, or null if it is not a card. */
export function fromCtruco(symbol: string): string | null {
  if (!/^[4567QJKA23][DSHC]$/.test(symbol)) return null;
  return symbol[0] + symbol[1].toLowerCase();
}

/** What a CTruco bot sees from the seat of `view` (its own view; nothing else). */
export function intelFor(view: PlayerView): OutsideIntel {
  const me = view.me;
  if (me === null || view.vira === null) throw new Error("intelFor: a seated view of a hand with a vira");
  const myTeam = view.myTeam;
  const own = view.players[me].hand.map((c) => {
    if ("hidden" in c) throw new Error("intelFor: a blind hand has no CTruco counterpart");
    return toCtruco(c);
  });
  const played = view.tricks.flatMap((t) => t.cards.map((p) => (p.faceDown ? "XX" : toCtruco(p.card))));
  const live = view.tricks.length > 0 ? view.tricks[view.tricks.length - 1] : null;
  const led = live && !live.finished && live.cards.length === 1 && live.cards[0].playerId !== me ? live.cards[0] : null;
  const rounds = view.trickResults.map((r): RoundResult => (r === "tie" ? "DREW" : r === myTeam ? "WON" : "LOST"));
  const mine = myTeam === "team1" ? view.team1Score : view.team2Score;
  const theirs = myTeam === "team1" ? view.team2Score : view.team1Score;
  return {
    cards: own,
    open: [toCtruco(view.vira), ...played],
    vira: toCtruco(view.vira),
    opp: led ? (led.faceDown ? "XX" : toCtruco(led.card)) : null,
    rounds,
    score: mine,
    oppScore: theirs,
    handPoints: view.gamePhase === "waiting_mao_decision" ? 1 : view.stake.value,
  };
}

/** The first question CTruco would put to the bot now (its BotUseCase order), or null if none. */
export function firstQuestion(view: PlayerView): OutsideMethod | null {
  if (view.legalActions.length === 0) return null;
  switch (view.gamePhase) {
    case "waiting_mao_decision":
      return "getMaoDeOnzeResponse";
    case "waiting_truco_response":
      return "getRaiseResponse";
    case "playing":
      return view.legalActions.some((a) => a.type === "call_truco") ? "decideIfRaises" : "chooseCard";
    default:
      return null;
  }
}

export interface Mapped {
  /** The engine action; null: ask `next` (decideIfRaises said no: now chooseCard). */
  action: Action | null;
  next: OutsideMethod | null;
  /** Why the answer could not be mapped as given (the action is then a stand-in); null when it mapped. */
  fallback: string | null;
}

function find(view: PlayerView, test: (a: Action) => boolean): Action | undefined {
  return view.legalActions.find(test);
}

/** A plain stand-in when an answer cannot be used: play, accept, the first card face up. */
function standIn(view: PlayerView, method: OutsideMethod): Action {
  const pick =
    method === "getMaoDeOnzeResponse"
      ? find(view, (a) => a.type === "respond_mao" && a.response === "play")
      : method === "getRaiseResponse"
        ? find(view, (a) => a.type === "respond_truco" && a.response === "accept")
        : find(view, (a) => a.type === "play_card" && !a.faceDown);
  return pick ?? view.legalActions[0];
}

/** Map the bot's answer to `method` (asked with intelFor(view)) to one of view.legalActions. */
export function mapReply(view: PlayerView, method: OutsideMethod, reply: OutsideReply): Mapped {
  const fail = (why: string): Mapped => ({ action: standIn(view, method), next: null, fallback: why });
  if (!reply.ok)
    return method === "decideIfRaises"
      ? { action: null, next: "chooseCard", fallback: `error: ${reply.error}` }
      : fail(`error: ${reply.error}`);
  switch (method) {
    case "getMaoDeOnzeResponse": {
      if (typeof reply.bool !== "boolean") return fail("no boolean");
      const a = find(view, (x) => x.type === "respond_mao" && x.response === (reply.bool ? "play" : "run"));
      return a ? { action: a, next: null, fallback: null } : fail("respond_mao not legal");
    }
    case "getRaiseResponse": {
      const r = reply.int;
      if (r !== -1 && r !== 0 && r !== 1) return fail(`raise response ${String(r)}`);
      if (r === 1) {
        const raise = find(view, (x) => x.type === "call_truco");
        // CTruco: a re-raise beyond the cap counts as acceptance (BotServiceProvider's contract).
        if (raise) return { action: raise, next: null, fallback: null };
      }
      const a = find(view, (x) => x.type === "respond_truco" && x.response === (r === -1 ? "reject" : "accept"));
      return a ? { action: a, next: null, fallback: null } : fail("respond_truco not legal");
    }
    case "decideIfRaises": {
      if (typeof reply.bool !== "boolean") return { action: null, next: "chooseCard", fallback: "no boolean" };
      if (!reply.bool) return { action: null, next: "chooseCard", fallback: null };
      const a = find(view, (x) => x.type === "call_truco");
      return a ? { action: a, next: null, fallback: null } : { action: null, next: "chooseCard", fallback: "call_truco not legal" };
    }
    case "chooseCard": {
      const id = reply.card === undefined ? null : fromCtruco(reply.card);
      if (id === null) return fail(`card ${String(reply.card)}`);
      const down = reply.discard === true;
      const exact = find(view, (x) => x.type === "play_card" && x.cardId === id && !!x.faceDown === down);
      if (exact) return { action: exact, next: null, fallback: null };
      // CTruco refuses a discard in the first trick (GameRuleViolationException): play it face up.
      const up = find(view, (x) => x.type === "play_card" && x.cardId === id);
      if (up) return { action: up, next: null, fallback: down ? "discard not allowed now" : "card not playable" };
      return fail(`card ${reply.card} not in hand`);
    }
  }
}
