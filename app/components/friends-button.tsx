import { useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { loader as rootLoader } from "~/root";
import { NAV_ITEM, NavLabel } from "./app-header";
import { FriendsIcon } from "./icons";
import { LazyLink } from "~/components/ui/lazy-link";

/** The header's way to /friends, with the count of pending friend requests. */
export function FriendsButton() {
  const { t } = useTranslation();
  const pending = useRouteLoaderData<typeof rootLoader>("root")?.pendingRequests ?? 0;
  return (
    // With requests waiting, the button opens them (the friends tab would not show them).
    <LazyLink to={pending > 0 ? "/friends?tab=requests" : "/friends"} className={NAV_ITEM} data-testid="friends-button">
      <FriendsIcon className="h-4 w-4" />
      <NavLabel>{t("friends:headerButton")}</NavLabel>
      {pending > 0 ? (
        <span
          data-testid="friends-badge"
          className="grid min-w-5 place-items-center rounded-full bg-red-500 px-1.5 text-xs font-bold leading-5 text-white max-sm:absolute max-sm:right-1 max-sm:top-0.5"
        >
          <span aria-hidden>{pending}</span>
          <span className="sr-only">{t("friends:pendingBadge", { count: pending })}</span>
        </span>
      ) : null}
    </LazyLink>
  );
}
