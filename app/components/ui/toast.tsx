import { useLocation } from "@remix-run/react";
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";

// Failures and confirmations of spec §8, shown as in-page alerts rather than
// window.alert: same texts, announced to screen readers, not blocking.

type Tone = "error" | "success" | "info";
interface Toast {
  id: number;
  tone: Tone;
  text: string;
  key?: string;
}

/**
 * `key`: one event told by two paths (a form's answer and the live channel's push of the same
 * friendship) shows once: a toast whose key is already on screen is not added again.
 */
interface ToastApi {
  error(text: string, key?: string): void;
  success(text: string, key?: string): void;
  info(text: string, key?: string): void;
}

const ToastContext = createContext<ToastApi | null>(null);

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error("useToast outside ToastProvider");
  return api;
}

const TONES: Record<Tone, string> = {
  error: "border-red-400/60 bg-red-950/95 text-red-50",
  success: "border-emerald-400/60 bg-emerald-950/95 text-emerald-50",
  info: "border-gold-400/60 bg-felt-900/95 text-cream-50",
};

let nextId = 1;

export function ToastProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [toasts, setToasts] = useState<Toast[]>([]);
  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((toast) => toast.id !== id)), []);
  const push = useCallback(
    (tone: Tone, text: string, key?: string) => {
      const id = nextId++;
      setToasts((list) =>
        key !== undefined && list.some((toast) => toast.key === key) ? list : [...list.slice(-2), { id, tone, text, key }],
      );
      setTimeout(() => dismiss(id), tone === "error" ? 7000 : 4000);
    },
    [dismiss],
  );
  const api = useMemo<ToastApi>(
    () => ({
      error: (text, key) => push("error", text, key),
      success: (text, key) => push("success", text, key),
      info: (text, key) => push("info", text, key),
    }),
    [push],
  );
  const noticeStack = useNoticeStack();
  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className={`pointer-events-none fixed inset-x-0 z-[60] flex flex-col items-center gap-2 px-3 ${noticeStack}`}>
        {toasts.map((toast) => (
          <div
            key={toast.id}
            role={toast.tone === "error" ? "alert" : "status"}
            className={`pointer-events-auto flex w-full max-w-md items-start gap-3 rounded-xl border px-4 py-3 shadow-xl ${TONES[toast.tone]}`}
          >
            <p className="flex-1 text-sm font-medium">{toast.text}</p>
            <button
              type="button"
              onClick={() => dismiss(toast.id)}
              className="-m-1 rounded-lg p-1 text-current/80 hover:bg-white/10"
              aria-label={t("common:close")}
            >
              ✕
            </button>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

/**
 * Where toasts and form notices stack. Outside a game they sit at the bottom, clear of the
 * "Voltar para a partida" banner and the header at the top, which are often what resolves them
 * ("you are already at a table"); in a game room, whose bottom holds the hand, they sit at the
 * top, where no banner is drawn.
 */
export function useNoticeStack(): string {
  const { pathname } = useLocation();
  return pathname.startsWith("/game/") ? "top-3" : "bottom-[max(0.75rem,env(safe-area-inset-bottom))]";
}
