import { useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { DailyRewardBanner } from "~/components/home/daily-reward-banner";
import { GameLobby } from "~/components/home/game-lobby";
import { HomeHeader } from "~/components/home/home-header";
import { Landing } from "~/components/landing";
import { StatsBlock } from "~/components/stats-block";
import type { loader as rootLoader } from "~/root";

/** `/`: the landing page for visitors, the home dashboard once signed in. */
export default function Index() {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const { t } = useTranslation();
  const user = root?.user;
  if (!user) return <Landing />;
  return (
    <>
      <HomeHeader user={user} />
      <main id="main" className="mx-auto flex max-w-5xl flex-col gap-4 px-3 py-4 sm:px-6 sm:py-6">
        <div>
          <h1 className="font-display text-2xl font-bold text-cream-50 sm:text-3xl">{t("home:welcome", { name: user.nickname })}</h1>
          <p className="text-cream-100/75">{t("home:welcomeSubtitle")}</p>
        </div>
        <DailyRewardBanner user={user} />
        <GameLobby user={user} />
        <StatsBlock user={user} />
      </main>
    </>
  );
}
