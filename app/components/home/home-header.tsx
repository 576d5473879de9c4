import { useLocation } from "@remix-run/react";
import { AppHeader } from "~/components/app-header";
import { HeaderCoins, HeaderNav, type HeaderDialog } from "~/components/header-nav";
import { PurchaseModal, type PurchaseTab } from "~/components/payments/purchase-modal";
import { RefundModal } from "~/components/payments/refund-modal";
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
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const wanted = params.get(DIALOG_PARAM) ?? params.get("purchase");
  const purchase: PurchaseTab | null = wanted === "coins" || wanted === "premium" ? wanted : null;
  const refundOpen = wanted === "refund";
  const to = (dialog: HeaderDialog) => withParam(location.search, DIALOG_PARAM, dialog);
  const closed = (() => {
    const next = new URLSearchParams(location.search);
    next.delete(DIALOG_PARAM);
    next.delete("purchase");
    const search = next.toString();
    return search ? `?${search}` : "/";
  })();

  return (
    <>
      <AppHeader user={user} coins={<HeaderCoins user={user} href={to("coins")} />} actions={<HeaderNav user={user} dialogHref={to} />} />
      <PurchaseModal open={purchase !== null} tab={purchase ?? "coins"} closeTo={closed} user={user} />
      <RefundModal open={refundOpen} closeTo={closed} />
    </>
  );
}
