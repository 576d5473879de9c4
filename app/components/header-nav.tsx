import { Link, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { NAV_ITEM, NavLabel } from "~/components/app-header";
import { FriendsButton } from "~/components/friends-button";
import { BoltIcon, CoinIcon, MenuIcon, RefundIcon, StarIcon, TrophyIcon } from "~/components/icons";
import { LazyLink } from "~/components/ui/lazy-link";
import type { Profile } from "~/services/users.server";
import { useDismissDisclosure } from "~/utils/use-dismiss-disclosure";
import { formatInteger } from "~/utils/integer-format";

/** The header's dialogs, each opened by a link (`?dialog=…`). */
export type HeaderDialog = "coins" | "premium" | "refund";

/** The coin balance: a link that opens the store ("Comprar moedas"). */
export function HeaderCoins({ user, href }: { user: Profile; href: string }) {
  const { t, i18n } = useTranslation();
  return (
    <Link
      to={href}
      preventScrollReset
      aria-haspopup="dialog"
      data-testid="header-coins"
      className="group inline-flex min-h-10 items-center gap-1 rounded-xl border border-gold-500/40 bg-gold-400/10 pl-2 pr-1 text-sm font-bold text-gold-300 transition-colors hover:border-gold-400 hover:bg-gold-400/20 sm:gap-1.5 sm:pl-2.5 sm:pr-1.5"
    >
      <CoinIcon />
      <span className="sr-only">{t("home:coinBalance", { count: user.virtual_coins })}</span>
      <span aria-hidden className="tabular-nums">
        {formatInteger(user.virtual_coins, i18n.language)}
      </span>
      <span
        aria-hidden
        className="grid h-5 w-5 place-items-center rounded-md bg-gold-400 text-base leading-none text-felt-950 group-hover:bg-gold-300 sm:h-6 sm:w-6 sm:rounded-lg"
      >
        +
      </span>
      <span className="sr-only">{t("payments:buyCoins")}</span>
    </Link>
  );
}

/**
 * The header's menu: the other pages, the refund and (for a player without it) premium. On a phone
 * the row has room for the pages and a "Menu" button only: refund and premium move into the menu
 * it opens, a disclosure (<details>, which opens without any script) that Escape, a tap outside
 * or following one of its links closes.
 */
export function HeaderNav({ user, dialogHref }: { user: Profile; dialogHref(dialog: HeaderDialog): string }) {
  const { t } = useTranslation();
  const menu = useRef<HTMLDetailsElement>(null);
  const location = useLocation();

  useDismissDisclosure(menu);

  // A link followed from the menu (a dialog of this page, or another page) leaves it closed; the
  // first run is hydration, where a menu opened before it stays open.
  const shownAt = useRef(location.key);
  useEffect(() => {
    if (shownAt.current === location.key) return;
    shownAt.current = location.key;
    if (menu.current) menu.current.open = false;
  }, [location.key]);

  const menuItem =
    "flex min-h-11 items-center gap-3 rounded-lg px-3 text-left text-sm font-semibold text-cream-50 hover:bg-white/10 focus-visible:bg-white/10";

  return (
    <>
      <LazyLink to="/leaderboard" className={NAV_ITEM} data-testid="header-leaderboard">
        <TrophyIcon className="h-4 w-4 text-gold-300" />
        <NavLabel>{t("leaderboard:button")}</NavLabel>
      </LazyLink>
      <LazyLink to="/tournaments" className={NAV_ITEM} data-testid="header-tournaments">
        <BoltIcon className="h-4 w-4 text-gold-300" />
        <NavLabel>{t("tournaments:title")}</NavLabel>
      </LazyLink>
      <FriendsButton />
      <Link to={dialogHref("refund")} preventScrollReset aria-haspopup="dialog" className={`${NAV_ITEM} max-sm:hidden`}>
        <RefundIcon className="h-4 w-4" />
        <NavLabel>{t("payments:refundButton")}</NavLabel>
      </Link>
      {user.is_premium ? null : (
        <Link
          to={dialogHref("premium")}
          preventScrollReset
          aria-haspopup="dialog"
          aria-label={t("premium:buttonLabel")}
          data-testid="premium-button"
          className="inline-flex min-h-9 shrink-0 items-center gap-1.5 rounded-xl border border-gold-400/60 bg-gradient-to-b from-gold-400/25 to-gold-500/10 px-3 text-sm font-bold text-gold-300 transition-colors hover:from-gold-400/35 max-sm:hidden"
        >
          <StarIcon className="h-4 w-4 text-gold-400" />
          <NavLabel>{t("premium:button")}</NavLabel>
        </Link>
      )}
      <details ref={menu} className="group/menu relative flex flex-1 sm:hidden" data-testid="header-menu">
        <summary className={`${NAV_ITEM} w-full list-none group-open/menu:bg-white/10 [&::-webkit-details-marker]:hidden`}>
          <MenuIcon className="h-4 w-4" />
          <span>{t("navigation:more")}</span>
        </summary>
        <div className="absolute right-0 top-full z-40 mt-1 flex min-w-52 flex-col gap-0.5 rounded-xl border border-white/15 bg-felt-900 p-1 shadow-xl shadow-black/40">
          <Link to={dialogHref("refund")} preventScrollReset aria-haspopup="dialog" className={menuItem} data-testid="menu-refund">
            <RefundIcon className="h-4 w-4" />
            {t("payments:refundButton")}
          </Link>
          {user.is_premium ? null : (
            <Link
              to={dialogHref("premium")}
              preventScrollReset
              aria-haspopup="dialog"
              aria-label={t("premium:buttonLabel")}
              className={`${menuItem} text-gold-300`}
              data-testid="menu-premium"
            >
              <StarIcon className="h-4 w-4 text-gold-400" />
              {t("premium:button")}
            </Link>
          )}
        </div>
      </details>
    </>
  );
}
