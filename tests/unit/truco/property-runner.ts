// Random full matches with every invariant of the issue checked at each step, driven by playMatch.
import {
  applyAction,
  createMatch,
  handSeed,
  legalActions,
  manilhaRank,
  pendingPlayer,
  playMatch,
  shuffledDeck,
  viewFor,
  type Action,
  type HouseRules,
  type MatchState,
  type Variant,
} from "../../../game/truco/index";
import { sfc32, type Rng } from "../../../game/truco/random";
import { P2, P4 } from "./helpers";

export class InvariantError extends Error {}

function check(cond: unknown, msg: string): asserts cond {
  if (!cond) throw new InvariantError(msg);
}

const CARD_IDS = "chsd".split("").flatMap((s) => ["4", "5", "6", "7", "Q", "J", "K", "A", "2", "3"].map((r) => r + s));

/** A random action that may or may not be legal (to probe that only legal ones are accepted). */
function randomAction(rng: Rng): Action {
  const pick = <T>(xs: readonly T[]) => xs[rng.int(xs.length)];
  switch (rng.int(9)) {
    case 0:
      return { type: "play_card", cardId: pick(CARD_IDS), faceDown: rng.int(2) === 0 };
    case 1:
      return { type: "play_card", cardId: `blind:${rng.int(4)}` };
    case 2:
      return { type: "call_truco", call: pick(["truco", "seis", "nove", "doze", "dez", "retruco", "vale_cuatro", "vale_quatro"] as const) };
    case 3:
      return { type: "respond_truco", response: pick(["accept", "reject"] as const) };
    case 4:
      return { type: "respond_mao", response: pick(["play", "run"] as const) };
    case 5:
      return { type: "call_envido", call: pick(["envido", "real_envido", "falta_envido"] as const) };
    case 6:
      return { type: "call_flor", call: pick(["flor", "contraflor", "contraflor_al_resto", "achico"] as const) };
    case 7:
      return { type: pick(["respond_envido", "respond_flor"] as const), response: pick(["accept", "reject"] as const) };
    default:
      return { type: "go_to_mazo" };
  }
}

const key = (a: Action) => JSON.stringify({ ...a, faceDown: a.type === "play_card" ? !!a.faceDown : undefined });

/** The table's deck: 40 cards, or baralho limpo's Q J K A 2 3 (plus 4♣ 7♥ 7♦ with fixed manilhas). */
function deckOf(s: MatchState): string[] {
  if (s.rules.deck !== "limpo") return CARD_IDS;
  return CARD_IDS.filter((c) => "QJKA23".includes(c[0]) || (s.rules.manilhaMode === "velha" && ["4c", "7h", "7d"].includes(c)));
}

function checkCards(s: MatchState): void {
  const h = s.hand;
  const n = s.players.length;
  const inDeck = new Set(deckOf(s));
  const seen = new Set<string>();
  for (let seat = 0; seat < n; seat++) {
    check(h.dealt[seat].length === 3, "three cards dealt to each seat");
    for (const c of h.dealt[seat]) {
      check(inDeck.has(c), `card ${c} belongs to the table's deck`);
      check(!seen.has(c), `card ${c} dealt twice`);
      seen.add(c);
    }
    const played = h.tricks.flatMap((t) => t.plays.filter((p) => p.seat === seat).map((p) => p.card));
    const now = [...h.held[seat], ...played].sort();
    check(JSON.stringify(now) === JSON.stringify([...h.dealt[seat]].sort()), `seat ${seat}: held + played = dealt`);
  }
  if (h.vira !== null) {
    check(inDeck.has(h.vira), "the vira belongs to the table's deck");
    check(!seen.has(h.vira), "the vira is not in a hand");
    check(h.manilha === manilhaRank(h.vira, s.rules.deck), "the manilha follows the vira in the deck's cycle");
  }
  if (!h.fixedDeal) {
    // The deal follows the committed seed, and the undealt rest completes the deck.
    const deck = shuffledDeck(handSeed(s), s.variant, s.rules).map((c) => c.id);
    check(deck.length === inDeck.size && deck.every((c) => inDeck.has(c)) && new Set(deck).size === deck.length, "the whole deck, once");
    const mao = (s.dealer + 1) % n;
    for (let k = 0; k < 3 * n; k++) check(h.dealt[(mao + k) % n][Math.floor(k / n)] === deck[k], "deal follows the seed");
    if (h.vira !== null) check(h.vira === deck[3 * n], "vira follows the seed");
    const rest = deck.slice(3 * n + (h.vira ? 1 : 0));
    check(seen.size + (h.vira ? 1 : 0) + rest.length === inDeck.size, "the deck's cards are conserved");
  }
}

/** With the raise cap, no truco-ladder call is offered when the hand's value once accepted already wins for the caller. */
const pendingOf = (s: MatchState): string => pendingPlayer(s)!;

function checkRaiseCap(s: MatchState, pending: string, legal: readonly Action[]): void {
  if (!s.rules.raiseCap) return;
  const seat = s.players.findIndex((p) => p.id === pending);
  const team = s.players[seat].team === "team1" ? 0 : 1;
  const current = s.hand.truco ? s.hand.truco.level : s.hand.stake;
  if (s.scores[team] + s.rules.ladder.values[current] >= s.rules.targetPoints) {
    check(!legal.some((a) => a.type === "call_truco"), "raise cap: no raise when accepting already wins");
  }
}

function checkView(s: MatchState, viewer: string | null): void {
  const v = viewFor(s, viewer);
  const h = s.hand;
  const live = s.phase !== "round_end" && s.phase !== "game_over";
  const vSeat = viewer === null ? -1 : s.players.findIndex((p) => p.id === viewer);
  const peekTeam = s.phase === "waiting_mao_decision" && vSeat >= 0 && h.specialTeam !== null ? h.specialTeam : -1;
  const json = JSON.stringify(v);
  for (let seat = 0; seat < s.players.length; seat++) {
    const p = s.players[seat];
    const shown = v.players[p.id].hand;
    check(shown.length === h.held[seat].length, "card count");
    const team = p.team === "team1" ? 0 : 1;
    const vTeam = vSeat >= 0 ? (s.players[vSeat].team === "team1" ? 0 : 1) : -2;
    const mayPeek = peekTeam === team && vTeam === team && !h.blind;
    if (seat === vSeat) {
      if (h.blind)
        shown.forEach((c, i) => check(JSON.stringify(c) === JSON.stringify({ hidden: true, blindId: `blind:${i}` }), "blind own card"));
      else shown.forEach((c, i) => check("id" in c && c.id === h.held[seat][i], "own cards visible"));
    } else if (!mayPeek) {
      for (const c of shown) check(JSON.stringify(c) === '{"hidden":true}', `another player's card is exactly {hidden:true}`);
      for (const c of h.held[seat]) check(!json.includes(`"${c}"`), `card ${c} of ${p.id} leaked to ${viewer}`);
    }
  }
  // Face-down cards played by others stay hidden.
  for (const t of h.tricks)
    for (const pl of t.plays) if (pl.down && pl.seat !== vSeat) check(!json.includes(`"${pl.card}"`), "covered card leaked");
  if (live) {
    check(!json.includes(h.seed), "hand seed hidden while the hand is live");
    check(v.revealedSeed === null, "no revealed seed while live");
  } else {
    check(v.revealedSeed === h.seed, "seed revealed after the hand");
  }
  check(!json.includes(s.seed), "match seed never shown");
  check(v.handCommitment === h.commitment, "commitment shown");
}

export interface RunStats {
  hands: number;
  actions: number;
}

/** One random match; throws InvariantError on the first broken invariant. */
export function randomMatch(variant: Variant, mode: 2 | 4, seed: number, rules: HouseRules = {}): RunStats {
  const rng = sfc32(seed, seed ^ 0x5bd1e995, 0x9e3779b9, mode);
  const players = mode === 2 ? P2 : P4;
  const start = createMatch({ variant, players, seed: `prop-${variant}-${mode}-${seed}`, rules });
  const target = start.rules.targetPoints;
  let hands = 1;
  let actions = 0;
  let viewer = 0;
  let before = "";
  checkCards(start);
  const run = playMatch(
    start,
    (s, pending, legal) => {
      check(actions < 3000 && hands < 400, "the match terminates");
      check(pending === pendingPlayer(s), "playMatch asks the pending player");
      for (const p of players) {
        if (p.id !== pending) check(legalActions(s, p.id).length === 0, "only the pending player may act");
      }
      check(legal.length > 0, `the pending player has a legal action (${s.phase})`);
      const legalKeys = new Set(legalActions(s, pending).map(key));
      check(legalKeys.size === legal.length && legal.every((a) => legalKeys.has(key(a))), "playMatch offers the legal actions");
      checkRaiseCap(s, pending, legal);

      // Probe: a random action not in the legal list is refused, and so is any action by another player.
      const probe = randomAction(rng);
      before = JSON.stringify(s);
      if (!legalKeys.has(key(probe))) check(!applyAction(s, pending, probe).ok, `illegal ${key(probe)} refused`);
      const other = players[rng.int(mode)].id;
      if (other !== pending) check(!applyAction(s, other, legal[0]).ok, "out-of-turn action refused");
      return legal[rng.int(legal.length)];
    },
    {
      log: false,
      onStep: ({ before: s, action, events, state: next }) => {
        if (action === null) {
          // A new hand was dealt from round_end.
          check(hands < 400, "the match terminates");
          checkView(s, players[rng.int(mode)].id);
          check(next.actionCount === s.actionCount + 1, "counter grows on a new hand");
          check(next.dealer === (s.hand.result!.redeal ? s.dealer : (s.dealer + 1) % mode), "dealer rotates");
          hands++;
          checkCards(next);
          return;
        }
        check(JSON.stringify(s) === before, "applying an action never mutates its input");
        // playMatch applies a listed action without re-checking it: applyAction must agree.
        const checked = applyAction(s, pendingOf(s), action);
        check(
          checked.ok && JSON.stringify(checked.state) === JSON.stringify(next),
          "applyAction accepts the chosen action with the same result",
        );
        check(JSON.stringify(checked.ok && checked.events) === JSON.stringify(events), "and the same events");
        check(next.actionCount === s.actionCount + 1, "counter grows");
        check(next.scores[0] >= s.scores[0] && next.scores[1] >= s.scores[1], "scores only grow");
        if (next.phase === "game_over") {
          const w = next.winner === "team1" ? 0 : 1;
          check(next.scores[w] >= target, "the winner reached the target");
          check(
            events.some((e) => e.type === "match_ended"),
            "match_ended emitted",
          );
        } else if (next.rules.endImmediately) {
          check(next.scores[0] < target && next.scores[1] < target, "the match ends at the target");
        }
        actions++;
        checkCards(next);
        // One viewer per step, cycling through every seat and the spectator.
        viewer = (viewer + 1) % (mode + 1);
        checkView(next, viewer === mode ? null : players[viewer].id);
      },
    },
  );
  check(run.stop === "match_over", `the run ends with the match (${run.stop}${run.error ? `: ${run.error.message}` : ""})`);
  check(run.actions === actions && run.hands === hands, "playMatch counts every action and hand");
  check(JSON.parse(JSON.stringify(run.state)).phase === "game_over", "state is plain JSON");
  return { hands, actions };
}

/** Random house rules (every §7 option the engine supports). */
export function randomRules(rng: Rng): HouseRules {
  const pick = <T>(xs: readonly T[]) => xs[rng.int(xs.length)];
  return {
    targetPoints: pick([undefined, 12, 15, 18, 24]),
    manilhaMode: pick([undefined, "nova", "velha"] as const),
    mineiroScoring: pick(["platform", "pagat", "short"] as const),
    responseRule: pick(["first_answer_binds", "both_must_refuse"] as const),
    tieLeader: pick(["tied_trick_leader", "first_tying_card", "last_tying_card", "mano"] as const),
    allTiedHand: pick(["void", "mano_wins", "dealer_wins", "redeal"] as const),
    coveredCards: pick(["off", "rounds_2_3", "one_per_team", "not_after_tie"] as const),
    mustPlayHighestAfterTie: rng.int(2) === 0,
    maoDeOnze: rng.int(4) !== 0,
    maoDeFerro: pick(["blind", "open"] as const),
    flor: rng.int(2) === 0,
    faltaEnvido: pick(["classic", "malas_buenas", "match_from_malas"] as const),
    foldFirstTrickNoEnvido: pick(["truco_value", "two_points"] as const),
    endImmediately: rng.int(3) !== 0,
    deck: pick([undefined, "sujo", "limpo"] as const),
    raiseCap: rng.int(2) === 0,
  };
}
