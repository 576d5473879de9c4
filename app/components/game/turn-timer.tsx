import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { tableSettings } from "~/utils/table-settings";
import type { TurnTimer } from "../../../game/protocol/room";
import { secondsLeft } from "./game-logic";

/**
 * Seconds left on the turn timer, checked every quarter second; null without a timer. The count is
 * the state, not the clock, so its component renders again once a second, not four times; only
 * the ring and the bar hold it (LiveTimerRing, LiveTurnBar), not the board. The server's HTML and the hydrating page show the whole
 * time (their clocks differ; React needs the same text), the real count from the first tick on.
 */
export function useSecondsLeft(timer: TurnTimer | null, serverOffset: number): number | null {
  const [count, setCount] = useState<{ timer: TurnTimer; left: number } | null>(null);
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    if (!timer) return;
    const tick = () => {
      const left = secondsLeft(timer, Date.now(), serverOffset);
      setCount((c) => (c?.timer === timer && c.left === left ? c : { timer, left }));
    };
    tick();
    const id = setInterval(tick, 250);
    return () => clearInterval(id);
  }, [timer, serverOffset]);
  if (!timer) return null;
  if (count?.timer === timer) return count.left;
  return mounted.current ? secondsLeft(timer, Date.now(), serverOffset) : timer.seconds;
}

/**
 * A ring that empties as the decision time runs out (drawn around a seat's avatar), a step a
 * second. Its arc (`stroke-dashoffset`) is not eased: the browser cannot animate that property off
 * the main thread, so a transition would restyle and relayout the page on every frame of every
 * second of the turn (the game room's main-thread work while a player thinks).
 */
export function TimerRing({ left, total, size }: { left: number; total: number; size: number }) {
  const r = size / 2 - 2;
  const c = 2 * Math.PI * r;
  const fraction = total > 0 ? left / total : 0;
  const urgent = left <= 10;
  return (
    <svg width={size} height={size} viewBox={`0 0 ${size} ${size}`} className="pointer-events-none absolute inset-0 -rotate-90" aria-hidden>
      <circle cx={size / 2} cy={size / 2} r={r} fill="none" stroke="rgb(0 0 0 / 0.35)" strokeWidth="4" />
      <circle
        cx={size / 2}
        cy={size / 2}
        r={r}
        fill="none"
        stroke={urgent ? "#f87171" : "#f6cf6b"}
        strokeWidth="4"
        strokeLinecap="round"
        strokeDasharray={c}
        strokeDashoffset={c * (1 - fraction)}
      />
    </svg>
  );
}

/**
 * The ring of the seat whose turn it is, counting on its own: the seconds are this small
 * component's state, so a tick draws the ring again and not the board around it.
 */
export function LiveTimerRing({ timer, serverOffset, size }: { timer: TurnTimer; serverOffset: number; size: number }) {
  const left = useSecondsLeft(timer, serverOffset);
  return <TimerRing left={left ?? timer.seconds} total={timer.seconds} size={size} />;
}

/** The viewer's own countdown bar, counting on its own (as LiveTimerRing). */
export function LiveTurnBar({ timer, serverOffset }: { timer: TurnTimer; serverOffset: number }) {
  const left = useSecondsLeft(timer, serverOffset);
  return <TurnBar left={left ?? timer.seconds} total={timer.seconds} />;
}

/** The last seconds of a decision: the bar turns red and pulses, and the device vibrates once. */
export const WARN_SECONDS = 5;

/** The viewer's own countdown: a bar and the seconds, announced once when it gets short. */
export function TurnBar({ left, total }: { left: number; total: number }) {
  const { t } = useTranslation();
  const urgent = left <= WARN_SECONDS;
  const [warned, setWarned] = useState(false);
  useEffect(() => {
    if (!urgent || warned) return;
    setWarned(true);
    // Where supported (most Android phones) and not switched off with the table's sound; elsewhere
    // the colour and the announcement carry it.
    if (typeof navigator !== "undefined" && "vibrate" in navigator && tableSettings().sound) navigator.vibrate?.([120, 80, 120]);
  }, [urgent, warned]);
  return (
    <div className="flex items-center gap-2" data-testid="turn-timer" data-urgent={urgent ? "true" : "false"}>
      <div
        className="h-2 flex-1 overflow-hidden rounded-full bg-black/40"
        role="progressbar"
        aria-label={t("game:board.timeLeft", { count: left })}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={left}
      >
        {/* Shrunk by a transform, which the compositor eases without restyling the page each frame (a width would not be). */}
        <div
          className={`h-full w-full origin-left rounded-full ${urgent ? "animate-pulse bg-red-400" : "bg-gold-400"}`}
          style={{ transform: `scaleX(${total > 0 ? left / total : 0})`, transition: "transform 250ms linear" }}
        />
      </div>
      <span
        className={`min-w-10 whitespace-nowrap text-right text-sm font-bold tabular-nums ${urgent ? "text-red-300" : "text-gold-300"}`}
        aria-hidden
      >
        {t("game:board.secondsLeft", { count: left })}
      </span>
      {urgent ? (
        <span className="sr-only" role="alert">
          {t("game:board.hurry")}
        </span>
      ) : null}
    </div>
  );
}
