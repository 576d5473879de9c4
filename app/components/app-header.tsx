import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { Profile } from "~/services/users.server";
import { Avatar } from "./avatar";
import { CoinIcon } from "./icons";
import { LanguageSwitcher } from "./language-switcher";
import { Logo } from "./logo";
import { LazyLink } from "~/components/ui/lazy-link";
import { buttonClasses } from "~/components/ui/button";
import { formatInteger } from "~/utils/integer-format";

/**
 * A menu button: on a phone the menu is a row of its own whose buttons share it equally, each its
 * icon over its text; from `sm` up, a button with its icon beside its text.
 */
export const NAV_ITEM = buttonClasses(
  "ghost",
  "sm",
  "relative shrink-0 max-sm:min-h-12 max-sm:min-w-0 max-sm:flex-1 max-sm:flex-col max-sm:gap-0.5 max-sm:px-1 max-sm:text-xs",
);

/**
 * A menu button's text: shown on a phone (the menu is its own row there) and from `xl`
 * up; between them the menu shares the header's row with the balance and the profile, and its
 * buttons show their icons alone (the text stays their accessible name). So that the whole menu
 * fits that row, the profile shows its avatar alone below `lg`, and the app's name gives way to
 * the menu's texts from `xl` until the header widens at `2xl`.
 */
export function NavLabel({ children }: { children: ReactNode }) {
  return <span className="sm:max-xl:sr-only">{children}</span>;
}

/** The signed-in header of spec §2; `actions` holds the feature buttons that exist. */
export function AppHeader({ user, actions, coins }: { user: Profile; actions?: ReactNode; coins?: ReactNode }) {
  const { t, i18n } = useTranslation();
  return (
    <header className="sticky top-0 z-30 border-b border-white/10 bg-felt-950/90 backdrop-blur">
      <div className="mx-auto flex max-w-5xl flex-wrap items-center gap-2 px-3 py-2 sm:px-6 xl:max-w-6xl 2xl:max-w-7xl">
        <Link to="/" className="flex shrink-0 items-center gap-2 rounded-lg" aria-label={t("navigation:home")}>
          <Logo className="h-8 w-8" />
          <span className="hidden font-display text-lg font-bold text-cream-50 md:inline xl:max-2xl:hidden">{t("common:appName")}</span>
        </Link>
        <nav
          aria-label={t("navigation:mainMenu")}
          className="order-last flex w-full items-center gap-1 sm:order-none sm:w-auto sm:flex-1 sm:overflow-x-auto"
        >
          {actions}
        </nav>
        {/* On a phone the logo and this group share the first row (a zero basis keeps them from wrapping apart), the menu the second. */}
        <div className="ml-auto flex min-w-0 flex-1 basis-0 items-center justify-end gap-1.5 sm:flex-none sm:basis-auto sm:gap-2">
          <LanguageSwitcher compact />
          {/* Admins only: the dashboard (the page checks the role itself). */}
          {user.role === "admin" ? (
            <Link
              to="/admin"
              className="inline-flex min-h-10 items-center rounded-xl border border-red-400/40 bg-red-900/30 px-2.5 text-xs font-bold text-red-100 hover:bg-red-900/50"
              data-testid="header-admin"
            >
              {t("admin:link")}
            </Link>
          ) : null}
          {coins ?? (
            <span className="inline-flex min-h-10 items-center gap-1.5 rounded-xl border border-gold-500/40 bg-gold-400/10 px-3 text-sm font-bold text-gold-300">
              <CoinIcon />
              <span className="sr-only">{t("home:coinBalance", { count: user.virtual_coins })}</span>
              <span aria-hidden>{formatInteger(user.virtual_coins, i18n.language)}</span>
            </span>
          )}
          <LazyLink
            to="/profile"
            className="flex min-h-10 min-w-0 items-center gap-2 rounded-xl border border-white/10 bg-white/5 py-1 pl-1 pr-2 hover:bg-white/10 sm:pr-3"
          >
            <Avatar name={user.nickname} url={user.avatar_url} seed={user.id} size={32} premium={user.is_premium} />
            {/* The name is what the link shows, after what it does ("Abrir perfil: Ana 1.200 pontos"). */}
            <span className="sr-only">{t("navigation:openProfilePrefix")}</span>
            <span className="flex min-w-0 flex-col text-left leading-tight sm:max-lg:sr-only">
              <span className="max-w-20 truncate text-sm font-semibold text-cream-50 sm:max-w-28" data-testid="header-nickname">
                {user.nickname}
              </span>{" "}
              <span className="text-xs text-gold-300">{t("common:pointsCount", { count: user.ranking_points })}</span>
            </span>
          </LazyLink>
        </div>
      </div>
    </header>
  );
}
