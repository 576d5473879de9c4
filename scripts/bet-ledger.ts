// A diagnostic of one pairing's betting (not a benchmark): every truco-ladder decision of each
// side over fixed-seed matches (the bench's seeds), grouped by kind and rung, with the mean
// full-information showdown from that moment (showdownOf: 1 the decider's team holds the better
// cards, 0 the other) and the points the hands they were taken in moved for the first side.
// Shows where a level leaves points: an accept below the rung's break-even, a raise into a seat
// that never bluffs, a pass where the other side would have run.
//
//   npx tsx scripts/bet-ledger.ts --variant mineiro --weak tight --matches 150 [--strong hard] [--first 0]
import { createMatch } from "../game/truco/match";
import { playMatch } from "../game/truco/play-match";
import { legalForSeat } from "../game/truco/legal-actions";
import type { Action, Variant } from "../game/truco/types";
import { viewFor } from "../game/truco/view";
import { decide, matchSeed, type Contender } from "../game/truco/bots/arena";
import { noteHand, showdownAt, type TableRead } from "../game/truco/bots/read";

function arg(name: string, dflt: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && i + 1 < process.argv.length ? process.argv[i + 1] : dflt;
}

const variant = arg("variant", "mineiro") as Variant;
const strong = arg("strong", "hard") as Contender;
const weak = arg("weak", "tight") as Contender;
const matches = Number(arg("matches", "150"));
const first = Number(arg("first", "0"));

const rows = new Map<string, { n: number; showdown: number; net: number }>();
const add = (key: string, showdown: number, net: number) => {
  const r = rows.get(key) ?? { n: 0, showdown: 0, net: 0 };
  r.n++;
  r.showdown += showdown;
  r.net += net;
  rows.set(key, r);
};
let wins = 0;
for (let i = first; i < first + matches; i++) {
  // The bench's seeds and seats (arena.ts winRate): the strong side is team1 in even matches.
  const seed = matchSeed("bench", variant, 2, strong, weak, i);
  const strongTeam = i % 2 === 0 ? "team1" : "team2";
  const players = [0, 1].map((k) => ({ id: `p${k}`, team: (k === 0 ? "team1" : "team2") as "team1" | "team2" }));
  const who = (p: string): Contender => ((p === "p0" ? "team1" : "team2") === strongTeam ? strong : weak);
  let read: TableRead | null = null;
  let moves: { playerId: string; action: Action; played: number; callable: boolean; level: number }[] = [];
  const run = playMatch(createMatch({ variant, players, seed }), (s, p) => decide(who(p), viewFor(s, p), read, `${seed}:${p}`), {
    log: false,
    onStep: ({ playerId, action, events, state, before }) => {
      if (playerId && action) {
        const seat = before.players.findIndex((x) => x.id === playerId);
        const h = before.hand;
        moves.push({
          playerId,
          action,
          played: h.tricks.reduce((a, t) => a + t.plays.length, 0),
          callable: legalForSeat(before, seat).some((a) => a.type === "call_truco"),
          level: h.truco ? h.truco.level : h.stake,
        });
      }
      const ended = events.find((e) => e.type === "hand_ended");
      if (!ended || ended.type !== "hand_ended") return;
      read = noteHand(read, state, moves);
      const net = ended.winnerTeam === null ? 0 : ended.winnerTeam === strongTeam ? ended.points : -ended.points;
      let bet = false;
      for (const m of moves) {
        const seat = state.players.findIndex((x) => x.id === m.playerId);
        const side = who(m.playerId) === strong ? strong : weak;
        const sd = showdownAt(state, seat, m.played);
        const a = m.action;
        if (a.type === "respond_truco") add(`${side} answers rung ${m.level}: ${a.response}`, sd, net);
        else if (a.type === "go_to_mazo" && bet) add(`${side} answers rung ${m.level}: mazo`, sd, net);
        else if (a.type === "call_truco") add(`${side} ${bet ? `raises rung ${m.level}` : "calls"}`, sd, net);
        else if (!bet && m.callable && a.type === "play_card") add(`${side} passes unbet`, sd, net);
        if (a.type === "call_truco") bet = true;
      }
      moves = [];
    },
  });
  if (run.state.winner === strongTeam) wins++;
}
console.log(`${variant} 1v1 ${strong} vs ${weak}, matches ${first}–${first + matches - 1}: ${strong} won ${wins}`);
console.log(`  ${"decision".padEnd(34)} ${"n".padStart(6)}  showdown  ${strong}'s net points per hand`);
for (const [k, r] of [...rows].sort((a, b) => a[0].localeCompare(b[0])))
  console.log(
    `  ${k.padEnd(34)} ${String(r.n).padStart(6)}  ${(r.showdown / r.n).toFixed(2).padStart(8)}  ${(r.net / r.n).toFixed(2).padStart(6)}`,
  );
