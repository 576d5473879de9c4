import { useTranslation } from "react-i18next";

/** Players online and games being played: live on the home page, cached on the landing page. */
export function LiveCounts({ online, playing }: { online: number; playing: number }) {
  const { t } = useTranslation();
  return (
    <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-cream-100/80" data-testid="live-counts" aria-live="polite">
      <span className="inline-flex items-center gap-1.5">
        <span aria-hidden className="h-2 w-2 rounded-full bg-emerald-400" />
        <span data-testid="count-online">{t("matchmaking:online", { count: online })}</span>
      </span>
      <span className="inline-flex items-center gap-1.5">
        <span aria-hidden className="h-2 w-2 rounded-full bg-gold-400" />
        <span data-testid="count-playing">{t("matchmaking:playing", { count: playing })}</span>
      </span>
    </p>
  );
}
