// The table's voice and sounds, made in the browser: Web Audio for the cards (no audio files) and
// speech synthesis for the calls. Loaded on its own, once the game page has sound to make.
import { SOUND_SECONDS, type TableSound } from "~/utils/table-cues";

export interface TableAudio {
  /** Plays a sound after the ones already queued (a batch of events plays in order). */
  play(sound: TableSound): void;
  /** Says a call aloud, in the page's language. */
  say(text: string, lang: string): void;
  /** Called from a tap or key press: browsers only let audio start from one. */
  unlock(): void;
}

type Ctx = AudioContext;

/** A short burst of filtered noise: the sound of card on card, or of the felt. */
function noise(ctx: Ctx, at: number, length: number, frequency: number, gain: number, q = 1) {
  const frames = Math.max(1, Math.floor(ctx.sampleRate * length));
  const buffer = ctx.createBuffer(1, frames, ctx.sampleRate);
  const data = buffer.getChannelData(0);
  for (let i = 0; i < frames; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / frames) ** 2;
  const source = ctx.createBufferSource();
  source.buffer = buffer;
  const filter = ctx.createBiquadFilter();
  filter.type = "bandpass";
  filter.frequency.value = frequency;
  filter.Q.value = q;
  const level = ctx.createGain();
  level.gain.value = gain;
  source.connect(filter).connect(level).connect(ctx.destination);
  source.start(at);
}

/** A plucked tone with a quick attack and an exponential fall. */
function tone(ctx: Ctx, at: number, frequency: number, length: number, gain: number, type: OscillatorType = "triangle") {
  const oscillator = ctx.createOscillator();
  oscillator.type = type;
  oscillator.frequency.value = frequency;
  const level = ctx.createGain();
  level.gain.setValueAtTime(0.0001, at);
  level.gain.exponentialRampToValueAtTime(gain, at + 0.015);
  level.gain.exponentialRampToValueAtTime(0.0001, at + length);
  oscillator.connect(level).connect(ctx.destination);
  oscillator.start(at);
  oscillator.stop(at + length + 0.02);
}

const SOUNDS: Record<TableSound, (ctx: Ctx, at: number) => void> = {
  // A riffle: many quick card flicks, faster towards the end.
  shuffle(ctx, at) {
    for (let i = 0; i < 9; i++) noise(ctx, at + i * 0.045 - i * i * 0.0012, 0.05, 3200 + i * 120, 0.35, 0.8);
  },
  // Three cards slid across the felt.
  deal(ctx, at) {
    for (let i = 0; i < 3; i++) noise(ctx, at + i * 0.11, 0.09, 2400, 0.5, 0.6);
  },
  // A card laid down: a soft slap and a low knock.
  card(ctx, at) {
    noise(ctx, at, 0.08, 1500, 0.9, 0.7);
    tone(ctx, at, 150, 0.12, 0.25, "sine");
  },
  // The trick is taken: two bright notes.
  trick(ctx, at) {
    tone(ctx, at, 659.25, 0.2, 0.22);
    tone(ctx, at + 0.12, 987.77, 0.3, 0.22);
  },
  // A match won: a rising arpeggio and a chord.
  win(ctx, at) {
    [523.25, 659.25, 783.99, 1046.5].forEach((f, i) => tone(ctx, at + i * 0.11, f, 0.35, 0.2));
    [523.25, 659.25, 783.99, 1046.5].forEach((f) => tone(ctx, at + 0.5, f, 0.8, 0.12));
  },
};

export function createTableAudio(): TableAudio {
  let ctx: Ctx | null = null;
  let queueEnd = 0;

  function context(): Ctx | null {
    if (ctx) return ctx;
    const Ctor = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!Ctor) return null;
    ctx = new Ctor();
    return ctx;
  }

  return {
    unlock() {
      const c = context();
      if (c && c.state === "suspended") void c.resume().catch(() => undefined);
    },
    play(sound) {
      const c = context();
      if (!c) return;
      const at = Math.max(c.currentTime + 0.01, queueEnd);
      queueEnd = at + SOUND_SECONDS[sound];
      SOUNDS[sound](c, at);
    },
    say(text, lang) {
      if (typeof window.speechSynthesis === "undefined" || typeof SpeechSynthesisUtterance === "undefined") return;
      const utterance = new SpeechSynthesisUtterance(text);
      utterance.lang = lang;
      utterance.rate = 1.1;
      utterance.pitch = 1.05;
      const voices = window.speechSynthesis.getVoices();
      const tag = (v: SpeechSynthesisVoice) => v.lang.replace("_", "-");
      const voice = voices.find((v) => tag(v) === lang) ?? voices.find((v) => tag(v).startsWith(lang.slice(0, 2)));
      if (voice) utterance.voice = voice;
      window.speechSynthesis.speak(utterance);
    },
  };
}
