import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { TeamId } from "../../../game/truco/index";
import { ChatText } from "./chat-emoji";
import type { Callout, CalloutText } from "./game-logic";

export interface ShownCallout extends Callout {
  id: number;
}

export type ChatCallout = { at: string; text: { key: "chat"; message: string }; tone: "chat" };
export type AnyCallout = ShownCallout | (ChatCallout & { id: number });

const LIFETIME_MS = 2600;
let nextId = 1;

/** The speech bubbles of the table ("Truco!", "Quero!", "28", chat emojis), each shown for a moment. */
export function useCallouts() {
  const [items, setItems] = useState<AnyCallout[]>([]);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const set = timers.current;
    return () => set.forEach(clearTimeout);
  }, []);
  const push = useCallback((callouts: (Callout | ChatCallout)[]) => {
    if (callouts.length === 0) return;
    const fresh = callouts.map((c) => ({ ...c, id: nextId++ }) as AnyCallout);
    setItems((list) => {
      // One bubble per seat at a time: the newest replaces what that player said before.
      const seats = new Set(fresh.filter((c) => c.at !== null).map((c) => c.at));
      return [...list.filter((c) => c.at === null || !seats.has(c.at)), ...fresh].slice(-8);
    });
    const ids = new Set(fresh.map((c) => c.id));
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      setItems((list) => list.filter((c) => !ids.has(c.id)));
    }, LIFETIME_MS);
    timers.current.add(timer);
  }, []);
  return { items, push };
}

/** The words of a callout in the player's language. */
export function useCalloutText(teamName: (team: TeamId) => string) {
  const { t } = useTranslation();
  return (text: CalloutText | { key: "chat"; message: string }): string => {
    switch (text.key) {
      case "call":
        return t(`game:calls.${text.call}`);
      case "accepted":
        return t("game:shout.accept");
      case "rejected":
        return t("game:shout.reject");
      case "envidoAccepted":
        return t("game:shout.envidoAccept");
      case "envidoRejected":
        return t("game:shout.envidoReject");
      case "mazo":
        return t("game:shout.mazo");
      case "maoPlay":
      case "maoRun":
        return t(`game:events.${text.key}`, { team: teamName(text.team) });
      case "envidoWon":
      case "florWon":
        return t(`game:events.${text.key}`, { team: teamName(text.team), count: text.points });
      case "envidoCancelled":
        return t("game:events.envidoCancelled");
      case "points":
        return String(text.points);
      case "chat":
        return text.message;
    }
  };
}

/**
 * A bubble by a seat; `placement` says on which side of the avatar it opens. Seats facing the trick
 * area (the top seat, the viewer's own) open theirs sideways, so no played card is ever covered.
 */
export function CalloutBubble({ callout, text, placement }: { callout: AnyCallout; text: string; placement: "above" | "below" | "side" }) {
  const big = callout.tone === "call";
  const chat = callout.tone === "chat";
  return (
    <div
      className={`animate-callout pointer-events-none absolute z-20 w-max max-w-[9rem] rounded-2xl border px-3 py-1.5 text-center shadow-xl sm:max-w-[11rem] ${
        placement === "side" ? "left-full top-0 ml-2" : placement === "above" ? "bottom-full left-1/2 mb-2" : "left-1/2 top-full mt-2"
      } ${
        big
          ? "border-gold-300 bg-gradient-to-b from-gold-300 to-gold-500 font-display text-xl font-black uppercase tracking-wide text-felt-950"
          : chat
            ? "border-white/20 bg-cream-50 text-sm font-medium text-felt-950"
            : "border-white/20 bg-felt-950/95 text-sm font-bold text-cream-50"
      }`}
      style={placement === "side" ? undefined : { transform: "translateX(-50%)" }}
      aria-hidden
      data-testid="callout"
    >
      <span className={chat && [...text].length <= 2 ? "text-2xl leading-none" : "break-words"}>
        {chat ? <ChatText message={text} emojiSize={28} /> : text}
      </span>
    </div>
  );
}
