// `npm run bench:outside`: our computer players against REAL outside bots, the contributed bots of
// CTruco's bot-spi (Paulista 1v1), with our engine as referee. Dev only, not part of `npm test`:
// it needs a JDK and a CTruco checkout outside this repository (GPL-3; nothing of it is committed
// here). Build first: `scripts/outside-bots/build.sh` (prints the build dir), then
//
//   npm run bench:outside -- --build /tmp/outside-bots-902422a6a [--bots GapBot,BotEco] [--ours hard,normal]
//        [--matches 200] [--first 0] [--hands] [--reads] [--whatif] [--trace K]
//
// Each outside bot runs in Bridge.java (one JVM for the run, a fresh bot instance per match seat)
// and decides from its own seat's view only (mapping.ts: viewFor → GameIntel); every answer is
// mapped to a legal engine action, and an answer that cannot be mapped is a fallback, counted.
// Match i: deals from seed `outside:paulista:⌊i/2⌋`, ours in seat i % 2 (so each deal sequence is
// played from both seats), seat 0 deals first. Prints per pairing: win rate with a 95% Wilson
// interval, fallbacks, and the outside bot's decisions per second (bridge round trips included).
// --hands: where ours wins and loses points, by betting sequence (O ours, X the outside bot).
// --trace K: every decision of the first K matches of each pairing.
// --reads: how the outside bot bets as our table read sees it (read.ts), summed over the pairing's
// matches, beside the read's priors: what the hard player assumes of a seat it has not seen yet.
// --whatif: for each of our runs (from a truco call, or from a mão de onze), the same hand played on
// from an acceptance (and from a raise back, where legal) instead: what running cost against what
// the other answers would have scored.
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { createWriteStream, existsSync, readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { decide } from "../game/truco/bots/arena";
import type { BotLevel } from "../game/truco/bots/index";
import { noteHand, profileOf, type SeatRead, type TableRead } from "../game/truco/bots/read";
import { applyAction } from "../game/truco/apply";
import { createMatch, startNextHand } from "../game/truco/match";
import { decisionSeat } from "../game/truco/phase";
import { pid } from "../game/truco/seats";
import type { Action, MatchState } from "../game/truco/types";
import { viewFor, type PlayerView } from "../game/truco/view";
import { firstQuestion, intelFor, mapReply, OUTSIDE_RULES, type OutsideMethod, type OutsideReply } from "./outside-bots/mapping";
import { wilson } from "./wilson";

function arg(name: string): string | null {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : null;
}

/** One JVM running Bridge.java; requests answered in order. */
class Bridge {
  private readonly proc: ChildProcessWithoutNullStreams;
  private readonly waiting: { resolve: (line: string) => void; reject: (e: Error) => void }[] = [];
  private dead: Error | null = null;
  /** Wall-clock ms spent waiting for decisions (round trips included). */
  ms = 0;
  decisions = 0;

  constructor(classes: string, stderrFile: string) {
    this.proc = spawn("java", ["-XX:+UseSerialGC", "-Xshare:auto", "-cp", classes, "Bridge"], { stdio: ["pipe", "pipe", "pipe"] });
    this.proc.stderr.pipe(createWriteStream(stderrFile));
    this.proc.stdin.on("error", () => {}); // a dead JVM is reported by 'exit' / 'error'
    createInterface({ input: this.proc.stdout }).on("line", (line) => this.waiting.shift()?.resolve(line));
    const die = (why: string) => {
      this.dead ??= new Error(`${why} (its stderr: ${stderrFile})`);
      for (const w of this.waiting.splice(0)) w.reject(this.dead);
    };
    this.proc.on("error", (e) => die(`cannot run java: ${e.message}; a JDK 17+ is needed`));
    this.proc.on("exit", (code) => die(`the bridge's JVM exited (${code})`));
  }

  /** One request; a bot that takes longer than `timeoutMs` stops the run (a hung bot would stop it anyway). */
  ask(req: object, timeoutMs = 30_000): Promise<OutsideReply & { bots?: string[] }> {
    if (this.dead) return Promise.reject(this.dead);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(new Error(`no answer in ${timeoutMs / 1000} s to ${JSON.stringify(req).slice(0, 200)}`));
        this.proc.kill();
      }, timeoutMs);
      this.waiting.push({
        resolve: (line) => {
          clearTimeout(timer);
          resolve(JSON.parse(line) as OutsideReply & { bots?: string[] });
        },
        reject: (e) => {
          clearTimeout(timer);
          reject(e);
        },
      });
      this.proc.stdin.write(`${JSON.stringify(req)}\n`);
    });
  }

  async decision(seat: string, method: OutsideMethod, intel: object): Promise<OutsideReply> {
    const t0 = performance.now();
    const r = await this.ask({ seat, method, intel });
    this.ms += performance.now() - t0;
    this.decisions++;
    return r;
  }

  close(): void {
    this.proc.stdin.end();
  }
}

interface HandRow {
  hands: number;
  net: number;
  won: number;
}

interface MatchOutcome {
  oursWon: boolean;
  fallbacks: string[];
  hands: number;
  /** The outside seat's read at the end of the match. */
  read: SeatRead | null;
}

/** Counterfactual tally of our runs: what running cost, and what accepting would have scored. */
interface WhatIf {
  runs: number;
  /** Points ours scored by running (negative). */
  ran: number;
  /** Points ours would have scored in the same hands had it accepted (played the mão de onze). */
  accepted: number;
  wouldWin: number;
  /** The same for raising back, in the runs where a raise was legal. */
  raisable: number;
  raised: number;
  raiseWins: number;
}

const isRun = (a: Action) => (a.type === "respond_truco" && a.response === "reject") || (a.type === "respond_mao" && a.response === "run");

/** The outside bot's action from its view: CTruco's questions in CTruco's order, each answer mapped. */
async function outsideAction(
  bridge: Bridge,
  seatKey: string,
  view: PlayerView,
  fallbacks: string[],
  log: ((line: string) => void) | null,
): Promise<Action> {
  let action: Action | null = null;
  let method = firstQuestion(view);
  const intel = intelFor(view);
  while (action === null && method !== null) {
    const reply = await bridge.decision(seatKey, method, intel);
    const m = mapReply(view, method, reply);
    if (m.fallback !== null) fallbacks.push(`${method}: ${m.fallback}`);
    log?.(`X ${method} ${JSON.stringify(intel)} -> ${JSON.stringify(reply)}${m.fallback ? ` FALLBACK ${m.fallback}` : ""}`);
    action = m.action;
    method = m.next;
  }
  if (action === null) throw new Error(`no action mapped in phase ${view.gamePhase}`);
  return action;
}

/**
 * Ours' signed points in the current hand had `p` chosen `alt` in `s`: the rest of the hand is
 * played by the same deciders (the outside bot in a fresh instance: the same answers for a bot
 * that keeps no state between decisions). The bridge's decision count includes these.
 */
async function playOutHand(
  bridge: Bridge,
  ours: BotLevel,
  bot: string,
  from: MatchState,
  p: string,
  alt: Action,
  oursSeat: number,
  seed: string,
  read: TableRead | null,
  key: string,
): Promise<number> {
  await bridge.ask({ seat: key, bot, method: "new" });
  let r = applyAction(from, p, alt);
  const scratch: string[] = [];
  const oursTeam = oursSeat === 0 ? "team1" : "team2";
  for (;;) {
    if (!r.ok) throw new Error(`what-if: ${r.message}`);
    const ended = r.events.find((e) => e.type === "hand_ended");
    if (ended) {
      await bridge.ask({ seat: key, method: "drop" });
      return (ended.winnerTeam === oursTeam ? 1 : ended.winnerTeam === null ? 0 : -1) * ended.points;
    }
    const s = r.state;
    const seat = decisionSeat(s);
    const q = pid(s, seat);
    const view = viewFor(s, q);
    const a = seat === oursSeat ? decide(ours, view, read, `${seed}:${q}`) : await outsideAction(bridge, key, view, scratch, null);
    r = applyAction(s, q, a!);
  }
}

async function playOne(
  bridge: Bridge,
  ours: BotLevel,
  bot: string,
  i: number,
  rows: Map<string, HandRow>,
  trace: boolean,
  whatIf: Map<string, WhatIf> | null,
): Promise<MatchOutcome> {
  const oursSeat = i % 2;
  const players = [
    { id: "p0", team: "team1" as const },
    { id: "p1", team: "team2" as const },
  ];
  const seed = `outside:paulista:${Math.floor(i / 2)}`;
  const seatKey = `${ours}:${bot}:${i}`;
  const made = await bridge.ask({ seat: seatKey, bot, method: "new" });
  if (!made.ok) throw new Error(`cannot make ${bot}: ${made.error}`);
  let s: MatchState = createMatch({ variant: "paulista", players, seed, dealerIndex: 0, rules: OUTSIDE_RULES });
  const oursTeam = oursSeat === 0 ? "team1" : "team2";
  let read: TableRead | null = null;
  let handActions: { playerId: string; action: Action }[] = [];
  let betting: string[] = [];
  const fallbacks: string[] = [];
  let hands = 1;
  const log = (line: string) => trace && console.log(`    [${i}] ${line}`);
  if (trace) log(`ours=${ours} in p${oursSeat}; ${bot.split(".").pop()} in p${1 - oursSeat}`);
  while (s.phase !== "game_over") {
    if (s.phase === "round_end") {
      const n = startNextHand(s);
      if (!n.ok) throw new Error(n.message);
      s = n.state;
      hands++;
      continue;
    }
    const seat = decisionSeat(s);
    const p = pid(s, seat);
    const view = viewFor(s, p);
    let action: Action | null;
    if (seat === oursSeat) {
      action = decide(ours, view, read, `${seed}:${p}`);
      if (action === null) throw new Error("our bot made no choice");
    } else {
      action = await outsideAction(bridge, seatKey, view, fallbacks, trace ? log : null);
    }
    const who = seat === oursSeat ? "O" : "X";
    if (trace) log(`${who} ${JSON.stringify(action)}  (score ${s.scores.join("-")}, hand ${s.handNumber}, trick ${s.hand.tricks.length})`);
    if (whatIf && seat === oursSeat && isRun(action)) {
      const kind =
        action.type === "respond_mao"
          ? "mão de onze"
          : `run from ${s.hand.truco ? (s.rules.ladder.names[s.hand.truco.level] ?? "?") : "?"}`;
      const alt = view.legalActions.find((a) =>
        a.type === "respond_mao" ? a.response === "play" : a.type === "respond_truco" && a.response === "accept",
      )!;
      const had = await playOutHand(bridge, ours, bot, s, p, alt, oursSeat, seed, read, `${seatKey}:whatif`);
      const raise = view.legalActions.find((a) => a.type === "call_truco");
      const raised = raise ? await playOutHand(bridge, ours, bot, s, p, raise, oursSeat, seed, read, `${seatKey}:whatif`) : null;
      const runValue = action.type === "respond_mao" ? s.rules.ladder.values[0] : s.rules.ladder.values[s.hand.truco!.level - 1];
      const w = whatIf.get(kind) ?? { runs: 0, ran: 0, accepted: 0, wouldWin: 0, raisable: 0, raised: 0, raiseWins: 0 };
      w.runs++;
      w.ran -= runValue;
      w.accepted += had;
      if (had > 0) w.wouldWin++;
      if (raised !== null) {
        w.raisable++;
        w.raised += raised;
        if (raised > 0) w.raiseWins++;
      }
      whatIf.set(kind, w);
    }
    const r = applyAction(s, p, action);
    if (!r.ok) throw new Error(`${who === "O" ? ours : bot} chose an illegal action ${JSON.stringify(action)}: ${r.message}`);
    handActions.push({ playerId: p, action });
    if (action.type === "call_truco") betting.push(`${who}call`);
    else if (action.type === "respond_truco") betting.push(who + (action.response === "accept" ? "acc" : "run"));
    else if (action.type === "respond_mao") betting.push(who + (action.response === "play" ? "play" : "run"));
    for (const e of r.events) {
      if (e.type !== "hand_ended") continue;
      read = noteHand(read, r.state, handActions);
      handActions = [];
      const key = (s.hand.special ? `[${s.hand.special}] ` : "") + (betting.join(" ") || "no call");
      const row = rows.get(key) ?? { hands: 0, net: 0, won: 0 };
      const sign = e.winnerTeam === oursTeam ? 1 : e.winnerTeam === null ? 0 : -1;
      row.hands++;
      row.net += sign * e.points;
      if (sign > 0) row.won++;
      rows.set(key, row);
      if (trace)
        log(
          `hand ${e.handNumber} ${key}: ${e.winnerTeam === oursTeam ? "ours" : e.winnerTeam ? "outside" : "nobody"} +${e.points} (${e.reason}) → ${e.team1Score}-${e.team2Score}`,
        );
      betting = [];
    }
    s = r.state;
  }
  await bridge.ask({ seat: seatKey, method: "drop" });
  return { oursWon: s.winner === oursTeam, fallbacks, hands, read: read?.seats[1 - oursSeat] ?? null };
}

/**
 * The outside bot's betting over a pairing as read.ts counts it, beside the priors the hard player
 * starts every seat from (profileOf of an unseen seat).
 */
function readLine(reads: readonly SeatRead[]): string {
  const sum = (f: (r: SeatRead) => number) => reads.reduce((a, r) => a + f(r), 0);
  const hands = sum((r) => r.hands);
  const calls = sum((r) => r.calls);
  const faced = sum((r) => r.faced);
  const prior = profileOf(null, 0);
  const ratio = (a: number, b: number) => (b > 0 ? (a / b).toFixed(2) : "–");
  return (
    `read: calls/hand ${ratio(calls, hands)}, run rate ${ratio(
      sum((r) => r.runs),
      faced,
    )} (prior ${prior.runRate}), ` +
    `bluffs ${ratio(
      sum((r) => r.weakCalls),
      calls,
    )} (prior ${prior.bluffRate}), call power ${ratio(
      sum((r) => r.callPower),
      calls,
    )} ` +
    `(prior ${((prior.callFrom + 1) / 2).toFixed(2)}), calls won at showdown ${ratio(
      sum((r) => r.callWins ?? 0),
      calls,
    )} (prior ${prior.callWinRate}), ` +
    `calls when strong ${ratio(
      sum((r) => r.strongCalls ?? 0),
      sum((r) => r.strongChances ?? 0),
    )} (prior ${prior.callEager}); ` +
    `after a won first trick: calls/chance ${ratio(
      sum((r) => r.afterWinCalls ?? 0),
      sum((r) => r.afterWinChances ?? 0),
    )}, standing ${ratio(
      sum((r) => r.afterWinStanding ?? 0),
      sum((r) => r.afterWinChances ?? 0),
    )}, call power ${ratio(
      sum((r) => r.afterWinPower ?? 0),
      sum((r) => r.afterWinCalls ?? 0),
    )}, bluffs ${ratio(
      sum((r) => r.afterWinWeak ?? 0),
      sum((r) => r.afterWinCalls ?? 0),
    )}, won at showdown ${ratio(
      sum((r) => r.afterWinWins ?? 0),
      sum((r) => r.afterWinCalls ?? 0),
    )}`
  );
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

async function main(): Promise<void> {
  const build = arg("build") ?? process.env.OUTSIDE_BOTS_BUILD ?? null;
  if (!build || !existsSync(join(build, "classes", "Bridge.class"))) {
    console.error("Build the bridge first: scripts/outside-bots/build.sh (needs a JDK and a CTruco checkout), then pass --build <dir>.");
    process.exit(2);
  }
  const compiled = readFileSync(join(build, "bots.txt"), "utf8").split("\n").filter(Boolean);
  const wanted = arg("bots")?.split(",");
  const bots = wanted
    ? wanted.map((w) => {
        // A full class name need not be listed: a bot its repository does not register still runs.
        const hit =
          compiled.find((c) => c === w || c.endsWith(`.${w}`)) ??
          (existsSync(join(build, "classes", `${w.replaceAll(".", "/")}.class`)) ? w : undefined);
        if (!hit) throw new Error(`unknown bot ${w}; compiled: ${compiled.map((c) => c.split(".").pop()).join(", ")}`);
        return hit;
      })
    : compiled;
  const levels = (arg("ours")?.split(",") ?? ["hard", "normal"]) as BotLevel[];
  const matches = Number(arg("matches") ?? 200);
  const first = Number(arg("first") ?? 0);
  const traceK = Number(arg("trace") ?? 0);
  const showHands = process.argv.includes("--hands");
  const showWhatIf = process.argv.includes("--whatif");
  const showReads = process.argv.includes("--reads");
  const bridge = new Bridge(join(build, "classes"), join(build, "bridge-stderr.log"));
  console.log(`Ours vs CTruco bots, Paulista 1v1 to 12 (house rules ${JSON.stringify(OUTSIDE_RULES)}), build ${build}`);
  console.log(`${matches} matches per pairing from seed index ${first}; seats and first dealer alternate; 95% Wilson interval`);
  console.log(
    `  ${"ours".padEnd(7)} ${"outside bot".padEnd(22)} ${"win rate".padStart(8)}   ${"95% CI".padEnd(15)} ${"fallbacks".padStart(9)}  ${"X dec/s".padStart(8)}  load`,
  );
  let totalFallbacks = 0;
  let totalCrashes = 0;
  for (const ours of levels) {
    for (const bot of bots) {
      const rows = new Map<string, HandRow>();
      const whatIf = showWhatIf ? new Map<string, WhatIf>() : null;
      const reasons = new Map<string, number>();
      let wins = 0;
      let hands = 0;
      const seen: SeatRead[] = [];
      const ms0 = bridge.ms;
      const d0 = bridge.decisions;
      for (let i = first; i < first + matches; i++) {
        const r = await playOne(bridge, ours, bot, i, rows, i - first < traceK, whatIf);
        if (r.oursWon) wins++;
        hands += r.hands;
        if (r.read) seen.push(r.read);
        for (const f of r.fallbacks) reasons.set(f, (reasons.get(f) ?? 0) + 1);
      }
      const fb = [...reasons.values()].reduce((a, b) => a + b, 0);
      totalFallbacks += fb;
      // An exception thrown inside the bot (its own bug; CTruco's game would stop there too) is
      // told apart from an answer we could not map.
      totalCrashes += [...reasons.entries()].filter(([why]) => why.includes(": error: ")).reduce((a, [, n]) => a + n, 0);
      const [lo, hi] = wilson(wins, matches);
      const rate = (bridge.decisions - d0) / ((bridge.ms - ms0) / 1000);
      const name = bot.split(".").pop()!;
      console.log(
        `  ${ours.padEnd(7)} ${name.padEnd(22)} ${pct(wins / matches).padStart(8)}   [${pct(lo)}–${pct(hi)}]`.padEnd(58) +
          `${String(fb).padStart(9)}  ${Math.round(rate).toLocaleString("en-US").padStart(8)}  ${loadavg()[0].toFixed(1)}  (${(hands / matches).toFixed(1)} hands/match)`,
      );
      for (const [why, n] of reasons) console.log(`      fallback ×${n}: ${why}`);
      if (whatIf) {
        for (const [kind, w] of whatIf)
          console.log(
            `      what if ours had not run — ${kind}: ${w.runs} runs cost ${w.ran} points; accepting would have scored ${w.accepted} (won ${w.wouldWin}, ${pct(w.wouldWin / w.runs)})` +
              (w.raisable ? `; raising back (${w.raisable} of them) ${w.raised} (won ${w.raiseWins})` : ""),
          );
      }
      if (showReads) console.log(`      ${readLine(seen)}`);
      if (showHands) {
        console.log(
          `      ${"betting (O ours, X outside)".padEnd(40)} ${"hands".padStart(6)} ${"O net".padStart(7)} ${"O won".padStart(6)}`,
        );
        for (const [key, row] of [...rows.entries()].sort((a, b) => a[1].net - b[1].net))
          console.log(
            `      ${key.padEnd(40)} ${String(row.hands).padStart(6)} ${String(row.net).padStart(7)} ${`${Math.round((100 * row.won) / row.hands)}%`.padStart(6)}`,
          );
      }
    }
  }
  console.log(
    `Fallbacks in the run: ${totalFallbacks} (target 0): ${totalFallbacks - totalCrashes} answers that could not be mapped, ${totalCrashes} exceptions thrown inside a bot (answered with the stand-in: play, accept, first card face up).`,
  );
  bridge.close();
}

try {
  await main();
} catch (e) {
  console.error(`bench:outside: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1); // the JVM reads end-of-input and exits with us
}
