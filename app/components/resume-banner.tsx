import { Link, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { buttonClasses } from "./ui/button";

export interface ResumeTable {
  gameId: string;
  status: "waiting" | "active" | "completed" | "cancelled";
}

/**
 * "Voltar para a partida" (issue 16): on every page while the player holds a seat at a waiting or
 * active game, except that game's own page. A plain link, so it works before hydration.
 */
export function ResumeBanner({ table }: { table: ResumeTable | null }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  if (!table || pathname === `/game/${table.gameId}`) return null;
  return (
    <div
      role="region"
      aria-label={t("common:resumeGame")}
      data-testid="resume-banner"
      className="sticky top-0 z-40 flex flex-wrap items-center justify-center gap-x-3 gap-y-1 border-b border-gold-500/40 bg-felt-950/95 px-3 py-2 text-sm text-cream-100 backdrop-blur"
    >
      <span>{t(table.status === "waiting" ? "common:resumeWaiting" : "common:resumeActive")}</span>
      <Link to={`/game/${table.gameId}`} className={buttonClasses("primary", "sm")}>
        {t("common:resumeGame")}
      </Link>
    </div>
  );
}
