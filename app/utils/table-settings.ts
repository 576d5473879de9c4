// The table's two per-device choices (ADR 130), kept in localStorage: sound (with vibration) on or
// off, and whether a tapped card is played at once or picked first and confirmed with a second tap.
import { useCallback, useSyncExternalStore } from "react";
import * as z from "zod/mini";

/** localStorage: "on" or "off"; sound is on unless the player turned it off on this device. */
export const SOUND_KEY = "truco:sound";
/** localStorage: "on" when a tapped card waits for a second tap before it is played. */
export const CONFIRM_PLAY_KEY = "truco:confirm-play";

const SwitchSchema = z.enum(["on", "off"]);

export interface TableSettings {
  sound: boolean;
  confirmPlay: boolean;
}

export const DEFAULT_TABLE_SETTINGS: TableSettings = { sound: true, confirmPlay: false };

/** The settings from what localStorage holds; anything unreadable counts as the default. */
export function parseTableSettings(sound: string | null, confirmPlay: string | null): TableSettings {
  const s = SwitchSchema.safeParse(sound);
  const c = SwitchSchema.safeParse(confirmPlay);
  const settings = {
    sound: s.success ? s.data === "on" : DEFAULT_TABLE_SETTINGS.sound,
    confirmPlay: c.success ? c.data === "on" : DEFAULT_TABLE_SETTINGS.confirmPlay,
  };
  // The defaults are the very object the server rendered with: a page whose player kept them is
  // not drawn again after hydration (React compares the two snapshots by identity).
  return settings.sound === DEFAULT_TABLE_SETTINGS.sound && settings.confirmPlay === DEFAULT_TABLE_SETTINGS.confirmPlay
    ? DEFAULT_TABLE_SETTINGS
    : settings;
}

const listeners = new Set<() => void>();
let snapshot: TableSettings | null = null;

function read(): TableSettings {
  try {
    return parseTableSettings(window.localStorage.getItem(SOUND_KEY), window.localStorage.getItem(CONFIRM_PLAY_KEY));
  } catch {
    return snapshot ?? DEFAULT_TABLE_SETTINGS;
  }
}

function current(): TableSettings {
  snapshot ??= read();
  return snapshot;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab of the same device changed a setting.
  const onStorage = (event: StorageEvent) => {
    if (event.key !== SOUND_KEY && event.key !== CONFIRM_PLAY_KEY) return;
    snapshot = read();
    listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/** Stores one setting; the page's readers see it at once. */
export function setTableSetting(name: keyof TableSettings, value: boolean) {
  snapshot = { ...current(), [name]: value };
  try {
    window.localStorage.setItem(name === "sound" ? SOUND_KEY : CONFIRM_PLAY_KEY, value ? "on" : "off");
  } catch {
    // Private mode: the choice lasts for this page only.
  }
  for (const listener of listeners) listener();
}

/** The settings now (the defaults while the server renders), and a setter. */
export function useTableSettings(): [TableSettings, (name: keyof TableSettings, value: boolean) => void] {
  const settings = useSyncExternalStore(subscribe, current, () => DEFAULT_TABLE_SETTINGS);
  return [settings, useCallback((name: keyof TableSettings, value: boolean) => setTableSetting(name, value), [])];
}

/** The current settings outside React (the cue player reads them when a cue comes). */
export function tableSettings(): TableSettings {
  return current();
}
