// React hydrates the document in a transition. A tap or a key that reaches a part React is still
// hydrating makes it hydrate there and then, synchronously. When something in that synchronous pass
// suspends outside a Suspense boundary (RemixBrowser does, until it has decoded the page's data),
// React 18 gives up the whole root: "Root did not complete" (error #345), the server's page is
// thrown away and the tap is lost.
//
// So, from the moment hydration starts until the page's shell has committed, those events are kept
// from React's listeners on the document. They keep their default action — a link is followed, a
// form posts, a key moves the focus or types — which is what a tap does before any script has run,
// and what every control of a server-rendered page is built to handle.

/** The events React hydrates synchronously for (react-dom's discrete, replayable events). */
const DISCRETE_EVENTS = [
  "mousedown",
  "mouseup",
  "touchcancel",
  "touchend",
  "touchstart",
  "auxclick",
  "dblclick",
  "pointercancel",
  "pointerdown",
  "pointerup",
  "dragend",
  "dragstart",
  "drop",
  "compositionend",
  "compositionstart",
  "keydown",
  "keypress",
  "keyup",
  "input",
  "textInput",
  "copy",
  "cut",
  "paste",
  "click",
  "change",
  "contextmenu",
  "reset",
  "submit",
] as const;

let release: (() => void) | null = null;

/**
 * Keeps discrete events from React's listeners (they still reach the page's default actions) until
 * `releaseHydrationGate`; called right before `hydrateRoot`. Listens on the window in the capture
 * phase, which runs before React's listeners on the document.
 */
export function holdEventsWhileHydrating(target: EventTarget = window) {
  if (release) return;
  const hold = (event: Event) => event.stopPropagation();
  for (const type of DISCRETE_EVENTS) target.addEventListener(type, hold, true);
  release = () => {
    for (const type of DISCRETE_EVENTS) target.removeEventListener(type, hold, true);
  };
}

/** Lets events reach React again: the page's shell has committed (root layout's first effect). */
export function releaseHydrationGate() {
  release?.();
  release = null;
}
