import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { GameRecordSchema, recordKey } from "../../../game/protocol/record";
import { replayAccess, type ReplayGame } from "../../../game/replay/access";
import { decisionsOf, keyMoments, opinionAt, sameAction } from "../../../game/replay/analysis";
import { buildTimeline, clampPosition, lazyTimeline, scoresAfter, stateAt, stepFrom, type Position } from "../../../game/replay/timeline";
import { verifyRecord } from "../../../game/replay/verify";
import { legalActions } from "../../../game/truco/index";
import { playUntilDecided, startedTable } from "../room/host-helpers";
import { randomRecord } from "./records";

// A replay: the timeline a page steps through, who may open it, and the computer's second opinion.

const nodeDigest = async (text: string) => createHash("sha256").update(text).digest("hex");

describe("the replay's timeline", () => {
  it("rebuilds every hand of a room's record move by move, and the room's record verifies", async () => {
    const { ports, host } = await startedTable();
    await playUntilDecided(ports, host);
    const record = GameRecordSchema.parse(JSON.parse(ports.archive.objects.get(recordKey("g1"))!));
    expect(record.hands.every((h) => h.deal && Object.keys(h.deal.dealt).length === 2)).toBe(true);
    const hands = buildTimeline(record);
    expect(hands.map((h) => h.error)).toEqual(record.hands.map(() => null));
    expect(hands.map((h) => h.moves.length)).toEqual(record.hands.map((h) => h.actions.length));
    expect(hands.map(scoresAfter)).toEqual(record.hands.map((h) => h.result!.scores));
    expect((await verifyRecord(record, nodeDigest)).map((v) => v.status)).toEqual(record.hands.map(() => "verified"));
  });

  it("replays each hand only when it is read, with the same hands, moves and reads as the whole timeline", () => {
    for (const [seed, variant, players] of [
      ["lazy-1", "paulista", 2],
      ["lazy-2", "argentino", 4],
      ["lazy-3", "mineiro", 4],
    ] as const) {
      const record = randomRecord(seed, variant, players);
      const eager = buildTimeline(record);
      // From the last hand back: a hand's read replays the hands before it on its own.
      const backwards = lazyTimeline(record);
      expect(backwards.at(-1)!.read).toEqual(eager.at(-1)!.read);
      expect(backwards).toEqual(eager);
      expect(lazyTimeline(record)).toEqual(eager);
    }
  });

  it("steps forward through every move of every hand and back to the start", () => {
    const record = randomRecord("steps", "gaucho", 4);
    const hands = buildTimeline(record);
    const total = hands.reduce((n, h) => n + h.moves.length + 1, 0);
    let at: Position = { hand: 0, move: 0 };
    const seen = [at];
    for (let next = stepFrom(hands, at, 1); next !== at; at = next, next = stepFrom(hands, at, 1)) seen.push(next);
    expect(seen).toHaveLength(total);
    expect(stateAt(hands, at)!.phase).toBe("game_over");
    for (let i = 1; i < total; i++) at = stepFrom(hands, at, -1);
    expect(at).toEqual({ hand: 0, move: 0 });
    expect(clampPosition(hands, { hand: 99, move: 99 })).toEqual({ hand: hands.length - 1, move: hands.at(-1)!.moves.length });
    expect(clampPosition(hands, { hand: -3, move: Number.NaN })).toEqual({ hand: 0, move: 0 });
  });
});

describe("who may open a replay", () => {
  const game: ReplayGame = { status: "completed", game_mode: "casual", bot_level: null, players: ["ana", "bia"] };
  const player = { id: "ana", role: "player" as const };
  const stranger = { id: "caio", role: "player" as const };
  const admin = { id: "root", role: "admin" as const };
  const none = new Set<string>();

  it("lets the players and admins in always, anyone signed in for a public game", () => {
    for (const mode of ["casual", "ranked", "tournament"] as const) {
      expect(replayAccess({ ...game, game_mode: mode }, stranger, none)).toEqual({ allowed: true, asPlayer: false });
      expect(replayAccess({ ...game, game_mode: mode }, player, new Set(["ana"]))).toEqual({ allowed: true, asPlayer: true });
      expect(replayAccess({ ...game, game_mode: mode }, admin, new Set(["ana"]))).toEqual({ allowed: true, asPlayer: false });
    }
    expect(replayAccess({ ...game, status: "cancelled" }, stranger, none)).toEqual({ allowed: true, asPlayer: false });
  });

  it("refuses others a game a player made private, a practice game, a game not over, and asks a visitor to sign in", () => {
    expect(replayAccess(game, stranger, new Set(["bia"]))).toEqual({ allowed: false, reason: "private" });
    expect(replayAccess(game, null, new Set(["bia"]))).toEqual({ allowed: false, reason: "private" });
    expect(replayAccess({ ...game, bot_level: "hard", players: ["ana"] }, stranger, none)).toEqual({ allowed: false, reason: "practice" });
    expect(replayAccess({ ...game, status: "active" }, player, none)).toEqual({ allowed: false, reason: "not_finished" });
    expect(replayAccess(game, null, none)).toEqual({ allowed: false, reason: "sign_in" });
  });
});

describe("the computer's second opinion", () => {
  it("gives, at a decision, a legal choice of the hard player and chances between 0 and 1", () => {
    const record = randomRecord("opinion", "paulista", 2);
    const hands = buildTimeline(record);
    const decisions = decisionsOf(hands);
    expect(decisions.length).toBeGreaterThan(0);
    const opinions = decisions.slice(0, 6).map((d) => opinionAt(record, hands, d)!);
    for (const [i, o] of opinions.entries()) {
      const m = hands[decisions[i].hand].moves[decisions[i].move - 1];
      expect(legalActions(m.before, m.playerId).some((a) => sameAction(a, o.choice))).toBe(true);
      for (const p of [o.played, o.chosen, o.team1]) {
        expect(p).toBeGreaterThanOrEqual(0);
        expect(p).toBeLessThanOrEqual(1);
      }
      expect(o.agrees).toBe(sameAction(o.choice, m.action));
    }
    // The same decision gets the same opinion (its randomness is seeded by the game and the move).
    expect(opinionAt(record, hands, decisions[0])).toEqual(opinions[0]);
    const moments = keyMoments(opinions, 3);
    expect(moments).toHaveLength(3);
    expect(new Set(moments).size).toBe(3);
  });
});
