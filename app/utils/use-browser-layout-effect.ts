import { useEffect, useLayoutEffect } from "react";

/**
 * A layout effect in the browser, nothing on the server (where useLayoutEffect warns).
 *
 * Hydrating forms read what the player typed or chose before hydration with it: a layout effect
 * runs in the commit that hydrates the form, and its state update is applied before the browser
 * handles the next event. A passive effect runs later, so for a moment the hydrated form would show
 * its server state (the join button disabled with six characters in the field) and a tap landing
 * then would be lost.
 */
export const useBrowserLayoutEffect = typeof document === "undefined" ? useEffect : useLayoutEffect;
