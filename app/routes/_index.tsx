import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useRouteLoaderData } from "@remix-run/react";
import { Suspense, useState } from "react";
import { Landing } from "~/components/landing";
import { homeDashboardComponent } from "~/components/home/home-dashboard-module";
import { LoadingScreen } from "~/components/loading-screen";
import type { loader as rootLoader } from "~/root";
import { homeAction } from "~/services/home-actions.server";
import { homeLoader } from "~/services/home-loader.server";

// Visitors download only the landing page; the dashboard's code (lobby, modals, payments) is a
// separate chunk that signed-in players load. On the server it renders in full; its
// controls are links and forms, so a tap before hydration still counts.

export async function loader({ request, context }: LoaderFunctionArgs) {
  return homeLoader(request, context);
}

export async function action({ request, context }: ActionFunctionArgs) {
  return homeAction(request, context);
}

/** `/`: the landing page for visitors, the home dashboard once signed in. */
export default function Index() {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const user = root?.user;
  const [HomeDashboard] = useState(homeDashboardComponent);
  if (!user) return <Landing />;
  return (
    <Suspense fallback={<LoadingScreen />}>
      <HomeDashboard user={user} />
    </Suspense>
  );
}
