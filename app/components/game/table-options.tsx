import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useTableSettings, type TableSettings } from "~/utils/table-settings";

function SpeakerIcon({ on }: { on: boolean }) {
  return (
    <svg aria-hidden viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="1.9" strokeLinecap="round">
      <path d="M4 9.5h3.5L12 5.5v13l-4.5-4H4z" fill="currentColor" fillOpacity="0.3" strokeLinejoin="round" />
      {on ? <path d="M15.5 9a4 4 0 0 1 0 6M18 6.5a7.5 7.5 0 0 1 0 11" /> : <path d="m16 9.5 5 5m0-5-5 5" />}
    </svg>
  );
}

/**
 * The table's options for this device, in a corner of the felt: sound (with the calls said aloud
 * and vibration) and the two-tap confirmation of a played card. The button's icon shows the sound.
 */
export function TableOptions() {
  const { t } = useTranslation();
  const [settings, set] = useTableSettings();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);

  // Closes on a tap elsewhere or Escape, like a menu.
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (root.current && event.target instanceof Node && !root.current.contains(event.target)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") setOpen(false);
    };
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  const option = (name: keyof TableSettings, label: string, hint: string) => (
    <button
      type="button"
      role="switch"
      aria-checked={settings[name]}
      data-testid={`option-${name === "sound" ? "sound" : "confirm-play"}`}
      onClick={() => set(name, !settings[name])}
      className="flex w-full items-center gap-3 rounded-xl px-2 py-2 text-left hover:bg-white/5"
    >
      <span className="min-w-0 flex-1">
        <span className="block text-sm font-semibold text-cream-50">{label}</span>
        <span className="block text-xs text-cream-100/70">{hint}</span>
      </span>
      <span
        aria-hidden
        className={`relative h-6 w-10 shrink-0 rounded-full transition-colors ${settings[name] ? "bg-gold-400" : "bg-black/50 ring-1 ring-white/25"}`}
      >
        <span
          className={`absolute top-0.5 h-5 w-5 rounded-full bg-cream-50 shadow transition-[left] ${settings[name] ? "left-[1.125rem]" : "left-0.5"}`}
        />
      </span>
    </button>
  );

  return (
    <div ref={root} className="absolute bottom-2 right-2 z-30 sm:bottom-4 sm:right-5" data-testid="table-options">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={t("game:options.title")}
        title={t("game:options.title")}
        data-testid="table-options-button"
        data-sound={settings.sound ? "on" : "off"}
        onClick={() => setOpen((o) => !o)}
        className="grid h-9 w-9 place-items-center rounded-full bg-felt-950/80 text-cream-50 ring-1 ring-white/20 hover:bg-felt-950"
      >
        <SpeakerIcon on={settings.sound} />
      </button>
      {open ? (
        <div
          id={panelId}
          role="group"
          aria-label={t("game:options.title")}
          className="absolute bottom-full right-0 mb-2 w-64 rounded-2xl border border-white/15 bg-felt-950/95 p-2 shadow-xl"
        >
          {option("sound", t("game:options.sound"), t("game:options.soundHint"))}
          {option("confirmPlay", t("game:options.confirmPlay"), t("game:options.confirmPlayHint"))}
        </div>
      ) : null}
    </div>
  );
}
