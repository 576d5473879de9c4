// Carries out the table's cues (app/utils/table-cues.ts decides them): sounds and spoken calls once
// the page has had a tap and sound is on, vibration under the same switch, and the celebration the
// board shows. The synthesizer (table-sound.ts) is loaded on its own, only by the game page.
import { useCallback, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { GameEvent, PlayerView } from "../../../game/truco/index";
import { cueName, cuesOf, speechLanguage, spokenKey, turnCues, VIBRATION, type Cue, type TurnMark } from "~/utils/table-cues";
import { tableSettings, useTableSettings } from "~/utils/table-settings";
import type { TableAudio } from "./table-sound";

let audio: TableAudio | null = null;
let loading: Promise<TableAudio | null> | null = null;
/** The page has had a tap or a key press: browsers let audio (and vibration) start only after one. */
let unlocked = false;

function loadAudio(): Promise<TableAudio | null> {
  loading ??= import("./table-sound").then(
    (module) => (audio = module.createTableAudio()),
    () => {
      loading = null;
      return null;
    },
  );
  return loading;
}

/** Marks the page for the browser tests, which cannot hear: sound is ready (`data-sound`), and the last cues carried out (`data-cues`). */
function markSound(ready: boolean) {
  if (ready) document.documentElement.dataset.sound = "ready";
  else delete document.documentElement.dataset.sound;
}

function markCue(name: string | null) {
  const root = document.documentElement;
  if (name === null) delete root.dataset.cues;
  else root.dataset.cues = [...(root.dataset.cues ?? "").split(" ").filter(Boolean).slice(-9), name].join(" ");
}

function unlock() {
  unlocked = true;
  if (!tableSettings().sound) return;
  // Loaded already on a game page with sound on: the context starts inside the tap, as Safari wants.
  if (audio) {
    audio.unlock();
    markSound(true);
  } else {
    void loadAudio().then((a) => {
      a?.unlock();
      if (a) markSound(true);
    });
  }
}

// ---------------------------------------------------------------- the celebration

const celebrationListeners = new Set<() => void>();

/** Calls `listener` on each match won from now on (the board shows the confetti); returns the unsubscribe. */
export function onCelebration(listener: () => void): () => void {
  celebrationListeners.add(listener);
  return () => void celebrationListeners.delete(listener);
}

function celebrate() {
  for (const listener of celebrationListeners) listener();
}

// ---------------------------------------------------------------- carrying cues out

type Speech = (key: string) => { text: string; lang: string };

function playCues(cues: readonly Cue[], speech: Speech | null) {
  const on = tableSettings().sound && unlocked;
  for (const cue of cues) {
    if (cue.kind === "celebrate") {
      celebrate();
    } else if (!on) {
      continue;
    } else if (cue.kind === "vibrate") {
      if (typeof navigator.vibrate !== "function") continue;
      navigator.vibrate(VIBRATION[cue.reason]);
    } else if (!audio) {
      continue;
    } else if (cue.kind === "sound") {
      audio.play(cue.sound);
    } else {
      if (!speech) continue;
      const { text, lang } = speech(spokenKey(cue.words));
      audio.say(text, lang);
    }
    markCue(cueName(cue));
  }
}

/**
 * The live room's cue player: unlocks audio on the page's first tap or key press, and returns
 * the handler for each batch of fresh events (with the view they arrived on).
 */
export function useTableCues() {
  const { t, i18n } = useTranslation();
  const [settings] = useTableSettings();

  useEffect(() => {
    if (unlocked) return;
    const onGesture = () => {
      window.removeEventListener("pointerdown", onGesture, true);
      window.removeEventListener("keydown", onGesture, true);
      unlock();
    };
    window.addEventListener("pointerdown", onGesture, true);
    window.addEventListener("keydown", onGesture, true);
    return () => {
      window.removeEventListener("pointerdown", onGesture, true);
      window.removeEventListener("keydown", onGesture, true);
    };
  }, []);
  useEffect(() => {
    if (!settings.sound) {
      markSound(false);
      return;
    }
    // Fetched while the player looks at the table, so the first tap finds it ready.
    void loadAudio();
    if (unlocked) unlock();
  }, [settings.sound]);
  useEffect(
    () => () => {
      markSound(false);
      markCue(null);
    },
    [],
  );

  const speech = useRef<Speech>(() => ({ text: "", lang: "" }));
  speech.current = (key) => ({ text: t(key), lang: speechLanguage(i18n.language) });

  return useCallback((events: readonly GameEvent[], view: PlayerView | null) => {
    const viewer = { me: view?.me ?? null, myTeam: view?.myTeam ?? null, teamOf: (id: string) => view?.players[id]?.team ?? null };
    playCues(cuesOf(events, viewer), speech.current);
  }, []);
}

/** A buzz when the viewer's turn begins (the board's view). */
export function useTurnCues(view: PlayerView) {
  const myTurn = view.currentPlayer !== null && view.currentPlayer === view.me && view.legalActions.length > 0;
  const phase = view.gamePhase;
  const last = useRef<TurnMark | null>(null);
  useEffect(() => {
    const next = { myTurn, phase };
    playCues(turnCues(last.current, next), null);
    last.current = next;
  }, [myTurn, phase]);
}
