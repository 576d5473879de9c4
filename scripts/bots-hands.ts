// Where a computer player's points go: plays `matches` matches of `strong` against `weak` (fixed
// seeds, seats and the first deal alternating, as the engine benchmark) and groups every hand by
// its truco betting in order (S: the strong side, W: the weak side; call, acc, run, mazo; special
// hands in brackets), with the points the strong side won or lost there and how often it won.
//
//   npx tsx scripts/bots-hands.ts --variant mineiro --mode 4 --strong hard --weak tight --matches 150 [--first 0]
//
// The rows most negative first: a betting sequence that loses many points in total is where a
// change can gain (the breakdowns of docs/decisions/150-an-opponents-call-in-pairs-read-by-its-caller.md).
// A second table does the same for the envido and flor betting (each call by name; points of
// envido_resolved and flor_resolved), whose points the hand's own do not count: in Argentino they
// decide many matches (docs/decisions/155-answers-to-a-truco-by-the-oracle.md).
import { createMatch, playMatch, type Variant } from "../game/truco/index";
import { decide, type Contender } from "../game/truco/bots/arena";
import { noteHand, type TableRead } from "../game/truco/bots/read";
import type { Action } from "../game/truco/types";
import { viewFor } from "../game/truco/view";

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : fallback;
}

const variant = arg("variant", "paulista") as Variant;
const mode = Number(arg("mode", "2")) as 2 | 4;
const strong = arg("strong", "hard") as Contender;
const weak = arg("weak", "normal") as Contender;
const matches = Number(arg("matches", "100"));
const first = Number(arg("first", "0"));

const rows = new Map<string, { hands: number; net: number; won: number }>();
const envRows = new Map<string, { hands: number; net: number; won: number }>();
const add = (table: typeof rows, key: string, sign: number, points: number) => {
  const row = table.get(key) ?? { hands: 0, net: 0, won: 0 };
  row.hands++;
  row.net += sign * points;
  if (sign > 0) row.won++;
  table.set(key, row);
};
for (let i = first; i < first + matches; i++) {
  const seed = `hands:${variant}:${mode}:${strong}-${weak}:${i}`;
  const team1 = i % 2 === 0 ? strong : weak;
  const team2 = i % 2 === 0 ? weak : strong;
  const strongTeam = i % 2 === 0 ? "team1" : "team2";
  const players = Array.from({ length: mode }, (_, j) => ({ id: `p${j}`, team: (j % 2 === 0 ? "team1" : "team2") as "team1" | "team2" }));
  const side = (p: string) => (Number(p.slice(1)) % 2 === 0 ? "team1" : "team2");
  const who = (p: string) => (side(p) === "team1" ? team1 : team2);
  let read: TableRead | null = null;
  let actions: { playerId: string; action: Action }[] = [];
  let betting: string[] = [];
  let envBetting: string[] = [];
  playMatch(createMatch({ variant, players, seed }), (s, p) => decide(who(p), viewFor(s, p), read, `${seed}:${p}`), {
    log: false,
    onStep: ({ playerId, action, events, state }) => {
      if (playerId && action) {
        actions.push({ playerId, action });
        const by = side(playerId) === strongTeam ? "S" : "W";
        if (action.type === "call_truco") betting.push(`${by}call`);
        else if (action.type === "respond_truco") betting.push(by + (action.response === "accept" ? "acc" : "run"));
        else if (action.type === "go_to_mazo") betting.push(`${by}mazo`);
        else if (action.type === "call_envido" || action.type === "call_flor") envBetting.push(`${by}${action.call}`);
        else if (action.type === "respond_envido" || action.type === "respond_flor")
          envBetting.push(by + (action.response === "accept" ? "acc" : "run"));
      }
      for (const e of events) {
        if (e.type === "envido_resolved" || e.type === "flor_resolved") {
          const kind = e.type === "envido_resolved" ? "envido" : `flor ${e.outcome}`;
          add(envRows, `${kind}: ${envBetting.join(" ") || "declared"}`, e.winnerTeam === strongTeam ? 1 : -1, e.points);
          envBetting = [];
        }
        if (e.type !== "hand_ended") continue;
        read = noteHand(read, state, actions);
        actions = [];
        const key = (state.hand.special ? `[${state.hand.special}] ` : "") + (betting.join(" ") || "no call");
        add(rows, key, e.winnerTeam === strongTeam ? 1 : e.winnerTeam === null ? 0 : -1, e.points);
        betting = [];
        envBetting = [];
      }
    },
  });
}
console.log(`${variant} ${mode === 2 ? "1v1" : "2v2"}, ${strong} (S) vs ${weak} (W), matches ${first}–${first + matches - 1}`);
for (const [title, table] of [
  ["truco betting", rows],
  ["envido and flor betting", envRows],
] as const) {
  if (table.size === 0) continue;
  const total = [...table.values()].reduce((a, r) => a + r.net, 0);
  console.log(`\n${title.padEnd(44)} ${"hands".padStart(6)} ${"S net pts".padStart(10)} ${"S won".padStart(6)}   (total ${total})`);
  for (const [key, r] of [...table.entries()].sort((a, b) => a[1].net - b[1].net))
    console.log(
      `${key.padEnd(44)} ${String(r.hands).padStart(6)} ${String(r.net).padStart(10)} ${`${Math.round((100 * r.won) / r.hands)}%`.padStart(6)}`,
    );
}
