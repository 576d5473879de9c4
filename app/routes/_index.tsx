import { useRouteLoaderData } from "@remix-run/react";
import { lazy, Suspense } from "react";
import { Landing } from "~/components/landing";
import { LoadingScreen } from "~/components/loading-screen";
import type { loader as rootLoader } from "~/root";

// Visitors download only the landing page; the dashboard's code (lobby,
// modals, payments) is a separate chunk that signed-in players load. On the
// server it renders in full, and React keeps that HTML while the chunk arrives.
const HomeDashboard = lazy(() => import("~/components/home/home-dashboard"));

/** `/`: the landing page for visitors, the home dashboard once signed in. */
export default function Index() {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const user = root?.user;
  if (!user) return <Landing />;
  return (
    <Suspense fallback={<LoadingScreen />}>
      <HomeDashboard user={user} />
    </Suspense>
  );
}
