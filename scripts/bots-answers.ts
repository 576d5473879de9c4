// How the hard player answers the other side's trucos: plays `matches` matches of hard against
// `weak` (fixed seeds, seats and the first deal alternating, as scripts/bots-hands.ts) and, at
// every answer hard gives to an opposing call or raise, records
//   - its read of the caller: the caller's mean standing (standingOf) over the deals hard samples
//     for the decision, and the share of them below 0.6, beside the caller's true standing;
//   - an oracle: the true deal played out 200 times after an accept and after a run, with the
//     search's own playout setup (same rule, profiles and expectations), in match-winning chance.
// Rows group the answers by what hard chose (accept, run, raise) and the rung called (1: the first
// call, 2: a raise of hard's call, ...). "acc−run" sums the oracle's accept value less its run value
// over the row: positive on an accept row, the accepts won match chances as a class; negative on a
// run row, the runs did; "oracle disagrees" counts the single answers the true deal would reverse
// (hard cannot see it: the count is high by nature, the class sum is what a change can move).
//
//   npx tsx scripts/bots-answers.ts --variant mineiro --mode 4 --weak tight --matches 150 [--first 0]
//
// docs/decisions/155-answers-to-a-truco-by-the-oracle.md reads its output.
import { createMatch, playMatch, type Variant } from "../game/truco/index";
import { applyAction } from "../game/truco/apply";
import { decide, type Contender } from "../game/truco/bots/arena";
import { HARD_1V1, HARD_2V2 } from "../game/truco/bots/hard";
import { OWN_STYLE, playout, type PlayoutSetup } from "../game/truco/bots/playout";
import { cardPercentile, noteHand, powerOf, profileOf, standingOf, type TableRead } from "../game/truco/bots/read";
import { situationFromView } from "../game/truco/bots/situation";
import { sampleWorlds } from "../game/truco/bots/worlds";
import { rngFromString, sfc32 } from "../game/truco/random";
import type { Action, MatchState } from "../game/truco/types";
import { viewFor } from "../game/truco/view";

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : fallback;
}

const variant = arg("variant", "mineiro") as Variant;
const mode = Number(arg("mode", "4")) as 2 | 4;
const weak = arg("weak", "tight") as Contender;
const matches = Number(arg("matches", "150"));
const first = Number(arg("first", "0"));
const PLAYOUTS = 200;

interface Answer {
  kind: "accept" | "run" | "raise";
  level: number;
  sampled: number;
  sampledLow: number;
  truth: number;
  accept: number;
  run: number;
  won: number;
}

/** The oracle: mean match-winning chance for `team` after `response`, the true deal played out. */
function oracle(s: MatchState, player: string, response: "accept" | "reject", team: 0 | 1, setup: PlayoutSetup): number {
  const r = applyAction(s, player, { type: "respond_truco", response });
  if (!r.ok) return NaN;
  let total = 0;
  for (let k = 0; k < PLAYOUTS; k++) total += playout(r.state, team, setup, sfc32(k, 7, 3, 1));
  return total / PLAYOUTS;
}

const answers: Answer[] = [];
for (let i = first; i < first + matches; i++) {
  const seed = `answers:${variant}:${mode}:hard-${weak}:${i}`;
  const team1: Contender = i % 2 === 0 ? "hard" : weak;
  const team2: Contender = i % 2 === 0 ? weak : "hard";
  const hardTeam = i % 2 === 0 ? "team1" : "team2";
  const players = Array.from({ length: mode }, (_, j) => ({ id: `p${j}`, team: (j % 2 === 0 ? "team1" : "team2") as "team1" | "team2" }));
  const who = (p: string) => (Number(p.slice(1)) % 2 === 0 ? team1 : team2);
  let read: TableRead | null = null;
  let actions: { playerId: string; action: Action }[] = [];
  let open: Answer[] = [];
  playMatch(
    createMatch({ variant, players, seed }),
    (s, p) => {
      const view = viewFor(s, p);
      const action = decide(who(p), view, read, `${seed}:${p}`);
      const t = s.hand.truco;
      if (who(p) !== "hard" || s.phase !== "waiting_truco_response" || !t || !action) return action;
      const sit = situationFromView(view, read);
      if (sit.teams[t.by] === sit.team) return action;
      const pct = cardPercentile(sit.rules, sit.manilha);
      const callerWon = sit.outcomes.map((o) => (o === -1 ? -1 : o === sit.team ? 0 : 1));
      const worlds = sampleWorlds(view, sit, read, rngFromString(`answers:${seed}:${s.actionCount}`), 48);
      const standings = worlds.map((w) => standingOf(pct, w.held[t.by], callerWon));
      const opts = mode === 2 ? HARD_1V1 : HARD_2V2;
      const setup: PlayoutSetup = {
        rule: opts.rule,
        profiles: sit.teams.map((tm, q) => (tm === sit.team ? OWN_STYLE : profileOf(read, q))),
        powers: s.hand.dealt.map(powerOf(sit.rules, sit.manilha)),
        samples: opts.samples,
        expects: sit.teams.map((tm) => (tm === sit.team ? sit.opponents : undefined)),
      };
      const a: Answer = {
        kind: action.type === "call_truco" ? "raise" : action.type === "respond_truco" && action.response === "accept" ? "accept" : "run",
        level: t.level,
        sampled: standings.reduce((x, y) => x + y, 0) / Math.max(1, standings.length),
        sampledLow: standings.filter((x) => x < 0.6).length / Math.max(1, standings.length),
        truth: standingOf(pct, s.hand.held[t.by], callerWon),
        accept: oracle(s, p, "accept", sit.team, setup),
        run: oracle(s, p, "reject", sit.team, setup),
        won: 0,
      };
      answers.push(a);
      open.push(a);
      return action;
    },
    {
      log: false,
      onStep: ({ playerId, action, events, state }) => {
        if (playerId && action) actions.push({ playerId, action });
        for (const e of events) {
          if (e.type !== "hand_ended") continue;
          read = noteHand(read, state, actions);
          actions = [];
          for (const a of open) a.won = e.winnerTeam === hardTeam ? 1 : 0;
          open = [];
        }
      },
    },
  );
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
console.log(`${variant} ${mode === 2 ? "1v1" : "2v2"}, hard's answers to ${weak}'s calls, matches ${first}–${first + matches - 1}`);
console.log(
  `${"answer".padEnd(8)}${"rung".padStart(5)}${"n".padStart(6)}${"caller read".padStart(13)}${"true".padStart(7)}${"read <.6".padStart(10)}${"true <.6".padStart(10)}${"hand won".padStart(10)}${"acc−run".padStart(10)}${"oracle disagrees".padStart(18)}`,
);
for (const kind of ["accept", "run", "raise"] as const)
  for (let level = 1; level <= 4; level++) {
    const rows = answers.filter((a) => a.kind === kind && a.level === level);
    if (rows.length === 0) continue;
    const diff = rows.reduce((x, a) => x + a.accept - a.run, 0);
    const disagree = rows.filter((a) => (kind === "accept" ? a.run > a.accept : kind === "run" ? a.accept > a.run : false)).length;
    console.log(
      `${kind.padEnd(8)}${String(level).padStart(5)}${String(rows.length).padStart(6)}${mean(rows.map((a) => a.sampled))
        .toFixed(3)
        .padStart(13)}${mean(rows.map((a) => a.truth))
        .toFixed(3)
        .padStart(7)}${mean(rows.map((a) => a.sampledLow))
        .toFixed(2)
        .padStart(10)}${mean(rows.map((a) => (a.truth < 0.6 ? 1 : 0)))
        .toFixed(2)
        .padStart(
          10,
        )}${`${Math.round(100 * mean(rows.map((a) => a.won)))}%`.padStart(10)}${diff.toFixed(2).padStart(10)}${(kind === "raise" ? "—" : String(disagree)).padStart(18)}`,
    );
  }
