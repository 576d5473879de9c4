// What the table does for the ear, the hand and the eye when something happens (ADR 130): a pure
// mapping from the room's events and the viewer's turn to cues. The game page's adapters only
// carry them out (Web Audio, speech synthesis, navigator.vibrate, one celebration); the mapping is
// unit-tested in tests/unit/game-ui/table-cues.test.ts.
import type { EnvidoCall, FlorCall, GameEvent, GamePhase, TeamId, TrucoCall } from "../../game/truco/index";

/** The sounds the table makes, each synthesized in the browser. */
export type TableSound = "shuffle" | "deal" | "card" | "trick" | "win";

/** Words said aloud: a call by its name, or an answer (the same words as the table's bubbles). */
export type SpokenWords =
  | { key: "call"; call: TrucoCall | EnvidoCall | FlorCall }
  | { key: "accepted" | "rejected" | "envidoAccepted" | "envidoRejected" | "mazo" };

export type Cue =
  | { kind: "sound"; sound: TableSound }
  | { kind: "say"; words: SpokenWords }
  | { kind: "vibrate"; reason: "turn" | "call" }
  | { kind: "celebrate" };

/** Who is looking at the table: their engine id and team (null for an outsider) and everyone's team. */
export interface Viewer {
  me: string | null;
  myTeam: TeamId | null;
  teamOf(playerId: string): TeamId | null;
}

/** The vibration patterns (ms on, off, on…). */
export const VIBRATION: Record<"turn" | "call", number[]> = { turn: [70], call: [90, 60, 90] };

/** How long each sound takes (s): the next one in a batch starts after it, so a burst of events plays in order. */
export const SOUND_SECONDS: Record<TableSound, number> = { shuffle: 0.5, deal: 0.36, card: 0.16, trick: 0.42, win: 1.3 };

/** The cues of a batch of events, in the order they happened. */
export function cuesOf(events: readonly GameEvent[], viewer: Viewer): Cue[] {
  return events.flatMap((event) => cuesOfEvent(event, viewer));
}

function cuesOfEvent(event: GameEvent, viewer: Viewer): Cue[] {
  switch (event.type) {
    case "hand_started":
      return [
        { kind: "sound", sound: "shuffle" },
        { kind: "sound", sound: "deal" },
      ];
    case "card_played":
      return [{ kind: "sound", sound: "card" }];
    case "trick_ended":
      return event.tie ? [] : [{ kind: "sound", sound: "trick" }];
    case "truco_called":
    case "envido_called":
      return [say({ key: "call", call: event.call }), ...(viewer.me !== null && event.responder === viewer.me ? [buzz("call")] : [])];
    case "flor_declared": {
      // A flor has no single responder: it is a call to the viewer when the other team sings it.
      const team = viewer.teamOf(event.by);
      const against = viewer.myTeam !== null && team !== null && team !== viewer.myTeam;
      return [say({ key: "call", call: event.call }), ...(against ? [buzz("call")] : [])];
    }
    case "truco_responded":
      // A raise answers by calling the next rung, and that call is said on its own.
      return event.byRaise ? [] : [say({ key: event.response === "accept" ? "accepted" : "rejected" })];
    case "envido_responded":
    case "flor_responded":
      return [say({ key: event.response === "accept" ? "envidoAccepted" : "envidoRejected" })];
    case "went_to_mazo":
      return [say({ key: "mazo" })];
    case "match_ended":
      return viewer.myTeam !== null && event.winnerTeam === viewer.myTeam ? [{ kind: "sound", sound: "win" }, { kind: "celebrate" }] : [];
    default:
      return [];
  }
}

const say = (words: SpokenWords): Cue => ({ kind: "say", words });
const buzz = (reason: "turn" | "call"): Cue => ({ kind: "vibrate", reason });

/** What the viewer's turn looks like at one moment. */
export interface TurnMark {
  myTurn: boolean;
  phase: GamePhase;
}

/**
 * The phone buzzes when the viewer's turn begins. Not at the page's first look (`before` null), not
 * when the turn goes on after their own move, and not for an answer owed to a call: the call
 * buzzed already.
 */
export function turnCues(before: TurnMark | null, after: TurnMark): Cue[] {
  if (before === null || before.myTurn || !after.myTurn) return [];
  if (after.phase === "waiting_truco_response" || after.phase === "waiting_envido_response" || after.phase === "waiting_flor_response") {
    return [];
  }
  return [buzz("turn")];
}

/** The language a voice speaks for the page's language (calls sound Brazilian in pt, River Plate in es). */
export function speechLanguage(language: string): string {
  if (language.startsWith("pt")) return "pt-BR";
  if (language.startsWith("es")) return "es-AR";
  return "en-US";
}

const SHOUT_KEY: Record<Exclude<SpokenWords["key"], "call">, string> = {
  accepted: "accept",
  rejected: "reject",
  envidoAccepted: "envidoAccept",
  envidoRejected: "envidoReject",
  mazo: "mazo",
};

/** The translation key of spoken words: the same words as the table's bubbles (game:calls.*, game:shout.*). */
export function spokenKey(words: SpokenWords): string {
  return words.key === "call" ? `game:calls.${words.call}` : `game:shout.${SHOUT_KEY[words.key]}`;
}

/** The name a cue is recorded under on the page (for the browser tests, which cannot hear). */
export function cueName(cue: Cue): string {
  switch (cue.kind) {
    case "sound":
      return cue.sound;
    case "say":
      return `say:${cue.words.key === "call" ? cue.words.call : cue.words.key}`;
    case "vibrate":
      return `vibrate:${cue.reason}`;
    case "celebrate":
      return "celebrate";
  }
}
