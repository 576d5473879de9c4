import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { buttonClasses } from "./button";

// The frame of the secondary screens (profile, leaderboard, friends, tournaments): a way back, the
// page's title with its icon, and tabs that are links (`?tab=…`), so a tap before hydration works.

/** The top bar: a link back (home unless told otherwise) and, on the right, the page's own actions. */
export function BackHeader({ to = "/", label, children }: { to?: string; label: string; children?: ReactNode }) {
  return (
    <header className="flex items-center justify-between gap-2 py-3">
      <Link to={to} className={buttonClasses("ghost", "sm")}>
        <span aria-hidden>←</span> {label}
      </Link>
      {children}
    </header>
  );
}

/** The page's h1 beside its icon; `children` go under the title (badges, details). */
export function PageTitle({
  icon,
  title,
  subtitle,
  badge,
  children,
}: {
  icon: ReactNode;
  title: ReactNode;
  subtitle?: ReactNode;
  badge?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="flex items-start gap-3">
      <span
        aria-hidden
        className="grid h-12 w-12 shrink-0 place-items-center rounded-2xl bg-gold-400/15 text-gold-300 ring-1 ring-gold-400/40"
      >
        {icon}
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="font-display text-3xl font-bold text-cream-50">{title}</h1>
          {badge}
        </div>
        {subtitle ? <p className="text-sm text-cream-100/75">{subtitle}</p> : null}
        {children}
      </div>
    </div>
  );
}

export interface LinkTab {
  id: string;
  label: ReactNode;
  to: string;
  testId?: string;
}

/** A row of tabs that are links: the current one is marked `aria-current="page"`. */
export function LinkTabs({ label, tabs, current }: { label: string; tabs: readonly LinkTab[]; current: string }) {
  return (
    <nav aria-label={label} className="flex gap-1 rounded-2xl bg-black/25 p-1">
      {tabs.map((tab) => {
        const selected = tab.id === current;
        return (
          <Link
            key={tab.id}
            to={tab.to}
            preventScrollReset
            aria-current={selected ? "page" : undefined}
            data-testid={tab.testId}
            className={`grid min-h-11 min-w-0 flex-1 place-items-center rounded-xl px-2 py-1.5 text-center text-sm leading-tight font-semibold transition-colors sm:text-base ${
              selected ? "bg-gold-400 text-felt-950 shadow" : "text-cream-100/80 hover:bg-white/10"
            }`}
          >
            {tab.label}
          </Link>
        );
      })}
    </nav>
  );
}
