import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";

/** "Ver replay": the finished game's replay (the result screen, the history, the bracket). */
export function ReplayLink({ gameId, className = "" }: { gameId: string; className?: string }) {
  const { t } = useTranslation();
  return (
    <Link
      to={`/game/${gameId}/replay`}
      prefetch="none"
      className={`inline-flex min-h-9 items-center gap-1.5 font-semibold text-gold-300 underline-offset-2 hover:underline ${className}`}
      data-testid="replay-link"
    >
      <svg viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden>
        <path d="M3 12a9 9 0 1 0 3-6.7" strokeLinecap="round" />
        <path d="M3 4v5h5" strokeLinecap="round" strokeLinejoin="round" />
        <path d="M10 9l5 3-5 3z" fill="currentColor" stroke="none" />
      </svg>
      {t("replay:link")}
    </Link>
  );
}
