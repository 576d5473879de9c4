import { describe, expect, it } from "vitest";
import type { GameSummary, Participant } from "../../../game/protocol/entities";
import type { GameStatePayload, RoomMessage } from "../../../game/protocol/room";
import { createMatch, legalActions, viewFor, type Action } from "../../../game/truco/index";
import {
  blindIdOf,
  calloutsOf,
  clockOffset,
  EMPTY_LIVE,
  eventKey,
  groupActions,
  isFaceUpCard,
  isPractice,
  isSpanishDeck,
  keepUnchanged,
  mergeChat,
  missingPlayers,
  nicknameOf,
  rankIndex,
  reduceLive,
  sameData,
  withPolled,
  secondsLeft,
  seatPositions,
} from "../../../app/components/game/game-logic";

const game: GameSummary = {
  id: "g1",
  game_code: "ABC123",
  status: "active",
  game_type: "2v2",
  game_mode: "casual",
  truco_variant: "paulista",
  entry_cost: 50,
  bot_level: null,
  created_by: "u1",
  capacity: 4,
  winner_team: null,
  team1_score: 0,
  team2_score: 0,
  end_reason: null,
  created_at: "2026-01-01T00:00:00Z",
  started_at: null,
  completed_at: null,
};

function participant(seat: number, extra: Partial<Participant> = {}): Participant {
  return {
    id: seat,
    user_id: `u${seat}`,
    player_id: `u${seat}`,
    seat,
    team: seat % 2 === 0 ? "team1" : "team2",
    nickname: `P${seat}`,
    avatar_url: null,
    is_premium: false,
    is_ready: true,
    is_bot: false,
    bot_level: null,
    connected: true,
    bot_controlled: false,
    ...extra,
  };
}

function state(version: number, extra: Partial<GameStatePayload> = {}): RoomMessage {
  return {
    type: "game_state",
    payload: { version, game, participants: [], view: null, turn: null, hands: [], results: null, nextHandAt: null, ...extra },
  };
}

describe("cards", () => {
  it("prints Spanish indices for Argentino and Gaúcho, French ones otherwise", () => {
    expect(isSpanishDeck("argentino")).toBe(true);
    expect(isSpanishDeck("gaucho")).toBe(true);
    expect(isSpanishDeck("paulista")).toBe(false);
    expect(isSpanishDeck("mineiro")).toBe(false);
    expect(isSpanishDeck("international")).toBe(false);
    expect(["A", "7", "Q", "J", "K"].map((r) => rankIndex(r as never, true))).toEqual(["1", "7", "10", "11", "12"]);
    expect(["A", "7", "Q", "J", "K"].map((r) => rankIndex(r as never, false))).toEqual(["A", "7", "Q", "J", "K"]);
  });

  it("tells face-up, hidden and blind cards apart", () => {
    expect(isFaceUpCard({ id: "7h", suit: "hearts", rank: "7" })).toBe(true);
    expect(isFaceUpCard({ hidden: true })).toBe(false);
    expect(blindIdOf({ hidden: true, blindId: "blind:1" })).toBe("blind:1");
    expect(blindIdOf({ hidden: true })).toBeNull();
  });
});

describe("seats", () => {
  it("puts the viewer at the bottom and the next player (counter-clockwise) on the right", () => {
    expect(seatPositions(["a", "b", "c", "d"], "c")).toEqual({ c: "bottom", d: "right", a: "top", b: "left" });
    expect(seatPositions(["a", "b"], "b")).toEqual({ b: "bottom", a: "top" });
    expect(seatPositions(["a", "b", "c", "d"], null)).toEqual({ a: "bottom", b: "right", c: "top", d: "left" });
  });
});

describe("actions", () => {
  it("groups the engine's legal actions for the action bar", () => {
    const actions: Action[] = [
      { type: "play_card", cardId: "7h" },
      { type: "play_card", cardId: "7h", faceDown: true },
      { type: "play_card", cardId: "Kc" },
      { type: "call_truco", call: "seis" },
      { type: "call_envido", call: "envido" },
      { type: "call_envido", call: "real_envido" },
      { type: "go_to_mazo" },
    ];
    const g = groupActions(actions);
    expect(g.plays).toEqual({ "7h": { faceUp: true, faceDown: true }, Kc: { faceUp: true, faceDown: false } });
    expect(g.trucoCall).toBe("seis");
    expect(g.envidoCalls).toEqual(["envido", "real_envido"]);
    expect(g.mazo).toBe(true);
    expect(g.any).toBe(true);
    expect(groupActions([]).any).toBe(false);
  });

  it("groups every action a real view offers, for each variant", () => {
    for (const variant of ["paulista", "mineiro", "gaucho", "argentino", "international"] as const) {
      const match = createMatch({
        variant,
        seed: `s-${variant}`,
        players: [
          { id: "a", team: "team1" },
          { id: "b", team: "team2" },
        ],
      });
      for (const id of ["a", "b"]) {
        const view = viewFor(match, id);
        const g = groupActions(view.legalActions);
        const counted =
          Object.values(g.plays).reduce((n, p) => n + Number(p.faceUp) + Number(p.faceDown), 0) +
          Number(g.trucoCall !== null) +
          g.trucoAnswers.length +
          g.maoAnswers.length +
          g.envidoCalls.length +
          g.envidoAnswers.length +
          g.florCalls.length +
          g.florAnswers.length +
          Number(g.mazo);
        expect(counted).toBe(legalActions(match, id).length);
      }
    }
  });
});

describe("live state", () => {
  it("keeps the page's state when the socket's first full state repeats it (ADR 100)", () => {
    const match = createMatch({
      variant: "paulista",
      seed: "same",
      players: [
        { id: "a", team: "team1" },
        { id: "b", team: "team2" },
      ],
    });
    const payload = { view: viewFor(match, "a"), turn: { playerId: "a", deadline: 1000, seconds: 30 } } as Partial<GameStatePayload>;
    const page = reduceLive(EMPTY_LIVE, state(5, payload), true).state;
    // The same data, parsed again (new objects, keys in another order).
    const again = JSON.parse(JSON.stringify({ ...payload, view: Object.fromEntries(Object.entries(payload.view!).reverse()) }));
    const first = reduceLive(page, state(5, again), true).state;
    expect(first).not.toBe(page);
    expect(keepUnchanged(page, first)).toBe(page);
    // A change keeps the parts that did not change.
    const moved = reduceLive(page, state(6, { ...again, turn: { playerId: "b", deadline: 2000, seconds: 30 } })).state;
    const kept = keepUnchanged(page, moved);
    expect(kept).not.toBe(page);
    expect(kept.version).toBe(6);
    expect(kept.view).toBe(page.view);
    expect(kept.game).toBe(page.game);
    expect(kept.turn).toEqual({ playerId: "b", deadline: 2000, seconds: 30 });
  });

  it("compares data whatever the key order", () => {
    expect(sameData({ a: 1, b: [1, { c: null }] }, { b: [1, { c: null }], a: 1 })).toBe(true);
    expect(sameData({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(sameData({ a: 1 }, { a: 2 })).toBe(false);
    expect(sameData([1, 2], [1, 2, 3])).toBe(false);
    expect(sameData([], {})).toBe(false);
    expect(sameData(null, {})).toBe(false);
  });

  it("keeps the highest version and reports a gap", () => {
    let r = reduceLive(EMPTY_LIVE, state(3), true);
    expect(r.state.version).toBe(3);
    expect(r.gap).toBe(false);
    r = reduceLive(r.state, state(4));
    expect(r.state.version).toBe(4);
    expect(r.gap).toBe(false);
    const stale = reduceLive(r.state, state(2));
    expect(stale.stale).toBe(true);
    expect(stale.state.version).toBe(4);
    const same = reduceLive(r.state, state(4));
    expect(same.stale).toBe(true);
    const jump = reduceLive(r.state, state(7));
    expect(jump.gap).toBe(true);
    expect(jump.state.version).toBe(7);
  });

  it("keeps the deck proofs when a broadcast leaves them out (unchanged)", () => {
    const proofs = [
      { hand: 1, commitment: "c1", seed: "s1" },
      { hand: 2, commitment: "c2", seed: null },
    ];
    let s = reduceLive(EMPTY_LIVE, state(1, { hands: proofs }), true).state;
    s = reduceLive(s, state(2, { hands: undefined })).state;
    expect(s.hands).toEqual(proofs);
    s = reduceLive(s, state(3, { hands: [...proofs.slice(0, 1), { hand: 2, commitment: "c2", seed: "s2" }] })).state;
    expect(s.hands[1].seed).toBe("s2");
  });

  it("takes the first state of a new connection whatever its version", () => {
    const before = reduceLive(EMPTY_LIVE, state(9), true).state;
    const after = reduceLive(before, state(1), true);
    expect(after.stale).toBe(false);
    expect(after.state.version).toBe(1);
  });

  it("applies participants, connection and end-of-game messages", () => {
    let s = reduceLive(EMPTY_LIVE, state(1, { participants: [participant(0), participant(1)] }), true).state;
    s = reduceLive(s, { type: "player_disconnected", payload: { userId: "u1" } }).state;
    expect(s.participants.find((p) => p.user_id === "u1")?.connected).toBe(false);
    s = reduceLive(s, { type: "player_connected", payload: { userId: "u1" } }).state;
    expect(s.participants.find((p) => p.user_id === "u1")?.connected).toBe(true);
    s = reduceLive(s, { type: "participants_updated", payload: { participants: [participant(0)] } }).state;
    expect(s.participants).toHaveLength(1);
    const results = [{ user_id: "u0", nickname: "P0", team: "team1" as const, result: "win" as const, coins_change: 50, rating_change: 0 }];
    s = reduceLive(s, { type: "game_ended", payload: { winnerTeam: "team1", results, reason: "match_over" } }).state;
    expect(s.game?.status).toBe("completed");
    expect(s.game?.winner_team).toBe("team1");
    expect(s.results).toEqual(results);
    expect(s.endReason).toBe("match_over");
    // A later game_state without results keeps the ones already shown.
    s = reduceLive(s, state(5, { results: null })).state;
    expect(s.results).toEqual(results);
  });

  it("takes a poll's answer only when it does not take the game back to an earlier stage", () => {
    const shown = reduceLive(EMPTY_LIVE, state(4, { participants: [participant(0), participant(1)] }), true).state;
    // An answer read before the room started the game (or from a lagging replica) is not taken.
    const waiting = { ...game, status: "waiting" as const };
    expect(withPolled(shown, { game: waiting, participants: [participant(0)] })).toBe(shown);
    // A later stage is taken, with its participants.
    const ended = { ...game, status: "completed" as const, winner_team: "team1" as const };
    const after = withPolled(shown, { game: ended, participants: [participant(0)] });
    expect(after.game).toEqual(ended);
    expect(after.participants).toHaveLength(1);
    expect(after.version).toBe(4);
    // The same stage is taken (players joining a waiting table), and a failed half keeps what is shown.
    const table = reduceLive(EMPTY_LIVE, state(1, { game: waiting }), true).state;
    expect(withPolled(table, { game: null, participants: [participant(0), participant(1)] }).participants).toHaveLength(2);
    expect(withPolled(table, { game: null, participants: null })).toBe(table);
    // Nothing shown yet: anything is taken.
    expect(withPolled(EMPTY_LIVE, { game: waiting, participants: null }).game).toEqual(waiting);
  });

  it("merges chat by id, oldest first, without duplicates", () => {
    const m = (id: number) => ({
      id,
      user_id: "u",
      nickname: "n",
      avatar_url: null,
      message: `m${id}`,
      message_type: "text" as const,
      created_at: "",
    });
    const list = mergeChat([m(1), m(3)], [m(2), m(3)]);
    expect(list.map((x) => x.id)).toEqual([1, 2, 3]);
    const same = mergeChat(list, [m(2)]);
    expect(same).toBe(list);
  });
});

describe("players and timer", () => {
  it("counts missing players as capacity minus joined (spec §4)", () => {
    expect(missingPlayers(4, [participant(0)])).toBe(3);
    expect(missingPlayers(2, [participant(0), participant(1)])).toBe(0);
  });

  it("names a player by the seat's nickname, bots included", () => {
    const bot = participant(1, { user_id: null, player_id: "bot-1", nickname: "Tia Bot", is_bot: true });
    expect(nicknameOf(null, [participant(0), bot], "bot-1")).toBe("Tia Bot");
    expect(nicknameOf(null, [participant(0)], "u0")).toBe("P0");
  });

  it("counts the seconds left with the server clock offset, within [0, seconds]", () => {
    const timer = { playerId: "u0", deadline: 100_000, seconds: 30 };
    expect(secondsLeft(timer, 80_000)).toBe(20);
    expect(secondsLeft(timer, 80_000, 5_000)).toBe(15);
    expect(secondsLeft(timer, 200_000)).toBe(0);
    expect(secondsLeft(timer, 0)).toBe(30);
    expect(clockOffset(1000, 1100, 5050)).toBe(4000);
  });

  it("recognises practice games (no coins, no points)", () => {
    expect(isPractice(game, [participant(0)])).toBe(false);
    expect(isPractice({ ...game, bot_level: "easy" }, [])).toBe(true);
    expect(isPractice({ ...game, entry_cost: 0 }, [])).toBe(true);
  });
});

describe("callouts", () => {
  it("turns calls and answers into bubbles at the player's seat", () => {
    expect(calloutsOf({ type: "truco_called", call: "truco", by: "a", team: "team1", stake: 3, runValue: 1, responder: "b" })).toEqual([
      { at: "a", text: { key: "call", call: "truco" }, tone: "call" },
    ]);
    expect(
      calloutsOf({ type: "truco_responded", response: "reject", by: "b", call: "truco", byRaise: false, passedTo: null })[0].text,
    ).toEqual({
      key: "rejected",
    });
    expect(calloutsOf({ type: "truco_responded", response: "accept", by: "b", call: "truco", byRaise: true, passedTo: null })).toEqual([]);
    const envido = calloutsOf({
      type: "envido_resolved",
      accepted: true,
      winnerTeam: "team2",
      points: 2,
      shown: [
        { playerId: "a", points: 27 },
        { playerId: "b", points: 31 },
      ],
    });
    expect(envido.map((c) => c.at)).toEqual(["a", "b", null]);
    expect(calloutsOf({ type: "card_played", playerId: "a", card: { hidden: true }, faceDown: true, trick: 2 })).toEqual([]);
  });

  it("keys an event so the same one arriving twice is shown once", () => {
    const e = { type: "went_to_mazo" as const, by: "a", team: "team1" as const };
    expect(eventKey(e, 3)).toBe(eventKey({ ...e }, 3));
    expect(eventKey(e, 3)).not.toBe(eventKey(e, 4));
  });
});
