import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { FormResult } from "~/schemas/home-forms";
import { useNoticeStack } from "./toast";

/**
 * What a form action answered (spec §8's texts), shown like a toast: an alert for a
 * refusal, a status for a success. It comes from the action's data, so the server renders it
 * after a form posted before hydration just as the script shows it after a fetcher's post.
 */
export function FormNotice({ result }: { result: FormResult | null | undefined }) {
  const { t } = useTranslation();
  const [dismissed, setDismissed] = useState<FormResult | null>(null);
  const shown = result && result !== dismissed ? result : null;
  const noticeStack = useNoticeStack();

  useEffect(() => {
    if (!shown) return;
    const timer = setTimeout(() => setDismissed(shown), shown.ok ? 4000 : 7000);
    return () => clearTimeout(timer);
  }, [shown]);

  if (!shown) return null;
  return (
    <div className={`pointer-events-none fixed inset-x-0 z-[60] flex flex-col items-center px-3 ${noticeStack}`}>
      <div
        role={shown.ok ? "status" : "alert"}
        data-testid="form-notice"
        className={`pointer-events-auto flex w-full max-w-md items-start gap-3 rounded-xl border px-4 py-3 shadow-xl ${
          shown.ok ? "border-emerald-400/60 bg-emerald-950/95 text-emerald-50" : "border-red-400/60 bg-red-950/95 text-red-50"
        }`}
      >
        <p className="flex-1 text-sm font-medium">{shown.message}</p>
        <button
          type="button"
          onClick={() => setDismissed(shown)}
          className="-m-1 rounded-lg p-1 text-current/80 hover:bg-white/10"
          aria-label={t("common:close")}
        >
          ✕
        </button>
      </div>
    </div>
  );
}
