import { Link } from "@remix-run/react";
import { useEffect, useId, useRef, type ReactNode, type RefObject } from "react";
import { useTranslation } from "react-i18next";
import { useBrowserLayoutEffect } from "~/utils/use-browser-layout-effect";
import { useHydrated } from "~/utils/use-hydrated";

/**
 * A modal on the native <dialog> element opened with showModal(): the page
 * behind becomes inert (focus stays inside), Escape closes it, and the
 * browser puts focus back where it was on close. The body scrolls between a
 * fixed title and a fixed footer, so actions stay in reach on a phone.
 *
 * A dialog that a link opens (`?dialog=…`, `closeTo`) is rendered open by the server too: until
 * the page hydrates it is a plain open <dialog> laid over the page (its close button a link, its
 * forms plain forms), and then it becomes modal with the focus where the player left it.
 */
export function Modal({
  open,
  onClose,
  title,
  description,
  children,
  footer,
  size = "md",
  tone = "default",
  initialFocus,
  testId,
  closeTo,
}: {
  open: boolean;
  onClose(): void;
  title: ReactNode;
  /** A line under the title, read as the dialog's description. */
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  size?: "md" | "lg";
  /** The frame: gold for a celebration (a won match), muted for a somber moment. */
  tone?: "default" | "celebrate" | "somber";
  /** What to focus when it opens (default: the first focusable element). */
  initialFocus?: RefObject<HTMLElement | null>;
  testId?: string;
  /** Where the close button leads when the dialog belongs to the URL (it works before hydration). */
  closeTo?: string;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const hydrated = useHydrated();
  // Open in the server's HTML (and so during hydration): a plain open dialog until then.
  const openInHtml = open && !hydrated;
  const focusBeforeHydration = useRef<HTMLElement | null>(null);
  // Whether the server drew it open: hydrating it then must not look like opening it again.
  const openedByServer = useRef(open && !hydrated);
  // A backdrop click closes only when the press began on the backdrop too: a press on a button
  // whose release lands elsewhere (the page busy hydrating) is no request to close.
  const pressedBackdrop = useRef(false);

  useBrowserLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (!hydrated) {
      // Hydrating a dialog the server rendered open: remember where the player is typing.
      const active = document.activeElement;
      if (active instanceof HTMLElement && dialog.contains(active)) focusBeforeHydration.current = active;
      return;
    }
    if (open && !dialog.open) {
      if (openedByServer.current) {
        // It was on screen already (a plain open <dialog>, now modal): no entry transition, so
        // nothing under the player's finger moves while they tap.
        openedByServer.current = false;
        dialog.style.transition = "none";
        dialog.showModal();
        requestAnimationFrame(() => {
          dialog.style.transition = "";
        });
      } else dialog.showModal();
      const before = focusBeforeHydration.current;
      focusBeforeHydration.current = null;
      if (before && dialog.contains(before)) before.focus();
      else if (initialFocus?.current) initialFocus.current.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open, initialFocus, hydrated]);

  // Closing a dialog that unmounts while open (route change) leaves no inert page behind.
  useEffect(() => {
    const dialog = ref.current;
    return () => {
      if (dialog?.open) dialog.close();
    };
  }, []);

  const ring =
    tone === "celebrate"
      ? "border-gold-400/70 shadow-gold-500/20"
      : tone === "somber"
        ? "border-white/15 shadow-black/50"
        : "border-white/10 shadow-black/50";
  const width = size === "lg" ? "w-[min(calc(100vw-1rem),42rem)]" : "w-[min(calc(100vw-1rem),30rem)]";
  return (
    // The backdrop click is a mouse shortcut; keyboard users close it with Escape (onCancel) or its buttons.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={ref}
      open={openInHtml || undefined}
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      data-testid={testId}
      onCancel={(event) => {
        // Escape: let React state close it, so `open` stays the one source of truth.
        event.preventDefault();
        onClose();
      }}
      onPointerDown={(event) => {
        pressedBackdrop.current = event.target === ref.current;
      }}
      onClick={(event) => {
        // A click on the backdrop (the <dialog> itself, outside the panel) closes it.
        if (event.target === ref.current && pressedBackdrop.current) onClose();
        pressedBackdrop.current = false;
      }}
      className={`m-auto ${width} max-h-[calc(100dvh-1rem)] overflow-hidden rounded-2xl border ${ring} bg-felt-900 p-0 text-cream-100 shadow-2xl backdrop:bg-black/70 backdrop:backdrop-blur-[2px] [&:not(:modal)]:fixed [&:not(:modal)]:inset-0 [&:not(:modal)]:z-50 [&:not(:modal)]:h-fit [&:not(:modal)]:shadow-[0_0_0_100vmax_rgb(0_0_0/0.7)] transition-[opacity,translate] duration-150 ease-out starting:open:translate-y-2 starting:open:opacity-0`}
    >
      {open ? (
        <div className="flex max-h-[calc(100dvh-1rem)] flex-col">
          <div className="flex items-start gap-3 border-b border-white/10 px-4 pb-3 pt-4 sm:px-6 sm:pt-5">
            <div className="min-w-0 flex-1">
              <h2 id={titleId} className="font-display text-xl font-bold text-cream-50 sm:text-2xl">
                {title}
              </h2>
              {description ? (
                <p id={descriptionId} className="mt-1 text-sm text-cream-100/75">
                  {description}
                </p>
              ) : null}
            </div>
            {closeTo !== undefined ? (
              <Link
                to={closeTo}
                replace
                preventScrollReset
                className="-mr-1 grid h-10 w-10 shrink-0 place-items-center rounded-xl text-cream-100/80 hover:bg-white/10"
                aria-label={t("common:close")}
                data-testid="dialog-close"
              >
                <span aria-hidden className="text-lg">
                  ✕
                </span>
              </Link>
            ) : (
              <button
                type="button"
                onClick={onClose}
                className="-mr-1 grid h-10 w-10 shrink-0 place-items-center rounded-xl text-cream-100/80 hover:bg-white/10"
                aria-label={t("common:close")}
              >
                <span aria-hidden className="text-lg">
                  ✕
                </span>
              </button>
            )}
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto px-4 py-4 sm:px-6">{children}</div>
          {footer ? <div className="border-t border-white/10 bg-felt-950/60 px-4 py-3 sm:px-6 sm:py-4">{footer}</div> : null}
        </div>
      ) : null}
    </dialog>
  );
}

/** A modal's buttons, primary last: side by side at the right, stacked with the primary on top on a phone. */
export function ModalActions({ children }: { children: ReactNode }) {
  return <div className="flex flex-col-reverse gap-2 sm:flex-row sm:flex-wrap sm:justify-end">{children}</div>;
}
