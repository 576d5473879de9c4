import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useRouteLoaderData } from "@remix-run/react";
import { lazy, Suspense } from "react";
import { Landing } from "~/components/landing";
import { LoadingScreen } from "~/components/loading-screen";
import type { loader as rootLoader } from "~/root";
import { homeAction } from "~/services/home-actions.server";
import { homeLoader } from "~/services/home-loader.server";

// Visitors download only the landing page; the dashboard's code (lobby,
// modals, payments) is a separate chunk that signed-in players load. On the
// server it renders in full, and React keeps that HTML while the chunk arrives;
// its controls are links and forms, so a tap before then still counts (issue 15).
const HomeDashboard = lazy(() => import("~/components/home/home-dashboard"));

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
  if (!user) return <Landing />;
  return (
    <Suspense fallback={<LoadingScreen />}>
      <HomeDashboard user={user} />
    </Suspense>
  );
}
