import { useSyncExternalStore } from "react";

const subscribe = () => () => undefined;

/**
 * False on the server and during hydration, true once React owns the page. Controls that only a
 * script can run (copy to the clipboard, a live counter) know from it whether a tap would be lost;
 * forms use it to keep the browser's own validation in charge until then.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
