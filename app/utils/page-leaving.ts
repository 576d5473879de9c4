// A tap made while the page hydrates keeps its default action (hydration-gate.ts): a link or a form
// post (signing out, say) starts a full navigation while this page's scripts still run. A socket
// opened in that moment could only be refused (its session may be gone) and would be cut by the
// unload anyway. `beforeunload` marks the start of such a navigation; a page that stays (a
// navigation that answered no document) counts as staying again after a moment.

/** How long a page may still be here after `beforeunload` before it counts as staying. */
export const LEAVING_GRACE_MS = 5_000;

let leavingSince: number | null = null;

/** Starts watching for this page's navigation away; called once before hydrating. */
export function watchPageLeaving(target: Window = window) {
  target.addEventListener("beforeunload", () => {
    leavingSince = Date.now();
  });
  // Back from the back/forward cache: the page is here again.
  target.addEventListener("pageshow", () => {
    leavingSince = null;
  });
}

/** Whether a navigation away from this page began within the last `LEAVING_GRACE_MS`. */
export function pageIsLeaving(now = Date.now()): boolean {
  return leavingSince !== null && now - leavingSince < LEAVING_GRACE_MS;
}
