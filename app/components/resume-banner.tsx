import { Link, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { Queue } from "../../game/matchmaking/pairing";
import { buttonClasses } from "~/components/ui/button";
import { LazyLink } from "~/components/ui/lazy-link";

export interface ResumeTable {
  gameId: string;
  status: "waiting" | "active" | "completed" | "cancelled";
}

/**
 * "Voltar para a partida": on every page while the player holds a seat at a waiting or
 * active game, except game pages (that game's own, and any other table the player is looking at:
 * the table in front of them is the one that matters there). A game the player conceded, or that
 * ended, holds no seat, so it shows no banner anywhere. Otherwise, while the player is still in a quick-match
 * queue after leaving its waiting page, the way back to that search. Plain links, so
 * they work before hydration.
 */
export function ResumeBanner({ table, searching }: { table: ResumeTable | null; searching: Queue | null }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  if (table) {
    if (pathname.startsWith("/game/")) return null;
    return (
      <Banner label={t("common:resumeGame")} testId="resume-banner">
        <span>{t(table.status === "waiting" ? "common:resumeWaiting" : "common:resumeActive")}</span>
        <LazyLink to={`/game/${table.gameId}`} className={buttonClasses("primary", "sm")}>
          {t("common:resumeGame")}
        </LazyLink>
      </Banner>
    );
  }
  if (!searching || pathname === "/match") return null;
  return (
    <Banner label={t("common:resumeSearch")} testId="search-banner">
      <span>
        {t("common:searchingQueue", {
          queue: t("matchmaking:queue", {
            mode: t(`modes:names.${searching.mode}`),
            type: t(`modes:types.${searching.type}`),
            variant: t(`variants:names.${searching.variant}`),
          }),
        })}
      </span>
      <Link to="/match" className={buttonClasses("primary", "sm")}>
        {t("common:resumeSearch")}
      </Link>
    </Banner>
  );
}

function Banner({ label, testId, children }: { label: string; testId: string; children: React.ReactNode }) {
  return (
    <div
      role="region"
      aria-label={label}
      data-testid={testId}
      className="sticky top-0 z-40 flex flex-wrap items-center justify-center gap-x-3 gap-y-1 border-b border-gold-500/40 bg-felt-950/95 px-3 py-2 text-sm text-cream-100 backdrop-blur"
    >
      {children}
    </div>
  );
}
