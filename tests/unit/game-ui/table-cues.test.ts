import { describe, expect, it } from "vitest";
import { createMatch, playMatch, type GameEvent, type TeamId, type Variant } from "../../../game/truco/index";
import { sfc32 } from "../../../game/truco/random";
import { dealDelayMs, dealOrderOf } from "../../../app/components/game/game-logic";
import { cueName, cuesOf, speechLanguage, spokenKey, turnCues, type Cue, type Viewer } from "../../../app/utils/table-cues";
import { DEFAULT_TABLE_SETTINGS, parseTableSettings } from "../../../app/utils/table-settings";
import { P2, P4 } from "../truco/helpers";

const TEAMS: Record<string, TeamId> = { a: "team1", b: "team2", c: "team1", d: "team2" };
const viewer = (me: string | null): Viewer => ({
  me,
  myTeam: me === null ? null : TEAMS[me],
  teamOf: (id) => TEAMS[id] ?? null,
});
const names = (cues: Cue[]) => cues.map(cueName);

describe("cuesOf: which event plays what", () => {
  it("a deal shuffles and deals; a card lands; a taken trick chimes, a tied one does not", () => {
    const events: GameEvent[] = [
      { type: "hand_started", handNumber: 2, dealer: "b", mao: "a", commitment: "c", vira: null, specialHand: null },
      { type: "card_played", playerId: "a", card: { id: "7h", suit: "hearts", rank: "7" }, faceDown: false, trick: 1 },
      { type: "trick_ended", trick: 1, winnerTeam: "team1", winnerPlayerId: "a", tie: false, nextLeader: "a" },
      { type: "trick_ended", trick: 2, winnerTeam: null, winnerPlayerId: null, tie: true, nextLeader: "a" },
    ];
    expect(names(cuesOf(events, viewer("a")))).toEqual(["shuffle", "deal", "card", "trick"]);
  });

  it("a truco is said aloud for everyone and buzzes only the player who must answer it", () => {
    const truco: GameEvent = { type: "truco_called", call: "truco", by: "b", team: "team2", stake: 3, runValue: 1, responder: "a" };
    expect(names(cuesOf([truco], viewer("a")))).toEqual(["say:truco", "vibrate:call"]);
    expect(names(cuesOf([truco], viewer("c")))).toEqual(["say:truco"]);
    expect(names(cuesOf([truco], viewer(null)))).toEqual(["say:truco"]);
    const seis: GameEvent = { ...truco, call: "seis", by: "a", team: "team1", responder: "b" };
    expect(names(cuesOf([seis], viewer("b")))).toEqual(["say:seis", "vibrate:call"]);
  });

  it("envido and flor: the call, and the answers in the words of the table's bubbles", () => {
    const envido: GameEvent = {
      type: "envido_called",
      call: "real_envido",
      by: "a",
      team: "team1",
      acceptValue: 3,
      rejectValue: 1,
      responder: "b",
    };
    expect(names(cuesOf([envido], viewer("b")))).toEqual(["say:real_envido", "vibrate:call"]);
    const flor: GameEvent = { type: "flor_declared", by: "b", call: "flor", auto: false };
    // A flor is a call to the other team; the singer's partner only hears it.
    expect(names(cuesOf([flor], viewer("a")))).toEqual(["say:flor", "vibrate:call"]);
    expect(names(cuesOf([flor], viewer("d")))).toEqual(["say:flor"]);
    expect(names(cuesOf([flor], viewer(null)))).toEqual(["say:flor"]);
    const answers: GameEvent[] = [
      { type: "envido_responded", response: "accept", by: "b" },
      { type: "envido_responded", response: "reject", by: "b" },
      { type: "flor_responded", response: "accept", by: "a" },
      { type: "truco_responded", response: "accept", by: "a", call: "truco", byRaise: false, passedTo: null },
      { type: "truco_responded", response: "reject", by: "a", call: "truco", byRaise: false, passedTo: null },
      { type: "went_to_mazo", by: "a", team: "team1" },
    ];
    expect(names(cuesOf(answers, viewer("a")))).toEqual([
      "say:envidoAccepted",
      "say:envidoRejected",
      "say:envidoAccepted",
      "say:accepted",
      "say:rejected",
      "say:mazo",
    ]);
  });

  it("a raise is said once, by its call, not also as an acceptance", () => {
    const raise: GameEvent[] = [
      { type: "truco_responded", response: "accept", by: "a", call: "truco", byRaise: true, passedTo: null },
      { type: "truco_called", call: "seis", by: "a", team: "team1", stake: 6, runValue: 3, responder: "b" },
    ];
    expect(names(cuesOf(raise, viewer("b")))).toEqual(["say:seis", "vibrate:call"]);
  });

  it("a match won plays the flourish and the celebration for the winners only", () => {
    const end: GameEvent = { type: "match_ended", winnerTeam: "team2", team1Score: 9, team2Score: 12 };
    expect(names(cuesOf([end], viewer("b")))).toEqual(["win", "celebrate"]);
    expect(names(cuesOf([end], viewer("d")))).toEqual(["win", "celebrate"]);
    expect(cuesOf([end], viewer("a"))).toEqual([]);
    expect(cuesOf([end], viewer(null))).toEqual([]);
  });

  it("every event of whole random matches maps, with one flourish for the winners of each", () => {
    const rng = sfc32(7, 3, 1, 9);
    for (const variant of ["paulista", "mineiro", "argentino", "gaucho"] as Variant[]) {
      for (let m = 0; m < 6; m++) {
        const players = m % 2 ? P4 : P2;
        const run = playMatch(
          createMatch({ variant, players, seed: `cues-${variant}-${m}`, rules: { flor: true } }),
          (_s, _p, legal) => legal[rng.int(legal.length)],
        );
        expect(run.stop).toBe("match_over");
        const events = run.log.flatMap((step) => step.events);
        const winners = players.filter((p) => p.team === run.state.winner);
        for (const p of players) {
          const cues = names(cuesOf(events, viewer(p.id)));
          const won = winners.some((w) => w.id === p.id);
          expect(cues.filter((c) => c === "win")).toHaveLength(won ? 1 : 0);
          expect(cues.filter((c) => c === "card")).toHaveLength(events.filter((e) => e.type === "card_played").length);
          expect(cues.filter((c) => c === "shuffle")).toHaveLength(events.filter((e) => e.type === "hand_started").length);
        }
      }
    }
  });
});

describe("turnCues: the buzz when the viewer's turn begins", () => {
  it("buzzes when the turn comes to the viewer, not at the first look nor while it goes on", () => {
    expect(names(turnCues({ myTurn: false, phase: "playing" }, { myTurn: true, phase: "playing" }))).toEqual(["vibrate:turn"]);
    expect(turnCues(null, { myTurn: true, phase: "playing" })).toEqual([]);
    expect(turnCues({ myTurn: true, phase: "playing" }, { myTurn: true, phase: "playing" })).toEqual([]);
    expect(turnCues({ myTurn: true, phase: "playing" }, { myTurn: false, phase: "playing" })).toEqual([]);
    expect(names(turnCues({ myTurn: false, phase: "round_end" }, { myTurn: true, phase: "waiting_mao_decision" }))).toEqual([
      "vibrate:turn",
    ]);
  });

  it("an answer owed to a call does not buzz twice (the call did)", () => {
    for (const phase of ["waiting_truco_response", "waiting_envido_response", "waiting_flor_response"] as const) {
      expect(turnCues({ myTurn: false, phase: "playing" }, { myTurn: true, phase })).toEqual([]);
    }
  });
});

describe("spoken words and their language", () => {
  it("calls by their names, answers by the bubbles' words", () => {
    expect(spokenKey({ key: "call", call: "truco" })).toBe("game:calls.truco");
    expect(spokenKey({ key: "call", call: "falta_envido" })).toBe("game:calls.falta_envido");
    expect(spokenKey({ key: "accepted" })).toBe("game:shout.accept");
    expect(spokenKey({ key: "rejected" })).toBe("game:shout.reject");
    expect(spokenKey({ key: "envidoAccepted" })).toBe("game:shout.envidoAccept");
    expect(spokenKey({ key: "envidoRejected" })).toBe("game:shout.envidoReject");
    expect(spokenKey({ key: "mazo" })).toBe("game:shout.mazo");
  });

  it("a voice for the page's language", () => {
    expect(speechLanguage("pt-BR")).toBe("pt-BR");
    expect(speechLanguage("es")).toBe("es-AR");
    expect(speechLanguage("en")).toBe("en-US");
  });
});

describe("table settings from localStorage", () => {
  it("sound on and one-tap play unless this device stored otherwise; junk counts as unset", () => {
    expect(parseTableSettings(null, null)).toEqual(DEFAULT_TABLE_SETTINGS);
    expect(DEFAULT_TABLE_SETTINGS).toEqual({ sound: true, confirmPlay: false });
    expect(parseTableSettings("off", "on")).toEqual({ sound: false, confirmPlay: true });
    expect(parseTableSettings("yes", "maybe")).toEqual(DEFAULT_TABLE_SETTINGS);
  });

  it("settings equal to the defaults are the defaults' own object, the one the server renders with", () => {
    // React compares the client's snapshot with the server's by identity: an equal copy would
    // redraw the board after every hydration.
    expect(parseTableSettings(null, null)).toBe(DEFAULT_TABLE_SETTINGS);
    expect(parseTableSettings("on", "off")).toBe(DEFAULT_TABLE_SETTINGS);
    expect(parseTableSettings("off", null)).not.toBe(DEFAULT_TABLE_SETTINGS);
  });
});

describe("the deal's order", () => {
  it("cards go round from the player after the dealer, one at a time", () => {
    const seats = ["a", "b", "c", "d"];
    const players = Object.fromEntries(seats.map((id) => [id, { isDealer: id === "d" }])) as never;
    const view = { seats, players };
    expect(seats.map((id) => dealOrderOf(view, id))).toEqual([0, 1, 2, 3]);
    const view2 = { seats, players: Object.fromEntries(seats.map((id) => [id, { isDealer: id === "b" }])) as never };
    expect(seats.map((id) => dealOrderOf(view2, id))).toEqual([2, 3, 0, 1]);
    expect(dealOrderOf(view, null)).toBe(0);
    // The dealer's third card is the last of all.
    const delays = seats.flatMap((id) => [0, 1, 2].map((card) => dealDelayMs(card, dealOrderOf(view, id), 4)));
    expect(Math.max(...delays)).toBe(dealDelayMs(2, 3, 4));
    expect(new Set(delays).size).toBe(12);
  });
});
