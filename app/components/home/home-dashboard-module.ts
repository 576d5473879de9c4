import { lazy, type ComponentType } from "react";
import type { Profile } from "~/services/users.server";

// The home dashboard's code is a chunk of its own: visitors of the landing page never download it.
// A full load of the signed-in home fetches it before hydrating (entry.client.tsx), so
// the page hydrates in one pass; a client navigation to `/` loads it lazily behind a Suspense.

type Dashboard = ComponentType<{ user: Profile }>;

let loaded: Dashboard | null = null;

/** Fetches the dashboard's code (once: the module system keeps it) and remembers its component. */
export function loadHomeDashboard(): Promise<Dashboard> {
  return import("./home-dashboard").then((module) => (loaded = module.default));
}

const LazyDashboard = lazy(() => loadHomeDashboard().then((component) => ({ default: component })));

/**
 * The component to render: the dashboard itself once its code is here, else a lazy one that
 * suspends until it is. Read once per mount (a component that changed type would mount again).
 */
export function homeDashboardComponent(): Dashboard {
  return loaded ?? LazyDashboard;
}

/** The attribute of the dashboard's <main>: a document that has it wants this code before hydrating. */
export const HOME_DASHBOARD_MARKER = "data-home-dashboard";
