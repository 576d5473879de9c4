import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { homeLoader } from "~/services/home-loader.server";
import { StatsBlock } from "~/components/stats-block";
import type { Profile } from "~/services/users.server";
import { DailyRewardBanner } from "./daily-reward-banner";
import { GameLobby } from "./game-lobby";
import { HomeNotices } from "./home-forms";
import { HomeHeader } from "./home-header";
import { HOME_DASHBOARD_MARKER } from "./home-dashboard-module";
import { HomeLive } from "./open-tables";

/** The signed-in home of spec §2: header, daily reward, lobby, open tables and live counts, stats. */
export default function HomeDashboard({ user }: { user: Profile }) {
  const { t } = useTranslation();
  const { practice } = useLoaderData<typeof homeLoader>();
  return (
    <>
      <HomeHeader user={user} />
      <main id="main" {...{ [HOME_DASHBOARD_MARKER]: "" }} className="mx-auto flex max-w-5xl flex-col gap-4 px-3 py-4 sm:px-6 sm:py-6">
        <div>
          <h1 className="font-display text-2xl font-bold text-cream-50 sm:text-3xl">{t("home:welcome", { name: user.nickname })}</h1>
          <p className="text-cream-100/75 max-sm:hidden">{t("home:welcomeSubtitle")}</p>
        </div>
        <DailyRewardBanner user={user} />
        <GameLobby user={user} />
        <HomeLive />
        <StatsBlock user={user} practice={practice} />
      </main>
      <HomeNotices />
    </>
  );
}
