import { useLocation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { isPlayPath } from "~/utils/pwa";

/**
 * Registers the service worker (public/sw.js) in production builds, and offers a new
 * version with a discreet "Nova versão disponível — atualizar". The new worker waits until the
 * player taps it; the prompt is never shown in a game room, so nothing reloads during a hand.
 */
export function ServiceWorkerUpdates() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [waiting, setWaiting] = useState<ServiceWorker | null>(null);
  const updating = useRef(false);

  useEffect(() => {
    if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
    const container = navigator.serviceWorker;
    let cancelled = false;
    const onControllerChange = () => {
      // Only the player's own "atualizar" reloads; the first install taking control does not.
      if (updating.current) window.location.reload();
    };
    container.addEventListener("controllerchange", onControllerChange);
    container
      .register("/sw.js", { scope: "/" })
      .then((registration) => {
        if (cancelled) return;
        // A waiting worker only exists when another version already controls the page.
        if (registration.waiting && container.controller) setWaiting(registration.waiting);
        registration.addEventListener("updatefound", () => {
          const next = registration.installing;
          next?.addEventListener("statechange", () => {
            if (next.state === "installed" && container.controller) setWaiting(next);
          });
        });
      })
      .catch((error) => console.warn("Service worker registration failed:", error));
    return () => {
      cancelled = true;
      container.removeEventListener("controllerchange", onControllerChange);
    };
  }, []);

  if (!waiting || isPlayPath(pathname)) return null;

  return (
    <div role="status" className="fixed inset-x-0 top-3 z-50 flex justify-center px-3" data-testid="update-prompt">
      <p className="flex items-center gap-1 rounded-full border border-gold-400/40 bg-felt-900/95 py-1 pr-1 pl-4 text-sm text-cream-50 shadow-lg shadow-black/40">
        {t("pwa:updateAvailable")} —
        <button
          type="button"
          className="min-h-9 rounded-full px-3 font-semibold text-gold-300 underline-offset-2 hover:underline"
          onClick={() => {
            updating.current = true;
            waiting.postMessage({ type: "SKIP_WAITING" });
          }}
        >
          {t("pwa:updateAction")}
        </button>
      </p>
    </div>
  );
}
