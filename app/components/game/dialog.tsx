import { useEffect, useId, useRef, type ReactNode } from "react";
import { useTranslation } from "react-i18next";

/**
 * A modal dialog on the native <dialog> element: the browser traps focus, Escape closes it and
 * the page behind is inert. Used by the lobby (join by code) and the game room (confirmations,
 * the match result).
 */
export function Dialog({
  open,
  onClose,
  title,
  children,
  footer,
  tone = "default",
  dismissible = true,
  testId,
}: {
  open: boolean;
  onClose(): void;
  title: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  tone?: "default" | "celebrate" | "somber";
  dismissible?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  const ring =
    tone === "celebrate" ? "border-gold-400/70 shadow-gold-500/20" : tone === "somber" ? "border-white/15" : "border-white/10";
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      data-testid={testId}
      onCancel={(event) => {
        event.preventDefault();
        if (dismissible) onClose();
      }}
      onClick={(event) => {
        // A click on the backdrop (the dialog element itself, outside its panel) closes it.
        if (dismissible && event.target === ref.current) onClose();
      }}
      className={`m-auto w-[min(calc(100vw-1.5rem),28rem)] max-h-[calc(100dvh-1.5rem)] overflow-visible rounded-2xl border bg-felt-900 p-0 text-cream-100 shadow-2xl backdrop:bg-black/65 backdrop:backdrop-blur-[2px] open:animate-[dialog-in_160ms_ease-out] ${ring}`}
    >
      {open ? (
        <div className="flex max-h-[calc(100dvh-1.5rem)] flex-col">
          <div className="flex items-start gap-3 px-5 pt-5">
            <h2 id={titleId} className="flex-1 font-display text-xl font-bold text-cream-50">
              {title}
            </h2>
            {dismissible ? (
              <button
                type="button"
                onClick={onClose}
                className="-m-1 grid h-10 w-10 shrink-0 place-items-center rounded-xl text-cream-100/80 hover:bg-white/10"
                aria-label={t("common:close")}
              >
                <span aria-hidden>✕</span>
              </button>
            ) : null}
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto px-5 pb-2 pt-3">{children}</div>
          {footer ? <div className="flex flex-wrap justify-end gap-2 px-5 pb-5 pt-3">{footer}</div> : null}
        </div>
      ) : null}
    </dialog>
  );
}
