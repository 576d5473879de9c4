import { useTranslation } from "react-i18next";
import { Logo } from "./logo";

/** 'Carregando... Preparando sua mesa de Truco' (spec §2). */
export function LoadingScreen({ overlay = false, message }: { overlay?: boolean; message?: string }) {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      aria-live="polite"
      className={`${overlay ? "fixed inset-0 z-50 bg-felt-950/85 backdrop-blur-sm" : "min-h-dvh"} flex flex-col items-center justify-center gap-4 p-6 text-center`}
    >
      <Logo className="h-16 w-16 animate-bounce [animation-duration:1.6s]" />
      <p className="font-display text-2xl font-bold text-gold-400">{message ?? t("common:loading")}</p>
      {message ? null : <p className="text-cream-100/80">{t("common:loadingSubtitle")}</p>}
    </div>
  );
}
