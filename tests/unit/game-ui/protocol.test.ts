import fc from "fast-check";
import { isDeepStrictEqual } from "node:util";
import { describe, expect, it } from "vitest";
import { GameEventSchema, PlayerViewSchema } from "../../../game/protocol/engine-schemas";
import type { GameSummary, Participant } from "../../../game/protocol/entities";
import {
  actionOf,
  CHAT_EMOJIS,
  ClientMessageSchema,
  frameOf,
  MAX_FRAME_BYTES,
  normalizeGameCode,
  parseClientFrame,
  parseServerFrame,
  ServerMessageSchema,
  type ServerMessage,
} from "../../../game/protocol/room";
import * as constants from "../../../game/protocol/constants";
import { parseChannelClientFrame } from "../../../game/protocol/channel";
import {
  applyAction,
  createMatch,
  handStartedEvent,
  legalActions,
  pendingPlayer,
  startNextHand,
  viewFor,
  type GameEvent,
  type HouseRules,
  type MatchState,
  type PlayerView,
  type Variant,
} from "../../../game/truco/index";

const VARIANTS: Variant[] = ["paulista", "mineiro", "gaucho", "argentino", "international"];
const P2 = [
  { id: "a", team: "team1" as const },
  { id: "b", team: "team2" as const },
];
const P4 = [...P2, { id: "c", team: "team1" as const }, { id: "d", team: "team2" as const }];

/** A small deterministic generator, so a failing run can be replayed from its seed. */
function lcg(seed: number) {
  let x = seed >>> 0 || 1;
  return (n: number) => {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    return x % n;
  };
}

/**
 * A whole match of random legal moves: every view (each seat's and a spectator's) and every event
 * along the way, as the room would put them in frames.
 */
function randomMatch(variant: Variant, players: typeof P2, seed: number, rules: HouseRules = {}) {
  const pick = lcg(seed);
  const views: PlayerView[] = [];
  const events: GameEvent[] = [];
  let state: MatchState = createMatch({ variant, players, seed: `protocol-${seed}`, rules });
  events.push(handStartedEvent(state));
  const look = () => {
    for (const viewer of [...players.map((p) => p.id), null]) views.push(viewFor(state, viewer));
  };
  for (let steps = 0; state.phase !== "game_over"; steps++) {
    if (steps > 5000) throw new Error("the match did not end");
    look();
    if (state.phase === "round_end") {
      const next = startNextHand(state);
      if (!next.ok) throw new Error("startNextHand refused a finished hand");
      state = next.state;
      events.push(...next.events);
      continue;
    }
    const player = pendingPlayer(state)!;
    const legal = legalActions(state, player);
    const result = applyAction(state, player, legal[pick(legal.length)]);
    if (!result.ok) throw new Error(result.message);
    state = result.state;
    events.push(...result.events);
  }
  look();
  return { views, events };
}

/** Deep equality first (cheap), vitest's diff only to explain a failure. */
function expectExact(parsed: unknown, original: unknown) {
  if (!isDeepStrictEqual(parsed, original)) expect(parsed).toStrictEqual(original);
}

describe("client frames", () => {
  it("frameOf and actionOf map every legal action of random matches to a valid frame and back", () => {
    fc.assert(
      fc.property(fc.constantFrom(...VARIANTS), fc.constantFrom(P2, P4), fc.integer(), (variant, players, seed) => {
        for (const view of randomMatch(variant, players, seed).views) {
          for (const action of view.legalActions) {
            const frame = frameOf(action);
            const parsed = parseClientFrame(JSON.stringify(frame));
            expect(parsed).toEqual({ ok: true, message: frame });
            expect(actionOf(frame)).toStrictEqual(action);
          }
        }
      }),
      { numRuns: 40 },
    );
  }, 60_000);

  it("puts an action's fields in the payload, and sends none for an action without fields", () => {
    expect(frameOf({ type: "play_card", cardId: "As" })).toEqual({ type: "play_card", payload: { cardId: "As" } });
    expect(frameOf({ type: "play_card", cardId: "As", faceDown: true })).toEqual({
      type: "play_card",
      payload: { cardId: "As", faceDown: true },
    });
    expect(frameOf({ type: "call_truco", call: "truco" })).toEqual({ type: "call_truco", payload: { call: "truco" } });
    expect(frameOf({ type: "go_to_mazo" })).toEqual({ type: "go_to_mazo" });
    expect(actionOf({ type: "go_to_mazo" })).toEqual({ type: "go_to_mazo" });
  });

  it("refuses what is not a frame of the protocol", () => {
    expect(parseClientFrame("not json")).toMatchObject({ ok: false, code: "bad_json" });
    expect(parseClientFrame(new ArrayBuffer(2))).toMatchObject({ ok: false, code: "bad_message" });
    expect(parseClientFrame(JSON.stringify({ type: "ping", payload: { pad: "x".repeat(5000) } }))).toMatchObject({
      ok: false,
      code: "too_large",
    });
    for (const frame of [
      { type: "play_card" },
      { type: "play_card", payload: { cardId: "Z" } },
      { type: "play_card", payload: { cardId: "4c", playerId: "someone" } },
      { type: "respond_truco", payload: { response: "maybe" } },
      { type: "sync", payload: { version: -1 } },
      { type: "go_to_mazo", payload: { now: true } },
      { type: "teleport" },
    ]) {
      expect(parseClientFrame(JSON.stringify(frame)), JSON.stringify(frame)).toMatchObject({ ok: false, code: "bad_message" });
    }
    expect(ClientMessageSchema.safeParse({ type: "sync" }).success).toBe(true);
  });

  it("takes a frame of 4 KB and refuses one byte more (DESIGN.md §6: at most 4 KB)", () => {
    const frameOfBytes = (bytes: number) => {
      const frame = JSON.stringify({ type: "sync", pad: "" });
      return JSON.stringify({ type: "sync", pad: "x".repeat(bytes - frame.length) });
    };
    expect(parseClientFrame(frameOfBytes(4096))).toMatchObject({ ok: false, code: "bad_message" });
    expect(parseClientFrame(frameOfBytes(4097))).toMatchObject({ ok: false, code: "too_large" });
  });

  it("measures a frame's size in UTF-8 bytes, whatever its characters (the shortcut for short frames is exact)", () => {
    const syncFrame = (pad: string) => JSON.stringify({ type: "sync", pad });
    // 2-byte and 3-byte characters: within the limit in UTF-16 code units, over it in bytes.
    expect(parseClientFrame(syncFrame("é".repeat(2100)))).toMatchObject({ ok: false, code: "too_large" });
    expect(parseClientFrame(syncFrame("€".repeat(1400)))).toMatchObject({ ok: false, code: "too_large" });
    expect(parseClientFrame(syncFrame("€".repeat(1300)))).toMatchObject({ ok: false, code: "bad_message" });
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 2500 }), (pad) => {
        const frame = syncFrame(pad);
        const over = new TextEncoder().encode(frame).length > MAX_FRAME_BYTES;
        expect(parseClientFrame(frame).ok === false && (parseClientFrame(frame) as { code: string }).code === "too_large").toBe(over);
      }),
      { numRuns: 300 },
    );
  });

  it("the player channel refuses what it is sent the same way (one parser for both sockets)", () => {
    expect(parseChannelClientFrame(JSON.stringify({ type: "ping" }))).toEqual({ ok: true, message: { type: "ping" } });
    expect(parseChannelClientFrame("not json")).toMatchObject({ ok: false, code: "bad_json" });
    expect(parseChannelClientFrame(new ArrayBuffer(2))).toMatchObject({ ok: false, code: "bad_message" });
    expect(parseChannelClientFrame(JSON.stringify({ type: "ping", payload: { pad: "x".repeat(5000) } }))).toMatchObject({
      ok: false,
      code: "too_large",
    });
    expect(parseChannelClientFrame(JSON.stringify({ type: "play_card" }))).toMatchObject({ ok: false, code: "bad_message" });
  });
});

describe("server frames", () => {
  it("describe exactly every view and event of random matches, in every variant and house rule", () => {
    const rules: HouseRules[] = [{}, { maoDeFerro: "blind" }, { coveredCards: "one_per_team" }, { responseRule: "both_must_refuse" }];
    fc.assert(
      fc.property(
        fc.constantFrom(...VARIANTS),
        fc.constantFrom(P2, P4),
        fc.integer(),
        fc.constantFrom(...rules),
        (variant, players, seed, house) => {
          const { views, events } = randomMatch(variant, players, seed, house);
          // Parsing keeps every field: nothing the engine sends is unknown to the schema.
          for (const view of views) expectExact(PlayerViewSchema.parse(view), view);
          for (const event of events) expectExact(GameEventSchema.parse(event), event);
        },
      ),
      { numRuns: 60 },
    );
  }, 60_000);

  const game: GameSummary = {
    id: "g1",
    game_code: "ABC234",
    status: "active",
    game_type: "1v1",
    game_mode: "casual",
    truco_variant: "paulista",
    entry_cost: 50,
    bot_level: null,
    created_by: "a",
    capacity: 2,
    winner_team: null,
    team1_score: 0,
    team2_score: 0,
    end_reason: null,
    created_at: "2026-01-01T00:00:00.000Z",
    started_at: "2026-01-01T00:00:01.000Z",
    completed_at: null,
  };
  const seat: Participant = {
    id: 1,
    user_id: "a",
    player_id: "a",
    seat: 0,
    team: "team1",
    nickname: "Ana",
    avatar_url: null,
    is_premium: false,
    is_ready: true,
    is_bot: false,
    bot_level: null,
    connected: true,
    bot_controlled: false,
  };
  const match = createMatch({ variant: "paulista", players: P2, seed: "frames" });
  const examples: ServerMessage[] = [
    {
      type: "game_state",
      payload: { version: 3, game, participants: [seat], view: viewFor(match, "a"), turn: null, results: null, nextHandAt: null },
    },
    {
      type: "participants_updated",
      payload: { participants: [seat, { ...seat, id: "bot", user_id: null, is_bot: true, bot_level: "easy" }] },
    },
    { type: "game_session_updated", payload: { game: { ...game, premium_only: true } } },
    { type: "player_connected", payload: { userId: "a" } },
    { type: "player_disconnected", payload: { userId: "a" } },
    {
      type: "truco_called",
      payload: { type: "truco_called", call: "truco", by: "a", team: "team1", stake: 3, runValue: 1, responder: "b" },
    },
    {
      type: "truco_responded",
      payload: { type: "truco_responded", response: "accept", by: "b", call: "truco", byRaise: false, passedTo: null },
    },
    { type: "game_event", payload: { events: [handStartedEvent(match)] } },
    {
      type: "game_state_delta",
      payload: { version: 4, events: [handStartedEvent(match)], patch: { turn: null, nextHandAt: [], view: { actionCount: 2 } } },
    },
    {
      type: "batch",
      payload: {
        messages: [
          { type: "player_connected", payload: { userId: "a" } },
          { type: "game_state_delta", payload: { version: 4, patch: {} } },
        ],
      },
    },
    { type: "game_ended", payload: { winnerTeam: null, results: [], reason: "idle" } },
    {
      type: "chat_message",
      payload: {
        message: {
          id: 1,
          user_id: "a",
          nickname: "Ana",
          avatar_url: null,
          message: CHAT_EMOJIS[0],
          message_type: "emoji",
          created_at: "x",
        },
      },
    },
    { type: "turn_timed_out", payload: { playerId: "a", action: "play_card" } },
    { type: "error", payload: { code: "not_your_turn", message: "Não é a sua vez" } },
    { type: "pong", payload: { at: 0 } },
    { type: "spectators", payload: { count: 3 } },
    {
      type: "spectator_chat",
      payload: {
        message: { id: 1, user_id: "f", nickname: "Fã", avatar_url: null, message: "boa!", message_type: "text", created_at: "x" },
      },
    },
  ];

  it("parse every kind of message the room sends", () => {
    const kinds = new Set(examples.map((m) => m.type));
    expect(kinds.size).toBe(ServerMessageSchema._zod.def.options.length);
    for (const message of examples) expect(parseServerFrame(JSON.stringify(message))).toEqual({ ok: true, message });
  });

  it("refuse frames that are not the room's messages, saying why", () => {
    expect(parseServerFrame("{")).toEqual({ ok: false, error: "not JSON" });
    expect(parseServerFrame(new ArrayBuffer(1))).toEqual({ ok: false, error: "not a text frame" });
    expect(parseServerFrame(JSON.stringify({ type: "teleport", payload: {} })).ok).toBe(false);
    const noVersion = { type: "game_state", payload: { ...examples[0].payload, version: "3" } };
    expect(parseServerFrame(JSON.stringify(noVersion))).toMatchObject({ ok: false, error: expect.stringContaining("payload.version") });
    const badCard = {
      type: "game_event",
      payload: { events: [{ type: "card_played", playerId: "a", card: { id: "As" }, faceDown: false, trick: 1 }] },
    };
    expect(parseServerFrame(JSON.stringify(badCard)).ok).toBe(false);
  });

  it("drop fields they do not know, so a screen one deploy behind the room keeps working", () => {
    const newer = { type: "player_connected", payload: { userId: "a", since: 5 }, trace: "x" };
    expect(parseServerFrame(JSON.stringify(newer))).toEqual({ ok: true, message: { type: "player_connected", payload: { userId: "a" } } });
  });

  it("keep a blind card's slot and never show more of a hidden card than that it is hidden", () => {
    const view = viewFor(match, "a");
    const blind = {
      ...view,
      players: { ...view.players, a: { ...view.players.a, hand: [{ hidden: true as const, blindId: "blind:0" }] } },
    };
    expect(PlayerViewSchema.parse(blind).players.a.hand).toEqual([{ hidden: true, blindId: "blind:0" }]);
    const peeking = { ...view, players: { ...view.players, b: { ...view.players.b, hand: [{ hidden: true, rank: "A" }] } } };
    expect(PlayerViewSchema.safeParse(peeking).success).toBe(false);
  });
});

describe("constants", () => {
  it("are one set, re-exported by the protocol", () => {
    expect(constants.CHAT_EMOJIS).toHaveLength(12);
    expect(CHAT_EMOJIS).toBe(constants.CHAT_EMOJIS);
  });

  it("normalize a game code as spec §5 says", () => {
    expect(normalizeGameCode("ab-c 12x9z")).toBe("ABC12X");
    expect(normalizeGameCode("çãé!")).toBe("");
    expect(normalizeGameCode(" x y z 9 8 7 6")).toBe("XYZ987");
  });
});
