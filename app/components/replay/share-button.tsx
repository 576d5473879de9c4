import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Position } from "../../../game/replay/timeline";
import { Button } from "~/components/ui/button";

/** The link to this replay at this hand and move: the device's share sheet where there is one, else copied. */
export function ShareButton({ gameId, at }: { gameId: string; at: Position }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const share = async () => {
    const url = `${window.location.origin}/game/${gameId}/replay?hand=${at.hand + 1}&move=${at.move}`;
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({ title: t("replay:title"), text: t("replay:share.text"), url });
        return;
      } catch (error) {
        // The player closed the sheet: nothing to do. Anything else falls back to copying.
        if (error instanceof DOMException && error.name === "AbortError") return;
      }
    }
    await navigator.clipboard?.writeText(url).catch(() => undefined);
    setCopied(true);
    window.setTimeout(() => setCopied(false), 2500);
  };
  return (
    <div className="flex items-center gap-3">
      <Button variant="secondary" size="md" onClick={() => void share()} className="flex-1" data-testid="replay-share">
        <svg viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden>
          <circle cx="18" cy="5" r="3" />
          <circle cx="6" cy="12" r="3" />
          <circle cx="18" cy="19" r="3" />
          <path d="M8.6 13.5l6.8 4M15.4 6.5l-6.8 4" />
        </svg>
        {t("replay:share.button")}
      </Button>
      <span role="status" className="min-w-0 text-sm font-semibold text-emerald-200" data-testid="replay-share-status">
        {copied ? t("replay:share.copied") : ""}
      </span>
    </div>
  );
}
