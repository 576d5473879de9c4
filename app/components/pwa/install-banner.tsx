import { useEffect, useRef, useState } from "react";
import { Logo } from "~/components/logo";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { INSTALL_BANNER_DELAY_MS, installBannerDue, INSTALL_DISMISSED_KEY, isIos, isStandalone } from "~/utils/pwa";

/** Chromium's install prompt event (not in the DOM typings). */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: "accepted" | "dismissed" }>;
}

/**
 * The install banner of spec §4/§9: 5 s after load, unless the app runs installed or the banner
 * was dismissed within the last 24 h (kept in localStorage). It uses the browser's install prompt
 * where there is one; on iOS Safari (no prompt) it says how to add the app to the home screen.
 */
export function InstallBanner() {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  const [prompt, setPrompt] = useState<BeforeInstallPromptEvent | null>(null);
  const [ios, setIos] = useState(false);
  const section = useRef<HTMLElement>(null);

  useEffect(() => {
    if (isStandalone()) return;
    setIos(isIos());
    const onPrompt = (event: Event) => {
      // Keep the browser's own mini-infobar quiet: the banner offers the install itself.
      event.preventDefault();
      setPrompt(event as BeforeInstallPromptEvent);
    };
    const onInstalled = () => setVisible(false);
    window.addEventListener("beforeinstallprompt", onPrompt);
    window.addEventListener("appinstalled", onInstalled);
    const timer = window.setTimeout(() => {
      if (installBannerDue(readDismissed(), Date.now())) setVisible(true);
    }, INSTALL_BANNER_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener("beforeinstallprompt", onPrompt);
      window.removeEventListener("appinstalled", onInstalled);
    };
  }, []);

  // While it shows, the page keeps room below its content for it: the page's last controls can
  // always be scrolled above the banner instead of staying under it.
  useEffect(() => {
    const element = section.current;
    if (!visible || !element) return;
    const body = document.body;
    const reserve = () => {
      body.style.paddingBottom = `${element.offsetHeight + 24}px`;
    };
    reserve();
    const observer = new ResizeObserver(reserve);
    observer.observe(element);
    return () => {
      observer.disconnect();
      body.style.paddingBottom = "";
    };
  }, [visible]);

  if (!visible) return null;

  const dismiss = () => {
    try {
      window.localStorage.setItem(INSTALL_DISMISSED_KEY, String(Date.now()));
    } catch {
      // Private mode without storage: the banner simply comes back next time.
    }
    setVisible(false);
  };

  const install = async () => {
    if (!prompt) return;
    await prompt.prompt();
    const choice = await prompt.userChoice;
    setPrompt(null);
    if (choice.outcome === "accepted") setVisible(false);
    else dismiss();
  };

  return (
    <section
      ref={section}
      aria-labelledby="install-banner-title"
      data-testid="install-banner"
      className="fixed inset-x-3 bottom-3 z-40 mx-auto max-w-md rounded-2xl border border-gold-400/40 bg-felt-900/95 p-4 text-cream-50 shadow-xl shadow-black/40 backdrop-blur sm:inset-x-auto sm:right-4 sm:bottom-4"
    >
      <div className="flex items-start gap-3">
        {/* The inline logo, not the app icon's PNG: a banner that appears on an idle page makes no request. */}
        <Logo className="size-10 shrink-0" />
        <div className="min-w-0 flex-1">
          <h2 id="install-banner-title" className="font-display text-lg font-bold text-gold-300">
            {t("pwa:installTitle")}
          </h2>
          <p className="mt-1 text-sm text-cream-100">{prompt ? t("pwa:installText") : ios ? t("pwa:installIos") : t("pwa:installOther")}</p>
        </div>
      </div>
      <div className="mt-3 flex justify-end gap-2">
        <Button variant="ghost" size="sm" onClick={dismiss}>
          {t("pwa:installDismiss")}
        </Button>
        {prompt ? (
          <Button size="sm" onClick={install}>
            {t("pwa:installAction")}
          </Button>
        ) : null}
      </div>
    </section>
  );
}

function readDismissed(): string | null {
  try {
    return window.localStorage.getItem(INSTALL_DISMISSED_KEY);
  } catch {
    return null;
  }
}
