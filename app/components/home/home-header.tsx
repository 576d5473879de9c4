import { Link, useSearchParams } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { AppHeader } from "~/components/app-header";
import { FriendsButton } from "~/components/friends-button";
import { CoinIcon, RefundIcon, StarIcon, TrophyIcon } from "~/components/icons";
import { PurchaseModal, type PurchaseTab } from "~/components/payments/purchase-modal";
import { RefundModal } from "~/components/payments/refund-modal";
import { buttonClasses } from "~/components/ui/button";
import type { Profile } from "~/services/users.server";

/**
 * The home header of spec §2: the coin balance opens the purchase modal, the
 * refund button the refund modal, and the premium button (hidden for premium
 * players) the purchase modal on its premium tab. `/?purchase=coins|premium`
 * opens the modal too (the "try again" link of the cancelled-payment page).
 */
export function HomeHeader({ user }: { user: Profile }) {
  const { t, i18n } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const [purchase, setPurchase] = useState<PurchaseTab | null>(null);
  const [refundOpen, setRefundOpen] = useState(false);

  useEffect(() => {
    const wanted = searchParams.get("purchase");
    if (wanted === "coins" || wanted === "premium") {
      setPurchase(wanted);
      const next = new URLSearchParams(searchParams);
      next.delete("purchase");
      setSearchParams(next, { replace: true, preventScrollReset: true });
    }
  }, [searchParams, setSearchParams]);

  return (
    <>
      <AppHeader
        user={user}
        coins={
          <button
            type="button"
            onClick={() => setPurchase("coins")}
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
          </button>
        }
        actions={
          <>
            <Link to="/leaderboard" className={buttonClasses("ghost", "sm", "shrink-0")} data-testid="header-leaderboard">
              <TrophyIcon className="h-4 w-4 text-gold-300" />
              {t("leaderboard:button")}
            </Link>
            <FriendsButton />
            <button
              type="button"
              onClick={() => setRefundOpen(true)}
              aria-haspopup="dialog"
              className={buttonClasses("ghost", "sm", "shrink-0")}
            >
              <RefundIcon className="h-4 w-4" />
              {t("payments:refundButton")}
            </button>
            {user.is_premium ? null : (
              <button
                type="button"
                onClick={() => setPurchase("premium")}
                aria-haspopup="dialog"
                aria-label={t("premium:buttonLabel")}
                data-testid="premium-button"
                className="inline-flex min-h-9 shrink-0 items-center gap-1.5 rounded-xl border border-gold-400/60 bg-gradient-to-b from-gold-400/25 to-gold-500/10 px-3 text-sm font-bold text-gold-300 transition-colors hover:from-gold-400/35"
              >
                <StarIcon className="h-4 w-4 text-gold-400" />
                {t("premium:button")}
              </button>
            )}
          </>
        }
      />
      <PurchaseModal open={purchase !== null} initialTab={purchase ?? "coins"} onClose={() => setPurchase(null)} user={user} />
      <RefundModal open={refundOpen} onClose={() => setRefundOpen(false)} />
    </>
  );
}
