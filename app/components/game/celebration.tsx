import { useEffect, useRef, useSyncExternalStore } from "react";

const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";

/** Whether the player asked their system for less motion (false while the server renders). */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    (listener) => {
      const query = window.matchMedia(REDUCED_MOTION);
      query.addEventListener("change", listener);
      return () => query.removeEventListener("change", listener);
    },
    () => window.matchMedia(REDUCED_MOTION).matches,
    () => false,
  );
}

const COLOURS = ["#f6cf6b", "#fffdf7", "#c62d2d", "#23895e", "#eab53e", "#7dd3fc"];
const PIECES = Array.from({ length: 36 }, (_, i) => ({
  left: (i * 37 + 11) % 100,
  delay: (i % 9) * 70,
  drift: ((i * 53) % 120) - 60,
  spin: 360 + ((i * 97) % 540),
  colour: COLOURS[i % COLOURS.length],
  wide: i % 3 === 0,
}));
const LIFETIME_MS = 2800;

/**
 * A match won: confetti over the whole screen for a moment. Shown in the top layer (a manual
 * popover) so it falls over the result dialog too, and never drawn for a player who asked for less motion.
 */
export function Celebration() {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const node = ref.current;
    if (!node) return;
    let observer: MutationObserver | null = null;
    if (typeof node.showPopover === "function") {
      node.setAttribute("popover", "manual");
      node.showPopover();
      // The result dialog opens in the same moment, often just after: shown again, the confetti is the top layer's last.
      observer = new MutationObserver(() => {
        if (!node.matches(":popover-open")) return;
        node.hidePopover();
        node.showPopover();
      });
      observer.observe(document.body, { subtree: true, attributeFilter: ["open"] });
    }
    const timer = setTimeout(() => {
      observer?.disconnect();
      if (node.matches(":popover-open")) node.hidePopover();
      node.hidden = true;
    }, LIFETIME_MS);
    return () => {
      clearTimeout(timer);
      observer?.disconnect();
    };
  }, []);
  return (
    <div
      ref={ref}
      aria-hidden
      data-testid="celebration"
      className="pointer-events-none fixed inset-0 z-[70] m-0 h-full max-h-none w-full max-w-none overflow-hidden border-0 bg-transparent p-0"
    >
      {PIECES.map((p, i) => (
        <span
          key={i}
          className="animate-confetti absolute -top-4 block rounded-[2px]"
          style={
            {
              left: `${p.left}%`,
              width: p.wide ? 12 : 7,
              height: p.wide ? 6 : 12,
              background: p.colour,
              animationDelay: `${p.delay}ms`,
              "--drift": `${p.drift}px`,
              "--spin": `${p.spin}deg`,
            } as React.CSSProperties
          }
        />
      ))}
    </div>
  );
}
