import { useRouteLoaderData } from "@remix-run/react";
import type { loader as rootLoader } from "~/root";
import { AppHeader } from "./app-header";
import { HeaderCoins, HeaderNav } from "./header-nav";
import { DIALOG_PARAM } from "~/utils/ui-params";

/**
 * The signed-in header on the pages other than home (tournaments, ranking, friends, profile): the
 * same menu and balance. The store and the refund are home's dialogs (their code is home's chunk),
 * so their links open them there.
 */
export function SiteHeader() {
  const user = useRouteLoaderData<typeof rootLoader>("root")?.user;
  if (!user) return null;
  const home = (dialog: string) => `/?${DIALOG_PARAM}=${dialog}`;
  return (
    <AppHeader user={user} coins={<HeaderCoins user={user} href={home("coins")} />} actions={<HeaderNav user={user} dialogHref={home} />} />
  );
}
