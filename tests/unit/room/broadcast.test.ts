import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { messagesOf, parseServerFrame, type GameStatePayload, type RoomMessage } from "../../../game/protocol/room";
import { Broadcaster, restoreRoom, socketRuns, statePayload, type Room } from "../../../game/room/index";
import { diffState, receiveState } from "../../../game/protocol/state-delta";
import { legalActions, pendingPlayer } from "../../../game/truco/index";
import { VARIANTS } from "../../../game/truco/variants";
import { started, TIMINGS, type Sim } from "./helpers";

// ADR 055 and 056 end to end without sockets: whole matches in every variant and both sizes, every
// step's effects turned into frames by the Broadcaster as the GameRoom does, each frame parsed as
// the game screen parses it and rebuilt with `receiveState`. After every step, every socket holds
// exactly `statePayload` (viewFor) of the room for its user, and no frame carries a card its user
// could not see in that full state.

/** A socket: the state it holds, as the screen holds it. */
interface Socket {
  userId: string;
  held: GameStatePayload | null;
  fresh: boolean;
  frames: number;
  fullFrames: number;
  deltaBytes: number[];
}

const CARD = /"id":"([^"]+)"/g;

/** Card ids a text shows (a hidden card has no id). */
function cardIds(text: string): Set<string> {
  return new Set([...text.matchAll(CARD)].map((m) => m[1]));
}

function receive(socket: Socket, text: string): RoomMessage[] {
  const parsed = parseServerFrame(text);
  if (!parsed.ok) throw new Error(`a frame the protocol refuses: ${parsed.error}: ${text.slice(0, 200)}`);
  socket.frames += 1;
  const messages = messagesOf(parsed.message);
  for (const message of messages) {
    if (message.type !== "game_state" && message.type !== "game_state_delta") continue;
    if (message.type === "game_state") socket.fullFrames += 1;
    else socket.deltaBytes.push(text.length);
    const received = receiveState(socket.held, message, socket.fresh);
    if (received.gap) throw new Error(`a gap at version ${message.payload.version} (held ${socket.held?.version})`);
    if (received.taken) {
      socket.held = received.state;
      socket.fresh = false;
    }
  }
  return messages;
}

/**
 * Plays `sim` to its end, broadcasting every step; now and then a socket is replaced (a reconnect)
 * or the room's instance with it (an eviction: a new broadcaster resumed from the stored room).
 */
function playBroadcast(sim: Sim, users: string[], rng: () => number) {
  let broadcaster = new Broadcaster<Socket>(TIMINGS);
  let sockets: Socket[] = users.map((userId) => ({ userId, held: null, fresh: true, frames: 0, fullFrames: 0, deltaBytes: [] }));
  const all: Socket[] = [...sockets];
  let steps = 0;
  const check = (room: Room) => {
    for (const socket of sockets) {
      if (socket.held === null) continue;
      expect(socket.held).toEqual(statePayload(room, socket.userId, TIMINGS));
    }
  };
  // The first state on every socket: what connecting asks for.
  for (const socket of sockets) receive(socket, broadcaster.full(sim.room, { socket, userId: socket.userId }));
  check(sim.room);
  while (sim.room.game.status !== "completed" && steps < 2_000) {
    const before = sim.done.length;
    if (!play(sim, rng) && !sim.fireNext()) break;
    steps += 1;
    const effects = sim.done.slice(before);
    const room = sim.room;
    for (const run of socketRuns(effects)) {
      if (run.type !== "frames") continue;
      const frames = broadcaster.prepare(
        room,
        run.messages,
        run.state,
        sockets.map((socket) => ({ socket, userId: socket.userId })),
      );
      const texts = frames.render();
      // One frame per socket per run (ADR 056).
      expect(texts.map((t) => t.socket)).toEqual(sockets);
      for (const { socket, text } of texts) {
        receive(socket, text);
        // Nothing in the frame that the socket's own full state does not show.
        const visible = cardIds(JSON.stringify(statePayload(room, socket.userId, TIMINGS)));
        for (const id of cardIds(text)) expect(visible, `card ${id} in ${socket.userId}'s frame`).toContain(id);
      }
    }
    check(room);
    // Now and then a socket is replaced (a reconnect): the new one gets a full state, then deltas.
    if (rng() < 0.03) {
      const i = Math.floor(rng() * sockets.length);
      const socket: Socket = { userId: sockets[i].userId, held: null, fresh: true, frames: 0, fullFrames: 0, deltaBytes: [] };
      sockets = sockets.map((s, j) => (j === i ? socket : s));
      all.push(socket);
      receive(socket, broadcaster.full(sim.room, { socket, userId: socket.userId }));
      check(sim.room);
    }
    if (rng() < 0.05) {
      broadcaster = new Broadcaster<Socket>(TIMINGS);
      broadcaster.resume(restoreRoom(structuredClone(sim.room)), sockets);
    }
  }
  return { steps, sockets: all };
}

/** The pending player's move: mostly a card (long matches), else any legal action. */
function play(sim: Sim, rng: () => number): boolean {
  const match = sim.room.match;
  const playerId = match && pendingPlayer(match);
  if (!match || !playerId) return false;
  const legal = legalActions(match, playerId);
  const cards = legal.filter((a) => a.type === "play_card");
  const from = cards.length > 0 && rng() < 0.8 ? cards : legal;
  return from.length > 0 && sim.move(playerId, from[Math.floor(rng() * from.length)]);
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

describe("deltas rebuild every player's state (ADR 055)", () => {
  for (const variant of VARIANTS) {
    for (const users of [
      ["a", "b"],
      ["a", "b", "c", "d"],
    ]) {
      it(`${variant} ${users.length === 2 ? "1v1" : "2v2"}: every frame, every socket holds viewFor`, () => {
        fc.assert(
          fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), (seed) => {
            const sim = started(users, { truco_variant: variant });
            const { steps, sockets } = playBroadcast(sim, users, rngOf(seed));
            expect(steps).toBeGreaterThan(0);
            expect(sim.room.game.status).toBe("completed");
            // After a socket's first full state only deltas, evictions included (ADR 105).
            for (const socket of sockets) expect(socket.fullFrames).toBe(1);
          }),
          { numRuns: 2 },
        );
      }, 60_000);
    }
  }

  it("leaves out of a card play's patch what its events say: the card in its trick, the hand one shorter (ADR 092)", () => {
    const sim = started(["a", "b", "c", "d"], { truco_variant: "paulista" });
    const broadcaster = new Broadcaster<Socket>(TIMINGS);
    const sockets: Socket[] = ["a", "b", "c", "d"].map((userId) => ({
      userId,
      held: null,
      fresh: true,
      frames: 0,
      fullFrames: 0,
      deltaBytes: [],
    }));
    for (const socket of sockets) receive(socket, broadcaster.full(sim.room, { socket, userId: socket.userId }));
    const match = sim.room.match!;
    const playerId = pendingPlayer(match)!;
    const card = legalActions(match, playerId).find((a) => a.type === "play_card" && !a.faceDown)!;
    const before = sim.done.length;
    expect(sim.move(playerId, card)).toBe(true);
    const [run] = socketRuns(sim.done.slice(before));
    expect(run.type).toBe("frames");
    if (run.type !== "frames") return;
    const texts = broadcaster
      .prepare(
        sim.room,
        run.messages,
        run.state,
        sockets.map((socket) => ({ socket, userId: socket.userId })),
      )
      .render();
    for (const { socket, text } of texts) {
      receive(socket, text);
      expect(socket.held).toEqual(statePayload(sim.room, socket.userId, TIMINGS));
      const message = messagesOf((parseServerFrame(text) as { ok: true; message: never }).message).find(
        (m) => m.type === "game_state_delta",
      );
      expect(message?.type).toBe("game_state_delta");
      if (message?.type !== "game_state_delta") continue;
      expect(message.payload.events?.some((e) => e.type === "card_played")).toBe(true);
      const view = message.payload.patch.view as Record<string, unknown> | undefined;
      // Neither the trick nor any hand: what changes there is the card the event carries.
      expect(view?.tricks).toBeUndefined();
      expect(view?.players).toBeUndefined();
    }
  });

  it("keeps a move's frame small: the deltas average well under 1 KB per socket", () => {
    const sim = started(["a", "b", "c", "d"], { truco_variant: "paulista" });
    const { sockets } = playBroadcast(sim, ["a", "b", "c", "d"], rngOf(7));
    const sizes = sockets.flatMap((s) => s.deltaBytes);
    const mean = sizes.reduce((a, b) => a + b, 0) / sizes.length;
    expect(mean).toBeLessThan(1024);
  });
});

describe("socketRuns (ADR 056)", () => {
  it("puts a step's messages and its state in one run, and starts a new run after a state or a close", () => {
    const event: RoomMessage = { type: "player_connected", payload: { userId: "a" } };
    expect(
      socketRuns([
        { type: "send", message: event },
        { type: "mark_started" },
        { type: "state" },
        { type: "send", message: event },
        { type: "close", userId: "a", code: 1000, reason: "bye" },
        { type: "state" },
      ]),
    ).toEqual([
      { type: "frames", messages: [event], state: true },
      { type: "frames", messages: [event], state: false },
      { type: "close", userId: "a", code: 1000, reason: "bye" },
      { type: "frames", messages: [], state: true },
    ]);
  });
});

describe("receiveState (ADR 055)", () => {
  const sim = started(["a", "b"]);
  const v1 = statePayload(sim.room, "a", TIMINGS);
  sim.play();
  const v2 = statePayload(sim.room, "a", TIMINGS);
  const delta = diffState(v1, v2);

  it("applies the next delta, ignores an older one, and calls anything that does not follow a gap", () => {
    expect(receiveState(v1, { type: "game_state_delta", payload: delta }, false)).toEqual({ state: v2, taken: true, gap: false });
    expect(receiveState(v2, { type: "game_state_delta", payload: delta }, false)).toEqual({ state: v2, taken: false, gap: false });
    const later = { ...delta, version: delta.version + 1 };
    expect(receiveState(v1, { type: "game_state_delta", payload: later }, false)).toMatchObject({ state: v1, taken: false, gap: true });
    // A delta first on a new socket, or with nothing held, or one that does not fit: ask for a sync.
    expect(receiveState(v1, { type: "game_state_delta", payload: delta }, true).gap).toBe(true);
    expect(receiveState(null, { type: "game_state_delta", payload: delta }, false).gap).toBe(true);
    const misfit = { version: delta.version, patch: { view: { tricks: { 9: { cards: {} } } } } };
    expect(receiveState(v1, { type: "game_state_delta", payload: misfit }, false).gap).toBe(true);
  });

  it("takes a full state when it is the first on a socket or newer, never an older one otherwise", () => {
    expect(receiveState(v2, { type: "game_state", payload: v1 }, true)).toEqual({ state: v1, taken: true, gap: false });
    expect(receiveState(v2, { type: "game_state", payload: v1 }, false)).toEqual({ state: v2, taken: false, gap: false });
    expect(receiveState(v1, { type: "game_state", payload: v2 }, false)).toEqual({ state: v2, taken: true, gap: false });
  });
});
