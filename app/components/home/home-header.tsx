import { Link, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AppHeader, NavLabel } from "~/components/app-header";
import { FriendsButton } from "~/components/friends-button";
import { BoltIcon, CoinIcon, RefundIcon, StarIcon, TrophyIcon } from "~/components/icons";
import { PurchaseModal, type PurchaseTab } from "~/components/payments/purchase-modal";
import { RefundModal } from "~/components/payments/refund-modal";
import { buttonClasses } from "~/components/ui/button";
import { LazyLink } from "~/components/ui/lazy-link";
import type { Profile } from "~/services/users.server";
import { DIALOG_PARAM, withParam } from "~/utils/ui-params";

/**
 * The home header of spec §2: the coin balance opens the purchase modal, the
 * refund button the refund modal, and the premium button (hidden for premium
 * players) the purchase modal on its premium tab. Each is a link to its dialog
 * (`?dialog=coins|premium|refund`) that the server renders open, so a tap
 * before hydration opens it too. `/?purchase=coins|premium` (the
 * "try again" link of the cancelled-payment page) opens the modal as well.
 */
export function HomeHeader({ user }: { user: Profile }) {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const wanted = params.get(DIALOG_PARAM) ?? params.get("purchase");
  const purchase: PurchaseTab | null = wanted === "coins" || wanted === "premium" ? wanted : null;
  const refundOpen = wanted === "refund";
  const to = (dialog: string) => withParam(location.search, DIALOG_PARAM, dialog);
  const closed = (() => {
    const next = new URLSearchParams(location.search);
    next.delete(DIALOG_PARAM);
    next.delete("purchase");
    const search = next.toString();
    return search ? `?${search}` : "/";
  })();

  return (
    <>
      <AppHeader
        user={user}
        coins={
          <Link
            to={to("coins")}
            preventScrollReset
            aria-haspopup="dialog"
            data-testid="header-coins"
            className="group inline-flex min-h-10 items-center gap-1 rounded-xl border border-gold-500/40 bg-gold-400/10 pl-2 pr-1 text-sm font-bold text-gold-300 transition-colors hover:border-gold-400 hover:bg-gold-400/20 sm:gap-1.5 sm:pl-2.5 sm:pr-1.5"
          >
            <CoinIcon />
            <span className="sr-only">{t("home:coinBalance", { count: user.virtual_coins })}</span>
            <span aria-hidden className="tabular-nums">
              {user.virtual_coins.toLocaleString(i18n.language)}
            </span>
            <span
              aria-hidden
              className="grid h-5 w-5 place-items-center rounded-md bg-gold-400 text-base leading-none text-felt-950 group-hover:bg-gold-300 sm:h-6 sm:w-6 sm:rounded-lg"
            >
              +
            </span>
            <span className="sr-only">{t("payments:buyCoins")}</span>
          </Link>
        }
        actions={
          <>
            <LazyLink to="/leaderboard" className={buttonClasses("ghost", "sm", "shrink-0")} data-testid="header-leaderboard">
              <TrophyIcon className="h-4 w-4 text-gold-300" />
              <NavLabel>{t("leaderboard:button")}</NavLabel>
            </LazyLink>
            <LazyLink to="/tournaments" className={buttonClasses("ghost", "sm", "shrink-0")} data-testid="header-tournaments">
              <BoltIcon className="h-4 w-4 text-gold-300" />
              <NavLabel>{t("tournaments:title")}</NavLabel>
            </LazyLink>
            <FriendsButton />
            <Link to={to("refund")} preventScrollReset aria-haspopup="dialog" className={buttonClasses("ghost", "sm", "shrink-0")}>
              <RefundIcon className="h-4 w-4" />
              <NavLabel>{t("payments:refundButton")}</NavLabel>
            </Link>
            {user.is_premium ? null : (
              <Link
                to={to("premium")}
                preventScrollReset
                aria-haspopup="dialog"
                aria-label={t("premium:buttonLabel")}
                data-testid="premium-button"
                className="inline-flex min-h-9 shrink-0 items-center gap-1.5 rounded-xl border border-gold-400/60 bg-gradient-to-b from-gold-400/25 to-gold-500/10 px-3 text-sm font-bold text-gold-300 transition-colors hover:from-gold-400/35"
              >
                <StarIcon className="h-4 w-4 text-gold-400" />
                <NavLabel>{t("premium:button")}</NavLabel>
              </Link>
            )}
          </>
        }
      />
      <PurchaseModal open={purchase !== null} tab={purchase ?? "coins"} closeTo={closed} user={user} />
      <RefundModal open={refundOpen} closeTo={closed} />
    </>
  );
}
