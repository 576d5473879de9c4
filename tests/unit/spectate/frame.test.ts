import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SpectatorFrameSchema, type SpectatorFrame } from "../../../game/protocol/spectate";
import type { RoomMessage } from "../../../game/protocol/room";
import { mayWatch, spectatorFrame, withGamesPrivate } from "../../../game/spectate/index";
import { relayFrame, spectatorReceives } from "../../../game/spectate/relay";
import { legalActions, pendingPlayer } from "../../../game/truco/index";
import { VARIANTS } from "../../../game/truco/variants";
import type { Room } from "../../../game/room/index";
import { assignedRoom, seated, type Sim, started, TIMINGS } from "../room/helpers";

// A spectator sees what is public and nothing else (docs/decisions/134-spectating-through-a-relay.md):
// whole matches in every variant and both sizes, a spectator frame after every step, and no frame
// names a card still in a hand (a partner's included), a seed, or the join code.

const CARD = /"id":"([^"]+)","suit"/g;

function cardIds(text: string): string[] {
  return [...text.matchAll(CARD)].map((m) => m[1]);
}

/** The cards a spectator may know now: the vira and the cards played face up in the hand under way, plus what this step's events showed. */
function publicCards(room: Room, messages: RoomMessage[]): Set<string> {
  const shown = new Set<string>();
  const hand = room.match?.hand;
  if (hand?.vira) shown.add(hand.vira);
  for (const trick of hand?.tricks ?? []) for (const play of trick.plays) if (!play.down) shown.add(play.card);
  for (const message of messages) {
    if (message.type !== "game_event") continue;
    for (const event of message.payload.events) {
      if (event.type === "card_played" && "id" in event.card) shown.add(event.card.id);
      if (event.type === "hand_started" && event.vira) shown.add(event.vira.id);
    }
  }
  return shown;
}

function rngOf(seed: number): () => number {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 2 ** 32;
  };
}

function step(sim: Sim, rng: () => number): boolean {
  const match = sim.room.match;
  const playerId = match && pendingPlayer(match);
  if (match && playerId) {
    const legal = legalActions(match, playerId);
    if (legal.length > 0 && sim.move(playerId, legal[Math.floor(rng() * legal.length)])) return true;
  }
  return sim.fireNext();
}

/** Plays `sim` to its end, checking a spectator frame after every step; the frames, in order. */
function watchWhole(sim: Sim, rng: () => number): SpectatorFrame[] {
  const frames: SpectatorFrame[] = [];
  let since: number | null = null;
  for (let steps = 0; sim.room.game.status !== "completed" && steps < 3_000; steps++) {
    const before = sim.done.length;
    if (!step(sim, rng)) break;
    const messages = sim.done.slice(before).flatMap((e) => (e.type === "send" ? [e.message] : []));
    const room = sim.room;
    const frame = spectatorFrame(room, TIMINGS, since, messages);
    since = room.version;
    const text = JSON.stringify(frame);
    expect(SpectatorFrameSchema.safeParse(JSON.parse(text)).success).toBe(true);
    // No unplayed card anywhere in the frame: every card it names is public.
    const allowed = publicCards(room, messages);
    for (const id of cardIds(text)) expect(allowed, `card ${id} in a spectator frame`).toContain(id);
    const hand = room.match?.hand;
    const state = JSON.stringify(frame.state);
    for (const held of hand?.held ?? []) for (const id of held) expect(state).not.toContain(`"${id}"`);
    // Every hand is hidden; nothing rebuilds a deal (seeds), and the join code stays the players'.
    for (const player of Object.values(frame.state.view?.players ?? {})) expect(player.hand.every((c) => "hidden" in c)).toBe(true);
    expect(frame.state.view?.revealedSeed ?? null).toBeNull();
    expect((frame.state.hands ?? []).every((h) => h.seed === null)).toBe(true);
    expect(frame.state.game.game_code).toBe("");
    expect(frame.state.view?.legalActions ?? []).toEqual([]);
    frames.push(frame);
  }
  return frames;
}

describe("a spectator frame names no unplayed card", () => {
  for (const variant of VARIANTS) {
    for (const users of [
      ["a", "b"],
      ["a", "b", "c", "d"],
    ]) {
      it(`${variant} ${users.length === 2 ? "1v1" : "2v2"}: whole matches`, () => {
        fc.assert(
          fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), (seed) => {
            const sim = started(users, { truco_variant: variant, created_by: "a" });
            const frames = watchWhole(sim, rngOf(seed));
            expect(sim.room.game.status).toBe("completed");
            expect(frames.length).toBeGreaterThan(0);
          }),
          { numRuns: 3 },
        );
      }, 60_000);
    }
  }
});

describe("who may watch", () => {
  const live = (room: Room): Room => ({ ...room, game: { ...room.game, status: "active" } });

  it("an open table (listed, or seated by the server) between people, by anyone not at it", () => {
    expect(mayWatch(live({ ...seated(["a", "b"]), listed: true }), "x")).toEqual({ allowed: true });
    expect(mayWatch(live(assignedRoom(["a", "b"])), "x")).toEqual({ allowed: true });
    expect(mayWatch(live({ ...seated(["a", "b"]), listed: true }), "a")).toEqual({ allowed: false, reason: "player" });
  });

  it("never a private table, a practice game, a game a player keeps private, or one not under way", () => {
    expect(mayWatch(live(seated(["a", "b"])), "x")).toEqual({ allowed: false, reason: "private_table" });
    expect(mayWatch(live({ ...seated(["a"], { bot_level: "easy" }), listed: true }), "x")).toEqual({ allowed: false, reason: "practice" });
    const priv = assignedRoom(["a", "b"]);
    const marked = { ...priv, seats: priv.seats.map((s) => (s.userId === "b" ? { ...s, gamesPrivate: true } : s)) };
    expect(mayWatch(live(marked), "x")).toEqual({ allowed: false, reason: "private" });
    expect(mayWatch({ ...seated(["a", "b"]), listed: true }, "x")).toEqual({ allowed: false, reason: "not_live" });
  });

  it("a player's private switch changed during the game applies at once, and off again", () => {
    const room = live(assignedRoom(["a", "b"]));
    const marked = withGamesPrivate(room, "b", true);
    expect(mayWatch(marked, "x")).toEqual({ allowed: false, reason: "private" });
    expect(marked.version).toBe(room.version);
    expect(withGamesPrivate(marked, "b", true)).toBe(marked);
    expect(withGamesPrivate(room, "nobody", true)).toBe(room);
    const cleared = withGamesPrivate(marked, "b", false);
    expect(mayWatch(cleared, "x")).toEqual({ allowed: true });
    expect(cleared.seats.find((s) => s.userId === "b")).not.toHaveProperty("gamesPrivate");
  });
});

describe("the relay's order", () => {
  const frameAt = (version: number, since: number | null): SpectatorFrame => ({
    version,
    since,
    state: {} as SpectatorFrame["state"],
    messages: [],
  });

  it("delivers newer frames in order, drops late ones, and marks a gap", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 60 }), (versions) => {
        let last: SpectatorFrame | null = null;
        let spectator: SpectatorFrame | null = null;
        const delivered: number[] = [];
        for (const version of versions) {
          const { deliver, gap } = relayFrame(last, frameAt(version, version - 1));
          if (last && version > last.version) expect(gap).toBe(version - 1 !== last.version);
          if (!deliver) continue;
          delivered.push(deliver.version);
          // Every frame the spectator gets follows the one before: no gap on its side.
          expect(spectatorReceives(spectator, deliver)).toEqual({ take: true, gap: false });
          spectator = deliver;
          last = deliver;
        }
        for (let i = 1; i < delivered.length; i++) expect(delivered[i]).toBeGreaterThan(delivered[i - 1]);
        expect(delivered.at(-1)).toBe(Math.max(...versions));
      }),
    );
  });

  it("a spectator that missed a frame sees the gap", () => {
    expect(spectatorReceives(frameAt(3, 2), frameAt(5, 4))).toEqual({ take: true, gap: true });
    expect(spectatorReceives(frameAt(5, 4), frameAt(4, 3))).toEqual({ take: false, gap: false });
  });
});
